"""The Cells, inputs and optimizer runs recorded from MindSpore 2.10 (``make_nn_fixture.py``)
and replayed here (``tests/test_cell_oracle_nn*.py``). Plain data only: both sides import it.

A case: (id, class name, constructor kwargs, training?, inputs). An input is
(shape, dtype) for seeded floats, or ('ints', shape, high) for seeded class indices, or
('probs', shape) for rows that sum to 1.
"""
F32 = "float32"

ACTIVATIONS = [
    ("relu", "ReLU", {}, False, [((2, 3), F32)]),
    ("relu6", "ReLU6", {}, False, [((2, 3), F32)]),
    ("sigmoid", "Sigmoid", {}, False, [((2, 3), F32)]),
    ("tanh", "Tanh", {}, False, [((2, 3), F32)]),
    ("softmax", "Softmax", {}, False, [((2, 3), F32)]),
    ("softmax_axis0", "Softmax", {"axis": 0}, False, [((2, 3), F32)]),
    ("logsoftmax", "LogSoftmax", {}, False, [((2, 3), F32)]),
    ("logsoftmax_axis0", "LogSoftmax", {"axis": 0}, False, [((3, 2), F32)]),
    ("flatten", "Flatten", {}, False, [((2, 3, 2), F32)]),
    ("flatten_0_1", "Flatten", {"start_dim": 0, "end_dim": 1}, False, [((2, 3, 2), F32)]),
    ("dropout_eval", "Dropout", {"p": 0.3}, False, [((2, 3), F32)]),
    ("dropout_keep_eval", "Dropout", {"keep_prob": 0.7}, False, [((2, 3), F32)]),
    ("dropout_p0_train", "Dropout", {"p": 0.0}, True, [((2, 3), F32)]),
    ("flatten_negative", "Flatten", {"start_dim": -2}, False, [((2, 3, 2, 2), F32)]),
]

LAYERS = [
    ("dense", "Dense", {"in_channels": 3, "out_channels": 2}, False, [((4, 3), F32)]),
    ("dense_nobias", "Dense", {"in_channels": 3, "out_channels": 2, "has_bias": False},
     False, [((4, 3), F32)]),
    ("dense_relu", "Dense", {"in_channels": 3, "out_channels": 2, "activation": "relu"},
     False, [((4, 3), F32)]),
    ("dense_3d", "Dense", {"in_channels": 3, "out_channels": 2, "activation": "tanh"},
     False, [((2, 2, 3), F32)]),
    ("conv_same", "Conv2d", {"in_channels": 2, "out_channels": 3, "kernel_size": 3},
     False, [((1, 2, 5, 5), F32)]),
    ("conv_valid_bias", "Conv2d", {"in_channels": 2, "out_channels": 3, "kernel_size": 3,
                                   "pad_mode": "valid", "has_bias": True},
     False, [((2, 2, 5, 4), F32)]),
    ("conv_pad_stride", "Conv2d", {"in_channels": 2, "out_channels": 2, "kernel_size": (3, 2),
                                   "stride": 2, "pad_mode": "pad", "padding": 1},
     False, [((1, 2, 6, 5), F32)]),
    ("conv_pad4", "Conv2d", {"in_channels": 1, "out_channels": 2, "kernel_size": 2,
                             "pad_mode": "pad", "padding": (1, 0, 2, 1)},
     False, [((1, 1, 4, 4), F32)]),
    ("conv_same_stride2", "Conv2d", {"in_channels": 2, "out_channels": 2, "kernel_size": 3,
                                     "stride": 2}, False, [((1, 2, 6, 7), F32)]),
    ("conv_dilation", "Conv2d", {"in_channels": 2, "out_channels": 2, "kernel_size": 2,
                                 "dilation": 2, "pad_mode": "valid"},
     False, [((1, 2, 6, 6), F32)]),
    ("conv_dilation_same", "Conv2d", {"in_channels": 2, "out_channels": 2, "kernel_size": 3,
                                      "dilation": 2, "has_bias": True},
     False, [((1, 2, 6, 5), F32)]),
    ("conv_group", "Conv2d", {"in_channels": 4, "out_channels": 6, "kernel_size": 3,
                              "group": 2, "pad_mode": "valid"}, False, [((1, 4, 4, 4), F32)]),
    ("conv_depthwise", "Conv2d", {"in_channels": 3, "out_channels": 3, "kernel_size": 3,
                                  "group": 3, "has_bias": True}, False, [((1, 3, 4, 4), F32)]),
    ("conv_same_even", "Conv2d", {"in_channels": 1, "out_channels": 2, "kernel_size": 2,
                                  "has_bias": True}, False, [((2, 1, 3, 4), F32)]),
    ("conv_tuples", "Conv2d", {"in_channels": 2, "out_channels": 2, "kernel_size": (2, 3),
                               "stride": (1, 2), "dilation": (2, 1), "pad_mode": "valid"},
     False, [((1, 2, 5, 6), F32)]),
    ("maxpool_tuples", "MaxPool2d", {"kernel_size": (2, 3), "stride": (1, 2)}, False,
     [((1, 1, 4, 5), F32)]),
    ("avgpool_3d", "AvgPool2d", {"kernel_size": 2, "stride": 1}, False, [((2, 3, 3), F32)]),
    ("maxpool", "MaxPool2d", {"kernel_size": 2, "stride": 2}, False, [((1, 2, 4, 4), F32)]),
    ("maxpool_same", "MaxPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"},
     False, [((1, 2, 5, 5), F32)]),
    ("maxpool_pad", "MaxPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                  "padding": 1}, False, [((1, 2, 5, 4), F32)]),
    ("maxpool_3d", "MaxPool2d", {"kernel_size": 2, "stride": 1}, False, [((2, 3, 3), F32)]),
    ("avgpool", "AvgPool2d", {"kernel_size": 2, "stride": 2}, False, [((1, 2, 4, 4), F32)]),
    ("avgpool_same", "AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"},
     False, [((1, 2, 5, 5), F32)]),
    ("avgpool_pad", "AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                  "padding": 1}, False, [((1, 2, 5, 4), F32)]),
    ("avgpool_pad_nocount", "AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                          "padding": 1, "count_include_pad": False},
     False, [((1, 2, 5, 4), F32)]),
    ("bn1d_train", "BatchNorm1d", {"num_features": 3}, True, [((4, 3), F32)]),
    ("bn1d_eval", "BatchNorm1d", {"num_features": 3}, False, [((4, 3), F32)]),
    ("bn1d_train_momentum", "BatchNorm1d", {"num_features": 3, "momentum": 0.5, "eps": 0.01},
     True, [((5, 3), F32)]),
    ("bn2d_train", "BatchNorm2d", {"num_features": 2}, True, [((2, 2, 3, 3), F32)]),
    ("bn2d_eval", "BatchNorm2d", {"num_features": 2}, False, [((2, 2, 3, 3), F32)]),
    ("bn2d_noaffine", "BatchNorm2d", {"num_features": 2, "affine": False}, True,
     [((2, 2, 2, 2), F32)]),
    ("bn2d_batchstats_eval", "BatchNorm2d", {"num_features": 2, "use_batch_statistics": True},
     False, [((2, 2, 2, 2), F32)]),
    ("bn1d_3d_train", "BatchNorm1d", {"num_features": 2}, True, [((3, 2, 4), F32)]),
    ("bn2d_train_moving", "BatchNorm2d", {"num_features": 2, "use_batch_statistics": False},
     True, [((2, 2, 2, 2), F32)]),
    ("layernorm", "LayerNorm", {"normalized_shape": (4,)}, False, [((3, 4), F32)]),
    ("layernorm_2axes", "LayerNorm", {"normalized_shape": (3, 4), "begin_norm_axis": 1,
                                      "begin_params_axis": 1, "epsilon": 1e-5},
     False, [((2, 3, 4), F32)]),
    ("layernorm_norm1_params2", "LayerNorm", {"normalized_shape": (4,), "begin_norm_axis": 1,
                                              "begin_params_axis": -1},
     False, [((2, 3, 4), F32)]),
    ("embedding", "Embedding", {"vocab_size": 5, "embedding_size": 3}, False,
     [("ints", (2, 3), 5)]),
    ("embedding_pad", "Embedding", {"vocab_size": 5, "embedding_size": 2, "padding_idx": 1},
     False, [("ints", (4,), 5)]),
]

LOSSES = []
for _red in ("mean", "sum", "none"):
    for _cls in ("MSELoss", "L1Loss", "MAELoss"):
        LOSSES.append((f"{_cls.lower()}_{_red}", _cls, {"reduction": _red}, False,
                       [((2, 3), F32), ((2, 3), F32)]))
    LOSSES += [
        (f"smoothl1_{_red}", "SmoothL1Loss", {"beta": 0.5, "reduction": _red}, False,
         [((2, 3), F32), ((2, 3), F32)]),
        (f"sce_{_red}", "SoftmaxCrossEntropyWithLogits", {"reduction": _red}, False,
         [((3, 4), F32), ("probs", (3, 4))]),
        (f"sce_sparse_{_red}", "SoftmaxCrossEntropyWithLogits",
         {"sparse": True, "reduction": _red}, False, [((3, 4), F32), ("ints", (3,), 4)]),
        (f"ce_{_red}", "CrossEntropyLoss", {"reduction": _red}, False,
         [((3, 4), F32), ("ints", (3,), 4)]),
        (f"ce_probs_{_red}", "CrossEntropyLoss", {"reduction": _red}, False,
         [((3, 4), F32), ("probs", (3, 4))]),
        (f"ce_weight_{_red}", "CrossEntropyLoss",
         {"reduction": _red, "weight": [0.5, 1.0, 2.0, 1.5], "label_smoothing": 0.1},
         False, [((3, 4), F32), ("ints", (3,), 4)]),
        (f"ce_ignore_{_red}", "CrossEntropyLoss", {"reduction": _red, "ignore_index": 2},
         False, [((4, 3, 2), F32), ("ints", (4, 2), 3)]),
    ]
LOSSES += [
    ("ce_1d", "CrossEntropyLoss", {}, False, [((4,), F32), ("ints", (), 4)]),
    ("ce_ignore_weight", "CrossEntropyLoss", {"weight": [0.5, 2.0, 1.0], "ignore_index": 0},
     False, [((5, 3), F32), ("ints", (5,), 3)]),
    ("ce_probs_smooth", "CrossEntropyLoss", {"label_smoothing": 0.2, "weight": [1.0, 2.0, 3.0]},
     False, [((2, 3, 2), F32), ("probs_axis1", (2, 3, 2))]),
]
LOSSES.append(("smoothl1_default", "SmoothL1Loss", {}, False, [((2, 3), F32), ((2, 3), F32)]))

CASES = ACTIVATIONS + LAYERS + LOSSES

# Optimizer runs: Dense(3, 2) (weight, bias) + MSELoss, three TrainOneStepCell steps.
OPTIMIZERS = [
    ("sgd", "SGD", {"learning_rate": 0.1}),
    ("sgd_momentum", "SGD", {"learning_rate": 0.1, "momentum": 0.9}),
    ("sgd_dampening", "SGD", {"learning_rate": 0.1, "momentum": 0.9, "dampening": 0.3}),
    ("sgd_nesterov", "SGD", {"learning_rate": 0.05, "momentum": 0.8, "nesterov": True}),
    ("sgd_decay", "SGD", {"learning_rate": 0.1, "weight_decay": 0.1, "loss_scale": 2.0}),
    ("momentum", "Momentum", {"learning_rate": 0.1, "momentum": 0.9}),
    ("momentum_nesterov", "Momentum", {"learning_rate": 0.1, "momentum": 0.9,
                                       "use_nesterov": True, "weight_decay": 0.01}),
    ("adam", "Adam", {"learning_rate": 0.01}),
    ("adam_betas", "Adam", {"learning_rate": 0.05, "beta1": 0.5, "beta2": 0.9, "eps": 1e-6}),
    ("adam_nesterov", "Adam", {"learning_rate": 0.01, "use_nesterov": True}),
    ("adam_amsgrad", "Adam", {"learning_rate": 0.01, "use_amsgrad": True}),
    ("adam_decay", "Adam", {"learning_rate": 0.01, "weight_decay": 0.1}),
    ("sgd_lr_list", "SGD", {"learning_rate": [0.1, 0.05, 0.01]}),
    ("momentum_groups", "Momentum", {"learning_rate": 0.1, "momentum": 0.9, "groups": True}),
    ("momentum_decay", "Momentum", {"learning_rate": 0.1, "momentum": 0.9, "weight_decay": 0.01,
                                    "loss_scale": 4.0}),
    ("adam_lr_list", "Adam", {"learning_rate": [0.1, 0.01, 0.001]}),
    ("adam_groups", "Adam", {"learning_rate": 0.01, "groups": True}),
    ("sgd_bn_decay", "SGD", {"learning_rate": 0.1, "weight_decay": 0.1, "net": "dense_bn"}),
    ("adam_bn_decay", "Adam", {"learning_rate": 0.01, "weight_decay": 0.1, "net": "dense_bn"}),
]


def build_opt_net(nn, kind):
    """The network an optimizer run trains: Dense(3, 2), or Dense then BatchNorm1d."""
    if kind == "dense_bn":
        return nn.SequentialCell([nn.Dense(3, 2), nn.BatchNorm1d(2)])
    return nn.Dense(3, 2)


# Wrong argument types: (id, class name, args, kwargs); compared by exception class.
BAD_TYPES = [
    ("dense_str_in", "Dense", ("3", 2), {}),
    ("dense_float_out", "Dense", (3, 2.5), {}),
    ("dense_activation", "Dense", (3, 2), {"activation": "nope"}),
    ("conv_kernel_str", "Conv2d", (1, 1, "3"), {}),
    ("conv_pad_mode", "Conv2d", (1, 1, 3), {"pad_mode": "full"}),
    ("conv_group", "Conv2d", (3, 4, 3), {"group": 2}),
    ("maxpool_kernel", "MaxPool2d", (), {"kernel_size": 2.0}),
    ("avgpool_pad_mode", "AvgPool2d", (), {"pad_mode": "full"}),
    ("dropout_p_str", "Dropout", (), {"p": "0.5"}),
    ("dropout_p_range", "Dropout", (), {"p": 1.0}),
    ("dropout_keep_range", "Dropout", (), {"keep_prob": 0.0}),
    ("layernorm_int", "LayerNorm", (4,), {}),
    ("layernorm_axis", "LayerNorm", ((4,),), {"begin_norm_axis": 1.0}),
    ("embedding_float", "Embedding", (2.5, 3), {}),
    ("embedding_one_hot", "Embedding", (3, 3), {"use_one_hot": 1}),
    ("bn_features", "BatchNorm1d", (0,), {}),
    ("bn_momentum", "BatchNorm2d", (2,), {"momentum": 1.5}),
    ("bn_stats", "BatchNorm2d", (2,), {"use_batch_statistics": 1}),
    ("mse_reduction", "MSELoss", (), {"reduction": "avg"}),
    ("l1_reduction", "L1Loss", (), {"reduction": None}),
    ("smoothl1_beta", "SmoothL1Loss", (), {"beta": "1"}),
    ("smoothl1_beta_neg", "SmoothL1Loss", (), {"beta": -1.0}),
    ("ce_ignore", "CrossEntropyLoss", (), {"ignore_index": 1.5}),
    ("ce_smoothing", "CrossEntropyLoss", (), {"label_smoothing": 2.0}),
    ("sce_reduction", "SoftmaxCrossEntropyWithLogits", (), {"reduction": "avg"}),
    ("logsoftmax_axis", "LogSoftmax", (1.0,), {}),
    ("relu_arg", "ReLU", (True,), {}),
    ("sigmoid_arg", "Sigmoid", (1,), {}),
]


def build_trees(nn):
    """Nested networks for the names and orders (works with either ``nn`` module)."""

    class Block(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(4, 4)
            self.norm = nn.BatchNorm1d(4)

        def construct(self, x):
            return self.norm(self.dense(x))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(3, 4, activation="relu")
            self.block = Block()
            self.layers = nn.CellList([nn.Dense(4, 4), nn.Tanh()])
            self.seq = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2)])
            self.heads = nn.CellDict({"b": nn.Dense(2, 2), "a": nn.LayerNorm((2,))})

        def construct(self, x):
            x = self.block(self.fc1(x))
            for layer in self.layers:
                x = layer(x)
            x = self.seq(x)
            return self.heads["a"](self.heads["b"](x))

    return {
        "sequential": (nn.SequentialCell([nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 2)]),
                       [((2, 3), F32)]),
        "net": (Net(), [((5, 3), F32)]),
    }


SIGNATURE_CELLS = [
    "Adam", "AvgPool2d", "BatchNorm1d", "BatchNorm2d", "Conv2d", "CrossEntropyLoss", "Dense",
    "Dropout", "Embedding", "Flatten", "L1Loss", "LayerNorm", "LogSoftmax", "LossBase",
    "MAELoss", "MaxPool2d", "Momentum", "MSELoss", "Optimizer", "ReLU", "ReLU6", "SGD",
    "Sigmoid", "SmoothL1Loss", "Softmax", "SoftmaxCrossEntropyWithLogits", "Tanh",
    "TrainOneStepCell", "WithLossCell"]
