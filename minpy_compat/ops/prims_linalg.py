"""MindSpore's linear-algebra primitive classes: ``ops.Einsum(equation)(inputs)``,
``ops.Cholesky()(x)``, ``ops.MatrixBandPart()(x, lower, upper)``, ``ops.Eye()(n, m,
dtype)``, ...

Each forwards to a function op (``math_linalg.py``, ``math_distance.py``) or to the
facade's ``linalg``, so gradients are the tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.DiagPart()(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))
array([1., 4.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from ..tensor import is_tensor
from . import creation as C
from . import math_distance as D
from . import math_linalg as L
from .prims_base import AttrPrimitive, check_int, check_number, forwarding


def _square_float(where, x):
    shape = onp.shape(getval(x))
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise CellArgumentError(message(where, "square matrices (..., n, n)", f"shape {shape}"))
    dtype = getattr(getval(x), "dtype", None)
    if dtype is None or dtype.kind != "f":
        raise CellTypeError(message(where, "a float Tensor", str(dtype)))


class Einsum(AttrPrimitive):
    """``Einsum(equation)(inputs)``: the Einstein sum of a tuple of Tensors."""

    def __init__(self, equation):
        super().__init__()
        if not isinstance(equation, str):
            raise CellTypeError(message("Einsum equation", "a str", repr(equation)))
        self._keep(equation=equation)

    def __call__(self, inputs):
        if not isinstance(inputs, (tuple, list)):
            raise CellTypeError(message("Einsum inputs", "a tuple of Tensors",
                                        type(inputs).__name__))
        return L.einsum(self.equation, *inputs)


class Cdist(AttrPrimitive):
    """``Cdist(p=2.0)(x1, x2)``: the p-norm distance between each pair of rows."""

    def __init__(self, p=2.0):
        super().__init__()
        self._keep(p=check_number("Cdist p", p, (float,)))

    def __call__(self, x1, x2):
        return D.cdist(x1, x2, self.p)


class Cholesky(AttrPrimitive):
    """``Cholesky(upper=False)(x)``: L with x = L Lᵀ (or U with x = Uᵀ U)."""

    def __init__(self, upper=False):
        super().__init__()
        self._keep(upper=check_number("Cholesky upper", upper, (bool,)))

    def __call__(self, input_x):
        _square_float("Cholesky input_x", input_x)
        lower = np.linalg.cholesky(input_x)
        return np.swapaxes(lower, -1, -2) if self.upper else lower


class MatrixInverse(AttrPrimitive):
    """``MatrixInverse(adjoint=False)(x)``: the inverse of each square matrix."""

    def __init__(self, adjoint=False):
        super().__init__()
        self._keep(adjoint=check_number("MatrixInverse adjoint", adjoint, (bool,)))

    def __call__(self, x):
        _square_float("MatrixInverse x", x)
        inverse = np.linalg.inv(x)
        return np.swapaxes(inverse, -1, -2) if self.adjoint else inverse


def _determinant(input):
    _square_float("MatrixDeterminant input", input)
    return np.linalg.det(input)


def _log_determinant(input):
    _square_float("LogMatrixDeterminant input", input)
    sign, logdet = np.linalg.slogdet(input)
    return sign.astype(getval(input).dtype), logdet.astype(getval(input).dtype)


def _diag_part(input):
    shape = onp.shape(getval(input))
    half = len(shape) // 2
    if len(shape) % 2 or shape[:half] != shape[half:] or not shape:
        raise CellArgumentError(message("DiagPart input", "shape (D1..Dk, D1..Dk)",
                                        f"shape {shape}"))
    size = int(onp.prod(shape[:half]))
    return np.reshape(np.diagonal(np.reshape(input, (size, size))), shape[:half])


def _band_part(x, lower, upper):
    shape = onp.shape(getval(x))
    if len(shape) < 2:
        raise CellArgumentError(message("MatrixBandPart x", "rank >= 2", f"shape {shape}"))
    rows, cols = onp.arange(shape[-2])[:, None], onp.arange(shape[-1])[None, :]
    lower, upper = int(getval(lower)), int(getval(upper))
    keep = ((lower < 0) | (rows - cols <= lower)) & ((upper < 0) | (cols - rows <= upper))
    return np.where(keep, x, np.zeros_like(x))


def _eye(n, m, dtype):
    for name, value in (("n", n), ("m", m)):
        check_int(f"Eye {name}", value)
    return C.eye(n, m, dtype)


MatrixDeterminant = forwarding("MatrixDeterminant", _determinant,
                               "The determinant of each square matrix.")
LogMatrixDeterminant = forwarding("LogMatrixDeterminant", _log_determinant,
                                  "(sign, log|det|) of each square matrix.")
Trace = forwarding("Trace", L.trace, "The sum of a matrix's main diagonal.")
Diag = forwarding("Diag", L.diag, "A diagonal Tensor of shape x.shape + x.shape.")
DiagPart = forwarding("DiagPart", _diag_part, "The diagonal of a (D1..Dk, D1..Dk) Tensor.")
MatrixBandPart = forwarding("MatrixBandPart", _band_part,
                            "x zeroed outside `lower` diagonals below and `upper` above.")
Ger = forwarding("Ger", L.ger, "The outer product of two vectors.")
Eye = forwarding("Eye", _eye, "Eye()(n, m, dtype): the n x m identity.")


class Tril(AttrPrimitive):
    """``Tril(diagonal=0)(x)``: the lower triangle from the diagonal offset down."""

    def __init__(self, diagonal=0):
        super().__init__()
        self._keep(diagonal=check_int(f"{type(self).__name__} diagonal", diagonal))

    def __call__(self, input):
        return L.tril(input, self.diagonal)


class Triu(Tril):
    """``Triu(diagonal=0)(x)``: the upper triangle from the diagonal offset up."""

    def __call__(self, input):
        return L.triu(input, self.diagonal)


class Cross(AttrPrimitive):
    """``Cross(dim=-65530)(x, y)``: the 3-vector cross product along dim (the default
    picks the first axis of size 3)."""

    def __init__(self, dim=-65530):
        super().__init__()
        self._keep(dim=check_int("Cross dim", dim))

    def __call__(self, input, other):
        return L.cross(input, other, None if self.dim == -65530 else self.dim)
