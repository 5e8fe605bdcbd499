"""MindSpore 2.10's ``ops.interpolate`` for the modes ``'nearest'`` (3-D to 5-D input),
``'linear'`` (3-D), ``'bilinear'`` and ``'bicubic'`` (4-D), with ``align_corners``; one axis
at a time (bicubic is separable too), so gradients come from the tracer. (Trilinear, area,
nearest-exact and 5-D nearest by a direct scale_factor: ``nnf_upsample.resize_more``.)

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.interpolate(ms.Tensor([[[0.0, 1.0]]]), size=3, mode='linear', align_corners=True)
array([[[0. , 0.5, 1. ]]], dtype=float32)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only

_RANKS = {"nearest": (3, 4, 5), "linear": (3,), "bilinear": (4,), "bicubic": (4,)}
_MODES = "'nearest', 'linear', 'bilinear' or 'bicubic' (the modes supported here)"
_CUBIC_A = -0.75  # PyTorch's and MindSpore's Keys kernel


def _sizes(shape, size, scale_factor, recompute_scale_factor, mode):
    """The output sizes of the spatial axes, checked as MindSpore checks them."""
    spatial = len(shape) - 2
    if size is None and scale_factor is None:
        raise CellArgumentError(message("ops.interpolate size", "size or scale_factor",
                                        "neither"))
    if size is not None and scale_factor is not None:
        raise CellArgumentError(message("ops.interpolate size", "size or scale_factor, "
                                        "not both", f"size={size!r}, scale_factor="
                                        f"{scale_factor!r}"))
    if size is not None:
        sizes = (size,) * spatial if isinstance(size, numbers.Integral) else tuple(size)
        if len(sizes) != spatial or any(isinstance(s, bool) or not isinstance(
                s, numbers.Integral) or s <= 0 for s in sizes):
            raise CellArgumentError(message("ops.interpolate size", f"a positive int or "
                                            f"{spatial} of them", repr(size)))
        return tuple(int(s) for s in sizes)
    if not recompute_scale_factor:
        raise CellArgumentError(message("ops.interpolate scale_factor", "None unless "
                                        "recompute_scale_factor=True (MindSpore 2.10 takes "
                                        "it only then)", repr(scale_factor),
                                        "Pass size, or recompute_scale_factor=True."))
    scales = (scale_factor,) * spatial if isinstance(scale_factor, numbers.Real) \
        else tuple(scale_factor)
    if len(scales) != spatial or any(not s > 0 for s in scales):
        raise CellArgumentError(message("ops.interpolate scale_factor", f"a float > 0 or "
                                        f"{spatial} of them", repr(scale_factor)))
    return tuple(int(math.floor(n * s)) for n, s in zip(shape[2:], scales))


def _cubic_weights(t, a):
    """The four Keys weights of the taps at -1, 0, 1 and 2 from the floor."""
    def near(d):  # |d| <= 1
        return ((a + 2) * d - (a + 3)) * d * d + 1

    def far(d):  # 1 < |d| < 2
        return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
    return far(t + 1), near(t), near(1 - t), far(2 - t)


def _cubic_axis(x, axis, length, out, align_corners, dtype, torch_rule=False):
    """Bicubic interpolation along ``axis``.

    MindSpore's CPU kernel (TensorFlow's): the fraction rounded to 1/1024 (its weight
    table); with ``align_corners`` a = -0.75 and taps past an end read the edge element;
    without, half-pixel centres, a = -0.5, and taps past an end dropped, the other weights
    scaled to sum to 1. ``torch_rule`` (mint's, PyTorch's): a = -0.75, edge taps, no
    rounding."""
    if align_corners:
        src = onp.arange(out) * ((length - 1) / (out - 1) if out > 1 else 0.0)
    else:  # not clamped at 0, unlike the linear modes
        src = (onp.arange(out) + 0.5) * (length / out) - 0.5
    drop = not (align_corners or torch_rule)
    return cubic_along(x, axis, length, src, -0.5 if drop else _CUBIC_A, drop,
                       not torch_rule, dtype)


def cubic_along(x, axis, length, src, a, drop, table, dtype):
    """``x`` sampled along ``axis`` (of ``length``) at positions ``src`` by Keys' cubic
    kernel with parameter ``a``: taps past an end read the edge element, or with ``drop``
    weigh nothing (the others scaled to sum to 1); ``table`` rounds each fraction to 1/1024
    (TensorFlow's and MindSpore's CPU weight table)."""
    floor = onp.floor(src).astype(onp.int64)
    frac = onp.rint((src - floor) * 1024) / 1024 if table else src - floor
    weights = _cubic_weights(frac, a)
    places = [floor + offset for offset in (-1, 0, 1, 2)]
    if drop:
        weights = [w * ((p >= 0) & (p < length)) for w, p in zip(weights, places)]
        weights = [w / sum(weights) for w in weights]
    shape = (-1,) + (1,) * (onp.ndim(getval(x)) - 1 - axis)
    total = 0
    for place, weight in zip(places, weights):
        index = onp.clip(place, 0, length - 1)
        total = total + np.take(x, index, axis=axis) * onp.reshape(weight.astype(dtype), shape)
    return total


def _linear_axis(x, axis, length, out, align_corners, dtype):
    if align_corners:
        src = onp.arange(out) * ((length - 1) / (out - 1) if out > 1 else 0.0)
    else:
        src = onp.maximum((onp.arange(out) + 0.5) * (length / out) - 0.5, 0.0)
    low = onp.minimum(onp.floor(src).astype(onp.int64), length - 1)
    high = onp.minimum(low + 1, length - 1)
    shape = (-1,) + (1,) * (onp.ndim(getval(x)) - 1 - axis)
    frac = onp.reshape((src - low).astype(dtype), shape)
    return np.take(x, low, axis=axis) * (1 - frac) + np.take(x, high, axis=axis) * frac


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """``input`` resized on its spatial axes (after N and C) to ``size`` (or ``scale_factor``
    times, rounded down) by nearest-neighbour, (bi/tri)linear, bicubic or area interpolation."""
    from .nnf_upsample import handles, resize_more  # it imports this module
    if handles(input, scale_factor, mode, recompute_scale_factor):
        return resize_more(input, size, scale_factor, mode, align_corners,
                           recompute_scale_factor)
    return resize(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


def resize(input, size, scale_factor, mode, align_corners, recompute_scale_factor,
           torch_cubic=False):
    """``interpolate``; ``torch_cubic`` takes PyTorch's bicubic rule (mint's) instead of
    MindSpore's CPU kernel's."""
    data = getval(float_only("ops.interpolate input", input))
    if mode not in _RANKS:
        raise CellArgumentError(message("ops.interpolate mode", _MODES, repr(mode)))
    if data.ndim not in _RANKS[mode]:
        raise CellArgumentError(message("ops.interpolate input", f"{_RANKS[mode][0]}-D input "
                                        f"for mode '{mode}'", f"shape {data.shape}"))
    if align_corners is not None and not isinstance(align_corners, (bool, onp.bool_)):
        raise CellTypeError(message("ops.interpolate align_corners", "None or a bool",
                                    describe(align_corners)))
    if mode == "nearest" and align_corners:
        raise CellArgumentError(message("ops.interpolate align_corners", "None or False with "
                                        "mode 'nearest'", repr(align_corners)))
    sizes = _sizes(data.shape, size, scale_factor, recompute_scale_factor, mode)
    out = input
    for axis, (length, wanted) in enumerate(zip(data.shape[2:], sizes), start=2):
        if mode == "nearest":
            index = onp.minimum(onp.floor(onp.arange(wanted) * (length / wanted)),
                                length - 1).astype(onp.int64)
            out = np.take(out, index, axis=axis)
        elif mode == "bicubic":
            out = _cubic_axis(out, axis, length, wanted, bool(align_corners), data.dtype,
                              torch_cubic)
        else:
            out = _linear_axis(out, axis, length, wanted, bool(align_corners), data.dtype)
    return out
