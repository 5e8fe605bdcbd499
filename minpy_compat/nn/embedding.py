"""MindSpore's ``nn.Embedding``: rows of a trainable table picked by integer indices.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> emb = nn.Embedding(4, 2, embedding_table='ones')
>>> emb(ms.Tensor(numpy.array([[0, 3]], numpy.int32))).shape
(1, 2, 2)
"""
import numpy as onp

from .. import numpy as np
from ..common.initializer import initializer
from ..dtype import pretty
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.int_inputs import index_data
from ..tensor import Parameter
from .basic import _positive_int
from .cell import Cell


class Embedding(Cell):
    """``Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=float32, padding_idx=None)``: input (any shape, ints in [0, vocab_size)) ->
    input shape + (embedding_size,). The ``padding_idx`` row starts at zero."""

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=onp.float32, padding_idx=None):
        super().__init__()
        self.vocab_size = _positive_int("Embedding vocab_size", vocab_size)
        self.embedding_size = _positive_int("Embedding embedding_size", embedding_size)
        if not isinstance(use_one_hot, bool):
            raise CellTypeError(message("Embedding use_one_hot", "a bool", describe(use_one_hot)))
        self.use_one_hot, self.dtype = use_one_hot, dtype
        if padding_idx is not None and (
                isinstance(padding_idx, bool) or not isinstance(padding_idx, (int, onp.integer))
                or not 0 <= padding_idx < self.vocab_size):
            raise CellArgumentError(message("Embedding padding_idx",
                                            f"None or an int in [0, {self.vocab_size})",
                                            repr(padding_idx)))
        self.padding_idx = padding_idx
        table = initializer(embedding_table, (self.vocab_size, self.embedding_size), onp.float32)
        if padding_idx is not None:
            table = onp.array(table)
            table[padding_idx] = 0
        self.embedding_table = Parameter(table, name="embedding_table")

    def construct(self, ids):
        index = index_data(ids)
        if index.dtype.kind not in "iu":
            raise CellTypeError(message("Embedding input", "a Tensor of int indices",
                                        describe(ids), "Cast it: ids.astype(ms.int32)."))
        if index.size and (index.min() < 0 or index.max() >= self.vocab_size):
            raise CellArgumentError(message(
                "Embedding input", f"indices in [0, {self.vocab_size}) (vocab_size)",
                f"indices from {index.min()} to {index.max()}"))
        return np.take(self.embedding_table, index, axis=0)

    def extend_repr(self):
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table!r}, "
                f"dtype={pretty(self.dtype)}, padding_idx={self.padding_idx}")
