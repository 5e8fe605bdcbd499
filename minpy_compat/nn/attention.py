"""MindSpore's ``MultiheadAttention``: scaled dot-product attention over ``num_heads``
heads, with MindSpore's Parameters (``in_proj_weight`` or ``q/k/v_proj_weight``,
``in_proj_bias``, ``bias_k``/``bias_v``, ``out_proj``) and masks.

Written with ``minpy_compat.numpy``, so the tracer differentiates it (a float
``attn_mask`` too); no gradient is registered by hand. Masks follow MindSpore: a bool
(or uint8) mask is True where attention is not allowed, a float mask is added to the
scores; ``key_padding_mask`` is (batch, key length), ``attn_mask`` (query length, key
length) or (batch * num_heads, query length, key length). A query whose every key is
masked gets NaN weights (MindSpore's CPU kernel gives arbitrary numbers there).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> x = ms.Tensor(numpy.ones((5, 2, 4), numpy.float32))
>>> out, weights = nn.MultiheadAttention(4, 2)(x, x, x)
>>> out.shape, weights.shape
((5, 2, 4), (2, 5, 5))
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import HeUniform, Uniform, XavierNormal, XavierUniform, initializer
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter
from .basic import Dense, _positive_int
from .cell import Cell
from .rnn_cells import check_bool
from .windows import check_weight_dtype


def check_mask_dtype(where, mask):
    """``mask``'s dtype, which must be bool, uint8 or float (MindSpore's rule)."""
    if mask is None:
        return None
    if not hasattr(getval(mask), "dtype"):
        raise CellTypeError(message(where, "a Tensor or None", describe(mask),
                                    "Wrap it: ms.Tensor(mask)."))
    dtype = onp.result_type(getval(mask))
    if dtype != onp.bool_ and dtype != onp.uint8 and dtype.kind != "f":
        raise CellArgumentError(message(where, "a bool or float Tensor", f"dtype {dtype}",
                                        "Pass True where attention is not allowed."))
    return dtype


def additive(mask, dtype):
    """A mask as scores to add: -inf where a bool mask is True, a float mask as it is."""
    if onp.result_type(getval(mask)).kind in "bu":
        return onp.where(onp.asarray(getval(mask), bool), -onp.inf, 0.0).astype(dtype)
    return mask.astype(dtype) if onp.result_type(getval(mask)) != dtype else mask


def _pad_keys(mask, count):
    """``mask`` with ``count`` allowed key positions appended on its last axis."""
    if mask is None or not count:
        return mask
    shape = onp.shape(getval(mask))[:-1] + (count,)
    return np.concatenate([mask, onp.zeros(shape, onp.result_type(getval(mask)))], axis=-1)


def check_masks(where, shapes, attn_mask=None, key_padding_mask=None,
                names=("attn_mask", "key_padding_mask")):
    """The two masks' dtypes and shapes, errors naming ``where`` and the argument;
    ``shapes = (batched, batch, num_heads, query length, key length)``."""
    batched, batch, heads, tgt_len, src_len = shapes
    allowed = {names[0]: [(tgt_len, src_len), ((batch if batched else 1) * heads, tgt_len,
                                               src_len)],
               names[1]: [(batch, src_len) if batched else (src_len,)]}
    for name, mask in zip(names, (attn_mask, key_padding_mask)):
        check_mask_dtype(f"{where} {name}", mask)
        shape = None if mask is None else tuple(onp.shape(getval(mask)))
        if shape is not None and shape not in allowed[name]:
            raise CellArgumentError(message(
                f"{where} {name}", " or ".join(map(str, allowed[name])), f"shape {shape}",
                "attn_mask is (query length, key length) or (batch * num_heads, query length, "
                "key length); key_padding_mask is (batch, key length)."))


def lengths(x, batch_first):
    """``(batched, batch, length)`` of a (length, batch, ...) or batch_first input."""
    shape = onp.shape(getval(x))
    if len(shape) == 2:
        return False, 1, shape[0]
    return True, shape[0 if batch_first else 1], shape[1 if batch_first else 0]


class MultiheadAttention(Cell):
    """Multi-head scaled dot-product attention (MindSpore's ``nn.MultiheadAttention``)."""

    def __init__(self, embed_dim, num_heads, dropout=0.0, has_bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False,
                 dtype=onp.float32):
        super().__init__()
        where = "MultiheadAttention"
        self.embed_dim = _positive_int(f"{where} embed_dim", embed_dim)
        self.num_heads = _positive_int(f"{where} num_heads", num_heads)
        self.kdim = self.embed_dim if kdim is None else _positive_int(f"{where} kdim", kdim)
        self.vdim = self.embed_dim if vdim is None else _positive_int(f"{where} vdim", vdim)
        if self.embed_dim % self.num_heads:
            raise CellArgumentError(message(f"{where} embed_dim", "a multiple of num_heads "
                                            f"({self.num_heads})", repr(embed_dim)))
        if isinstance(dropout, bool) or not isinstance(dropout, numbers.Real):
            raise CellTypeError(message(f"{where} dropout", "a float", describe(dropout)))
        if not 0 <= dropout < 1:
            raise CellArgumentError(message(f"{where} dropout", "a number in [0, 1)",
                                            repr(dropout), "It is the chance to drop a weight."))
        self.dropout, self.head_dim = float(dropout), self.embed_dim // self.num_heads
        self.batch_first = check_bool(f"{where} batch_first", batch_first)
        self.add_zero_attn = check_bool(f"{where} add_zero_attn", add_zero_attn)
        has_bias = check_bool(f"{where} has_bias", has_bias)
        add_bias_kv = check_bool(f"{where} add_bias_kv", add_bias_kv)
        dtype = onp.float32 if dtype is None else dtype
        self._qkv_same_embed_dim = self.kdim == self.vdim == self.embed_dim
        self._make_params(has_bias, add_bias_kv, dtype)

    def _make_params(self, has_bias, add_bias_kv, dtype):
        e = self.embed_dim
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(initializer(XavierUniform(), (3 * e, e), dtype),
                                            name="in_proj_weight")
        else:
            for name, width in (("q", e), ("k", self.kdim), ("v", self.vdim)):
                setattr(self, f"{name}_proj_weight", Parameter(
                    initializer(XavierUniform(), (e, width), dtype), name=f"{name}_proj_weight"))
        self.in_proj_bias = Parameter(initializer("zeros", (3 * e,), dtype),
                                      name="in_proj_bias") if has_bias else None
        self.out_proj = Dense(e, e, weight_init=HeUniform(math.sqrt(5)),
                              bias_init=Uniform(1 / math.sqrt(e)), has_bias=has_bias, dtype=dtype)
        if add_bias_kv:
            self.bias_k = Parameter(initializer(XavierNormal(), (1, 1, e), dtype), name="bias_k")
            self.bias_v = Parameter(initializer(XavierNormal(), (1, 1, e), dtype), name="bias_v")
        self._has_bias, self._bias_kv = has_bias, add_bias_kv

    def _projection(self, i):
        """Input ``i`` (0 query, 1 key, 2 value)'s weight and bias."""
        e = self.embed_dim
        if self._qkv_same_embed_dim:
            weight = self.in_proj_weight[i * e:(i + 1) * e]
        else:
            weight = getattr(self, "qkv"[i] + "_proj_weight")
        return weight, (self.in_proj_bias[i * e:(i + 1) * e] if self._has_bias else None)

    def _check_inputs(self, query, key, value):
        where = "MultiheadAttention"
        ndim = onp.ndim(getval(query))
        if ndim not in (2, 3):
            raise CellArgumentError(message(f"{where} query", "a 2-D (unbatched) or 3-D Tensor",
                                            describe(query)))
        for i, (name, x, width) in enumerate((("query", query, self.embed_dim),
                                              ("key", key, self.kdim),
                                              ("value", value, self.vdim))):
            shape = onp.shape(getval(x))
            if len(shape) != ndim or shape[-1] != width:
                raise CellArgumentError(message(
                    f"{where} {name}", f"a {ndim}-D Tensor with last dimension {width}",
                    describe(x), "query, key and value are all batched or all unbatched."))
            check_weight_dtype(f"{where} {name}", x, self._projection(i)[0])
        if onp.shape(getval(key))[:-1] != onp.shape(getval(value))[:-1]:
            raise CellArgumentError(message(f"{where} value", "the key's length and batch",
                                            describe(value)))
        axis = 0 if self.batch_first else 1
        if ndim == 3 and onp.shape(getval(key))[axis] != onp.shape(getval(query))[axis]:
            raise CellArgumentError(message(f"{where} key", "the query's batch size",
                                            describe(key)))
        return ndim == 3

    def construct(self, query, key, value, key_padding_mask=None, need_weights=True,
                  attn_mask=None, average_attn_weights=True):
        batched = self._check_inputs(query, key, value)
        _, batch, tgt_len = lengths(query, self.batch_first)
        check_masks("MultiheadAttention", (batched, batch, self.num_heads, tgt_len,
                                           lengths(key, self.batch_first)[2]),
                    attn_mask, key_padding_mask)
        if not batched:
            query, key, value = (x[:, None] for x in (query, key, value))
            key_padding_mask = None if key_padding_mask is None else key_padding_mask[None]
        elif self.batch_first:
            query, key, value = (np.swapaxes(x, 0, 1) for x in (query, key, value))
        out, weights = self._attend(query, key, value, key_padding_mask, attn_mask)
        if average_attn_weights:
            weights = np.sum(weights, axis=1) / self.num_heads
        if not batched:
            out, weights = out[:, 0], weights[0]
        elif self.batch_first:
            out = np.swapaxes(out, 0, 1)
        return (out, weights) if need_weights else (out,)

    def _split_heads(self, x):
        """(length, batch, embed) to (batch, heads, length, head_dim)."""
        length, batch = onp.shape(getval(x))[:2]
        return np.transpose(np.reshape(x, (length, batch, self.num_heads, self.head_dim)),
                            (1, 2, 0, 3))

    def _attend(self, query, key, value, key_padding_mask, attn_mask):
        (tgt_len, batch), dtype = onp.shape(getval(query))[:2], onp.result_type(getval(query))
        q, k, v = (np.matmul(x, np.transpose(w)) + (0 if b is None else b) for x, (w, b) in
                   zip((query, key, value), map(self._projection, range(3))))
        extra = int(self._bias_kv) + int(self.add_zero_attn)
        if self._bias_kv:
            k = np.concatenate([k, np.tile(self.bias_k, (1, batch, 1))], axis=0)
            v = np.concatenate([v, np.tile(self.bias_v, (1, batch, 1))], axis=0)
        q, k, v = (self._split_heads(x) for x in (q, k, v))
        if self.add_zero_attn:
            zeros = onp.zeros((batch, self.num_heads, 1, self.head_dim), dtype)
            k, v = np.concatenate([k, zeros], axis=2), np.concatenate([v, zeros], axis=2)
        src_len = onp.shape(getval(k))[2]
        scale = dtype.type(math.sqrt(math.sqrt(self.head_dim)))  # MindSpore scales q and k
        scores = np.matmul(q / scale, np.swapaxes(k, -1, -2) / scale)
        if attn_mask is not None:
            mask = additive(_pad_keys(attn_mask, extra), dtype)
            scores = scores + (mask if onp.ndim(getval(mask)) == 2 else np.reshape(
                mask, (batch, self.num_heads, tgt_len, src_len)))
        if key_padding_mask is not None:
            mask = additive(_pad_keys(key_padding_mask, extra), dtype)
            scores = scores + np.reshape(mask, (batch, 1, 1, src_len))
        weights = self._softmax(scores)
        out = np.matmul(weights, v)  # (batch, heads, tgt_len, head_dim)
        out = np.reshape(np.transpose(out, (2, 0, 1, 3)), (tgt_len, batch, self.embed_dim))
        return self.out_proj(out), weights

    def _softmax(self, scores):
        shifted = scores - onp.max(getval(scores), axis=-1, keepdims=True)
        exp = np.exp(shifted)
        weights = exp / np.sum(exp, axis=-1, keepdims=True)
        if self.training and self.dropout:
            kept = onp.random.random_sample(onp.shape(getval(weights))) >= self.dropout
            weights = weights * (kept / (1 - self.dropout)).astype(weights.dtype)
        return weights

    def extend_repr(self):
        return (f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, "
                f"dropout={self.dropout}, batch_first={self.batch_first}")
