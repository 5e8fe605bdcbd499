"""The remaining single-device ``nn`` names (area nnrest: SyncBatchNorm, the ``*Ext`` Cells,
the matrix Cells, TripletMarginWithDistanceLoss, Jvp/Vjp, AdaFactor) recorded from
MindSpore 2.10 (``make_nnrest_fixture.py``) and replayed in
``tests/test_cell_oracle_nnrest.py``. Plain data and the functions both sides build.

A case: (id, class name, constructor kwargs, training?, inputs); an input is
(shape, dtype), ("ints", shape, high) or ("spd", shape): a float32 symmetric positive
definite batch. A transform case: (id, "Jvp" or "Vjp", function name, input shapes).
"""
from nn_cases import build_opt_net  # noqa: F401  (the optimizer runs train this network)

F32, F64 = "float32", "float64"
CASES = [
    ("sbn4", "SyncBatchNorm", {"num_features": 3}, True, [((2, 3, 2, 2), F32)]),
    ("sbn2_eval", "SyncBatchNorm", {"num_features": 3, "momentum": 0.8,
                                    "process_groups": [[0]]}, False, [((4, 3), F32)]),
    ("sbn2_noaffine", "SyncBatchNorm", {"num_features": 3, "affine": False, "eps": 0.01},
     True, [((5, 3), F32)]),
    ("ap1", "AvgPool1dExt", {"kernel_size": 3, "stride": 2, "padding": 1}, False,
     [((2, 3, 7), F32)]),
    ("ap2", "AvgPool2dExt", {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True,
                             "count_include_pad": False}, False, [((1, 2, 6, 7), F32)]),
    ("ap3", "AvgPool3dExt", {"kernel_size": 2, "divisor_override": 3}, False,
     [((1, 2, 4, 4, 5), F32)]),
    ("drop_eval", "DropoutExt", {"p": 0.3}, False, [((3, 4), F32)]),
    ("drop2_eval", "Dropout2dExt", {}, False, [((2, 3, 4, 4), F32)]),
    ("emb", "EmbeddingExt", {"num_embeddings": 5, "embedding_dim": 3}, False,
     [("ints", (2, 3), 5)]),
    ("emb_pad", "EmbeddingExt", {"num_embeddings": 6, "embedding_dim": 2, "padding_idx": 1},
     False, [("ints", (7,), 6)]),
    ("l1", "L1LossExt", {}, False, [((3, 4), F32), ((3, 4), F32)]),
    ("l1_none", "L1LossExt", {"reduction": "none"}, False, [((2, 3), F32), ((2, 3), F32)]),
    ("ln", "LayerNormExt", {"normalized_shape": (4,)}, False, [((3, 4), F32)]),
    ("ln_nobias", "LayerNormExt", {"normalized_shape": (3, 4), "bias": False, "eps": 0.1},
     False, [((2, 3, 4), F32)]),
    ("logsm", "LogSoftmaxExt", {"dim": 1}, False, [((2, 5), F32)]),
    ("mp2", "MaxPool2dExt", {"kernel_size": 2, "stride": 2}, False, [((1, 2, 4, 6), F32)]),
    ("prelu", "PReLUExt", {"num_parameters": 3}, False, [((2, 3, 4), F32)]),
    ("prelu1", "PReLUExt", {"init": 0.1}, False, [((4, 5), F32)]),
    ("det", "MatDet", {}, False, [("spd", (2, 3, 3))]),
    ("inv", "MatInverse", {}, False, [("spd", (3, 3))]),
    ("diag", "MatrixDiag", {}, False, [((2, 3), F32)]),
    ("diag_part", "MatrixDiagPart", {}, False, [((2, 3, 4), F32)]),
    ("diag_part_tall", "MatrixDiagPart", {}, False, [((4, 2), F32)]),
    ("set_diag", "MatrixSetDiag", {}, False, [((2, 3, 4), F32), ((2, 3), F32)]),
    ("twd", "TripletMarginWithDistanceLoss", {}, False, [((4, 5), F32)] * 3),
    ("twd_swap_none", "TripletMarginWithDistanceLoss", {"swap": True, "margin": 0.5,
                                                        "reduction": "none"},
     False, [((3, 4), F32)] * 3),
    ("twd_sum", "TripletMarginWithDistanceLoss", {"reduction": "sum", "margin": 2.0}, False,
     [((2, 3, 2), F32)] * 3),
]

TRANSFORMS = [
    ("jvp_one", "Jvp", "cube", [(2, 3)]),
    ("jvp_two", "Jvp", "mul_sin", [(3,), (3,)]),
    ("jvp_tuple_out", "Jvp", "pair", [(2, 2), (2, 2)]),
    ("vjp_one", "Vjp", "cube", [(2, 3)]),
    ("vjp_two", "Vjp", "mul_sin", [(3,), (3,)]),
]


def cube(x):
    return x * x * x


def mul_sin(x, y):
    return x * y.sin() + x


def pair(x, y):
    return x * y, x - y * y


def build_fn(name):
    """The function a transform case wraps (Tensor arithmetic only, the same on both sides;
    plain functions, which MindSpore's graph compiler can parse)."""
    return {"cube": cube, "mul_sin": mul_sin, "pair": pair}[name]


OPTIMIZERS = [
    ("af_relative", "AdaFactor", {}),
    ("af_manual", "AdaFactor", {"learning_rate": 0.05, "relative_step": False,
                                "scale_parameter": False}),
    ("af_manual_scaled_decay", "AdaFactor", {"learning_rate": 0.1, "relative_step": False,
                                             "weight_decay": 0.1, "beta1": 0.0}),
    ("af_warmup_clip", "AdaFactor", {"warmup_init": True, "clip_threshold": 0.5,
                                     "decay_rate": 0.5}),
    ("af_bn", "AdaFactor", {"net": "dense_bn", "learning_rate": 0.01,
                            "relative_step": False}),
]

# (id, class, args, kwargs): the exception class MindSpore raises for a bad argument
BAD_TYPES = [
    ("sbn_groups_rank", "SyncBatchNorm", (3,), {"process_groups": [[0, 1]]}),
    ("sbn_groups_str", "SyncBatchNorm", (3,), {"process_groups": "all"}),
    ("sbn_groups_dup", "SyncBatchNorm", (3,), {"process_groups": [[0], [0]]}),
    ("sbn_features_zero", "SyncBatchNorm", (0,), {}),
    ("twd_margin_int", "TripletMarginWithDistanceLoss", (), {"margin": 1}),
    ("twd_swap_int", "TripletMarginWithDistanceLoss", (), {"swap": 1}),
    ("twd_reduction", "TripletMarginWithDistanceLoss", (), {"reduction": "avg"}),
    ("ln_eps_str", "LayerNormExt", ((4,),), {"eps": "a"}),
    ("l1_reduction", "L1LossExt", (), {"reduction": "avg"}),
    ("emb_pad_big", "EmbeddingExt", (4, 2), {"padding_idx": 4}),
    ("drop_p_big", "DropoutExt", (), {"p": 1.5}),
    ("jvp_not_callable", "Jvp", (3,), {}),
]

SIGNATURE_CELLS = ["SyncBatchNorm", "AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt",
                   "DropoutExt", "Dropout2dExt", "EmbeddingExt", "L1LossExt", "LayerNormExt",
                   "LogSoftmaxExt", "MaxPool2dExt", "PReLUExt", "MatDet", "MatInverse",
                   "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag",
                   "TripletMarginWithDistanceLoss", "Jvp", "Vjp", "AdaFactor"]

# MindSpore's nn submodules users import from, and names each must give
SUBMODULES = {"optim": ["Momentum", "Adam", "AdaFactor", "Optimizer", "SGD", "FTRL"],
              "wrap": ["TrainOneStepCell", "WithLossCell", "WithEvalCell",
                       "DynamicLossScaleUpdateCell", "GradAccumulationCell"],
              "learning_rate_schedule": ["ExponentialDecayLR", "CosineDecayLR", "WarmUpLR"],
              "dynamic_lr": ["piecewise_constant_lr", "cosine_decay_lr", "warmup_lr"],
              "metrics": ["Accuracy", "Loss", "get_metric_fn", "names"],
              "layer": ["Dense", "Conv2d", "SyncBatchNorm", "MatDet", "EmbeddingExt"],
              "grad": ["Jvp", "Vjp"]}
