"""MindSpore 2.10's debug primitives as they behave in PyNative: ``Print``/``ops.print_``
(each input on its own line, returns None), ``Assert`` (prints the data and raises
RuntimeError when the condition is false; returns int32 ``[0]`` otherwise) and the
summary primitives (nothing recorded without a SummaryRecord: they return None); with
``CompareAndBitpack``, ``Coalesce`` and ``NoRepeatNGram``.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor(onp.arange(16.0))
>>> ops.CompareAndBitpack()(x, ms.Tensor(7.0, ms.float64)).asnumpy().tolist()
[0, 255]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor, is_tensor
from .prims_base import AttrPrimitive, check_int


def _shown(value):
    """How MindSpore prints one input of ``Print``: Tensors with shape, dtype and values."""
    if not is_tensor(value):
        return str(value)
    data = onp.asarray(getval(value))
    kind = {"b": "Bool", "f": "Float", "i": "Int", "u": "UInt", "c": "Complex"}[data.dtype.kind]
    dtype = kind if data.dtype.kind == "b" else f"{kind}{8 * data.dtype.itemsize}"
    values = onp.array2string(data, separator=", ")
    newline = "\n" if data.ndim > 1 else " "
    return f"Tensor(shape={list(data.shape)}, dtype={dtype}, value={newline}{values})"


def print_(*input_x):
    """Print each input (Tensors with their shape and dtype) on its own line; returns None."""
    for value in input_x:
        print(_shown(value))


class Print(AttrPrimitive):
    """``Print()(*input_x)``: ``ops.print_`` as a primitive; returns None."""

    def __call__(self, *input_x):
        print_(*input_x)


class Assert(AttrPrimitive):
    """``Assert(summarize=3)(condition, input_data)``: when the one-element bool
    ``condition`` is false, print the first ``summarize`` values of each Tensor of
    ``input_data`` and raise RuntimeError; else return int32 ``[0]``."""

    def __init__(self, summarize=3):
        super().__init__()
        self._keep(summarize=check_int(f"{self.name} summarize", summarize))

    def __call__(self, condition, input_data):
        where = self.name
        data = onp.asarray(getval(condition))
        if data.dtype != onp.bool_:
            raise CellTypeError(message(f"{where} condition", "a bool or a bool Tensor",
                                        describe(condition)))
        if data.size != 1:
            raise CellArgumentError(message(f"{where} condition", "one element",
                                            f"shape {data.shape}"))
        if not isinstance(input_data, (list, tuple)) or not all(is_tensor(t)
                                                                for t in input_data):
            raise CellTypeError(message(f"{where} input_data", "a list or tuple of Tensors",
                                        describe(input_data)))
        if not data.reshape(()):
            print(f"For '{where}' condition is false.")
            for value in input_data:
                flat = onp.asarray(getval(value)).reshape(-1)
                shown = flat if self.summarize < 0 else flat[:self.summarize]
                print(f"input data: {shown}")
            raise RuntimeError(message(f"{where} condition", "true", "false",
                                       "assert failed."))
        return Tensor(onp.zeros(1, onp.int32))


def _summary(name):
    def __call__(self, name, value):
        return None
    doc = (f"``{name}()(name, value)``: records ``value`` under ``name`` in a SummaryRecord; "
           "without one (PyNative) it does nothing and returns None.")
    return type(name, (AttrPrimitive,), {"__call__": __call__, "__doc__": doc,
                                         "__module__": __name__})


ScalarSummary = _summary("ScalarSummary")
TensorSummary = _summary("TensorSummary")
ImageSummary = _summary("ImageSummary")
HistogramSummary = _summary("HistogramSummary")

_BITPACK = (onp.bool_, onp.float16, onp.float32, onp.float64, onp.int8, onp.int16, onp.int32,
            onp.int64)


class CompareAndBitpack(AttrPrimitive):
    """``CompareAndBitpack()(x, threshold)``: ``x > threshold`` packed 8 to a uint8 along
    the last axis (the first value in the high bit; MindSpore packs bool ``x`` low bit
    first)."""

    def __call__(self, x, threshold):
        where = self.name
        data, limit = onp.asarray(getval(x)), onp.asarray(getval(threshold))
        for name, value in (("x", data), ("threshold", limit)):
            if value.dtype not in _BITPACK:
                raise CellTypeError(message(f"{where} {name}", "a bool, float or signed int "
                                            "Tensor", describe(value)))
        if data.dtype != limit.dtype:
            raise CellTypeError(message(f"{where} threshold", f"x's dtype {data.dtype}",
                                        str(limit.dtype)))
        if limit.ndim != 0:
            raise CellArgumentError(message(f"{where} threshold", "a 0-d Tensor",
                                            f"shape {limit.shape}"))
        if data.ndim == 0 or data.shape[-1] % 8:
            raise CellArgumentError(message(f"{where} x", "rank >= 1 with a last axis that "
                                            "is a multiple of 8", f"shape {data.shape}"))
        bits = (data > limit).reshape(data.shape[:-1] + (-1, 8))
        order = "little" if data.dtype == onp.bool_ else "big"
        return Tensor(onp.packbits(bits, axis=-1, bitorder=order)[..., 0])


class Coalesce(AttrPrimitive):
    """``Coalesce()(x_indices, x_values, x_shape)``: a sparse COO tensor with its indices
    sorted and the values of repeated indices summed."""

    def __call__(self, x_indices, x_values, x_shape):
        where = self.name
        index, shape = onp.asarray(getval(x_indices)), onp.asarray(getval(x_shape))
        values = getval(x_values)
        for name, value in (("x_indices", index), ("x_shape", shape)):
            if value.dtype != onp.int64:
                raise CellTypeError(message(f"{where} {name}", "an int64 Tensor",
                                            describe(value)))
        if onp.dtype(getattr(values, "dtype", None)).kind != "f":
            raise CellTypeError(message(f"{where} x_values", "a float Tensor",
                                        describe(x_values)))
        if index.ndim != 2 or onp.ndim(values) != 1 or shape.ndim != 1 or \
                index.shape[1] != onp.shape(values)[0] or index.shape[0] != shape.shape[0]:
            raise CellArgumentError(message(f"{where} x_indices", "(ndim, nnz) indices with "
                                            "(nnz,) values and an (ndim,) shape",
                                            f"{index.shape}, {onp.shape(values)} and "
                                            f"{shape.shape}"))
        if (index < 0).any() or (index >= shape[:, None]).any():
            raise CellArgumentError(message(f"{where} x_indices", f"indices in [0, {shape})",
                                            f"{index.tolist()}"))
        flat = onp.ravel_multi_index(tuple(index), tuple(shape)) if index.size else \
            onp.zeros(0, onp.int64)
        unique, position = onp.unique(flat, return_inverse=True)
        chosen = onp.arange(len(unique))[:, None] == position.reshape(-1)[None, :]
        summed = np.sum(np.where(chosen, x_values, 0), axis=1)
        kept = onp.array(onp.unravel_index(unique, tuple(shape)), onp.int64).reshape(
            len(shape), -1)
        return Tensor(kept), summed.astype(values.dtype), Tensor(shape.copy())


class NoRepeatNGram(AttrPrimitive):
    """``NoRepeatNGram(ngram_size)(state_seq, log_probs)``: ``log_probs`` with every token
    that would repeat an ``ngram_size``-gram of ``state_seq`` set to its dtype's lowest."""

    def __init__(self, ngram_size=1):
        super().__init__()
        size = check_int(f"{self.name} ngram_size", ngram_size)
        if size < 1:
            raise CellArgumentError(message(f"{self.name} ngram_size", "an int >= 1",
                                            str(size)))
        self._keep(ngram_size=size)

    def __call__(self, state_seq, log_probs):
        where, n = self.name, self.ngram_size
        seq, probs = onp.asarray(getval(state_seq)), getval(log_probs)
        if seq.dtype != onp.int32:
            raise CellTypeError(message(f"{where} state_seq", "an int32 Tensor",
                                        describe(state_seq)))
        if onp.dtype(getattr(probs, "dtype", None)).kind != "f":
            raise CellTypeError(message(f"{where} log_probs", "a float Tensor",
                                        describe(log_probs)))
        if seq.ndim != 3 or onp.ndim(probs) != 3 or seq.shape[:2] != onp.shape(probs)[:2]:
            raise CellArgumentError(message(f"{where} state_seq", "(batch, beams, length) "
                                            "with log_probs (batch, beams, vocab)",
                                            f"{seq.shape} and {onp.shape(probs)}"))
        if n > seq.shape[2]:
            raise CellArgumentError(message(f"{where} ngram_size", f"at most the sequence "
                                            f"length {seq.shape[2]}", str(n)))
        vocab = onp.shape(probs)[2]
        if ((seq < 0) | (seq >= vocab)).any():
            raise CellArgumentError(message(f"{where} state_seq", f"token ids in [0, {vocab})",
                                            f"{seq.min()} to {seq.max()}"))
        banned = onp.zeros(onp.shape(probs), bool)
        length = seq.shape[2]
        for b, k in onp.ndindex(seq.shape[:2]):
            row, tail = seq[b, k], seq[b, k, length - n + 1:]
            for j in range(length - n + 1):
                if onp.array_equal(row[j:j + n - 1], tail):
                    banned[b, k, row[j + n - 1]] = True
        lowest = onp.finfo(probs.dtype).min
        return np.where(banned, onp.asarray(lowest, probs.dtype), log_probs)


__all__ = ["Assert", "Coalesce", "CompareAndBitpack", "HistogramSummary", "ImageSummary",
           "NoRepeatNGram", "Print", "ScalarSummary", "TensorSummary", "print_"]
