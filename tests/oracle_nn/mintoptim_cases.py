"""``mint.optim`` runs recorded from MindSpore 2.10 (``make_mintoptim_fixture.py``) and
replayed in ``tests/test_cell_oracle_mintoptim.py``. Plain data (both sides import it).

A run: (id, class name, kwargs, groups). Three steps of MindSpore's documented training
loop (``value_and_grad(forward, None, optimizer.parameters)`` then ``optimizer(grads)``) on
a Dense(3, 2) with MSELoss. ``groups``: None (``net.trainable_params()``) or one dict per
Parameter (weight, bias), their settings added to ``{'params': [that Parameter]}``.
"""

RUNS = [
    ("sgd", "SGD", {"lr": 0.1}, None),
    ("sgd_momentum_decay", "SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.1,
                                   "weight_decay": 0.05}, None),
    ("sgd_nesterov_max", "SGD", {"lr": 0.05, "momentum": 0.8, "nesterov": True,
                                 "maximize": True}, None),
    ("sgd_groups", "SGD", {"lr": 0.1, "momentum": 0.5},
     [{"lr": 0.2, "momentum": 0.9, "weight_decay": 0.1}, {}]),
    ("adam", "Adam", {"lr": 0.05}, None),
    ("adam_decay_max", "Adam", {"lr": 0.05, "betas": (0.8, 0.9), "eps": 1e-6,
                                "weight_decay": 0.1, "maximize": True}, None),
    ("adam_amsgrad", "Adam", {"lr": 0.05, "betas": (0.9, 0.5), "amsgrad": True}, None),
    ("adam_groups", "Adam", {"lr": 0.05}, [{"lr": 0.1, "weight_decay": 0.2}, {"eps": 1e-4}]),
    ("adamw", "AdamW", {"lr": 0.05}, None),
    ("adamw_amsgrad_max", "AdamW", {"lr": 0.05, "betas": (0.9, 0.5), "weight_decay": 0.1,
                                    "amsgrad": True, "maximize": True}, None),
    ("adamw_groups", "AdamW", {"lr": 0.05}, [{"lr": 0.1, "weight_decay": 0.3}, {}]),
    ("fused", "FusedAdamW", {"lr": 0.05}, [{}, {}]),
    ("fused_amsgrad", "FusedAdamW", {"lr": 0.02, "betas": (0.8, 0.5), "amsgrad": True,
                                     "weight_decay": 0.2}, [{"lr": 0.1}, {}]),
]

# (id, class name, kwargs): constructor arguments MindSpore refuses, compared by class
BAD_ARGS = [
    ("adam_lr_negative", "Adam", {"lr": -1.0}),
    ("adam_lr_int", "Adam", {"lr": 1}),
    ("adam_beta_one", "Adam", {"betas": (0.9, 1.0)}),
    ("adam_betas_list", "Adam", {"betas": [0.9, 0.99]}),
    ("adam_betas_three", "Adam", {"betas": (0.9, 0.99, 0.5)}),
    ("adam_eps_negative", "Adam", {"eps": -1.0}),
    ("adam_amsgrad_int", "Adam", {"amsgrad": 1}),
    ("adamw_decay_negative", "AdamW", {"weight_decay": -1.0}),
    ("adamw_beta_int", "AdamW", {"betas": (1, 0.9)}),
    ("fused_betas_short", "FusedAdamW", {"betas": (0.9,)}),
    ("fused_beta_negative", "FusedAdamW", {"betas": [-0.1, 0.9]}),
    ("sgd_lr_negative", "SGD", {"lr": -0.1}),
    ("sgd_lr_str", "SGD", {"lr": "a"}),
    ("sgd_momentum_negative", "SGD", {"lr": 0.1, "momentum": -1}),
    ("sgd_decay_negative", "SGD", {"lr": 0.1, "weight_decay": -0.5}),
    ("sgd_nesterov_no_momentum", "SGD", {"lr": 0.1, "nesterov": True}),
    ("sgd_nesterov_int", "SGD", {"lr": 0.1, "nesterov": 1}),
]

# (id, params kind): "tensor" a list holding a Tensor, "empty" [], "none" None, "int" 5,
# "set" a group whose params are a set, "twice" one Parameter in two groups
BAD_PARAMS = ["tensor", "empty", "none", "int", "set", "twice"]


def bad_params(ms, kind, weight, bias):
    """The ``params`` argument of a BAD_PARAMS case."""
    return {"tensor": [weight, ms.Tensor([1.0])], "empty": [], "none": None, "int": 5,
            "set": [{"params": {weight}}], "twice": [{"params": [weight]},
                                                     {"params": [weight, bias]}]}[kind]


def build_params(net, groups):
    params = net.trainable_params()
    if groups is None:
        return params
    return [dict(settings, params=[param]) for param, settings in zip(params, groups)]
