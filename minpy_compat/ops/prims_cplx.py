"""MindSpore's complex-number primitive classes: ``Angle``, ``Complex``, ``ComplexAbs``,
``Conj``, ``ConjugateTranspose``, ``Imag``, ``Real`` and ``Polar``.

They forward to the function ops of ``fn_complex.py`` (gradients from the tracer, with
autograd's complex convention: the gradient of a real loss L with respect to z = x + iy is
dL/dx - i dL/dy's conjugate, i.e. dL/dx + i dL/dy).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.Complex()(ms.Tensor([1.0]), ms.Tensor([2.0]))
array([1.+2.j], dtype=complex64)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from . import fn_complex as FC
from .prims_base import forwarding

_COMPLEX = {onp.dtype(onp.float32): onp.complex64, onp.dtype(onp.float64): onp.complex128}


def _dtype_of(x):
    value = getval(x)
    return getattr(value, "dtype", None) if not isinstance(value, onp.generic) else None


def _complex_only(where, x):
    if _dtype_of(x) is None or _dtype_of(x).kind != "c":
        raise CellTypeError(message(where, "a complex64 or complex128 Tensor",
                                    str(_dtype_of(x)) if _dtype_of(x) is not None
                                    else type(getval(x)).__name__))
    return x


def _complex(real, imag):
    for name, x in (("real", real), ("imag", imag)):
        if _dtype_of(x) not in _COMPLEX:
            raise CellTypeError(message(f"Complex {name}", "a float32 or float64 Tensor",
                                        str(_dtype_of(x))))
    if _dtype_of(real) != _dtype_of(imag):
        raise CellTypeError(message("Complex imag", f"real's dtype {_dtype_of(real)}",
                                    str(_dtype_of(imag)), "Cast one to the other's dtype."))
    want = _COMPLEX[_dtype_of(real)]
    return (real.astype(want) + imag.astype(want) * onp.asarray(1j, want)).astype(want)


def _angle(x):
    _complex_only("Angle input", x)
    return FC.angle(x)


def _complex_abs(x):
    _complex_only("ComplexAbs x", x)
    return np.abs(x)


def _conjugate_transpose(x, perm):
    if not isinstance(perm, (tuple, list)):
        raise CellTypeError(message("ConjugateTranspose perm", "a tuple of ints",
                                    type(perm).__name__))
    rank = onp.ndim(getval(x))
    axes = [int(p) % rank if -rank <= int(p) < rank else None for p in perm]
    if len(perm) != rank or None in axes or len(set(axes)) != rank:
        raise CellArgumentError(message("ConjugateTranspose perm",
                                        f"a permutation of 0..{rank - 1}", repr(perm)))
    moved = np.transpose(x, axes)
    return np.conj(moved) if _dtype_of(x).kind == "c" else moved


Angle = forwarding("Angle", _angle, "The argument (phase) of each complex element.")
Complex = forwarding("Complex", _complex,
                     "Complex()(real, imag): real + i imag (float32 gives complex64).")
ComplexAbs = forwarding("ComplexAbs", _complex_abs, "|z| of each complex element.")
Conj = forwarding("Conj", lambda input: FC.conj(input),
                  "The complex conjugate (a real input as it is).")
ConjugateTranspose = forwarding("ConjugateTranspose", _conjugate_transpose,
                                "ConjugateTranspose()(x, perm): conj(transpose(x, perm)).")
Imag = forwarding("Imag", lambda input: FC.imag(input),
                  "The imaginary part (zeros for a real input).")
Real = forwarding("Real", lambda input: FC.real(input),
                  "The real part (a real input as it is).")
Polar = forwarding("Polar", lambda abs, angle: FC.polar(abs, angle),
                   "Polar()(abs, angle): abs * (cos(angle) + i sin(angle)).")
