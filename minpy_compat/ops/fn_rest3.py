"""MindSpore 2.10 names that run on its CPU build and that we lacked: ``eps``/``Eps``,
``padding``/``Padding``, ``range``, ``FFTWithSize``, and the aliases ``soft_shrink``,
``isnan_ext`` and ``TensorAdd``. Built on ``minpy_compat.numpy``: gradients are the tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.padding(ms.Tensor([[1.0], [2.0]]), 3)
array([[1., 0., 0.],
       [2., 0., 0.]], dtype=float32)
"""
import builtins
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from . import functional as F
from . import fn_fft
from .checks import named
from .math_elementwise import isnan
from .nnf_activations import softshrink
from .prims_array import Range
from .prims_base import AttrPrimitive, check_int
from .primitives import _simple

_FLOATS = (onp.float16, onp.float32, onp.float64)


def _tensor_dtype(where, x):
    dtype = getattr(getval(x), "dtype", None)
    if dtype is None or not hasattr(getval(x), "shape"):
        raise CellTypeError(message(where, "a Tensor", type(x).__name__,
                                    "Wrap it first: ms.Tensor(x)."))
    return dtype


# ---- eps: the machine epsilon of x's dtype -------------------------------------------
def _eps(where, x):
    dtype = _tensor_dtype(where, x)
    if dtype not in _FLOATS:
        raise CellTypeError(message(where, "a float16, float32 or float64 Tensor", str(dtype),
                                    "Cast it first: x.astype(ms.float32)."))
    return np.zeros_like(x) + onp.finfo(dtype).eps.astype(dtype)


def eps(x):
    """A Tensor of x's shape and dtype filled with that dtype's machine epsilon."""
    return _eps("ops.eps x", x)


class Eps(AttrPrimitive):
    """``Eps()(x)``: x's shape and dtype filled with that dtype's machine epsilon."""

    def __call__(self, x):
        return _eps("Eps x", x)


# ---- padding: widen a last axis of size 1 with zeros --------------------------------
def _pad_size(where, pad_dim_size):
    pad_dim_size = check_int(where, pad_dim_size)
    if pad_dim_size <= 0:
        raise CellArgumentError(message(where, "an int > 0", repr(pad_dim_size)))
    return pad_dim_size


def _padding(where, x, pad_dim_size):
    _tensor_dtype(where, x)
    shape = onp.shape(getval(x))
    if len(shape) < 2 or shape[-1] != 1:
        raise CellArgumentError(message(where, "a Tensor of rank >= 2 whose last axis has "
                                        "size 1", f"shape {shape}",
                                        "Add the axis first: ops.expand_dims(x, -1)."))
    if pad_dim_size == 1:
        return x
    zeros = onp.zeros(shape[:-1] + (pad_dim_size - 1,), getval(x).dtype)
    return np.concatenate([x, zeros], axis=-1)


def padding(x, pad_dim_size=8):
    """x (rank >= 2, last axis of size 1) widened to ``pad_dim_size`` along its last axis
    with zeros."""
    return _padding("ops.padding x", x, _pad_size("ops.padding pad_dim_size", pad_dim_size))


class Padding(AttrPrimitive):
    """``Padding(pad_dim_size=8)(x)``: x's last axis (of size 1) widened with zeros."""

    def __init__(self, pad_dim_size=8):
        super().__init__()
        self._keep(pad_dim_size=_pad_size("Padding pad_dim_size", pad_dim_size))

    def __call__(self, x):
        return _padding("Padding x", x, self.pad_dim_size)


# ---- range ----------------------------------------------------------------------------
def _kind(where, value):
    data = getval(value)
    if isinstance(data, numbers.Number) and not isinstance(data, bool):
        return "f" if isinstance(data, numbers.Real) and not isinstance(
            data, numbers.Integral) else "i"
    dtype = getattr(data, "dtype", None)
    if dtype is None or dtype.kind not in "iuf" or onp.ndim(data) != 0:
        raise CellTypeError(message(where, "an int or float (or a 0-d int/float Tensor)",
                                    repr(value)))
    return "i" if dtype.kind in "iu" else "f"


def range(start, end, step, maxlen=1000000):
    """start, start + step, ... up to (not including) end: Int64 for int bounds, Float32 for
    float ones; the three must be all ints or all floats (MindSpore's rule)."""
    kinds = [_kind(f"ops.range {name}", value)
             for name, value in (("start", start), ("end", end), ("step", step))]
    if len(set(kinds)) > 1:
        got = ", ".join({"i": "int", "f": "float"}[k] for k in kinds)
        raise CellTypeError(message("ops.range start/end/step", "three ints or three floats",
                                    got, "Make them one kind: range(0.0, 2.5, 1.0)."))
    maxlen = check_int("ops.range maxlen", maxlen)
    if maxlen <= 0:
        raise CellArgumentError(message("ops.range maxlen", "an int > 0", repr(maxlen)))
    first, last, delta = (float(getval(v)) for v in (start, end, step))
    if delta == 0 or (last - first) * delta < 0:
        raise CellArgumentError(message("ops.range step", "a nonzero step toward end",
                                        f"start {first:g}, end {last:g}, step {delta:g}"))
    return Range(maxlen)(start, end, step)


# ---- aliases ----------------------------------------------------------------------------
soft_shrink = named("ops.soft_shrink", softshrink)
soft_shrink.__name__ = soft_shrink.__qualname__ = "soft_shrink"
soft_shrink.__doc__ = "``input - lambd`` above ``lambd``, ``input + lambd`` below " \
    "``-lambd``, else 0 (``ops.softshrink``)."
isnan_ext = named("ops.isnan_ext", isnan)
isnan_ext.__name__ = isnan_ext.__qualname__ = "isnan_ext"
isnan_ext.__doc__ = "Whether each element of a Tensor is NaN, as Bool (``ops.isnan``)."


def _tensor_add(x, y):
    shapes = [onp.shape(getval(v)) for v in (x, y)]
    try:
        onp.broadcast_shapes(*shapes)
    except ValueError:
        raise CellArgumentError(message("TensorAdd x, y", "shapes that broadcast together",
                                        f"{shapes[0]} and {shapes[1]}")) from None
    return F.add(x, y)


TensorAdd = _simple("TensorAdd", _tensor_add, "x + y (MindSpore's deprecated name for ``Add``).")
TensorAdd.__module__ = __name__


# ---- FFTWithSize ------------------------------------------------------------------------
class FFTWithSize(AttrPrimitive):
    """``FFTWithSize(signal_ndim, inverse, real, norm='backward', onesided=True,
    signal_sizes=())(x)``: the (inverse, real) FFT over x's last ``signal_ndim`` axes."""

    def __init__(self, signal_ndim, inverse, real, norm="backward", onesided=True,
                 signal_sizes=()):
        super().__init__()
        signal_ndim = check_int("FFTWithSize signal_ndim", signal_ndim)
        if signal_ndim < 1:
            raise CellArgumentError(message("FFTWithSize signal_ndim", "an int >= 1",
                                            repr(signal_ndim)))
        for name, value in (("inverse", inverse), ("real", real), ("onesided", onesided)):
            if not isinstance(value, bool):
                raise CellTypeError(message(f"FFTWithSize {name}", "a bool", repr(value)))
        if norm not in ("backward", "forward", "ortho"):
            raise CellArgumentError(message("FFTWithSize norm", "'backward', 'forward' or "
                                            "'ortho'", repr(norm)))
        sizes = tuple(signal_sizes)
        if sizes and len(sizes) != signal_ndim:
            raise CellArgumentError(message("FFTWithSize signal_sizes",
                                            f"{signal_ndim} sizes (one per signal axis)",
                                            repr(signal_sizes)))
        self._keep(signal_ndim=signal_ndim, inverse=inverse, real=real, norm=norm,
                   onesided=onesided, signal_sizes=sizes)

    def __call__(self, x):
        dtype = _tensor_dtype("FFTWithSize x", x)
        rank, ndim = onp.ndim(getval(x)), self.signal_ndim
        if rank < ndim:
            raise CellArgumentError(message("FFTWithSize x", f"rank >= signal_ndim ({ndim})",
                                            f"rank {rank}"))
        dims = tuple(builtins.range(-ndim, 0))
        wants_complex = self.inverse or not self.real
        if wants_complex and dtype.kind != "c":
            raise CellTypeError(message("FFTWithSize x", "a complex64 or complex128 Tensor",
                                        str(dtype)))
        if not wants_complex and dtype.kind not in "iuf":
            raise CellTypeError(message("FFTWithSize x", "a real Tensor", str(dtype)))
        if not self.real:
            fn = fn_fft.ifftn if self.inverse else fn_fft.fftn
            return fn(x, dim=dims, norm=self.norm)
        if self.inverse:
            return fn_fft.irfftn(x, s=self.signal_sizes or None, dim=dims, norm=self.norm)
        fn = fn_fft.rfftn if self.onesided else fn_fft.fftn
        return fn(x, dim=dims, norm=self.norm)
