"""MindSpore's creation ops: ``fill``, ``full``/``full_like``, ``ones``/``zeros`` (and
the ``Ones``/``Zeros`` primitives), ``*_like``, ``arange``, ``eye``, ``linspace``.

Dtypes follow MindSpore 2.10: Float32 unless told (``ones``, ``zeros``, ``eye``,
``linspace``); ``full`` and ``arange`` take the fill value's or bounds' type (a
Python int gives Int64, a float Float32).

>>> from minpy_compat import ops
>>> ops.full((2,), 1.5), ops.arange(3), ops.arange(0, 1, 0.5)
(array([1.5, 1.5], dtype=float32), array([0, 1, 2]), array([0. , 0.5], dtype=float32))
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..tensor import as_tensor
from .primitives import _simple


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _number(value):
    """A Tensor's value, or a number as MindSpore types it (float32, int64)."""
    return getval(value) if hasattr(getval(value), "dtype") else as_tensor(value)


def fill(type, shape, value):
    """A tensor of ``shape`` filled with ``value``, of dtype ``type``."""
    return np.full(_shape(shape), value, dtype=type)


def full(size, fill_value, *, dtype=None):
    """A tensor of ``size`` filled with ``fill_value``; ``dtype`` defaults to the value's
    (Int64 for a Python int, Float32 for a float)."""
    return np.full(_shape(size), fill_value, dtype=dtype or _number(fill_value).dtype)


def full_like(input, fill_value, *, dtype=None):
    """A tensor of ``input``'s shape filled with ``fill_value``, in ``input``'s dtype
    unless ``dtype`` is given."""
    return np.full(onp.shape(getval(input)), fill_value, dtype=dtype or _dtype_of(input))


def ones(shape, dtype=None):
    """Ones of ``shape``, Float32 unless ``dtype`` is given."""
    return np.ones(_shape(shape), dtype=dtype or onp.float32)


def zeros(size, dtype=None):
    """Zeros of ``size``, Float32 unless ``dtype`` is given."""
    return np.zeros(_shape(size), dtype=dtype or onp.float32)


def ones_like(input, dtype=None):
    """Ones of ``input``'s shape and (unless ``dtype`` is given) dtype."""
    return np.ones(onp.shape(getval(input)), dtype=dtype or _dtype_of(input))


def zeros_like(input, dtype=None):
    """Zeros of ``input``'s shape and (unless ``dtype`` is given) dtype."""
    return np.zeros(onp.shape(getval(input)), dtype=dtype or _dtype_of(input))


def arange(start=0, end=None, step=1, *, dtype=None):
    """Int64 for int bounds, Float32 when any is a float (MindSpore's rule)."""
    if end is None:
        start, end = 0, start
    bounds = [_number(b) for b in (start, end, step) if b is not None]
    kind = onp.float32 if any(b.dtype.kind == "f" for b in bounds) else onp.int64
    values = onp.arange(*[b.item() for b in bounds])
    return as_tensor(values, dtype or kind)


def eye(n, m=None, dtype=None):
    """The ``n`` x ``m`` identity (``m`` defaults to ``n``), Float32 unless ``dtype`` is given."""
    return np.eye(n, m, dtype=dtype or onp.float32)


def linspace(start, end, steps):
    """``steps`` evenly spaced Float32 values from ``start`` to ``end`` (Float64 when either
    is a Float64 Tensor, as in MindSpore)."""
    wide = any(getattr(getval(v), "dtype", None) == onp.float64 for v in (start, end))
    return np.linspace(float(getval(start)), float(getval(end)), steps).astype(
        onp.float64 if wide else onp.float32)


Fill = _simple("Fill", fill, "Fill()(dtype, shape, value).")
OnesLike = _simple("OnesLike", ones_like, "ones of x's shape and dtype.")
ZerosLike = _simple("ZerosLike", zeros_like, "zeros of x's shape and dtype.")
Ones = _simple("Ones", ones, "Ones()(shape, dtype).")
Zeros = _simple("Zeros", zeros, "Zeros()(shape, dtype).")
