"""MindSpore 2.10's ``ops.upsample`` (its alias of ``ops.interpolate``) and the resizing
``ops.interpolate`` reaches here for what ``nnf_interpolate`` leaves out: the modes
``'trilinear'`` (5-D), ``'area'`` (3-D to 5-D: adaptive average pooling) and
``'nearest-exact'`` (3-D and 4-D, half-pixel centres), and 5-D ``'nearest'`` with a direct
``scale_factor``. One axis at a time, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.upsample(ms.Tensor([[[0.0, 1.0, 2.0, 3.0]]]), size=2, mode='area')
array([[[0.5, 2.5]]], dtype=float32)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .nnf_interpolate import interpolate

_MODES = "'nearest', 'linear', 'bilinear', 'bicubic', 'trilinear', 'area' or 'nearest-exact'"
_RANKS = {"trilinear": (5,), "area": (3, 4, 5), "nearest-exact": (3, 4), "nearest": (5,)}
# the modes MindSpore 2.10 resizes by a scale_factor directly (area recomputes the size)
_DIRECT_SCALE = ("trilinear", "area", "nearest")


def handles(input, scale_factor, mode, recompute_scale_factor):
    """Whether ``ops.interpolate`` of these arguments is resized (or refused) here."""
    if mode == "nearest":
        return scale_factor is not None and not recompute_scale_factor \
            and onp.ndim(getval(input)) == 5
    return mode not in ("linear", "bilinear", "bicubic")


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
             recompute_scale_factor=None):
    """``ops.interpolate`` under MindSpore's other name: ``input`` resized on its spatial
    axes to ``size`` or by ``scale_factor``."""
    if handles(input, scale_factor, mode, recompute_scale_factor):
        return resize_more(input, size, scale_factor, mode, align_corners,
                           recompute_scale_factor)
    return interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


def _scales(where, scale_factor, spatial):
    scales = (scale_factor,) * spatial if isinstance(scale_factor, numbers.Real) \
        and not isinstance(scale_factor, bool) else scale_factor
    if not isinstance(scales, (tuple, list)) or len(scales) != spatial or any(
            isinstance(s, bool) or not isinstance(s, numbers.Real) or not s > 0
            for s in scales):
        raise CellArgumentError(message(f"{where} scale_factor", f"a float > 0 or {spatial} "
                                        "of them (one per spatial axis)", repr(scale_factor)))
    return tuple(float(s) for s in scales)


def _sizes(where, shape, size, scale_factor, mode, recompute):
    """``(sizes, scales)``: the output sizes, and the scale factors the sampling uses
    (``None`` where they come from the sizes), checked as MindSpore 2.10 checks them."""
    spatial = len(shape) - 2
    if (size is None) == (scale_factor is None):
        raise CellArgumentError(message(f"{where} size", "size or scale_factor (one of them)",
                                        f"size={size!r}, scale_factor={scale_factor!r}"))
    if recompute is not None and not isinstance(recompute, (bool, onp.bool_)):
        raise CellTypeError(message(f"{where} recompute_scale_factor", "None or a bool",
                                    describe(recompute)))
    if size is not None:
        if recompute:
            raise CellArgumentError(message(f"{where} recompute_scale_factor", "None or False "
                                            "with size", repr(recompute)))
        sizes = (size,) * spatial if isinstance(size, numbers.Integral) else tuple(size)
        if len(sizes) != spatial or any(isinstance(s, bool) or not isinstance(
                s, numbers.Integral) or s <= 0 for s in sizes):
            raise CellArgumentError(message(f"{where} size", f"a positive int or {spatial} "
                                            "of them", repr(size)))
        return tuple(int(s) for s in sizes), None
    if not recompute and mode not in _DIRECT_SCALE:
        raise CellArgumentError(message(f"{where} scale_factor", f"None with mode '{mode}' "
                                        "unless recompute_scale_factor=True",
                                        repr(scale_factor), "Pass size instead."))
    scales = _scales(where, scale_factor, spatial)
    sizes = tuple(int(math.floor(n * s)) for n, s in zip(shape[2:], scales))
    if any(s <= 0 for s in sizes):
        raise CellArgumentError(message(f"{where} scale_factor", "a factor leaving every "
                                        "spatial axis at least 1 long", repr(scale_factor)))
    return sizes, (None if recompute or mode == "area" else scales)


def _source(length, out, align_corners, scale):
    """Where each output element samples the input axis (a float position)."""
    if align_corners:
        return onp.arange(out) * ((length - 1) / (out - 1) if out > 1 else 0.0)
    step = length / out if scale is None else 1.0 / scale
    return onp.maximum((onp.arange(out) + 0.5) * step - 0.5, 0.0)


def _linear(x, axis, length, src, dtype):
    low = onp.minimum(onp.floor(src).astype(onp.int64), length - 1)
    high = onp.minimum(low + 1, length - 1)
    shape = (-1,) + (1,) * (onp.ndim(getval(x)) - 1 - axis)
    frac = onp.reshape((src - low).astype(dtype), shape)
    return np.take(x, low, axis=axis) * (1 - frac) + np.take(x, high, axis=axis) * frac


def _area(x, axis, length, out, dtype):
    """Adaptive average pooling along ``axis``: output ``i`` averages input
    ``floor(i * length / out)`` to ``ceil((i + 1) * length / out)``."""
    weights = onp.zeros((length, out))
    for i in range(out):
        start, stop = (i * length) // out, -((-(i + 1) * length) // out)
        weights[start:stop, i] = 1.0 / (stop - start)
    moved = np.tensordot(x, weights.astype(dtype), axes=([axis], [0]))
    return np.moveaxis(moved, -1, axis)


def _nearest(length, out, scale, exact):
    step = length / out if scale is None else 1.0 / scale
    place = (onp.arange(out) + 0.5) * step if exact else onp.arange(out) * step
    return onp.minimum(onp.floor(place), length - 1).astype(onp.int64)


def resize_more(input, size, scale_factor, mode, align_corners, recompute_scale_factor,
                where="ops.interpolate"):
    """``ops.interpolate`` for the arguments ``handles`` accepts."""
    if mode not in _RANKS:
        raise CellArgumentError(message(f"{where} mode", _MODES, repr(mode)))
    data = getval(float_only(f"{where} input", input))
    if data.ndim not in _RANKS[mode]:
        ranks = " or ".join(f"{r}-D" for r in _RANKS[mode])
        raise CellArgumentError(message(f"{where} input", f"{ranks} input for mode '{mode}'",
                                        f"shape {data.shape}"))
    if align_corners is not None and not isinstance(align_corners, (bool, onp.bool_)):
        raise CellTypeError(message(f"{where} align_corners", "None or a bool",
                                    describe(align_corners)))
    if align_corners and mode != "trilinear":
        raise CellArgumentError(message(f"{where} align_corners", f"None or False with mode "
                                        f"'{mode}'", repr(align_corners)))
    sizes, scales = _sizes(where, data.shape, size, scale_factor, mode, recompute_scale_factor)
    if mode == "area" and data.ndim == 3 and data.shape[2] % sizes[0]:
        raise CellArgumentError(message(f"{where} size", "a divisor of the input's length "
                                        f"{data.shape[2]} for 3-D mode 'area' (MindSpore "
                                        "2.10's adaptive_avg_pool1d)", repr(size)))
    out = input
    for axis, (length, wanted) in enumerate(zip(data.shape[2:], sizes), start=2):
        scale = None if scales is None else scales[axis - 2]
        if mode == "trilinear":
            src = _source(length, wanted, bool(align_corners), scale)
            out = _linear(out, axis, length, src, data.dtype)
        elif mode == "area":
            out = _area(out, axis, length, wanted, data.dtype)
        else:
            out = np.take(out, _nearest(length, wanted, scale, mode == "nearest-exact"),
                          axis=axis)
    return out
