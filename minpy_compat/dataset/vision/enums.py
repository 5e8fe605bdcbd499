"""The enums of ``mindspore.dataset.vision`` (its ``utils``), with MindSpore 2.10's values."""
from enum import Enum, IntEnum

__all__ = ["AutoAugmentPolicy", "Border", "ConvertMode", "ImageBatchFormat", "ImageReadMode",
           "Inter", "SliceMode"]


class Inter(IntEnum):
    """How ``Resize`` interpolates (OpenCV's methods; ``LINEAR`` is ``BILINEAR``)."""
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = LINEAR = 2
    BICUBIC = CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    """How ``Pad`` and ``RandomCrop`` fill the border (NumPy's ``pad`` modes)."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ImageBatchFormat(IntEnum):
    NHWC = 0
    NCHW = 1


class ConvertMode(IntEnum):
    """``ConvertColor``'s conversions, named as OpenCV's."""
    COLOR_BGR2BGRA = 0
    COLOR_RGB2RGBA = 0
    COLOR_BGRA2BGR = 1
    COLOR_RGBA2RGB = 1
    COLOR_BGR2RGBA = 2
    COLOR_RGB2BGRA = 2
    COLOR_RGBA2BGR = 3
    COLOR_BGRA2RGB = 3
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = 4
    COLOR_BGRA2RGBA = 5
    COLOR_RGBA2BGRA = 5
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2BGRA = 9
    COLOR_GRAY2RGBA = 9
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11


class SliceMode(IntEnum):
    PAD = 0
    DROP = 1


class ImageReadMode(IntEnum):
    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


class AutoAugmentPolicy(str, Enum):
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"
