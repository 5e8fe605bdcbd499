"""The ``nn.probability.distribution`` cases (continuous distributions) that
``make_probA_fixture.py`` records from MindSpore 2.10 and ``test_cell_oracle_probA.py``
replays. An argument is a number, a string, a shape ``("shape", (3,))`` or a float32 Tensor
``("t", data)``; every Tensor argument of a call gets its recorded gradient."""

VALUE_METHODS = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival")
STAT_METHODS = ("mean", "mode", "sd", "var", "entropy")


def t(data):
    return ("t", data)


# name -> (init kwargs scalar, init kwargs batched, per-call params, values, kl "b" params)
SPECS = {
    "Normal": ({"mean": 0.5, "sd": 2.0}, {"mean": t([0.0, 1.0]), "sd": t([[1.0], [2.5]])},
               [t([0.2, -0.3]), t([1.5])], t([-1.0, 0.3, 2.0]), [t(0.4), t([1.2, 0.8])]),
    "LogNormal": ({"loc": 0.2, "scale": 0.8}, {"loc": t([0.0, 0.5]), "scale": t([[0.5], [1.0]])},
                  [t([0.1, -0.2]), t([0.6])], t([0.3, 1.0, 2.5]), [t(0.3), t([0.9, 1.4])]),
    "Logistic": ({"loc": 0.3, "scale": 1.5}, {"loc": t([0.0, 1.0]), "scale": t([[0.5], [2.0]])},
                 [t([0.4, -0.6]), t([0.9])], t([-2.0, 0.2, 1.7]), [t(0.2), t([1.1])]),
    "Cauchy": ({"loc": 0.1, "scale": 1.2}, {"loc": t([0.0, -1.0]), "scale": t([[0.7], [1.6]])},
               [t([0.3, 0.5]), t([0.8])], t([-1.5, 0.0, 2.2]), [t(0.5), t([1.3, 0.6])]),
    "Laplace": ({"mean": 0.2, "sd": 1.3}, {"mean": t([0.0, 1.0]), "sd": t([[0.6], [1.8]])},
                [t([0.5, -0.4]), t([0.9])], t([-1.2, 0.4, 1.9]), [t(0.1), t([1.0])]),
    "HalfNormal": ({"mean": 0.0, "sd": 1.4}, {"mean": t([0.0, 0.0]), "sd": t([[0.6], [1.8]])},
                   [t([0.0]), t([0.9, 1.2])], t([0.2, 0.9, 2.4]), [t(0.0), t([1.0])]),
    "Gumbel": ({"loc": 0.3, "scale": 1.1}, {"loc": t([0.0, 1.0]), "scale": t([[0.5], [2.0]])},
               None, t([-1.0, 0.5, 2.0]), [t(0.6), t([1.3, 0.7])]),
    "StudentT": ({"df": 3.0, "mean": 0.2, "sd": 1.5},
                 {"df": t([2.5, 6.0]), "mean": t([[0.0], [1.0]]), "sd": t(1.2)},
                 [t([4.0]), t([0.5, -0.2]), t([0.8])], t([-1.3, 0.1, 2.6]),
                 [t(5.0), t(0.1), t([1.1])]),
    "Uniform": ({"low": -1.0, "high": 2.0}, {"low": t([0.0, -1.0]), "high": t([[3.0], [4.0]])},
                [t([-0.5, 0.1]), t([1.5])], t([-0.8, 0.4, 1.2]), [t(-2.0), t([3.0, 2.5])]),
    "Exponential": ({"rate": 1.5}, {"rate": t([[0.5], [2.0]])}, [t([0.8, 2.5])],
                    t([0.2, 1.0, 3.1]), [t([0.7, 1.9])]),
    "Beta": ({"concentration1": t(2.0), "concentration0": t(3.0)},
             {"concentration1": t([1.5, 4.0]), "concentration0": t([[2.0], [0.8]])},
             [t([2.5, 1.2]), t([3.5])], t([0.1, 0.45, 0.8]), [t(1.7), t([2.2, 0.9])]),
    "Gamma": ({"concentration": t(2.0), "rate": t(1.5)},
              {"concentration": t([1.5, 4.0]), "rate": t([[0.5], [2.0]])},
              [t([2.5, 1.2]), t([0.7])], t([0.3, 1.4, 3.2]), [t(1.7), t([1.2, 0.6])]),
}


def calls(name):
    """The recorded calls for distribution ``name``: (method, args)."""
    per_call, values, kl_b = SPECS[name][2:]
    values = ("t", [[[v]] for v in values[1]])  # shape (3, 1, 1): broadcasts with any batch
    out = []
    for method in VALUE_METHODS:
        out.append((method, [values]))
        if per_call is not None:
            out.append((method, [values] + per_call))
    for method in STAT_METHODS:
        out.append((method, []))
        if per_call is not None:
            out.append((method, list(per_call)))
    out.append(("kl_loss", [name] + kl_b))
    out.append(("cross_entropy", [name] + kl_b))
    if per_call is not None:
        out.append(("kl_loss", [name] + kl_b + per_call))
    out.append(("get_dist_type", []))
    out.append(("sample", [("shape", (3,))]))
    return out


CASES = [(f"{name}_{kind}", name, init) for name, spec in SPECS.items()
         for kind, init in (("scalar", spec[0]), ("batched", spec[1]))]

# constructor arguments MindSpore rejects: (case id, class, kwargs)
BAD = [("normal_sd0", "Normal", {"mean": 0.0, "sd": 0.0}),
       ("normal_dtype", "Normal", {"mean": 0.0, "sd": 1.0, "dtype": "int32"}),
       ("uniform_order", "Uniform", {"low": 2.0, "high": 1.0}),
       ("exponential_rate", "Exponential", {"rate": -1.0}),
       ("cauchy_scale", "Cauchy", {"loc": 0.0, "scale": -2.0}),
       ("logistic_scale", "Logistic", {"loc": 0.0, "scale": 0.0}),
       ("gamma_scalar", "Gamma", {"concentration": 2.0, "rate": t(1.0)}),
       ("beta_scalar", "Beta", {"concentration1": 2.0, "concentration0": t(1.0)}),
       ("gamma_rate", "Gamma", {"concentration": t(2.0), "rate": t(-1.0)}),
       ("studentt_df", "StudentT", {"df": -1.0, "mean": 0.0, "sd": 1.0}),
       ("laplace_sd", "Laplace", {"mean": 0.0, "sd": -1.0}),
       ("halfnormal_sd", "HalfNormal", {"mean": 0.0, "sd": 0.0}),
       ("normal_seed", "Normal", {"mean": 0.0, "sd": 1.0, "seed": -1})]

# init parameters given as Parameters ("p", data): MindSpore keeps and trains them; each case
# records the names and the gradients of sum(method(value)) in value and the Parameters
PARAM_CASES = [
    ("Normal", {"mean": ("p", [0.5, -0.2]), "sd": 2.0}, "log_prob"),
    ("Logistic", {"loc": ("p", [0.3]), "scale": ("p", [1.4])}, "cdf"),
    ("Cauchy", {"loc": 0.1, "scale": ("p", [0.9, 1.3])}, "log_prob"),
    ("Laplace", {"mean": ("p", [0.2]), "sd": ("p", [1.1])}, "log_prob"),
    ("HalfNormal", {"mean": ("p", [0.0]), "sd": ("p", [1.3])}, "prob"),
    ("StudentT", {"df": ("p", [3.0]), "mean": 0.0, "sd": ("p", [1.2])}, "log_prob"),
    ("Uniform", {"low": ("p", [-1.0]), "high": ("p", [2.0])}, "cdf"),
    ("Exponential", {"rate": ("p", [1.5, 0.5])}, "log_survival"),
    ("Beta", {"concentration1": ("p", [2.0]), "concentration0": ("p", [3.0])}, "log_prob"),
    ("Gamma", {"concentration": ("p", [2.0]), "rate": ("p", [1.5])}, "log_prob"),
    ("LogNormal", {"loc": ("p", [0.2]), "scale": ("p", [0.7])}, "log_prob"),
    ("Gumbel", {"loc": ("p", [0.3]), "scale": ("p", [1.2])}, "log_prob"),
]
PARAM_VALUE = [0.3, 0.6]
