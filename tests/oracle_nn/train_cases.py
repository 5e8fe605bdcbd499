"""The losses, optimizer runs and learning-rate schedules recorded from MindSpore 2.10
(``make_train_fixture.py``) and replayed here (``tests/test_cell_oracle_train.py``).
Plain data (and a NumPy-only input maker): both sides import it.

A loss case: (id, class name, constructor kwargs, inputs). An input is (kind, shape) with
kind 'normal', 'unit' (in (0.05, 0.95)), 'sign' (1 or -1), 'pos' (in (0.5, 2)),
'logprobs' (rows of log-probabilities), 'probs' (rows that sum to 1), or
('ints', shape, high, dtype) for class indices. Tensor kwargs are ('tensor', values).
"""
import numpy as onp

N = "normal"
LOSSES = [
    ("bce", "BCELoss", {}, [("unit", (3, 2)), ("unit", (3, 2))]),
    ("bce_sum_weight", "BCELoss", {"weight": ("tensor", [0.5, 2.0]), "reduction": "sum"},
     [("unit", (3, 2)), ("unit", (3, 2))]),
    ("bce_none", "BCELoss", {"reduction": "none"}, [("unit", (4,)), ("unit", (4,))]),
    ("bcelogits", "BCEWithLogitsLoss", {}, [(N, (3, 2)), ("unit", (3, 2))]),
    ("bcelogits_pos", "BCEWithLogitsLoss", {"pos_weight": ("tensor", [1.5, 0.5]),
                                            "weight": ("tensor", [2.0, 1.0]),
                                            "reduction": "none"},
     [(N, (3, 2)), ("unit", (3, 2))]),
    ("bcelogits_sum", "BCEWithLogitsLoss", {"reduction": "sum", "pos_weight": ("tensor", [3.0])},
     [(N, (2, 3)), ("unit", (2, 3))]),
    ("nll", "NLLLoss", {}, [("logprobs", (4, 3)), ("ints", (4,), 3, "int32")]),
    ("nll_weight", "NLLLoss", {"weight": ("tensor", [0.2, 1.0, 3.0])},
     [("logprobs", (5, 3)), ("ints", (5,), 3, "int32")]),
    ("nll_ignore_none", "NLLLoss", {"ignore_index": 1, "reduction": "none"},
     [("logprobs", (5, 3)), ("ints", (5,), 3, "int32")]),
    ("nll_ignore_sum", "NLLLoss", {"ignore_index": 0, "reduction": "sum",
                                   "weight": ("tensor", [1.0, 0.5, 2.0])},
     [("logprobs", (5, 3)), ("ints", (5,), 3, "int32")]),
    ("nll_ignore_mean", "NLLLoss", {"ignore_index": 2, "weight": ("tensor", [1.0, 0.5, 2.0])},
     [("logprobs", (6, 3)), ("ints", (6,), 3, "int32")]),
    ("kldiv", "KLDivLoss", {}, [("logprobs", (3, 4)), ("probs", (3, 4))]),
    ("kldiv_sum", "KLDivLoss", {"reduction": "sum"}, [("logprobs", (3, 4)), ("probs", (3, 4))]),
    ("kldiv_batchmean", "KLDivLoss", {"reduction": "batchmean"},
     [("logprobs", (3, 4)), ("probs", (3, 4))]),
    ("kldiv_none", "KLDivLoss", {"reduction": "none"}, [("logprobs", (2, 3)), ("probs", (2, 3))]),
    ("huber", "HuberLoss", {}, [(N, (3, 4)), (N, (3, 4))]),
    ("huber_delta", "HuberLoss", {"delta": 0.5, "reduction": "sum"}, [(N, (3, 4)), (N, (3, 4))]),
    ("huber_none", "HuberLoss", {"reduction": "none", "delta": 2.0}, [(N, (5,)), (N, (5,))]),
    ("softmargin", "SoftMarginLoss", {}, [(N, (3, 4)), ("sign", (3, 4))]),
    ("softmargin_none", "SoftMarginLoss", {"reduction": "none"}, [(N, (2, 3)), ("sign", (2, 3))]),
    ("cosemb", "CosineEmbeddingLoss", {}, [(N, (4, 3)), (N, (4, 3)), ("sign", (4,))]),
    ("cosemb_margin", "CosineEmbeddingLoss", {"margin": 0.2, "reduction": "sum"},
     [(N, (5, 3)), (N, (5, 3)), ("sign", (5,))]),
    ("cosemb_none", "CosineEmbeddingLoss", {"margin": -0.5, "reduction": "none"},
     [(N, (4, 2)), (N, (4, 2)), ("sign", (4,))]),
    ("marginrank", "MarginRankingLoss", {}, [(N, (5,)), (N, (5,)), ("sign", (5,))]),
    ("marginrank_margin", "MarginRankingLoss", {"margin": 0.3, "reduction": "none"},
     [(N, (2, 3)), (N, (2, 3)), ("sign", (2, 3))]),
    ("multimargin", "MultiMarginLoss", {}, [(N, (4, 3)), ("ints", (4,), 3, "int64")]),
    ("multimargin_p2", "MultiMarginLoss", {"p": 2, "margin": 0.5, "reduction": "sum"},
     [(N, (4, 3)), ("ints", (4,), 3, "int64")]),
    ("multimargin_weight", "MultiMarginLoss", {"weight": ("tensor", [0.5, 1.0, 2.0]),
                                               "reduction": "none"},
     [(N, (4, 3)), ("ints", (4,), 3, "int64")]),
    ("poisson", "PoissonNLLLoss", {}, [(N, (3, 4)), ("pos", (3, 4))]),
    ("poisson_nolog", "PoissonNLLLoss", {"log_input": False, "reduction": "sum"},
     [("pos", (3, 4)), ("pos", (3, 4))]),
    ("poisson_full", "PoissonNLLLoss", {"full": True, "reduction": "none"},
     [(N, (2, 4)), ("pos", (2, 4))]),
    ("gaussian", "GaussianNLLLoss", {}, [(N, (3, 2)), (N, (3, 2)), ("pos", (3, 2))]),
    ("gaussian_full", "GaussianNLLLoss", {"full": True, "reduction": "sum"},
     [(N, (3, 2)), (N, (3, 2)), ("pos", (3,))]),
    ("gaussian_none", "GaussianNLLLoss", {"reduction": "none", "eps": 0.7},
     [(N, (3, 2)), (N, (3, 2)), ("pos", (3, 2))]),
]

# optimizer runs, as in nn_cases.OPTIMIZERS; a learning_rate ('schedule', class, kwargs)
# is a LearningRateSchedule Cell, ('list', function, args) a dynamic_lr list
OPTIMIZERS = [
    ("rmsprop", "RMSProp", {"learning_rate": 0.01}),
    ("rmsprop_momentum", "RMSProp", {"learning_rate": 0.01, "momentum": 0.9, "decay": 0.8}),
    ("rmsprop_centered", "RMSProp", {"learning_rate": 0.01, "centered": True, "momentum": 0.5}),
    ("rmsprop_decay", "RMSProp", {"learning_rate": 0.01, "weight_decay": 0.1}),
    ("rmsprop_groups", "RMSProp", {"learning_rate": 0.01, "groups": True}),
    ("adagrad", "Adagrad", {"learning_rate": 0.1}),
    ("adagrad_accum", "Adagrad", {"learning_rate": 0.1, "accum": 0.5, "weight_decay": 0.05}),
    ("adagrad_noslots", "Adagrad", {"learning_rate": 0.1, "update_slots": False}),
    ("adadelta", "Adadelta", {}),
    ("adadelta_rho", "Adadelta", {"learning_rate": 0.5, "rho": 0.5, "epsilon": 1e-3}),
    ("adamwd", "AdamWeightDecay", {"learning_rate": 0.01}),
    ("adamwd_decay", "AdamWeightDecay", {"learning_rate": 0.01, "weight_decay": 0.1}),
    ("adamwd_groups", "AdamWeightDecay", {"learning_rate": 0.01, "groups": True}),
    ("adamwd_bn", "AdamWeightDecay", {"learning_rate": 0.01, "weight_decay": 0.1,
                                      "net": "dense_bn"}),
    ("rmsprop_lr_list", "RMSProp", {"learning_rate": [0.1, 0.05, 0.01]}),
    ("adagrad_exp_schedule", "Adagrad", {"learning_rate": (
        "schedule", "ExponentialDecayLR", [0.1, 0.5, 1])}),
    ("adamwd_cos_schedule", "AdamWeightDecay", {"learning_rate": (
        "schedule", "CosineDecayLR", [0.001, 0.05, 2])}),
    ("rmsprop_poly_schedule", "RMSProp", {"learning_rate": (
        "schedule", "PolynomialDecayLR", [0.05, 0.01, 2, 2.0])}),
    ("adadelta_warmup_schedule", "Adadelta", {"learning_rate": (
        "schedule", "WarmUpLR", [0.5, 2])}),
    ("adagrad_warmup_list", "Adagrad", {"learning_rate": ("list", "warmup_lr", [0.1, 3, 1, 2])}),
]

# schedule Cells: (id, class, args); evaluated at steps 0..6
SCHEDULE_CELLS = [
    ("exp", "ExponentialDecayLR", [0.1, 0.9, 2]),
    ("exp_stair", "ExponentialDecayLR", [0.1, 0.9, 2, True]),
    ("cos", "CosineDecayLR", [0.01, 0.1, 4]),
    ("poly", "PolynomialDecayLR", [0.1, 0.01, 4, 0.5]),
    ("poly_update", "PolynomialDecayLR", [0.1, 0.01, 2, 2.0, True]),
    ("warmup", "WarmUpLR", [0.1, 3]),
]

# list functions: (id, function, args)
SCHEDULE_LISTS = [
    ("exp", "exponential_decay_lr", [0.1, 0.9, 6, 2, 1]),
    ("exp_stair", "exponential_decay_lr", [0.1, 0.9, 7, 1, 2, True]),
    ("natural", "natural_exp_decay_lr", [0.1, 0.5, 6, 2, 2]),
    ("natural_stair", "natural_exp_decay_lr", [0.1, 0.5, 7, 1, 2, True]),
    ("inverse", "inverse_decay_lr", [0.1, 0.5, 6, 1, 2]),
    ("inverse_stair", "inverse_decay_lr", [0.1, 0.5, 7, 1, 2, True]),
    ("cosine", "cosine_decay_lr", [0.01, 0.1, 8, 2, 3]),
    ("poly", "polynomial_decay_lr", [0.1, 0.01, 8, 2, 3, 0.5]),
    ("poly_update", "polynomial_decay_lr", [0.1, 0.01, 8, 1, 3, 2.0, True]),
    ("piecewise", "piecewise_constant_lr", [[2, 5, 6], [0.1, 0.05, 0.01]]),
    ("warmup", "warmup_lr", [0.1, 6, 2, 2]),
]

# bad arguments: (id, name, args, kwargs); compared by the built-in exception class
BAD_ARGS = [
    ("bce_weight_list", "BCELoss", [], {"weight": [1.0, 2.0]}),
    ("nll_ignore_float", "NLLLoss", [], {"ignore_index": 1.5}),
    ("nll_reduction", "NLLLoss", [], {"reduction": "avg"}),
    ("cosemb_margin_int", "CosineEmbeddingLoss", [], {"margin": 1}),
    ("cosemb_margin_big", "CosineEmbeddingLoss", [], {"margin": 1.5}),
    ("gaussian_eps", "GaussianNLLLoss", [], {"eps": 0.0}),
    ("gaussian_full", "GaussianNLLLoss", [], {"full": 1}),
    ("huber_reduction", "HuberLoss", [], {"reduction": "avg"}),
    ("exp_lr_int", "exponential_decay_lr", [1, 0.9, 6, 2, 1], {}),
    ("exp_lr_steps", "exponential_decay_lr", [0.1, 0.9, 0, 2, 1], {}),
    ("cosine_min_max", "cosine_decay_lr", [0.1, 0.01, 8, 2, 3], {}),
    ("piecewise_len", "piecewise_constant_lr", [[2, 5], [0.1]], {}),
    ("piecewise_order", "piecewise_constant_lr", [[5, 2], [0.1, 0.2]], {}),
    ("warmup_epoch", "warmup_lr", [0.1, 6, 2, 0], {}),
    ("cell_exp_steps", "ExponentialDecayLR", [0.1, 0.9, 2.0], {}),
    ("cell_cos_min", "CosineDecayLR", [0, 0.1, 4], {}),
    ("cell_warmup", "WarmUpLR", [0.1, -1], {}),
]
BAD_OPTIMIZER_ARGS = [
    ("rmsprop_decay_int", "RMSProp", {"decay": 1}),
    ("rmsprop_eps", "RMSProp", {"epsilon": 0.0}),
    ("rmsprop_centered", "RMSProp", {"centered": 1}),
    ("adagrad_accum", "Adagrad", {"accum": -0.1}),
    ("adagrad_slots", "Adagrad", {"update_slots": "yes"}),
    ("adadelta_rho", "Adadelta", {"rho": 1.5}),
    ("adamwd_beta", "AdamWeightDecay", {"beta1": 1.0}),
    ("adamwd_eps_int", "AdamWeightDecay", {"eps": 1}),
]


def make_input(spec, rng):
    kind, shape = spec[0], spec[1]
    if kind == "ints":
        return rng.integers(0, spec[2], shape).astype(spec[3])
    if kind == "unit":
        return rng.uniform(0.05, 0.95, shape).astype(onp.float32)
    if kind == "sign":
        return onp.where(rng.random(shape) < 0.5, -1.0, 1.0).astype(onp.float32)
    if kind == "pos":
        return rng.uniform(0.5, 2.0, shape).astype(onp.float32)
    raw = rng.standard_normal(shape).astype(onp.float32)
    if kind in ("logprobs", "probs"):
        exp = onp.exp(raw - raw.max(-1, keepdims=True))
        probs = exp / exp.sum(-1, keepdims=True)
        return (onp.log(probs) if kind == "logprobs" else probs).astype(onp.float32)
    return raw


def kwargs_for(ms, nn, kwargs):
    """Constructor kwargs with ('tensor', values) as float32 Tensors and learning-rate
    specs as schedule Cells or lists."""
    out = {}
    for key, value in kwargs.items():
        if isinstance(value, tuple) and value[0] == "tensor":
            value = ms.Tensor(onp.array(value[1], onp.float32))
        elif isinstance(value, tuple) and value[0] == "schedule":
            value = getattr(nn, value[1])(*value[2])
        elif isinstance(value, tuple) and value[0] == "list":
            value = getattr(nn, value[1])(*value[2])
        out[key] = value
    return out
