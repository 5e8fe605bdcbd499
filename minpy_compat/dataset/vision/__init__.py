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
    "batch_ops": ["CutMixBatch", "MixUp", "MixUpBatch"],
    "filters": ["GaussianBlur", "LinearTransformation"],
    "random_tone": ["RandomAutoContrast", "RandomColorAdjust", "RandomEqualize",
                    "RandomInvert", "RandomPosterize", "RandomSharpness", "RandomSolarize"],
    "resized_crop": ["RandomResizedCrop"],
    "hue": ["AdjustHue"],
    "perspective": ["Perspective", "RandomPerspective"],
    "regions": ["Erase", "PadToSize", "ResizedCrop", "SlicePatches",
                "get_image_num_channels", "get_image_size"],
    "hsv": ["HsvToRgb", "RgbToHsv"],
    "policies": ["RandomSelectSubpolicy", "UniformAugment"],
    "bbox_flips": ["RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox"],
    "random_picks": ["RandomAdjustSharpness", "RandomColor", "RandomLighting", "RandomResize"],
    # the policy augmentations (auto_augment.py)
    "auto_augment": ["AutoAugment", "RandAugment", "TrivialAugmentWide"],
    "random_ops": ["CutOut", "RandomCrop", "RandomErasing", "RandomHorizontalFlip",
                   "RandomRotation", "RandomVerticalFlip"],
}
__all__ = sorted(name for names in EXPORTS.values() for name in names) + \
    ["transforms", "utils"]

__getattr__, __dir__ = lazy_names(__name__, EXPORTS, globals(),
                                  submodules=("transforms", "utils"))
