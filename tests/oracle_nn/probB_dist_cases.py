"""The discrete and transformed distribution cases of ``probB_dist_fixture.json``, shared
by ``make_probB_dist_fixture.py`` (MindSpore 2.10) and ``tests/test_cell_oracle_probB_dist.py``.

A case is ``(id, (class, constructor args, constructor kwargs), method, call args)``;
a value ``("t", values, dtype)`` is a Tensor, ``("bij", name, args)`` a bijector and
``("dist", class, args, kwargs)`` a distribution (TransformedDistribution's arguments)."""


def T(values, dtype="float32"):
    return ("t", values, dtype)


P3 = T([0.2, 0.5, 0.9])
V3 = T([0.0, 1.0, 1.0])
VG = T([-1.0, 0.0, 1.0, 2.5, 4.0])
PROBS = T([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]])
NORMAL = ("dist", "Normal", [0.5, 2.0], {"dtype": "float32"})
EXP = ("bij", "Exp", [])
AFFINE = ("bij", "ScalarAffine", [2.0, 1.0])

_CTORS = {
    "bern": ("Bernoulli", [0.3], {}),
    "bern3": ("Bernoulli", [P3], {}),
    "bernf": ("Bernoulli", [P3], {"dtype": "float32"}),
    "bern_none": ("Bernoulli", [], {}),
    "geom": ("Geometric", [0.4], {}),
    "geom3": ("Geometric", [P3], {}),
    "pois": ("Poisson", [T([0.5, 2.0, 7.0])], {}),
    "pois_none": ("Poisson", [], {}),
    "cat": ("Categorical", [PROBS], {}),
    "cat1": ("Categorical", [T([0.1, 0.6, 0.3])], {}),
    "lognormal": ("TransformedDistribution", [EXP, NORMAL], {}),
    "affnormal": ("TransformedDistribution", [AFFINE, NORMAL], {}),
}
_METHODS = {
    "bern": [("prob", [V3]), ("log_prob", [V3]), ("cdf", [T([-0.5, 0.0, 0.7, 1.0, 3.0])]),
             ("log_cdf", [T([0.0, 1.0])]), ("survival_function", [T([0.0, 1.0])]),
             ("log_survival", [T([0.0])]), ("mean", []), ("mode", []), ("var", []), ("sd", []),
             ("entropy", []), ("kl_loss", ["Bernoulli", T([0.6])]),
             ("cross_entropy", ["Bernoulli", T([0.6])]), ("prob", [V3, P3])],
    "bern3": [("log_prob", [V3]), ("mode", []), ("entropy", []),
              ("kl_loss", ["Bernoulli", T([0.6, 0.5, 0.1])]), ("cdf", [V3])],
    "bernf": [("mode", []), ("mean", [])],
    "bern_none": [("log_prob", [V3, P3]), ("var", [P3])],
    "geom": [("prob", [VG]), ("log_prob", [VG]), ("cdf", [VG]), ("log_cdf", [T([0.0, 2.0])]),
             ("survival_function", [VG]), ("log_survival", [T([0.0, 2.0])]), ("mean", []),
             ("mode", []), ("var", []), ("sd", []), ("entropy", []),
             ("kl_loss", ["Geometric", T([0.7])]), ("cross_entropy", ["Geometric", T([0.7])])],
    "geom3": [("prob", [V3]), ("cdf", [V3]), ("mean", [P3])],
    "pois": [("prob", [T([0.0, 1.0, 5.0])]), ("log_prob", [T([-1.0, 2.0, 3.5])]),
             ("cdf", [T([-1.0, 2.0, 6.0])]), ("log_cdf", [T([0.0, 1.0, 6.0])]),
             ("survival_function", [T([0.0, 1.0, 6.0])]), ("mean", []), ("mode", []),
             ("var", []), ("sd", [])],
    "pois_none": [("log_prob", [T([1.0, 2.0]), T([1.5, 3.0])])],
    "cat": [("prob", [T([0.0, 2.0])]), ("log_prob", [T([1.0, 0.0])]),
            ("cdf", [T([0.0, 1.0])]), ("log_cdf", [T([1.0, 2.0])]),
            ("survival_function", [T([0.0, 1.0])]), ("mean", []), ("mode", []), ("var", []),
            ("sd", []), ("entropy", []),
            ("kl_loss", ["Categorical", T([[0.3, 0.3, 0.4], [0.5, 0.25, 0.25]])]),
            ("cross_entropy", ["Categorical", T([[0.3, 0.3, 0.4], [0.5, 0.25, 0.25]])]),
            ("log_prob", [T([[0.0], [2.0], [1.0]])]), ("log_prob", [T([-1.0, 5.0])]),
            ("cdf", [T([-0.5, 7.0])])],
    "cat1": [("prob", [T(1.0)]), ("cdf", [T(1.0)]), ("mean", []), ("entropy", []),
             ("log_prob", [T([0.0, 2.0, 1.0])]), ("mode", [])],
    "lognormal": [("prob", [T([0.5, 1.0, 3.0])]), ("log_prob", [T([0.5, 1.0, 3.0])]),
                  ("cdf", [T([0.5, 1.0, 3.0])]), ("log_cdf", [T([0.5, 3.0])]),
                  ("survival_function", [T([0.5, 3.0])]), ("log_survival", [T([0.5, 3.0])]),
                  ("log_prob", [T([0.5, 1.0]), T([0.0]), T([1.0])])],
    "affnormal": [("log_prob", [T([0.5, 1.0, 3.0])]), ("mean", [])],
}
CASES = [(f"{ctor}_{method}_{i}", _CTORS[ctor], method, args)
         for ctor, rows in _METHODS.items() for i, (method, args) in enumerate(rows)]

# (id, class, constructor args, kwargs, method or None, call args)
ERRORS = [
    ("bern_probs_one", "Bernoulli", [1.0], {}, None, []),
    ("bern_probs_zero", "Bernoulli", [T([0.0, 0.5])], {}, None, []),
    ("bern_dtype_bool", "Bernoulli", [0.5], {"dtype": "bool"}, None, []),
    ("bern_no_probs", "Bernoulli", [], {}, "mean", []),
    ("bern_list_value", "Bernoulli", [0.5], {}, "prob", [[1.0]]),
    ("bern_kl_name", "Bernoulli", [0.5], {}, "kl_loss", ["Geometric", T([0.5])]),
    ("geom_probs_big", "Geometric", [1.5], {}, None, []),
    ("pois_scalar", "Poisson", [2.0], {}, None, []),
    ("pois_rate_zero", "Poisson", [T([0.0, 1.0])], {}, None, []),
    ("cat_rank0", "Categorical", [T(0.5)], {}, None, []),
    ("cat_sum", "Categorical", [T([0.5, 0.6])], {}, None, []),
    ("cat_neg", "Categorical", [T([-0.5, 1.5])], {}, None, []),
    ("trans_bijector", "TransformedDistribution", [3, NORMAL], {}, None, []),
    ("trans_dist", "TransformedDistribution", [EXP, 3], {}, None, []),
    ("trans_int_dist", "TransformedDistribution", [EXP, ("dist", "Bernoulli", [0.5], {})],
     {}, None, []),
    ("trans_mean", "TransformedDistribution", [EXP, NORMAL], {}, "mean", []),
]
SIGNATURES = ("Bernoulli", "Categorical", "Geometric", "Poisson", "TransformedDistribution")


def builders(ms, nn, distributions, bijectors):
    """``(value, build, Call)`` for one library (MindSpore when recording, ours when
    replaying): a case's value (Tensor, bijector or distribution), its distribution, and one
    method as a Cell of its float Tensor arguments (``consts`` holds the others, None where
    a Tensor goes), so ``GradOperation`` differentiates it."""
    import numpy as onp

    def value(item):
        if isinstance(item, tuple) and item[0] == "t":
            return ms.Tensor(onp.array(item[1], item[2]))
        if isinstance(item, tuple) and item[0] == "bij":
            return getattr(bijectors, item[1])(*item[2])
        if isinstance(item, tuple) and item[0] == "dist":
            kwargs = {k: getattr(ms, v) for k, v in item[3].items()}
            return getattr(distributions, item[1])(*[value(a) for a in item[2]], **kwargs)
        return item

    def build(cls, args, kwargs):
        kwargs = {k: getattr(ms, v) if k == "dtype" else v for k, v in kwargs.items()}
        return getattr(distributions, cls)(*[value(a) for a in args], **kwargs)

    class Call(nn.Cell):
        """One distribution method as a Cell of its float Tensor arguments."""

        def __init__(self, dist, method, consts):
            super().__init__()
            self.dist, self.method, self.consts = dist, method, consts

        def construct(self, *tensors):
            it = iter(tensors)
            return self.dist(self.method, *[next(it) if c is None else c for c in self.consts])

    return value, build, Call
