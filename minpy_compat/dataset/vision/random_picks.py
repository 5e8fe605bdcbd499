"""Vision transforms that draw a factor, a kernel or a tint: RandomAdjustSharpness,
RandomColor, RandomResize and RandomLighting, with MindSpore 2.10's distributions from their
own generator."""
import numpy as onp

from ...errors import CellArgumentError, message
from . import _checks
from .adjust import color_image, factor, rounded, saturated, sharpened
from .enums import Inter
from .geometry import Resize, resized
from .random_tone import ordered_pair

__all__ = ["RandomAdjustSharpness", "RandomColor", "RandomLighting", "RandomResize"]


class RandomAdjustSharpness(_checks.Random):
    """``AdjustSharpness(degree)`` with probability ``prob``."""

    def __init__(self, degree, prob=0.5):
        super().__init__()
        self.degree = factor("RandomAdjustSharpness 'degree'", degree)
        self.prob = _checks.probability("RandomAdjustSharpness 'prob'", prob)

    def __call__(self, img):
        img = color_image("RandomAdjustSharpness", img, (2, 3))
        return sharpened(img, self.degree) if self._rng.random() < self.prob else img


class RandomColor(_checks.Random):
    """Blend with the grey image by a factor drawn uniformly from ``degrees``
    ``(min, max)`` (``AdjustSaturation``'s blend): 0 grey, 1 the image itself."""

    def __init__(self, degrees=(0.1, 1.9)):
        super().__init__()
        self.degrees = tuple(float(v) for v in ordered_pair(
            "RandomColor", "degrees", degrees, 0, _checks.MAX_SIZE))

    def __call__(self, img):
        img = color_image("RandomColor", img)
        return saturated(img, self._rng.uniform(*self.degrees))


class RandomResize(_checks.Random):
    """``Resize(size)`` with a kernel drawn uniformly from NEAREST, BILINEAR, BICUBIC and
    AREA."""
    KERNELS = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA)

    def __init__(self, size):
        super().__init__()
        self.size = Resize(size).size

    def __call__(self, img):
        img = _checks.image("RandomResize", img)
        kernel = self.KERNELS[int(self._rng.integers(len(self.KERNELS)))]
        return resized(img, self.size, kernel)


# AlexNet's PCA of ImageNet's RGB pixels: eigenvalues and eigenvectors (columns)
LIGHTING_EIGVAL = onp.array([0.2175, 0.0188, 0.0045])
LIGHTING_EIGVEC = onp.array([[-0.5675, 0.7192, 0.4009],
                             [-0.5808, -0.0045, -0.8140],
                             [-0.5836, -0.6948, 0.4203]])


class RandomLighting(_checks.Random):
    """AlexNet's PCA lighting: add ``255 * eigvec @ (a * eigval)`` to each pixel of an
    <H,W,3> image, ``a`` three draws from Normal(0, ``alpha``) (rounded and saturated for
    integer images)."""

    def __init__(self, alpha=0.05):
        super().__init__()
        self.alpha = float(_checks.number("RandomLighting 'alpha'", alpha, 0,
                                          _checks.MAX_SIZE))

    def __call__(self, img):
        img = _checks.rgb("RandomLighting", img)
        draw = self._rng.normal(0.0, self.alpha, 3) if self.alpha > 0 else onp.zeros(3)
        tint = 255.0 * (LIGHTING_EIGVEC @ (draw * LIGHTING_EIGVAL))
        return rounded(img.astype(onp.float64) + tint, img.dtype)
