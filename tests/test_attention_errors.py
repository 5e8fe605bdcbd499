"""Error messages of MultiheadAttention and the Transformer Cells: each names the Cell and
the argument (constructor arguments, inputs, masks' dtypes and shapes), with the
built-in class MindSpore raises (ValueError for masks and values, TypeError for types)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn

F32 = onp.float32


def _t(*shape, dtype=F32):
    return ms.Tensor(onp.ones(shape, dtype))


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.MultiheadAttention(5, 2), ValueError, "MultiheadAttention embed_dim.*multiple"),
    (lambda: nn.MultiheadAttention(4, 0), ValueError, "MultiheadAttention num_heads"),
    (lambda: nn.MultiheadAttention(4, 2, kdim=0), ValueError, "MultiheadAttention kdim"),
    (lambda: nn.MultiheadAttention(4, 2, dropout="0.1"), TypeError,
     "MultiheadAttention dropout"),
    (lambda: nn.MultiheadAttention(4, 2, dropout=1.0), ValueError,
     r"MultiheadAttention dropout: expected a number in \[0, 1\)"),
    (lambda: nn.MultiheadAttention(4, 2, batch_first=1), TypeError,
     "MultiheadAttention batch_first"),
    (lambda: nn.MultiheadAttention(4, 2, add_bias_kv=None), TypeError,
     "MultiheadAttention add_bias_kv"),
    (lambda: nn.TransformerEncoderLayer(4, 3), ValueError,
     r"TransformerEncoderLayer d_model: expected a multiple of nhead \(3\)"),
    (lambda: nn.TransformerEncoderLayer(4, 2, 0), ValueError,
     "TransformerEncoderLayer dim_feedforward"),
    (lambda: nn.TransformerEncoderLayer(4, 2, layer_norm_eps=0), ValueError,
     "TransformerEncoderLayer layer_norm_eps"),
    (lambda: nn.TransformerDecoderLayer(4, 2, dropout=None), TypeError,
     "TransformerDecoderLayer dropout"),
    (lambda: nn.TransformerDecoderLayer(4, 2, activation="tanh"), ValueError,
     "TransformerDecoderLayer activation: expected 'relu', 'gelu'"),
    (lambda: nn.TransformerDecoderLayer(4, 2, norm_first="no"), TypeError,
     "TransformerDecoderLayer norm_first"),
    (lambda: nn.TransformerEncoder(nn.TransformerDecoderLayer(4, 2), 1), TypeError,
     "TransformerEncoder encoder_layer: expected a TransformerEncoderLayer"),
    (lambda: nn.TransformerDecoder(nn.TransformerDecoderLayer(4, 2), -1), TypeError,
     "TransformerDecoder num_layers"),
    (lambda: nn.TransformerDecoder(nn.TransformerDecoderLayer(4, 2), 1, norm="layer"),
     TypeError, "TransformerDecoder norm"),
    (lambda: nn.Transformer(4, 2, custom_decoder=3), TypeError, "Transformer custom_decoder"),
    (lambda: nn.Transformer(6, 4), ValueError, "TransformerEncoderLayer d_model"),
])
def test_bad_constructor_argument_names_the_cell(build, error, match):
    with pytest.raises(error, match=match):
        build()


MHA = nn.MultiheadAttention(4, 2)
ENC = nn.TransformerEncoderLayer(4, 2, 8)
DEC = nn.TransformerDecoderLayer(4, 2, 8)
STACK = nn.TransformerEncoder(ENC, 2)
DEC_STACK = nn.TransformerDecoder(DEC, 1)
MODEL = nn.Transformer(4, 2, 1, 1, 8)
Q, K = _t(3, 2, 4), _t(5, 2, 4)


@pytest.mark.parametrize("call, error, match", [
    (lambda: MHA(Q, K, K, attn_mask=_t(3, 4)), ValueError,
     r"MultiheadAttention attn_mask: expected \(3, 5\) or \(4, 3, 5\), got shape \(3, 4\)"),
    (lambda: MHA(Q, K, K, attn_mask=_t(3, 5, dtype=onp.int32)), ValueError,
     "MultiheadAttention attn_mask: expected a bool or float Tensor, got dtype int32"),
    (lambda: MHA(Q, K, K, key_padding_mask=_t(5, 2, dtype=bool)), ValueError,
     r"MultiheadAttention key_padding_mask: expected \(2, 5\)"),
    (lambda: MHA(Q, K, K, key_padding_mask=_t(2, 5, dtype=onp.int64)), ValueError,
     "MultiheadAttention key_padding_mask: expected a bool or float"),
    (lambda: MHA(_t(1, 3, 2, 4), K, K), ValueError, "MultiheadAttention query"),
    (lambda: MHA(Q, _t(5, 2, 3), K), ValueError, "MultiheadAttention key"),
    (lambda: MHA(Q, K, _t(6, 2, 4)), ValueError, "MultiheadAttention value"),
    (lambda: MHA(Q, _t(5, 3, 4), _t(5, 3, 4)), ValueError,
     "MultiheadAttention key: expected the query's batch size"),
    (lambda: MHA(_t(3, 2, 4, dtype=onp.float64), K, K), TypeError,
     "MultiheadAttention query input: expected dtype float32"),
    (lambda: MHA(_t(3, 4), _t(5, 4), _t(5, 4), key_padding_mask=_t(1, 5, dtype=bool)),
     ValueError, r"MultiheadAttention key_padding_mask: expected \(5,\)"),
    (lambda: MHA(Q, K, K, attn_mask=[[True] * 5] * 3), TypeError,
     "MultiheadAttention attn_mask: expected a Tensor or None, got list"),
    (lambda: ENC(Q, src_mask=_t(3, 4)), ValueError, "TransformerEncoderLayer src_mask"),
    (lambda: ENC(Q, src_key_padding_mask=_t(2, 3, dtype=onp.int32)), ValueError,
     "TransformerEncoderLayer src_key_padding_mask: expected a bool or float"),
    (lambda: DEC(Q, K, tgt_mask=_t(3, 5)), ValueError, "TransformerDecoderLayer tgt_mask"),
    (lambda: DEC(Q, K, memory_mask=_t(3, 3)), ValueError,
     r"TransformerDecoderLayer memory_mask: expected \(3, 5\)"),
    (lambda: DEC(Q, K, memory_key_padding_mask=_t(2, 3, dtype=bool)), ValueError,
     "TransformerDecoderLayer memory_key_padding_mask"),
    (lambda: DEC(Q, K, tgt_key_padding_mask=_t(3, 2, dtype=bool)), ValueError,
     "TransformerDecoderLayer tgt_key_padding_mask"),
    (lambda: STACK(Q, src_key_padding_mask=_t(2, 4, dtype=bool)), ValueError,
     "TransformerEncoder src_key_padding_mask"),
    (lambda: DEC_STACK(Q, K, memory_mask=_t(3, 5, dtype=onp.int8)), ValueError,
     "TransformerDecoder memory_mask"),
    (lambda: MODEL(K, _t(3, 2, 6)), ValueError,
     r"Transformer tgt: expected a last dimension of d_model \(4\)"),
    (lambda: MODEL(K, _t(3, 1, 4)), ValueError, "Transformer tgt: expected the batch size"),
    (lambda: MODEL(K, Q, tgt_mask=_t(5, 5)), ValueError, "TransformerDecoder tgt_mask"),
])
def test_bad_call_names_the_cell_and_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
