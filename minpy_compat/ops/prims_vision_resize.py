"""MindSpore 2.10's resize primitives ``ResizeArea`` (TensorFlow's area averaging of a
(N, H, W, C) batch, float32 out), ``ResizeLinear1D`` (linear along the last axis of
(N, C, W)) and ``ResizeNearestNeighborV2`` ((N, C, H, W), size as a Tensor). Each resize
is a fixed weight matrix per axis applied with the facade, so gradients reach the input.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[[0.0, 1.0, 2.0]]])
>>> ops.ResizeLinear1D()(x, ms.Tensor([5], ms.int64)).tolist()
[[[0.0, 0.5, 1.0, 1.5, 2.0]]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .math_elementwise import tensor_input
from .prims_base import AttrPrimitive


def _rank(where, x, rank, floats=True):
    tensor_input(where, x)
    shape = onp.shape(getval(x))
    if len(shape) != rank:
        raise CellArgumentError(message(where, f"a {rank}-D Tensor", f"shape {shape}"))
    if floats and onp.dtype(getval(x).dtype).kind != "f":
        raise CellTypeError(message(where, "a float Tensor", str(getval(x).dtype),
                                    "Cast it first: x.astype(ms.float32)."))
    return shape


def _size(where, size, count, dtypes):
    tensor_input(where, size)
    data = onp.asarray(getval(size))
    if data.dtype.name not in dtypes:
        raise CellTypeError(message(where, f"a {'/'.join(dtypes)} Tensor", data.dtype.name))
    if data.shape != (count,) or (data <= 0).any():
        raise CellArgumentError(message(where, f"{count} positive sizes", describe(size)))
    return [int(s) for s in data]


def _bool(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return value


def _apply(x, matrix, axis):
    """``x`` with ``matrix`` (out, in) applied along ``axis``."""
    moved = np.moveaxis(x, axis, -1)
    return np.moveaxis(np.matmul(moved, matrix.T.astype(getval(x).dtype)), -1, axis)


def area_weights(n, out, align_corners):
    scale = (n - 1) / (out - 1) if align_corners and out > 1 else n / out
    weights = onp.zeros((out, n))
    for y in range(out):
        low, high = y * scale, (y + 1) * scale
        for i in range(int(onp.floor(low)), int(onp.ceil(high))):
            weights[y, min(max(i, 0), n - 1)] += (min(i + 1, high) - max(i, low)) / scale
    return weights


class ResizeArea(AttrPrimitive):
    """``ResizeArea(align_corners=False)(images, size)``: (N, H, W, C) ``images`` resized
    to the int32 ``size`` (new_height, new_width) by area averaging; float32 out."""

    def __init__(self, align_corners=False):
        super().__init__()
        self._keep(align_corners=_bool("ResizeArea align_corners", align_corners))

    def __call__(self, images, size):
        shape = _rank("ResizeArea images", images, 4, floats=False)
        out = _size("ResizeArea size", size, 2, ("int32",))
        x = images.astype(onp.float32)
        for axis, n, m in zip((1, 2), shape[1:3], out):
            x = _apply(x, area_weights(n, m, self.align_corners), axis)
        return x


def linear_weights(n, out, mode):
    if mode == "align_corners" or out == 1:  # MindSpore: one point samples the first
        src = onp.arange(out) * ((n - 1) / (out - 1) if out > 1 else 0.0)
    else:
        src = onp.maximum((onp.arange(out) + 0.5) * (n / out) - 0.5, 0.0)
    low = onp.minimum(onp.floor(src).astype(int), n - 1)
    high = onp.minimum(low + 1, n - 1)
    weights = onp.zeros((out, n))
    weights[onp.arange(out), low] += 1 - (src - low)
    weights[onp.arange(out), high] += src - low
    return weights


class ResizeLinear1D(AttrPrimitive):
    """``ResizeLinear1D(coordinate_transformation_mode='align_corners')(x, size)``: the
    last axis of an (N, C, W) ``x`` resized to ``size`` (a 1-element Tensor) linearly."""

    def __init__(self, coordinate_transformation_mode='align_corners'):
        super().__init__()
        if coordinate_transformation_mode not in ("align_corners", "half_pixel"):
            raise CellArgumentError(message("ResizeLinear1D coordinate_transformation_mode",
                                            "'align_corners' or 'half_pixel'",
                                            repr(coordinate_transformation_mode)))
        self._keep(coordinate_transformation_mode=coordinate_transformation_mode)

    def __call__(self, x, size):
        shape = _rank("ResizeLinear1D x", x, 3)
        (out,) = _size("ResizeLinear1D size", size, 1, ("int32", "int64"))
        weights = linear_weights(shape[2], out, self.coordinate_transformation_mode)
        return _apply(x, weights, 2)


def nearest_index(n, out, align_corners, half_pixel_centers):
    scale = (n - 1) / (out - 1) if align_corners and out > 1 else n / out
    if half_pixel_centers:
        src = onp.floor((onp.arange(out) + 0.5) * scale)
    elif align_corners:
        src = onp.floor(onp.arange(out) * scale + 0.5)
    else:
        src = onp.floor(onp.arange(out) * scale)
    return onp.minimum(src.astype(int), n - 1)


class ResizeNearestNeighborV2(AttrPrimitive):
    """``ResizeNearestNeighborV2(align_corners, half_pixel_centers)(x, size)``: an
    (N, C, H, W) ``x`` resized to ``size`` (new_height, new_width) by nearest pixels."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        super().__init__()
        _bool("ResizeNearestNeighborV2 align_corners", align_corners)
        _bool("ResizeNearestNeighborV2 half_pixel_centers", half_pixel_centers)
        if align_corners and half_pixel_centers:
            raise CellArgumentError(message("ResizeNearestNeighborV2 half_pixel_centers",
                                            "False when align_corners is True", "True"))
        self._keep(align_corners=align_corners, half_pixel_centers=half_pixel_centers)

    def __call__(self, x, size):
        shape = _rank("ResizeNearestNeighborV2 x", x, 4)
        out = _size("ResizeNearestNeighborV2 size", size, 2, ("int32", "int64"))
        for axis, n, m in zip((2, 3), shape[2:], out):
            x = np.take(x, nearest_index(n, m, self.align_corners, self.half_pixel_centers),
                        axis=axis)
        return x
