"""``mint.special``: ``erfc``, ``exp2``, ``expm1``, ``log1p``, ``log_softmax``, ``round``,
``sinc`` (PyTorch's ``torch.special`` names), forwarding to ``ops``.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.special.exp2(ms.Tensor([3.0]))
array([8.], dtype=float32)
"""
from .. import ops
from ..ops import erfc, exp2, expm1, log1p, sinc  # noqa: F401 (same signatures)
from . import _args as A


def log_softmax(input, dim=None, *, dtype=None):
    """``log(softmax(input))`` along ``dim`` (the last axis when None)."""
    A.tensor("mint.special.log_softmax input", input)
    if dtype is not None:
        input = input.astype(dtype)
    return ops.log_softmax(input, -1 if dim is None else A.dim(
        "mint.special.log_softmax dim", dim, A.ndim(input)))


def round(input):
    """``input`` rounded to the nearest integer (halves to even)."""
    return ops.round(input)


A.name_callers(globals(), "mint.special")  # errors name mint.special.<function>
A.name_callers(globals(), "mint.special", ["erfc", "exp2", "expm1", "log1p", "sinc"])
