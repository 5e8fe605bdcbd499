"""MindSpore's linear algebra ops: products (``dot``, ``inner``, ``outer``/``ger``,
``kron``, ``cross``, ``tensor_dot``, ``einsum``, ``addmm``, ``addmv``, ``baddbmm``),
matrix functions (``det``, ``inverse``, ``matrix_power``, ``trace``) and the diagonal
and triangle builders (``diag``, ``diagonal``, ``diagflat``, ``diag_embed``, ``tril``,
``triu``).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.outer(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
array([[3., 4.],
       [6., 8.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .functional import _float_like_inputs


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _ndim(where, x, want):
    got = onp.ndim(getval(x))
    if got not in want:
        raise CellArgumentError(message(where, f"a {' or '.join(map(str, want))}-D Tensor",
                                        f"shape {onp.shape(getval(x))}"))


def dot(input, other):
    """The matrix product over input's last and other's second-last axis (2-D or more)."""
    if onp.ndim(getval(input)) < 2 or onp.ndim(getval(other)) < 2:
        raise CellArgumentError(message("ops.dot input/other", "Tensors of 2 or more dims",
                                        f"shapes {onp.shape(getval(input))} and "
                                        f"{onp.shape(getval(other))}"))
    return np.matmul(input, other) if onp.ndim(getval(other)) < 3 else np.dot(input, other)


def inner(input, other):
    """The sum of products over the last axes of both inputs."""
    return np.inner(input, other)


def outer(input, vec2):
    """The outer product of the flattened inputs."""
    return np.outer(input, vec2)


def ger(input, vec2):
    """The outer product of two 1-D Tensors."""
    _ndim("ops.ger input", input, (1,))
    _ndim("ops.ger vec2", vec2, (1,))
    if _dtype_of(input) != _dtype_of(vec2):
        raise CellTypeError(message("ops.ger vec2", f"input's dtype {_dtype_of(input)}",
                                    str(_dtype_of(vec2)), "Cast one to the other's dtype."))
    return np.outer(input, vec2)


def kron(input, other):
    """The Kronecker product."""
    return np.kron(input, other)


def cross(input, other, dim=None):
    """The 3-vector cross product along ``dim`` (the first axis of size 3 when None)."""
    shape = onp.broadcast_shapes(onp.shape(getval(input)), onp.shape(getval(other)))
    if dim is None:
        dim = next((i for i, n in enumerate(shape) if n == 3), None)
    if dim is None or shape[dim] != 3:
        raise CellArgumentError(message("ops.cross dim", "an axis of size 3",
                                        f"dim {dim} of shape {shape}"))
    return np.cross(input, other, axis=dim)


def _square(where, x):
    shape = onp.shape(getval(x))
    if len(shape) < 2 or shape[-1] != shape[-2]:
        raise CellArgumentError(message(where, "a Tensor of square matrices (..., n, n)",
                                        f"shape {shape}"))
    if _dtype_of(x).kind != "f":
        raise CellTypeError(message(where, "a float Tensor", str(_dtype_of(x))))


def det(input):
    """The determinant of each square matrix in the last two axes."""
    _square("ops.det input", input)
    return np.linalg.det(input)


def inverse(input):
    """The inverse of each square matrix in the last two axes."""
    _square("ops.inverse input", input)
    return np.linalg.inv(input)


def matrix_power(input, n):
    """Each square matrix raised to the int power ``n`` (negative: of its inverse)."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise CellTypeError(message("ops.matrix_power n", "an int", repr(n)))
    _square("ops.matrix_power input", input)
    return np.linalg.matrix_power(input, n)


def trace(input):
    """The sum of a 2-D Tensor's main diagonal."""
    _ndim("ops.trace input", input, (2,))
    result = np.trace(input)
    return result.astype(_dtype_of(input)) if _dtype_of(input).kind in "iu" else result


def diag(input):
    """A 1-D Tensor as a diagonal matrix (MindSpore 2.10 builds, never extracts)."""
    data = getval(input)
    flat = np.reshape(input, (-1,))
    return np.reshape(np.diag(flat), data.shape + data.shape)


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal over ``dim1``/``dim2``, moved to the last axis."""
    return np.diagonal(input, offset=offset, axis1=dim1, axis2=dim2)


def diagflat(input, offset=0):
    """The flattened input as the ``offset`` diagonal of a square matrix."""
    return np.diagflat(input, k=offset)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Each last-axis vector as the ``offset`` diagonal of a matrix at ``dim1``/``dim2``."""
    data = getval(input)
    n = data.shape[-1] + abs(offset)
    ndim = data.ndim + 1
    d1, d2 = dim1 % ndim, dim2 % ndim
    if d1 == d2:
        raise CellArgumentError(message("ops.diag_embed dim1/dim2", "two different axes",
                                        f"{dim1} and {dim2}"))
    placer = onp.zeros((data.shape[-1], n, n), data.dtype)
    k = onp.arange(data.shape[-1])
    placer[k, k + max(-offset, 0), k + max(offset, 0)] = 1
    full = np.einsum("...k,kij->...ij", input, placer)
    return np.moveaxis(full, (-2, -1), (d1, d2))


def tril(input, diagonal=0):
    """The lower triangle of the last two axes, from the ``diagonal`` offset down."""
    _tri_check("ops.tril", input, diagonal)
    return np.tril(input, k=diagonal)


def triu(input, diagonal=0):
    """The upper triangle of the last two axes, from the ``diagonal`` offset up."""
    _tri_check("ops.triu", input, diagonal)
    return np.triu(input, k=diagonal)


def _tri_check(where, x, diagonal):
    if not isinstance(diagonal, int) or isinstance(diagonal, bool):
        raise CellTypeError(message(f"{where} diagonal", "an int", repr(diagonal)))
    if onp.ndim(getval(x)) < 2:
        raise CellArgumentError(message(f"{where} input", "a Tensor of 2 or more dims",
                                        f"shape {onp.shape(getval(x))}"))


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """beta * input + alpha * (mat1 @ mat2)."""
    _ndim("ops.addmm mat1", mat1, (2,))
    _ndim("ops.addmm mat2", mat2, (2,))
    return _float_like_inputs(beta * input + alpha * np.matmul(mat1, mat2), input, mat1)


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """beta * input + alpha * (mat @ vec)."""
    _ndim("ops.addmv mat", mat, (2,))
    _ndim("ops.addmv vec", vec, (1,))
    return _float_like_inputs(beta * input + alpha * np.matmul(mat, vec), input, mat)


def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    """beta * input + alpha * (batch1 @ batch2), batch by batch."""
    return _float_like_inputs(beta * input + alpha * np.matmul(batch1, batch2), input,
                              batch1)


def einsum(equation, *operands):
    """NumPy's Einstein summation over ``operands``."""
    if not isinstance(equation, str):
        raise CellTypeError(message("ops.einsum equation", "a str", repr(equation)))
    if len(operands) == 1 and isinstance(operands[0], (tuple, list)):
        operands = tuple(operands[0])
    return np.einsum(equation, *operands)


def tensor_dot(x1, x2, axes):
    """The sum of products over ``axes`` (an int, or a pair of axis lists)."""
    return np.tensordot(x1, x2, axes=axes)
