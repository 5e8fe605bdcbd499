"""MultiheadAttention and the Transformer Cells recorded from MindSpore 2.10
(``make_attn_fixture.py``) and replayed in ``tests/test_cell_oracle_attn.py``. Plain data
and small builders that take the ``nn``/``ops``/``Cell`` namespace: both sides import it.

A case: (id, class name, constructor kwargs, input shapes, positional, masks, flags). The
Cell is called with ``inputs[i] for i in positional``, then the masks and flags as keyword
arguments. A mask is (kind, shape): "bool" (True at random, never a whole row), "causal"
(True above the diagonal), "uint8" (causal, as uint8) or "float" (normal values). All
cases run in eval mode with dropout 0, so the outputs are deterministic.
"""
L, S, N, E, H = 3, 4, 2, 4, 2  # query length, key length, batch, embed_dim, heads
MHA = {"embed_dim": E, "num_heads": H}
LAYER = {"d_model": E, "nhead": H, "dim_feedforward": 8, "dropout": 0.0}
QKV = [(L, N, E), (S, N, E), (S, N, E)]


def _mha(case_id, shapes=None, positional=(0, 1, 2), masks=None, flags=None, **kwargs):
    return (case_id, "MultiheadAttention", dict(MHA, **kwargs), shapes or QKV,
            list(positional), masks or {}, flags or {})


MHA_CASES = [
    _mha("mha_self", [(L, N, E)], (0, 0, 0)),
    _mha("mha_qkv"),
    _mha("mha_kdim_vdim", [(L, N, E), (S, N, 3), (S, N, 5)], kdim=3, vdim=5),
    _mha("mha_batch_first", [(N, L, E), (N, S, E), (N, S, E)], batch_first=True,
         masks={"key_padding_mask": ("bool", (N, S))}),
    _mha("mha_bool_mask", masks={"attn_mask": ("bool", (L, S))}),
    _mha("mha_causal_self", [(L, N, E)], (0, 0, 0), masks={"attn_mask": ("causal", (L, L))}),
    _mha("mha_uint8_mask", [(L, N, E)], (0, 0, 0), masks={"attn_mask": ("uint8", (L, L))}),
    _mha("mha_float_mask", masks={"attn_mask": ("float", (L, S))}),
    _mha("mha_float_mask_3d", masks={"attn_mask": ("float", (N * H, L, S))}),
    _mha("mha_kpm_bool", masks={"key_padding_mask": ("bool", (N, S))}),
    _mha("mha_kpm_float", masks={"key_padding_mask": ("float", (N, S))}),
    _mha("mha_both_bool", masks={"attn_mask": ("bool", (L, S)),
                                 "key_padding_mask": ("bool", (N, S))}),
    _mha("mha_both_float", masks={"attn_mask": ("float", (N * H, L, S)),
                                  "key_padding_mask": ("float", (N, S))}),
    _mha("mha_mixed_masks", masks={"attn_mask": ("float", (L, S)),
                                   "key_padding_mask": ("bool", (N, S))}),
    _mha("mha_per_head_weights", flags={"average_attn_weights": False}),
    _mha("mha_no_weights", flags={"need_weights": False}),
    _mha("mha_no_bias", has_bias=False),
    _mha("mha_bias_kv", add_bias_kv=True, masks={"attn_mask": ("bool", (L, S)),
                                                 "key_padding_mask": ("bool", (N, S))}),
    _mha("mha_zero_attn", add_zero_attn=True, masks={"attn_mask": ("bool", (L, S)),
                                                     "key_padding_mask": ("bool", (N, S))}),
    _mha("mha_zero_attn_float", add_zero_attn=True, masks={"attn_mask": ("float", (L, S)),
                                                           "key_padding_mask": ("float", (N, S))}),
    _mha("mha_everything", [(N, L, E), (N, S, 3), (N, S, 5)], kdim=3, vdim=5,
         add_bias_kv=True, add_zero_attn=True, batch_first=True,
         masks={"attn_mask": ("float", (N * H, L, S)), "key_padding_mask": ("float", (N, S))},
         flags={"average_attn_weights": False}),
    _mha("mha_unbatched", [(L, E), (S, E), (S, E)],
         masks={"attn_mask": ("bool", (L, S)), "key_padding_mask": ("bool", (S,))}),
]

ENC_MASKS = {"src_mask": ("causal", (L, L)), "src_key_padding_mask": ("bool", (N, L))}
DEC_MASKS = {"tgt_mask": ("causal", (L, L)), "memory_mask": ("bool", (L, S)),
             "tgt_key_padding_mask": ("bool", (N, L)),
             "memory_key_padding_mask": ("bool", (N, S))}
LAYER_CASES = [
    ("enc", "TransformerEncoderLayer", LAYER, [(L, N, E)], [0], {}, {}),
    ("enc_gelu_norm_first", "TransformerEncoderLayer",
     dict(LAYER, activation="gelu", norm_first=True), [(L, N, E)], [0], ENC_MASKS, {}),
    ("enc_batch_first_ops_gelu", "TransformerEncoderLayer",
     dict(LAYER, activation=("ops", "gelu"), batch_first=True, layer_norm_eps=1e-3),
     [(N, L, E)], [0], ENC_MASKS, {}),
    ("enc_unbatched", "TransformerEncoderLayer", LAYER, [(L, E)], [0],
     {"src_mask": ("float", (L, L))}, {}),
    ("dec", "TransformerDecoderLayer", LAYER, [(L, N, E), (S, N, E)], [0, 1], {}, {}),
    ("dec_masks_norm_first", "TransformerDecoderLayer", dict(LAYER, norm_first=True),
     [(L, N, E), (S, N, E)], [0, 1], DEC_MASKS, {}),
    ("dec_batch_first_gelu", "TransformerDecoderLayer",
     dict(LAYER, activation="gelu", batch_first=True), [(N, L, E), (N, S, E)], [0, 1],
     DEC_MASKS, {}),
    ("encoder_stack", "TransformerEncoder", {"layer": LAYER, "num_layers": 2, "norm": True},
     [(L, N, E)], [0], ENC_MASKS, {}),
    ("encoder_no_norm", "TransformerEncoder",
     {"layer": dict(LAYER, norm_first=True), "num_layers": 2}, [(L, N, E)], [0], {}, {}),
    ("decoder_stack", "TransformerDecoder", {"layer": LAYER, "num_layers": 2, "norm": True},
     [(L, N, E), (S, N, E)], [0, 1], DEC_MASKS, {}),
    ("transformer", "Transformer", dict(LAYER, num_encoder_layers=1, num_decoder_layers=1),
     [(S, N, E), (L, N, E)], [0, 1], {}, {}),
    ("transformer_masks", "Transformer",
     dict(LAYER, num_encoder_layers=2, num_decoder_layers=1, batch_first=True,
          norm_first=True),
     [(N, S, E), (N, L, E)], [0, 1],
     {"src_mask": ("bool", (S, S)), "tgt_mask": ("causal", (L, L)),
      "memory_mask": ("bool", (L, S)), "src_key_padding_mask": ("bool", (N, S)),
      "tgt_key_padding_mask": ("bool", (N, L)), "memory_key_padding_mask": ("bool", (N, S))},
     {}),
]
CASES = MHA_CASES + LAYER_CASES

# Bad constructor arguments: (id, class name, args, kwargs); the exception class is recorded.
BAD_TYPES = [
    ("mha_embed_not_divisible", "MultiheadAttention", (5, 2), {}),
    ("mha_heads_zero", "MultiheadAttention", (4, 0), {}),
    ("mha_embed_float", "MultiheadAttention", (4.0, 2), {}),
    ("mha_dropout_two", "MultiheadAttention", (4, 2), {"dropout": 2.0}),
    ("enc_activation_tanh", "TransformerEncoderLayer", (4, 2), {"activation": "tanh"}),
    ("enc_activation_tanh_cell", "TransformerEncoderLayer", (4, 2),
     {"activation": ("nn", "Tanh")}),
    ("enc_activation_ops_tanh", "TransformerEncoderLayer", (4, 2),
     {"activation": ("ops", "tanh")}),
    ("enc_activation_int", "TransformerEncoderLayer", (4, 2), {"activation": 5}),
    ("enc_activation_relu_cell", "TransformerEncoderLayer", (4, 2),
     {"activation": ("nn", "ReLU")}),
    ("enc_not_divisible", "TransformerEncoderLayer", (5, 2), {}),
    ("enc_dropout_one", "TransformerEncoderLayer", (4, 2), {"dropout": 1.0}),
    ("dec_dropout_negative", "TransformerDecoderLayer", (4, 2), {"dropout": -0.1}),
    ("dec_activation_gelu_cell", "TransformerDecoderLayer", (4, 2),
     {"activation": ("nn", "GELU")}),
    ("transformer_not_divisible", "Transformer", (6, 4), {}),
]
SIGNATURE_CELLS = ["MultiheadAttention", "TransformerEncoderLayer", "TransformerDecoderLayer",
                   "TransformerEncoder", "TransformerDecoder", "Transformer"]


# ---- building the recorded Cells (both sides use these) ----
def resolved(kwargs, nn, ops):
    """``kwargs`` with ("ops", name) and ("nn", name) markers made into the op or a Cell."""
    def one(value):
        if isinstance(value, tuple) and value[0] == "ops":
            return getattr(ops, value[1])
        if isinstance(value, tuple) and value[0] == "nn":
            return getattr(nn, value[1])()
        return value
    return {key: one(value) for key, value in kwargs.items()}


def build(nn, ops, cls, kwargs):
    """The Cell of one case; the stacks get their layer, ``num_layers`` and a LayerNorm."""
    if cls in ("TransformerEncoder", "TransformerDecoder"):
        layer = getattr(nn, cls + "Layer")(**resolved(kwargs["layer"], nn, ops))
        dtype = {"dtype": kwargs["layer"]["dtype"]} if "dtype" in kwargs["layer"] else {}
        norm = nn.LayerNorm((kwargs["layer"]["d_model"],), **dtype) if kwargs.get("norm") \
            else None
        return getattr(nn, cls)(layer, kwargs["num_layers"], norm)
    return getattr(nn, cls)(**resolved(kwargs, nn, ops))


def calling(nn, cell, positional, extras):
    """A Cell that calls ``cell`` the recorded way (masks and flags fixed)."""
    class Call(nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)
            self.cell = cell

        def construct(self, *tensors):
            out = self.cell(*[tensors[i] for i in positional], **extras)
            return out if isinstance(out, tuple) else (out,)
    return Call()
