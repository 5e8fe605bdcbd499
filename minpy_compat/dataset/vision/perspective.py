"""Perspective and RandomPerspective: MindSpore 2.10's four-point warps, through OpenCV's
``getPerspectiveTransform`` and ``warpPerspective`` (float64 preimages, rounded to whole
pixels or to 1/32 pixel for the ``_remap`` kernels; zeros outside)."""
import numpy as onp

from ...errors import CellArgumentError, CellTypeError, describe, message
from . import _checks, _remap
from .enums import Inter

__all__ = ["Perspective", "RandomPerspective"]

# MindSpore runs PILCUBIC as OpenCV's bilinear here
_TAPS = {**_remap.TAPS, Inter.PILCUBIC: _remap.LINEAR}


def perspective_matrix(start_points, end_points):
    """The 3x3 homography taking each of ``start_points`` ``(x, y)`` to its end point."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(start_points, end_points):
        rows.append([x, y, 1, 0, 0, 0, -x * u, -y * u])
        rhs.append(u)
    for (x, y), (u, v) in zip(start_points, end_points):
        rows.append([0, 0, 0, x, y, 1, -x * v, -y * v])
        rhs.append(v)
    rows, rhs = onp.array(rows, onp.float64), onp.array(rhs, onp.float64)
    try:
        coeffs = onp.linalg.solve(rows, rhs)
    except onp.linalg.LinAlgError:  # points on a line: the least-squares map
        coeffs = onp.linalg.lstsq(rows, rhs, rcond=None)[0]
    return onp.append(coeffs, 1.0).reshape(3, 3)


def warped(img, matrix, taps):
    """``img`` through the forward homography ``matrix``, same size, zeros outside."""
    height, width = img.shape[:2]
    inverse = onp.linalg.pinv(matrix) if abs(onp.linalg.det(matrix)) < 1e-12 else \
        onp.linalg.inv(matrix)
    xs, ys = onp.meshgrid(onp.arange(width, dtype=onp.float64),
                          onp.arange(height, dtype=onp.float64))
    src_x = inverse[0, 0] * xs + (inverse[0, 1] * ys + inverse[0, 2])
    src_y = inverse[1, 0] * xs + (inverse[1, 1] * ys + inverse[1, 2])
    depth = inverse[2, 0] * xs + (inverse[2, 1] * ys + inverse[2, 2])
    unit = (1 << _remap.TAB_BITS) if taps else 1
    depth = onp.where(depth != 0, unit / onp.where(depth != 0, depth, 1), 0.0)
    limit = onp.iinfo(onp.int32)
    fixed_x = onp.rint(onp.clip(src_x * depth, limit.min, limit.max)).astype(onp.int64)
    fixed_y = onp.rint(onp.clip(src_y * depth, limit.min, limit.max)).astype(onp.int64)
    if taps:
        return _remap.sampled(img, fixed_x, fixed_y, taps, (0,))
    inside = (fixed_x >= 0) & (fixed_x < width) & (fixed_y >= 0) & (fixed_y < height)
    out = onp.zeros_like(img)
    out[inside] = img[fixed_y[inside], fixed_x[inside]]
    return out


def _points(name, value):
    where = f"Perspective '{name}'"
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise CellTypeError(message(where, "a list of 4 (x, y) points", describe(value)))
    for i, point in enumerate(value):
        if not isinstance(point, (list, tuple)) or len(point) != 2:
            raise CellTypeError(message(f"{where}[{i}]", "an (x, y) pair", describe(point)))
        for j, coord in enumerate(point):
            _checks.number(f"{where}[{i}][{j}]", coord, -2 ** 31, 2 ** 31 - 1, integer=True)
    return tuple(tuple(int(c) for c in point) for point in value)


def _kernel(where, interpolation, allowed=tuple(_TAPS)):
    _checks.enum_member(where, interpolation, Inter)
    if interpolation not in allowed:
        names = ", ".join(kernel.name for kernel in allowed)
        raise CellArgumentError(message(where, f"one of Inter.{{{names}}}",
                                        f"Inter.{interpolation.name}",
                                        "Other kernels are not implemented."))
    return interpolation


class Perspective:
    """Warp so that ``start_points`` (top-left, top-right, bottom-right, bottom-left, as
    ``(x, y)`` ints) land on ``end_points``; ``interpolation`` NEAREST, BILINEAR or
    BICUBIC (AREA and PILCUBIC run bilinear, as MindSpore's); pixels from outside the
    image are 0."""

    def __init__(self, start_points, end_points, interpolation=Inter.BILINEAR):
        self.start_points = _points("start_points", start_points)
        self.end_points = _points("end_points", end_points)
        self.interpolation = _kernel("Perspective 'interpolation'", interpolation)

    def __call__(self, img):
        img = _checks.image("Perspective", img)
        matrix = perspective_matrix(self.start_points, self.end_points)
        return warped(img, matrix, _TAPS[self.interpolation])


class RandomPerspective(_checks.Random):
    """With probability ``prob``, ``Perspective`` from the image corners to corners each
    moved inwards by a uniform draw of up to ``distortion_scale`` of half the size.
    MindSpore 2.10's takes Pillow images only (it raises on NumPy ones); this one warps
    NumPy images as ``Perspective`` does, with MindSpore's draw of the corners."""

    def __init__(self, distortion_scale=0.5, prob=0.5, interpolation=Inter.BICUBIC):
        super().__init__()
        self.distortion_scale = _checks.probability("RandomPerspective 'distortion_scale'",
                                                    distortion_scale)
        self.prob = _checks.probability("RandomPerspective 'prob'", prob)
        self.interpolation = _kernel("RandomPerspective 'interpolation'", interpolation,
                                     (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC))

    def end_points(self, height, width):
        """The four moved corners ``(x, y)``, each coordinate uniform over its range."""
        half_h = int(height / 2 * self.distortion_scale)
        half_w = int(width / 2 * self.distortion_scale)
        draw = self._rng.integers
        return ((int(draw(0, half_w + 1)), int(draw(0, half_h + 1))),
                (int(draw(width - half_w - 1, width)), int(draw(0, half_h + 1))),
                (int(draw(width - half_w - 1, width)), int(draw(height - half_h - 1, height))),
                (int(draw(0, half_w + 1)), int(draw(height - half_h - 1, height))))

    def __call__(self, img):
        img = _checks.image("RandomPerspective", img)
        if self._rng.random() >= self.prob:
            return img
        height, width = img.shape[:2]
        start = ((0, 0), (width - 1, 0), (width - 1, height - 1), (0, height - 1))
        matrix = perspective_matrix(start, self.end_points(height, width))
        return warped(img, matrix, _TAPS[self.interpolation])
