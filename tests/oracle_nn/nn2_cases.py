"""The 3-d layers, FTRL runs, loss-scale training steps and WithEvalCell recorded from
MindSpore 2.10 (``make_nn2_fixture.py``) and replayed in ``tests/test_cell_oracle_nn2.py``.
Plain data only (``build_opt_net`` comes from ``nn_cases``): both sides import it.

A case: (id, class name, constructor kwargs, training?, inputs); an input is (shape, dtype).
"""
from nn_cases import build_opt_net  # noqa: F401  (make_nn_fixture.run_optimizers reads it)

F32 = "float32"
CASES = [
    ("c3_same", "Conv3d", {"in_channels": 2, "out_channels": 3, "kernel_size": 3},
     False, [((2, 2, 4, 5, 3), F32)]),
    ("c3_valid_bias_stride", "Conv3d", {"in_channels": 2, "out_channels": 2,
                                        "kernel_size": (2, 3, 2), "stride": (1, 2, 2),
                                        "pad_mode": "valid", "has_bias": True},
     False, [((1, 2, 4, 6, 5), F32)]),
    ("c3_pad6", "Conv3d", {"in_channels": 1, "out_channels": 2, "kernel_size": 2,
                           "pad_mode": "pad", "padding": (1, 0, 0, 1, 1, 1)},
     False, [((1, 1, 3, 3, 3), F32)]),
    ("c3_pad_dil", "Conv3d", {"in_channels": 2, "out_channels": 2, "kernel_size": 2,
                              "pad_mode": "pad", "padding": 1, "dilation": 2},
     False, [((1, 2, 4, 4, 4), F32)]),
    ("c3_same_stride", "Conv3d", {"in_channels": 1, "out_channels": 2, "kernel_size": 2,
                                  "stride": 2, "has_bias": True}, False, [((1, 1, 3, 5, 4), F32)]),
    ("c3_group", "Conv3d", {"in_channels": 4, "out_channels": 2, "kernel_size": 1,
                            "group": 2}, False, [((1, 4, 2, 2, 3), F32)]),
    ("bn3_train", "BatchNorm3d", {"num_features": 3}, True, [((2, 3, 2, 3, 2), F32)]),
    ("bn3_eval", "BatchNorm3d", {"num_features": 2, "momentum": 0.7}, False,
     [((2, 2, 3, 2, 2), F32)]),
    ("bn3_noaffine", "BatchNorm3d", {"num_features": 2, "affine": False, "eps": 1e-3}, True,
     [((3, 2, 2, 2, 2), F32)]),
    ("mp3", "MaxPool3d", {"kernel_size": 2, "stride": 2}, False, [((2, 2, 4, 4, 4), F32)]),
    ("mp3_same", "MaxPool3d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"}, False,
     [((1, 2, 5, 4, 3), F32)]),
    ("mp3_pad", "MaxPool3d", {"kernel_size": 3, "stride": 1, "pad_mode": "pad", "padding": 1},
     False, [((1, 1, 3, 4, 3), F32)]),
    ("mp3_rank4", "MaxPool3d", {"kernel_size": (1, 2, 2), "stride": (1, 1, 2)}, False,
     [((2, 3, 4, 4), F32)]),
    ("ap3", "AvgPool3d", {"kernel_size": 2, "stride": 2}, False, [((1, 2, 4, 4, 4), F32)]),
    ("ap3_same", "AvgPool3d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"}, False,
     [((1, 2, 5, 4, 3), F32)]),
    ("ap3_pad", "AvgPool3d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad", "padding": 1},
     False, [((1, 1, 5, 4, 3), F32)]),
    ("ap3_pad_nocount", "AvgPool3d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                      "padding": 1, "count_include_pad": False},
     False, [((1, 1, 5, 4, 3), F32)]),
    ("ap3_divisor", "AvgPool3d", {"kernel_size": 2, "stride": 1, "divisor_override": 3},
     False, [((1, 2, 3, 3, 3), F32)]),
    ("ap3_rank4", "AvgPool3d", {"kernel_size": (2, 1, 2), "stride": 1}, False,
     [((2, 3, 3, 4), F32)]),
]

# FTRL runs, as nn_cases.OPTIMIZERS (three TrainOneStepCell steps on a Dense(3, 2))
OPTIMIZERS = [
    ("ftrl", "FTRL", {}),
    ("ftrl_lr", "FTRL", {"learning_rate": 0.1, "initial_accum": 0.5}),
    ("ftrl_l1l2", "FTRL", {"learning_rate": 0.2, "l1": 0.05, "l2": 0.1}),
    ("ftrl_l2", "FTRL", {"learning_rate": 0.2, "l2": 0.1}),
    ("ftrl_power", "FTRL", {"learning_rate": 0.1, "lr_power": -0.3, "l1": 0.01}),
    ("ftrl_power0", "FTRL", {"learning_rate": 0.1, "lr_power": 0.0}),
    ("ftrl_decay_scale", "FTRL", {"learning_rate": 0.1, "weight_decay": 0.1,
                                  "loss_scale": 4.0}),
    ("ftrl_bn", "FTRL", {"learning_rate": 0.1, "weight_decay": 0.2, "net": "dense_bn"}),
]

# loss-scale runs: (id, scale_sense, optimizer, optimizer kwargs); a scale_sense is
# ('dynamic', value, factor, window), ('fixed', value) or ('tensor', value, shape).
# Each run takes STEP_INPUTS: 'ok' a finite batch, 'inf' one whose gradients overflow.
STEP_INPUTS = ["ok", "inf", "ok", "ok", "ok", "nan", "ok", "ok"]
SCALE_RUNS = [
    ("dynamic", ("dynamic", 1024.0, 2, 2), "Momentum", {"learning_rate": 0.1, "momentum": 0.9}),
    ("dynamic_window1", ("dynamic", 4.0, 4, 1), "SGD", {"learning_rate": 0.05}),
    ("dynamic_floor", ("dynamic", 2.0, 4, 3), "SGD", {"learning_rate": 0.05}),
    ("fixed", ("fixed", 128.0), "Momentum", {"learning_rate": 0.1, "momentum": 0.9}),
    ("tensor", ("tensor", 8.0, ()), "Adam", {"learning_rate": 0.01}),
    ("tensor_1", ("tensor", 16.0, (1,)), "SGD", {"learning_rate": 0.05}),
]

# WithEvalCell: (id, add_cast_fp32, label dtype)
EVALS = [("eval", False, "float32"), ("eval_cast", True, "float16"),
         ("eval_cast32", True, "float32")]

BAD_TYPES = [
    ("conv3_kernel_str", "Conv3d", (1, 1, "3"), {}),
    ("conv3_kernel_zero", "Conv3d", (1, 1, 0), {}),
    ("conv3_pad_mode", "Conv3d", (1, 1, 3), {"pad_mode": "full"}),
    ("conv3_padding_tuple4", "Conv3d", (1, 1, 3), {"pad_mode": "pad", "padding": (1, 1, 1, 1)}),
    ("conv3_format", "Conv3d", (1, 1, 3), {"data_format": "NDHWC"}),
    ("bn3_features", "BatchNorm3d", (0,), {}),
    ("bn3_momentum", "BatchNorm3d", (2,), {"momentum": 2.0}),
    ("mp3_kernel", "MaxPool3d", (), {"kernel_size": 0}),
    ("mp3_kernel_float", "MaxPool3d", (), {"kernel_size": 2.0}),
    ("ap3_pad_mode", "AvgPool3d", (), {"kernel_size": 2, "pad_mode": "full"}),
    ("ap3_stride", "AvgPool3d", (), {"kernel_size": 2, "stride": (1, 1)}),
    ("fixed_scale_ok", "FixedLossScaleUpdateCell", (2.0,), {}),
]
# bad optimizer arguments: (id, kwargs) for FTRL(Dense(3, 2).trainable_params(), ...)
BAD_FTRL = [
    ("ftrl_power_pos", {"lr_power": 0.5}),
    ("ftrl_l1_int", {"l1": 1}),
    ("ftrl_accum_neg", {"initial_accum": -1.0}),
    ("ftrl_lr_int", {"learning_rate": 1}),
    ("ftrl_l2_neg", {"l2": -0.1}),
    ("ftrl_locking", {"use_locking": 1}),
    ("ftrl_lr_list", {"learning_rate": [0.1, 0.2]}),
]

SIGNATURE_CELLS = ["Conv3d", "BatchNorm3d", "MaxPool3d", "AvgPool3d", "FTRL", "WithEvalCell",
                   "TrainOneStepWithLossScaleCell", "FixedLossScaleUpdateCell",
                   "DynamicLossScaleUpdateCell"]
