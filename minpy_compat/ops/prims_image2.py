"""MindSpore 2.10's image and padding primitives: ``MirrorPad`` (REFLECT or SYMMETRIC
padding by an (rank, 2) ``paddings`` Tensor), ``ResizeNearestNeighbor``,
``ResizeBilinearV2`` and ``ResizeBicubic`` (TensorFlow's pixel conventions:
``align_corners`` and ``half_pixel_centers``) and ``LRN``. Each gathers or weighs its
input with the facade, so gradients come from the tracer and float32 stays float32.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.MirrorPad()(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([[2, 1]], ms.int64)).tolist()
[3.0, 2.0, 1.0, 2.0, 3.0, 2.0]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .primitives import Primitive
from .prims_conv import _rank


def _bool(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return value


class MirrorPad(Primitive):
    """``MirrorPad(mode='REFLECT')(input_x, paddings)``: ``input_x`` padded by its own
    mirror image, ``paddings[d] = (before, after)`` for each axis ``d``; REFLECT leaves the
    edge out of the mirror, SYMMETRIC repeats it."""

    def __init__(self, mode="REFLECT"):
        super().__init__()
        if mode not in ("REFLECT", "SYMMETRIC"):
            raise CellArgumentError(message("MirrorPad mode", "'REFLECT' or 'SYMMETRIC'",
                                            repr(mode)))
        self.mode = mode

    def __call__(self, input_x, paddings):
        shape = onp.shape(getval(input_x))
        pads = onp.asarray(getval(paddings))
        if pads.dtype.kind not in "iu":
            raise CellTypeError(message("MirrorPad paddings", "an int64 Tensor",
                                        describe(paddings)))
        if pads.shape != (len(shape), 2):
            raise CellArgumentError(message("MirrorPad paddings", f"shape ({len(shape)}, 2)",
                                            f"shape {pads.shape}"))
        edge = self.mode == "SYMMETRIC"
        if (pads < 0).any() or any(p > n - (not edge) for n, pair in zip(shape, pads)
                                   for p in pair):
            raise CellArgumentError(message("MirrorPad paddings", "values in [0, size"
                                            + (" ]" if edge else ")") + " of each axis",
                                            f"{pads.tolist()} for shape {shape}"))
        out = input_x
        for axis, (n, (before, after)) in enumerate(zip(shape, pads.tolist())):
            if before or after:
                inner = onp.arange(n)
                left = onp.arange(before - 1 + (not edge), (not edge) - 1, -1)
                right = onp.arange(n - 1 - (not edge), n - 1 - (not edge) - after, -1)
                out = np.take(out, onp.concatenate([left, inner, right]), axis=axis)
        return out


def _size(where, size):
    data = size
    if not isinstance(size, (tuple, list)):
        data = onp.asarray(getval(size)).tolist() if hasattr(size, "shape") else size
    if not isinstance(data, (tuple, list)) or len(data) != 2 or not all(
            isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in data):
        raise CellTypeError(message(f"{where} size", "a tuple of 2 ints", describe(size)))
    if min(data) < 1:
        raise CellArgumentError(message(f"{where} size", "2 positive ints", repr(size)))
    return tuple(int(s) for s in data)


def _sources(n, out, align_corners, half_pixel):
    """Where each of ``out`` output positions samples an axis of ``n`` input positions."""
    scale = (n - 1) / (out - 1) if align_corners and out > 1 else n / out
    i = onp.arange(out, dtype=onp.float64)
    return (i + 0.5) * scale - 0.5 if half_pixel else i * scale


class _Resize(Primitive):
    def _flags(self, align_corners, half_pixel_centers):
        self.align_corners = _bool(f"{self.name} align_corners", align_corners)
        self.half_pixel_centers = _bool(f"{self.name} half_pixel_centers", half_pixel_centers)
        if align_corners and half_pixel_centers:
            raise CellArgumentError(message(f"{self.name} half_pixel_centers",
                                            "False when align_corners is True", "True"))


class ResizeNearestNeighbor(_Resize):
    """``ResizeNearestNeighbor(size, align_corners, half_pixel_centers)(input_x)``: an
    (N, C, H, W) ``input_x`` resized to ``size`` by picking the nearest pixel."""

    def __init__(self, size, align_corners=False, half_pixel_centers=False):
        super().__init__()
        if not isinstance(size, (tuple, list)):
            raise CellTypeError(message("ResizeNearestNeighbor size", "a tuple of 2 ints",
                                        describe(size)))
        self.size = _size("ResizeNearestNeighbor", size)
        self._flags(align_corners, half_pixel_centers)

    def __call__(self, input_x):
        shape = _rank("ResizeNearestNeighbor input_x", input_x, 4)
        out = input_x
        for axis, (n, m) in enumerate(zip(shape[2:], self.size)):
            src = _sources(n, m, self.align_corners, False)
            if self.half_pixel_centers:
                src = (onp.arange(m) + 0.5) * (n / m)
            index = onp.round(src) if self.align_corners else onp.floor(src)
            out = np.take(out, onp.clip(index.astype(int), 0, n - 1), axis=2 + axis)
        return out


class ResizeBilinearV2(_Resize):
    """``ResizeBilinearV2(align_corners, half_pixel_centers)(image, size)``: an
    (N, C, H, W) ``image`` resized to ``size`` by bilinear interpolation."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__()
        self._flags(align_corners, half_pixel_centers)

    def __call__(self, image, size):
        shape = _rank("ResizeBilinearV2 image", image, 4)
        float_only("ResizeBilinearV2 image", image)
        size = _size("ResizeBilinearV2", size)
        out, dtype = image, getval(image).dtype
        for axis, (n, m) in enumerate(zip(shape[2:], size)):
            src = _sources(n, m, self.align_corners, self.half_pixel_centers)
            low = onp.floor(src)
            weight = (src - low).astype(dtype).reshape((-1,) + (1,) * (1 - axis))
            lower = np.take(out, onp.clip(low.astype(int), 0, n - 1), axis=2 + axis)
            upper = np.take(out, onp.clip(onp.ceil(src).astype(int), 0, n - 1), axis=2 + axis)
            out = lower + (upper - lower) * weight
        return out


class ResizeBicubic(_Resize):
    """``ResizeBicubic(align_corners, half_pixel_centers)(images, size)``: an (N, C, H, W)
    ``images`` resized to ``size`` by Keys' cubic kernel as MindSpore's CPU kernel (a = -0.75
    with taps past an edge reading the edge; a = -0.5 with them dropped for
    ``half_pixel_centers``; fractions on its 1/1024 weight table)."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__()
        self._flags(align_corners, half_pixel_centers)

    def __call__(self, images, size):
        from .nnf_interpolate import cubic_along
        shape = _rank("ResizeBicubic images", images, 4)
        float_only("ResizeBicubic images", images)
        size = _size("ResizeBicubic", size)
        out, dtype, half = images, getval(images).dtype, self.half_pixel_centers
        for axis, (n, m) in enumerate(zip(shape[2:], size)):
            src = _sources(n, m, self.align_corners, half)
            out = cubic_along(out, 2 + axis, n, src, -0.5 if half else -0.75, half, True,
                              dtype)
        return out


class LRN(Primitive):
    """``LRN(depth_radius, bias, alpha, beta, norm_region)(x)``: ``x / (bias + alpha *
    (sum of squares over 2 * depth_radius + 1 neighbouring channels)) ** beta``."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
                 norm_region="ACROSS_CHANNELS"):
        super().__init__()
        if isinstance(depth_radius, bool) or not isinstance(depth_radius, numbers.Integral):
            raise CellTypeError(message("LRN depth_radius", "an int >= 0",
                                        describe(depth_radius)))
        for name, value in (("bias", bias), ("alpha", alpha), ("beta", beta)):
            if not isinstance(value, float):
                raise CellTypeError(message(f"LRN {name}", "a float", describe(value)))
        if norm_region != "ACROSS_CHANNELS":
            raise CellArgumentError(message("LRN norm_region", "'ACROSS_CHANNELS'",
                                            repr(norm_region)))
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def __call__(self, x):
        from ..nn.combined_cells import lrn
        return lrn("LRN", x, self.depth_radius, self.bias, self.alpha, self.beta)
