"""``mint.Tensor``: the library's Tensor class."""
from ..tensor import Tensor  # noqa: F401
