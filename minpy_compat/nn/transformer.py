"""MindSpore's Transformer Cells: ``TransformerEncoderLayer``, ``TransformerDecoderLayer``,
``TransformerEncoder``, ``TransformerDecoder`` and ``Transformer``, built on
``MultiheadAttention``, ``Dense``, ``Dropout`` and ``LayerNorm`` (so the tracer
differentiates them), with MindSpore's sub-cell and Parameter names.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> model = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1,
...                        dim_feedforward=8, dropout=0.0)
>>> src = ms.Tensor(numpy.ones((5, 2, 4), numpy.float32))
>>> tgt = ms.Tensor(numpy.ones((3, 2, 4), numpy.float32))
>>> model(src, tgt).shape
(3, 2, 4)
"""
import copy
import numbers

import numpy as onp
from autograd.tracer import getval

from ..common.initializer import initializer
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops import activations as A
from ..ops import functional as F
from .activation_cells import GELU
from .attention import MultiheadAttention, check_masks, lengths
from .basic import Dense, Dropout, ReLU, _positive_int
from .cell import Cell
from .containers import CellList
from .normalization import LayerNorm
from .rnn_cells import check_bool


def _activation(where, activation):
    """MindSpore's choices: 'relu', 'gelu', ops.relu, ops.gelu, an nn.ReLU or nn.GELU."""
    if isinstance(activation, str):
        found = {"relu": F.relu, "gelu": A.gelu}.get(activation)
    elif isinstance(activation, Cell):
        found = activation if isinstance(activation, (ReLU, GELU)) else None
    else:
        found = activation if activation is F.relu or activation is A.gelu else None
    if found is None:
        raise CellArgumentError(message(f"{where} activation", "'relu', 'gelu', ops.relu, "
                                        "ops.gelu, an nn.ReLU or an nn.GELU", describe(activation)))
    return found


def _real(where, name, value, ok, expected):
    """A float (not a bool) for which ``ok(value)`` holds: TypeError, then ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(f"{where} {name}", "a float", describe(value)))
    if not ok(value):
        raise CellArgumentError(message(f"{where} {name}", expected, repr(value)))


def _check_layer_arguments(where, d_model, nhead, dim_feedforward, dropout, layer_norm_eps):
    _positive_int(f"{where} dim_feedforward", dim_feedforward)
    if _positive_int(f"{where} d_model", d_model) % _positive_int(f"{where} nhead", nhead):
        raise CellArgumentError(message(f"{where} d_model", f"a multiple of nhead ({nhead})",
                                        repr(d_model)))
    _real(where, "dropout", dropout, lambda p: 0 <= p < 1, "a number in [0, 1)")
    _real(where, "layer_norm_eps", layer_norm_eps, lambda eps: eps > 0, "a number > 0")


class _TransformerLayer(Cell):
    """What the encoder and decoder layers share: arguments, sub-cells, feed-forward block."""
    decoder = False

    def __init__(self, d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                 batch_first, norm_first, dtype):
        super().__init__()
        where = type(self).__name__
        _check_layer_arguments(where, d_model, nhead, dim_feedforward, dropout, layer_norm_eps)
        self.batch_first = check_bool(f"{where} batch_first", batch_first)
        self.norm_first = check_bool(f"{where} norm_first", norm_first)
        activation = _activation(where, activation)
        self.d_model, self.nhead, self.dim_feedforward = d_model, nhead, dim_feedforward
        self.dropout_num, self.layernorm_eps, self.dtype = dropout, layer_norm_eps, dtype
        attention = dict(dropout=dropout, batch_first=batch_first, dtype=dtype)
        self.self_attn = MultiheadAttention(d_model, nhead, **attention)
        if self.decoder:
            self.multihead_attn = MultiheadAttention(d_model, nhead, **attention)
        self.dense1 = Dense(d_model, dim_feedforward, dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, dtype=dtype)
        for i in range(1, 4 if self.decoder else 3):
            setattr(self, f"norm{i}", LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        for i in range(1, 4 if self.decoder else 3):
            setattr(self, f"dropout{i}", Dropout(p=dropout))
        self.activation = activation

    def _check(self, names, x, keys, attn_mask, key_padding_mask, where=None):
        """The masks of one attention block, errors naming ``where`` (this Cell) and the
        arguments ``names``."""
        batched, batch, tgt_len = lengths(x, self.batch_first)
        check_masks(where or type(self).__name__, (batched, batch, self.nhead, tgt_len,
                                                   lengths(keys, self.batch_first)[2]),
                    attn_mask, key_padding_mask, names)

    def _attention(self, cell, x, keys, attn_mask, key_padding_mask):
        return cell(x, keys, keys, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                    need_weights=False)[0]

    def _ff_block(self, x):
        return self.dense2(self.dropout(self.activation(self.dense1(x))))


class TransformerEncoderLayer(_TransformerLayer):
    """Self-attention then a feed-forward block, each with a residual and a LayerNorm."""

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=onp.float32):
        super().__init__(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                         batch_first, norm_first, dtype)

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        self._check(("src_mask", "src_key_padding_mask"), src, src, src_mask,
                    src_key_padding_mask)

        def sa_block(x):
            return self.dropout1(self._attention(self.self_attn, x, x, src_mask,
                                                 src_key_padding_mask))
        x = src
        if self.norm_first:
            x = x + sa_block(self.norm1(x))
            return x + self.dropout2(self._ff_block(self.norm2(x)))
        x = self.norm1(x + sa_block(x))
        return self.norm2(x + self.dropout2(self._ff_block(x)))


class TransformerDecoderLayer(_TransformerLayer):
    """Self-attention, attention over ``memory``, then a feed-forward block, each with a
    residual and a LayerNorm."""
    decoder = True

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                 layer_norm_eps=1e-5, batch_first=False, norm_first=False, dtype=onp.float32):
        super().__init__(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                         batch_first, norm_first, dtype)

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        self._check(("tgt_mask", "tgt_key_padding_mask"), tgt, tgt, tgt_mask,
                    tgt_key_padding_mask)
        self._check(("memory_mask", "memory_key_padding_mask"), tgt, memory, memory_mask,
                    memory_key_padding_mask)

        def sa_block(x):
            return self.dropout1(self._attention(self.self_attn, x, x, tgt_mask,
                                                 tgt_key_padding_mask))

        def mha_block(x):
            return self.dropout2(self._attention(self.multihead_attn, x, memory, memory_mask,
                                                 memory_key_padding_mask))
        x = tgt
        if self.norm_first:
            x = x + sa_block(self.norm1(x))
            x = x + mha_block(self.norm2(x))
            return x + self.dropout3(self._ff_block(self.norm3(x)))
        x = self.norm1(x + sa_block(x))
        x = self.norm2(x + mha_block(x))
        return self.norm3(x + self.dropout3(self._ff_block(x)))


def _stack(where, name, layer, layer_class, num_layers, norm):
    """``num_layers`` deep copies of ``layer`` (argument ``name``) in a CellList, and the
    checked ``norm``."""
    if not isinstance(layer, layer_class):
        raise CellTypeError(message(f"{where} {name}", f"a {layer_class.__name__}",
                                    f"a {type(layer).__name__}"))
    if isinstance(num_layers, bool) or not isinstance(num_layers, numbers.Integral) \
            or num_layers < 0:
        raise CellTypeError(message(f"{where} num_layers", "an int >= 0", describe(num_layers)))
    if norm is not None and not isinstance(norm, Cell):
        raise CellTypeError(message(f"{where} norm", "a Cell (a LayerNorm) or None",
                                    describe(norm)))
    return CellList([copy.deepcopy(layer) for _ in range(num_layers)])


class TransformerEncoder(Cell):
    """``num_layers`` copies of an encoder layer applied in turn, then ``norm`` if given."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _stack("TransformerEncoder", "encoder_layer", encoder_layer,
                             TransformerEncoderLayer, num_layers, norm)
        self.num_layers, self.norm = int(num_layers), norm

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        if len(self.layers):
            self.layers[0]._check(("src_mask", "src_key_padding_mask"), src, src, src_mask,
                                  src_key_padding_mask, "TransformerEncoder")
        for layer in self.layers:
            src = layer(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return src if self.norm is None else self.norm(src)


class TransformerDecoder(Cell):
    """``num_layers`` copies of a decoder layer applied in turn, then ``norm`` if given."""

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _stack("TransformerDecoder", "decoder_layer", decoder_layer,
                             TransformerDecoderLayer, num_layers, norm)
        self.num_layers, self.norm = int(num_layers), norm

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        if len(self.layers):
            first = self.layers[0]
            first._check(("tgt_mask", "tgt_key_padding_mask"), tgt, tgt, tgt_mask,
                         tgt_key_padding_mask, "TransformerDecoder")
            first._check(("memory_mask", "memory_key_padding_mask"), tgt, memory, memory_mask,
                         memory_key_padding_mask, "TransformerDecoder")
        for layer in self.layers:
            tgt = layer(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                        tgt_key_padding_mask=tgt_key_padding_mask,
                        memory_key_padding_mask=memory_key_padding_mask)
        return tgt if self.norm is None else self.norm(tgt)


class Transformer(Cell):
    """An encoder over ``src`` and a decoder over ``tgt`` attending to the encoder's output."""

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", custom_encoder=None,
                 custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
                 dtype=onp.float32):
        super().__init__()
        layer = (d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                 batch_first, norm_first)
        for name, custom in (("custom_encoder", custom_encoder),
                             ("custom_decoder", custom_decoder)):
            if custom is not None and not isinstance(custom, Cell):
                raise CellTypeError(message(f"Transformer {name}", "a Cell or None",
                                            describe(custom)))
        self.encoder = custom_encoder if custom_encoder is not None else TransformerEncoder(
            TransformerEncoderLayer(*layer, dtype=dtype), num_encoder_layers,
            LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        self.decoder = custom_decoder if custom_decoder is not None else TransformerDecoder(
            TransformerDecoderLayer(*layer, dtype=dtype), num_decoder_layers,
            LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        for _, param in self.parameters_and_names():  # as MindSpore: matrices xavier_uniform
            if param.ndim > 1:
                param.set_data(initializer("xavier_uniform", param.shape, param.dtype))
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first

    def construct(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
                  src_key_padding_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        for name, x in (("src", src), ("tgt", tgt)):
            if onp.shape(getval(x))[-1:] != (self.d_model,):
                raise CellArgumentError(message(f"Transformer {name}", "a last dimension of "
                                                f"d_model ({self.d_model})", describe(x)))
        if lengths(src, self.batch_first)[:2] != lengths(tgt, self.batch_first)[:2]:
            raise CellArgumentError(message("Transformer tgt", "the batch size of src "
                                            f"{lengths(src, self.batch_first)[1]}",
                                            describe(tgt)))
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)
