"""``mint.linalg``: ``inv``, ``matrix_norm``, ``norm``, ``qr``, ``vector_norm`` with
PyTorch-style argument names, forwarding to ``ops`` (gradients from the tracer).

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.linalg.vector_norm(ms.Tensor([3.0, 4.0]))
array(5., dtype=float32)
"""
from .. import ops
from . import _args as A


def inv(input):
    """The inverse of each square matrix in ``input``."""
    return ops.inverse(A.tensor("mint.linalg.inv input", input))


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """The ``ord`` matrix norm over the two axes ``dim``."""
    return ops.matrix_norm(A, ord, dim, keepdim, dtype=dtype)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """A vector or matrix norm, chosen by ``ord`` and ``dim`` as in ``ops.norm``."""
    return ops.norm(A, ord, dim, keepdim, dtype=dtype)


def qr(A, mode="reduced"):
    """(Q, R) of each matrix in ``A`` (``mode`` 'reduced', 'complete' or 'r')."""
    return ops.qr(A, mode)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """The ``ord`` vector norm over ``dim`` (all elements when None)."""
    return ops.vector_norm(x, ord, dim, keepdim, dtype=dtype)


A.name_callers(globals(), "mint.linalg")  # errors name mint.linalg.<function>
