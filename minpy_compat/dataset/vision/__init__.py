"""``mindspore.dataset.vision``: image transforms for ``Dataset.map`` on NumPy images
(<H,W,C> or <H,W>, uint8 or float), with MindSpore 2.10's values, shapes and dtypes.

>>> import numpy
>>> from minpy_compat.dataset import vision
>>> img = numpy.arange(12, dtype=numpy.uint8).reshape(2, 2, 3)
>>> step = [vision.Rescale(1 / 255, 0), vision.HWC2CHW()]
>>> out = step[1](step[0](img))
>>> out.shape, out.dtype
((3, 2, 2), dtype('float32'))
"""
from ...lazy_names import lazy_names

EXPORTS = {
    "enums": ["AutoAugmentPolicy", "Border", "ConvertMode", "ImageBatchFormat",
              "ImageReadMode", "Inter", "SliceMode"],
    "pixels": ["Decode", "HWC2CHW", "Normalize", "NormalizePad", "Rescale", "ToTensor",
               "ToType"],
    "geometry": ["CenterCrop", "Crop", "HorizontalFlip", "Pad", "Resize", "Rotate",
                 "VerticalFlip"],
    "tone": ["AutoContrast", "ConvertColor", "Equalize", "Invert", "Posterize"],
    "adjust": ["AdjustBrightness", "AdjustContrast", "AdjustGamma", "AdjustSaturation",
               "AdjustSharpness", "Solarize"],
    "affine": ["Affine", "RandomAffine"],
    "batch_ops": ["CutMixBatch", "MixUpBatch"],
    "filters": ["GaussianBlur", "LinearTransformation"],
    "random_tone": ["RandomAutoContrast", "RandomColorAdjust", "RandomEqualize",
                    "RandomInvert", "RandomPosterize", "RandomSharpness", "RandomSolarize"],
    "resized_crop": ["RandomResizedCrop", "ResizedCrop"],
    "random_ops": ["CutOut", "RandomCrop", "RandomErasing", "RandomHorizontalFlip",
                   "RandomRotation", "RandomVerticalFlip"],
}
__all__ = sorted(name for names in EXPORTS.values() for name in names) + \
    ["transforms", "utils"]

__getattr__, __dir__ = lazy_names(__name__, EXPORTS, globals(),
                                  submodules=("transforms", "utils"))
