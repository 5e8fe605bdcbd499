"""The bijector cases of ``probB_fixture.json``, shared by ``make_probB_fixture.py``
(MindSpore 2.10) and ``tests/test_cell_oracle_probB.py`` (ours).

A parameter is a Python float or ``("array", values, dtype)``; an ``Invert`` case names
the case it inverts in ``inner``."""
X = [0.3, 0.5, 0.8]
WIDE = [-20.0, -3.0, 0.25, 2.0, 20.0]
POSITIVE = [0.05, 0.4, 0.9]

CASES = {
    "exp": ("Exp", [], X, "float32"),
    "exp_f64": ("Exp", [], X, "float64"),
    "power_half": ("PowerTransform", [0.5], X, "float32"),
    "power_zero": ("PowerTransform", [0.0], X, "float32"),
    "power_two_f64": ("PowerTransform", [("array", [2.0], "float64")], POSITIVE, "float64"),
    "power_batch": ("PowerTransform", [("array", [0.0, 0.5, 2.0], "float32")], X, "float32"),
    "gumbel": ("GumbelCDF", [1.0, 2.0], POSITIVE, "float32"),
    "gumbel_batch_f64": ("GumbelCDF", [("array", [0.0, 1.0, -1.0], "float64"),
                                       ("array", [1.0, 0.5, 3.0], "float64")],
                         POSITIVE, "float64"),
    "affine": ("ScalarAffine", [2.0, 1.0], X, "float32"),
    "affine_neg": ("ScalarAffine", [-0.5, 3.0], WIDE, "float32"),
    "affine_batch_f64": ("ScalarAffine", [("array", [1.0, 2.0, -3.0], "float64"),
                                          ("array", [0.5], "float64")], X, "float64"),
    "softplus": ("Softplus", [2.0], X, "float32"),
    "softplus_wide": ("Softplus", [1.0], WIDE, "float32"),
    "softplus_tiny": ("Softplus", [1.0], [1e-8, 1e-7, 2e-6, 0.5], "float32"),
    "softplus_f64": ("Softplus", [0.5], WIDE, "float64"),
    "invert_exp": ("Invert", "exp", POSITIVE, "float32"),
    "invert_affine": ("Invert", "affine", X, "float32"),
    "invert_softplus": ("Invert", "softplus", X, "float32"),
}
METHODS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")

# (id, class, args, kwargs, input values, input dtype or None for a Python float input)
ERRORS = [
    ("gumbel_scale_negative", "GumbelCDF", [0.0, -1.0], {}, None, None),
    ("gumbel_scale_zero", "GumbelCDF", [0.0, 0.0], {}, None, None),
    ("power_negative", "PowerTransform", [-1.0], {}, None, None),
    ("affine_bool", "ScalarAffine", [True], {}, None, None),
    ("affine_none", "ScalarAffine", [None], {}, None, None),
    ("affine_int", "ScalarAffine", [1, 0.0], {}, None, None),
    ("affine_mixed", "ScalarAffine", [("array", [1.0], "float64"), 0.5], {}, None, None),
    ("exp_name_int", "Exp", [], {"name": 3}, None, None),
    ("invert_int", "Invert", [3], {}, None, None),
    ("affine_int_input", "ScalarAffine", [2.0], {}, [1, 2], "int32"),
    ("affine_float_input", "ScalarAffine", [2.0], {}, 1.0, None),
]
SIGNATURES = ("Bijector", "Exp", "GumbelCDF", "Invert", "PowerTransform", "ScalarAffine",
              "Softplus")


def builders(ms, nn, bijectors):
    """``(param, build, Call)`` for one library (MindSpore when recording, ours when
    replaying): a case's parameter as a Tensor, its bijector, and one method as a Cell of
    the input (so ``GradOperation`` differentiates it)."""
    import numpy as onp

    def param(value):
        return ms.Tensor(onp.array(value[1], value[2])) if isinstance(value, tuple) else value

    def build(name):
        cls, args, _, _ = CASES[name]
        if cls == "Invert":
            return bijectors.Invert(build(args))
        return getattr(bijectors, cls)(*[param(a) for a in args])

    class Call(nn.Cell):
        """One bijector method as a Cell of the input."""

        def __init__(self, bijector, method):
            super().__init__()
            self.bijector, self.method = bijector, method

        def construct(self, x):
            return self.bijector(self.method, x)

    return param, build, Call
