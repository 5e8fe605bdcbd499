"""``mint.nn`` Cells and ``mint.nn.functional`` functions recorded from MindSpore 2.10
(``make_mintnn_fixture.py``) and replayed in ``tests/test_cell_oracle_mintnn.py``. Plain
data only: both sides import it.

A case: (id, name, kwargs, training?, inputs); the name is a ``mint.nn`` Cell, or
``F.<function>`` for a ``mint.nn.functional`` function called as ``fn(*inputs, **kwargs)``.
An input is (shape, dtype) for seeded normal floats or ('ints', shape, high).
"""
import numpy as onp

F32 = "float32"
X4 = ((2, 3, 4, 4), F32)
X3 = ((2, 3, 5), F32)
M = ((2, 3), F32)

CELLS = [
    ("linear", "Linear", {"in_features": 3, "out_features": 2}, False, [((4, 3), F32)]),
    ("conv1d", "Conv1d", {"in_channels": 3, "out_channels": 2, "kernel_size": 3,
                          "padding": 1}, False, [X3]),
    ("conv2d", "Conv2d", {"in_channels": 3, "out_channels": 4, "kernel_size": 3,
                          "stride": 2, "padding": 1}, False, [X4]),
    ("conv2d_groups", "Conv2d", {"in_channels": 4, "out_channels": 2, "kernel_size": 2,
                                 "groups": 2, "bias": False}, False, [((1, 4, 3, 3), F32)]),
    ("conv2d_same", "Conv2d", {"in_channels": 3, "out_channels": 2, "kernel_size": 3,
                               "padding": "same"}, False, [X4]),
    ("conv3d", "Conv3d", {"in_channels": 2, "out_channels": 2, "kernel_size": 2}, False,
     [((1, 2, 3, 3, 3), F32)]),
    ("convt2d", "ConvTranspose2d", {"in_channels": 3, "out_channels": 2, "kernel_size": 3,
                                    "stride": 2, "padding": 1, "output_padding": 1}, False,
     [X4]),
    ("bn1d_eval", "BatchNorm1d", {"num_features": 3}, False, [M]),
    ("bn2d_train", "BatchNorm2d", {"num_features": 3}, True, [X4]),
    ("bn3d_noaffine", "BatchNorm3d", {"num_features": 2, "affine": False}, False,
     [((1, 2, 2, 2, 2), F32)]),
    ("groupnorm", "GroupNorm", {"num_groups": 2, "num_channels": 4}, False,
     [((2, 4, 3), F32)]),
    ("layernorm", "LayerNorm", {"normalized_shape": 5}, False, [X3]),
    ("layernorm_nobias", "LayerNorm", {"normalized_shape": (3, 5), "bias": False}, False, [X3]),
    ("embedding", "Embedding", {"num_embeddings": 5, "embedding_dim": 3}, False,
     [("ints", (2, 3), 5)]),
    ("prelu", "PReLU", {}, False, [M]),
    ("prelu_channels", "PReLU", {"num_parameters": 3}, False, [X4]),
    ("relu", "ReLU", {}, False, [M]),
    ("relu6", "ReLU6", {}, False, [M]),
    ("elu", "ELU", {"alpha": 0.5}, False, [M]),
    ("gelu", "GELU", {}, False, [M]),
    ("gelu_tanh", "GELU", {"approximate": "tanh"}, False, [M]),
    ("glu", "GLU", {}, False, [((2, 4), F32)]),
    ("hardshrink", "Hardshrink", {"lambd": 0.3}, False, [M]),
    ("hardsigmoid", "Hardsigmoid", {}, False, [M]),
    ("hardswish", "Hardswish", {}, False, [M]),
    ("hardtanh", "Hardtanh", {"min_val": -0.5, "max_val": 0.5}, False, [M]),
    ("logsigmoid", "LogSigmoid", {}, False, [M]),
    ("logsoftmax", "LogSoftmax", {"dim": 1}, False, [M]),
    ("mish", "Mish", {}, False, [M]),
    ("selu", "SELU", {}, False, [M]),
    ("silu", "SiLU", {}, False, [M]),
    ("sigmoid", "Sigmoid", {}, False, [M]),
    ("softmax", "Softmax", {"dim": -1}, False, [M]),
    ("softmax_none", "Softmax", {}, False, [X3]),
    ("softshrink", "Softshrink", {}, False, [M]),
    ("tanh", "Tanh", {}, False, [M]),
    ("threshold", "Threshold", {"threshold": 0.1, "value": 2.0}, False, [M]),
    ("adaptiveavg1d", "AdaptiveAvgPool1d", {"output_size": 2}, False, [X3]),
    ("adaptiveavg2d", "AdaptiveAvgPool2d", {"output_size": (2, 3)}, False, [X4]),
    ("adaptiveavg3d", "AdaptiveAvgPool3d", {"output_size": 2}, False, [((1, 2, 3, 3, 3), F32)]),
    ("adaptivemax1d", "AdaptiveMaxPool1d", {"output_size": 2}, False, [X3]),
    ("adaptivemax2d", "AdaptiveMaxPool2d", {"output_size": 2}, False, [X4]),
    ("avgpool1d", "AvgPool1d", {"kernel_size": 2}, False, [X3]),
    ("avgpool2d", "AvgPool2d", {"kernel_size": 2, "stride": 1, "padding": 1}, False, [X4]),
    ("avgpool2d_div", "AvgPool2d", {"kernel_size": 2, "divisor_override": 3}, False, [X4]),
    ("avgpool3d", "AvgPool3d", {"kernel_size": 2}, False, [((1, 2, 2, 4, 4), F32)]),
    ("maxpool2d", "MaxPool2d", {"kernel_size": 2}, False, [X4]),
    ("maxpool2d_pad", "MaxPool2d", {"kernel_size": 3, "stride": 2, "padding": 1}, False, [X4]),
    ("constpad1d", "ConstantPad1d", {"padding": (1, 2), "value": 0.5}, False, [X3]),
    ("constpad2d", "ConstantPad2d", {"padding": 1, "value": -1.0}, False, [X4]),
    ("constpad3d", "ConstantPad3d", {"padding": (1, 0, 0, 1, 1, 0), "value": 2.0}, False,
     [((1, 2, 2, 2, 2), F32)]),
    ("zeropad1d", "ZeroPad1d", {"padding": 2}, False, [X3]),
    ("zeropad2d", "ZeroPad2d", {"padding": (1, 0, 2, 1)}, False, [X4]),
    ("zeropad3d", "ZeroPad3d", {"padding": 1}, False, [((1, 1, 2, 2, 2), F32)]),
    ("reflpad1d", "ReflectionPad1d", {"padding": (2, 1)}, False, [X3]),
    ("reflpad2d", "ReflectionPad2d", {"padding": 1}, False, [X4]),
    ("reflpad3d", "ReflectionPad3d", {"padding": 1}, False, [((1, 1, 3, 3, 3), F32)]),
    ("replpad1d", "ReplicationPad1d", {"padding": (2, 1)}, False, [X3]),
    ("replpad2d", "ReplicationPad2d", {"padding": (1, 2, 0, 1)}, False, [X4]),
    ("replpad3d", "ReplicationPad3d", {"padding": 1}, False, [((1, 1, 2, 2, 2), F32)]),
    ("dropout_eval", "Dropout", {}, False, [M]),
    ("dropout2d_eval", "Dropout2d", {}, False, [X4]),
    ("flatten", "Flatten", {}, False, [X4]),
    ("flatten_dims", "Flatten", {"start_dim": 0, "end_dim": 1}, False, [X4]),
    ("fold", "Fold", {"output_size": (3, 3), "kernel_size": 2}, False, [((1, 8, 4), F32)]),
    ("unfold", "Unfold", {"kernel_size": 2, "stride": 2}, False, [X4]),
    ("pixelshuffle", "PixelShuffle", {"upscale_factor": 2}, False, [((1, 8, 2, 2), F32)]),
    ("upsample_nearest", "Upsample", {"scale_factor": 2.0}, False, [X4]),
    ("upsample_bilinear", "Upsample", {"size": (6, 5), "mode": "bilinear"}, False, [X4]),
    ("upnearest2d", "UpsamplingNearest2d", {"size": (5, 6)}, False, [X4]),
    ("upbilinear2d", "UpsamplingBilinear2d", {"scale_factor": 2.0}, False, [X4]),
    ("identity", "Identity", {}, False, [M]),
    ("l1loss", "L1Loss", {}, False, [M, M]),
    ("mseloss_sum", "MSELoss", {"reduction": "sum"}, False, [M, M]),
    ("smoothl1", "SmoothL1Loss", {"beta": 0.5}, False, [M, M]),
    ("softmargin", "SoftMarginLoss", {}, False, [M, M]),
    ("kldiv", "KLDivLoss", {"reduction": "batchmean"}, False, [M, M]),
    ("nllloss", "NLLLoss", {}, False, [M, ("ints", (2,), 3)]),
    ("crossentropy", "CrossEntropyLoss", {}, False, [M, ("ints", (2,), 3)]),
    ("crossentropy_smooth", "CrossEntropyLoss", {"label_smoothing": 0.2}, False,
     [M, ("ints", (2,), 3)]),
    ("bcewithlogits", "BCEWithLogitsLoss", {}, False, [M, ("probs", (2, 3))]),
    ("bceloss", "BCELoss", {"reduction": "sum"}, False, [("probs", (2, 3)),
                                                         ("probs", (2, 3))]),
    ("cosineembedding", "CosineEmbeddingLoss", {"margin": 0.1}, False,
     [M, M, ("sign", (2,))]),
]

FUNCTIONS = [
    ("f_linear", "F.linear", {}, False, [M, ((4, 3), F32), ((4,), F32)]),
    ("f_conv2d", "F.conv2d", {"padding": 1}, False, [X4, ((2, 3, 3, 3), F32)]),
    ("f_conv1d", "F.conv1d", {"stride": 2}, False, [X3, ((2, 3, 2), F32)]),
    ("f_convt2d", "F.conv_transpose2d", {"stride": 2}, False, [X4, ((3, 2, 2, 2), F32)]),
    ("f_softmax", "F.softmax", {"dim": 0}, False, [M]),
    ("f_log_softmax", "F.log_softmax", {"dim": 1}, False, [M]),
    ("f_leaky_relu", "F.leaky_relu", {}, False, [M]),
    ("f_softplus", "F.softplus", {"beta": 2}, False, [M]),
    ("f_layer_norm", "F.layer_norm", {"normalized_shape": (3,)}, False, [M]),
    ("f_group_norm", "F.group_norm", {"num_groups": 3}, False, [X3]),
    ("f_normalize", "F.normalize", {}, False, [M]),
    ("f_pad_reflect", "F.pad", {"pad": (1, 1), "mode": "reflect"}, False, [X3]),
    ("f_interpolate", "F.interpolate", {"size": (3, 6), "mode": "bilinear",
                                        "align_corners": True}, False, [X4]),
    ("f_grid_sample", "F.grid_sample", {"align_corners": False}, False,
     [X4, ("uniform", (2, 3, 2, 2))]),
    ("f_kl_div", "F.kl_div", {"reduction": "sum"}, False, [M, ("probs", (2, 3))]),
    ("f_bce", "F.binary_cross_entropy", {}, False, [("probs", (2, 3)), ("probs", (2, 3))]),
    ("f_embedding", "F.embedding", {"padding_idx": 1}, False, [("ints", (4,), 3),
                                                               ((3, 2), F32)]),
    ("f_one_hot", "F.one_hot", {"num_classes": 4}, False, [("ints", (3,), 4)]),
    ("f_norm_ext", "F.norm_ext", {}, False, [M]),
    ("f_flatten", "F.flatten", {}, False, [X3]),
    ("f_max_pool2d", "F.max_pool2d", {"kernel_size": 2}, False, [X4]),
    ("f_avg_pool1d", "F.avg_pool1d", {"kernel_size": 3, "stride": 2}, False, [X3]),
    ("f_batch_norm", "F.batch_norm", {}, False, [M, ((3,), F32), ("probs", (3,))]),
    ("f_dropout_eval", "F.dropout", {"training": False}, False, [M]),
    ("f_threshold", "F.threshold", {"threshold": 0.0, "value": -1.0}, False, [M]),
    ("f_hardtanh", "F.hardtanh", {}, False, [M]),
    ("f_elu", "F.elu", {"alpha": 2.0}, False, [M]),
    ("f_silu", "F.silu", {}, False, [M]),
    ("f_relu6", "F.relu6", {}, False, [M]),
    ("f_cross_entropy", "F.cross_entropy", {"reduction": "sum"}, False,
     [M, ("ints", (2,), 3)]),
    ("f_smooth_l1", "F.smooth_l1_loss", {"reduction": "none"}, False, [M, M]),
]
CASES = CELLS + FUNCTIONS

# (id, Cell, args, kwargs): a bad constructor argument; the exception class is recorded
BAD_TYPES = [
    ("linear_in_str", "Linear", ("3", 2), {}),
    ("conv2d_groups", "Conv2d", (3, 4, 3), {"groups": 2}),
    ("bn_momentum_str", "BatchNorm2d", (3,), {"momentum": "a"}),
    ("groupnorm_divides", "GroupNorm", (3, 4), {}),
    ("embedding_padding_idx", "Embedding", (3, 2), {"padding_idx": 5}),
    ("crossentropy_reduction", "CrossEntropyLoss", (), {"reduction": "avg"}),
    ("pad_tuple_len", "ZeroPad2d", ((1, 2, 3),), {}),
    ("pixelshuffle_str", "PixelShuffle", ("2",), {}),
    ("gelu_approx", "GELU", (), {"approximate": "fast"}),
]
SIGNATURE_CELLS = sorted({case[1] for case in CELLS})


def make_input(spec, rng):
    """A case's input from its spec, drawn from ``rng`` (both sides draw the same)."""
    if spec[0] == "ints":
        return rng.integers(0, spec[2], spec[1]).astype(onp.int64)
    if spec[0] == "probs":
        return (rng.random(spec[1]) * 0.8 + 0.1).astype(onp.float32)
    if spec[0] == "uniform":
        return rng.uniform(-1.1, 1.1, spec[1]).astype(onp.float32)
    if spec[0] == "sign":
        return onp.where(rng.random(spec[1]) > 0.5, 1, -1).astype(onp.int64)
    return rng.standard_normal(spec[0]).astype(spec[1])
