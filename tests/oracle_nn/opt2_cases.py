"""Losses, optimizers and schedules of the ``opt2`` area recorded from MindSpore 2.10
(``make_opt2_fixture.py``) and replayed in ``tests/test_cell_oracle_opt2.py``. Plain data
and builders that take the library's namespaces (both sides import this file).

A case: (id, class name, constructor kwargs, training?, inputs); an input is (shape, dtype)
or a tagged spec: ("sign", shape) holds 1/-1 floats, ("binary", shape) 0/1 floats,
("ints", shape, high), ("targets", shape) multilabel targets (classes first, then -1).
A kwarg named "weight"/"weights" is a list made into a float32 Tensor.
"""
from nn_cases import build_opt_net  # noqa: F401  (make_nn_fixture.run_optimizer_cases)

F32 = "float32"
CASES = [
    ("dice", "DiceLoss", {}, False, [((3, 4), F32), ("binary", (3, 4))]),
    ("dice_smooth", "DiceLoss", {"smooth": 0.5}, False, [((2, 3, 2), F32), ((2, 3, 2), F32)]),
    ("mcdice", "MultiClassDiceLoss", {}, False, [((3, 4), F32), ("binary", (3, 4))]),
    ("mcdice_w_ignore", "MultiClassDiceLoss",
     {"weights": [[0.5], [1.0], [2.0]], "ignore_indiex": 1}, False,
     [((2, 3), F32), ("binary", (2, 3))]),
    ("mcdice_sigmoid_4d", "MultiClassDiceLoss", {"activation": "sigmoid"}, False,
     [((2, 3, 2, 2), F32), ("binary", (2, 3, 2, 2))]),
    ("focal_onehot", "FocalLoss", {}, False, [((3, 4), F32), ("binary", (3, 4))]),
    ("focal_index", "FocalLoss", {"gamma": 1.5}, False, [((4, 3), F32), ("ints", (4, 1), 3)]),
    ("focal_weight_none", "FocalLoss", {"weight": [0.2, 1.0, 3.0], "reduction": "none"}, False,
     [((2, 3, 4), F32), ("binary", (2, 3, 4))]),
    ("focal_weight_index_sum", "FocalLoss", {"weight": [0.2, 1.0, 3.0], "reduction": "sum"},
     False, [((2, 3, 2, 2), F32), ("ints", (2, 1, 2, 2), 3)]),
    ("rmse", "RMSELoss", {}, False, [((3, 4), F32), ((3, 4), F32)]),
    ("hinge", "HingeEmbeddingLoss", {}, False, [((3, 4), F32), ("sign", (3, 4))]),
    ("hinge_margin_sum", "HingeEmbeddingLoss", {"margin": 2, "reduction": "sum"}, False,
     [((5,), F32), ("sign", (5,))]),
    ("hinge_none", "HingeEmbeddingLoss", {"margin": 0.5, "reduction": "none"}, False,
     [((2, 3), F32), ("sign", (2, 3))]),
    ("mlsm", "MultiLabelSoftMarginLoss", {}, False, [((3, 4), F32), ("binary", (3, 4))]),
    ("mlsm_weight_none", "MultiLabelSoftMarginLoss",
     {"weight": [1.0, 0.5, 2.0, 0.1], "reduction": "none"}, False,
     [((3, 4), F32), ("binary", (3, 4))]),
    ("mlsm_sum", "MultiLabelSoftMarginLoss", {"reduction": "sum"}, False,
     [((2, 5), F32), ("binary", (2, 5))]),
    ("triplet", "TripletMarginLoss", {}, False, [((3, 4), F32), ((3, 4), F32), ((3, 4), F32)]),
    ("mlm", "MultilabelMarginLoss", {}, False, [((3, 4), F32), ("targets", (3, 4))]),
]

# optimizer runs: three TrainOneStepCell steps on a Dense(3, 2) (net "dense_bn": then a
# BatchNorm1d); "groups": two groups; a "learning_rate" ["Name", args] is a schedule Cell
OPTIMIZERS = [
    ("adamax", "AdaMax", {"learning_rate": 0.01}),
    ("adamax_decay_scale", "AdaMax", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.9,
                                      "weight_decay": 0.1, "loss_scale": 4.0}),
    ("adamax_groups", "AdaMax", {"learning_rate": 0.01, "groups": True}),
    ("adamax_list", "AdaMax", {"learning_rate": [0.01, 0.02, 0.005]}),
    ("prox", "ProximalAdagrad", {"learning_rate": 0.1}),
    ("prox_l1l2", "ProximalAdagrad", {"learning_rate": 0.2, "l1": 0.05, "l2": 0.1,
                                      "accum": 0.5}),
    ("prox_decay_bn", "ProximalAdagrad", {"learning_rate": 0.1, "weight_decay": 0.1,
                                          "net": "dense_bn"}),
    ("lamb", "Lamb", {"learning_rate": 0.05}),
    ("lamb_decay_bn", "Lamb", {"learning_rate": 0.05, "weight_decay": 0.1, "net": "dense_bn"}),
    ("lamb_groups", "Lamb", {"learning_rate": 0.05, "groups": True}),
    ("lazyadam", "LazyAdam", {"learning_rate": 0.01}),
    ("lazyadam_nesterov", "LazyAdam", {"learning_rate": 0.01, "use_nesterov": True,
                                       "weight_decay": 0.1, "loss_scale": 2.0}),
    ("asgd", "ASGD", {"learning_rate": 0.1}),
    ("asgd_t0", "ASGD", {"learning_rate": 0.1, "lambd": 0.1, "alpha": 0.5, "t0": 1.0,
                         "weight_decay": 0.1}),
    ("asgd_groups", "ASGD", {"learning_rate": 0.1, "groups": True}),
    ("rprop", "Rprop", {"learning_rate": 0.1}),
    ("rprop_sizes", "Rprop", {"learning_rate": 0.3, "etas": (0.4, 1.5),
                              "step_sizes": (0.01, 0.35)}),
    ("rprop_groups", "Rprop", {"learning_rate": 0.1, "groups": True}),
    ("sgd_inverse", "SGD", {"learning_rate": ["InverseDecayLR", (0.1, 0.5, 1)]}),
    ("sgd_natural", "SGD", {"learning_rate": ["NaturalExpDecayLR", (0.1, 0.5, 2, True)]}),
]

# LARS runs: (id, inner optimizer, its kwargs, LARS kwargs, net)
LARS_RUNS = [
    ("lars_momentum", "Momentum", {"learning_rate": 0.1, "momentum": 0.9}, {}, "dense"),
    ("lars_coef_decay", "Momentum", {"learning_rate": 0.1, "momentum": 0.9,
                                     "weight_decay": 0.1}, {"coefficient": 0.5}, "dense"),
    ("lars_sgd_clip", "SGD", {"learning_rate": 0.1}, {"coefficient": 0.05, "use_clip": True},
     "dense"),
    ("lars_scale", "Momentum", {"learning_rate": 0.1, "momentum": 0.9, "loss_scale": 4.0},
     {"coefficient": 0.2}, "dense"),
]

# schedules: (id, class name, args); rates at steps 0..STEPS-1
STEPS = 7
SCHEDULES = [
    ("inverse", "InverseDecayLR", (0.1, 0.5, 2)),
    ("inverse_stair", "InverseDecayLR", (0.1, 0.5, 2, True)),
    ("natural", "NaturalExpDecayLR", (0.1, 0.2, 2)),
    ("natural_stair", "NaturalExpDecayLR", (0.1, 0.2, 3, True)),
]

# losses whose class weight is a Parameter: (id, op, input shape, classes, kwargs)
WEIGHTED = [
    ("ce_weight", "cross_entropy", (4, 3), {}),
    ("ce_weight_sum", "cross_entropy", (4, 3), {"reduction": "sum"}),
    ("nll_weight", "nll_loss", (4, 3), {}),
    ("nll_weight_none", "nll_loss", (4, 3), {"reduction": "none"}),
]

BAD_TYPES = [
    ("dice_smooth_int", "DiceLoss", (), {"smooth": 1}),
    ("dice_smooth_neg", "DiceLoss", (), {"smooth": -1.0}),
    ("mcdice_activation", "MultiClassDiceLoss", (), {"activation": "gelu"}),
    ("mcdice_ignore", "MultiClassDiceLoss", (), {"ignore_indiex": 1.0}),
    ("focal_gamma_int", "FocalLoss", (), {"gamma": 2}),
    ("focal_weight_list", "FocalLoss", (), {"weight": [1.0, 2.0]}),
    ("focal_reduction", "FocalLoss", (), {"reduction": "avg"}),
    ("hinge_margin_str", "HingeEmbeddingLoss", (), {"margin": "1"}),
    ("hinge_reduction", "HingeEmbeddingLoss", (), {"reduction": "avg"}),
    ("mlsm_reduction", "MultiLabelSoftMarginLoss", (), {"reduction": "avg"}),
    ("mlm_reduction", "MultilabelMarginLoss", (), {"reduction": "avg"}),
    ("inverse_lr_int", "InverseDecayLR", (1, 0.5, 2), {}),
    ("inverse_steps_zero", "InverseDecayLR", (0.1, 0.5, 0), {}),
    ("natural_rate_neg", "NaturalExpDecayLR", (0.1, -0.5, 2), {}),
    ("natural_stair_int", "NaturalExpDecayLR", (0.1, 0.5, 2, 1), {}),
]
# bad optimizer arguments: (id, class name, kwargs) for cls(Dense(3, 2).trainable_params())
BAD_OPTIMIZERS = [
    ("adamax_beta1", "AdaMax", {"beta1": 1.0}),
    ("adamax_eps_int", "AdaMax", {"eps": 1}),
    ("prox_l1_neg", "ProximalAdagrad", {"l1": -0.1}),
    ("prox_accum_int", "ProximalAdagrad", {"accum": 1}),
    ("lamb_beta2", "Lamb", {"learning_rate": 0.1, "beta2": 0.0}),
    ("lazyadam_nesterov", "LazyAdam", {"use_nesterov": 1}),
    ("asgd_lambd_int", "ASGD", {"lambd": 1}),
    ("rprop_etas_list", "Rprop", {"etas": [0.5, 1.2]}),
    ("rprop_etaplus", "Rprop", {"etas": (0.5, 0.9)}),
    ("rprop_sizes_order", "Rprop", {"step_sizes": (1.0, 0.5)}),
]

SIGNATURE_CELLS = ["FocalLoss", "DiceLoss", "MultiClassDiceLoss", "RMSELoss",
                   "HingeEmbeddingLoss", "TripletMarginLoss", "MultiLabelSoftMarginLoss",
                   "MultilabelMarginLoss", "AdaMax", "ProximalAdagrad", "Lamb", "LARS",
                   "LazyAdam", "ASGD", "Rprop", "InverseDecayLR", "NaturalExpDecayLR"]


def tensor_kwargs(ms, kwargs):
    """``kwargs`` with "weight"/"weights" lists made float32 Tensors and a schedule spec
    made its Cell."""
    import numpy as onp
    kwargs = dict(kwargs)
    for key in ("weight", "weights"):
        if key in kwargs:
            kwargs[key] = ms.Tensor(onp.array(kwargs[key], onp.float32))
    return kwargs


def optimizer_kwargs(nn, kwargs):
    """An optimizer's kwargs with a ["Schedule", args] learning rate made its Cell."""
    kwargs = dict(kwargs)
    rate = kwargs.get("learning_rate")
    if isinstance(rate, list) and rate and isinstance(rate[0], str):
        kwargs["learning_rate"] = getattr(nn, rate[0])(*rate[1])
    return kwargs


def build_weighted(ms, nn, ops, op, kwargs):
    """A Cell computing ``ops.<op>(x, labels, weight)`` with the class weight a Parameter."""
    import numpy as onp

    class Weighted(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.Parameter(ms.Tensor(onp.ones(3, onp.float32)), name="weight")

        def construct(self, x, labels):
            inputs = x if op == "cross_entropy" else ops.log_softmax(x, 1)
            return getattr(ops, op)(inputs, labels, self.weight, **kwargs)
    return Weighted()
