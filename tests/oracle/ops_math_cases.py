"""The math, reduction and linear-algebra cases that ``make_ops_math_fixture.py`` runs
through real MindSpore 2.10 (same record format as ``ops_cases.py``)."""
import numpy as onp

from ops_cases import D, T, V, _case

_rng = onp.random.RandomState(41)

UNIT = ["acos", "arccos", "asin", "arcsin", "atanh", "arctanh", "erfinv"]
REAL = ["atan", "arctan", "asinh", "arcsinh", "cosh", "sinh", "tan", "expm1", "exp2",
        "sinc", "deg2rad", "rad2deg", "erfc", "negative", "sign", "frac", "trunc", "ceil",
        "floor", "round", "reciprocal", "positive"]
POSITIVE = ["log1p", "log2", "log10", "acosh", "arccosh"]
TESTS = ["isfinite", "isinf", "isnan", "signbit", "logical_not"]
BINARY = ["atan2", "arctan2", "logaddexp", "logaddexp2", "hypot", "fmod", "remainder",
          "floor_divide", "floor_div", "true_divide", "divide", "float_power", "copysign",
          "xlogy"]
LOGIC = ["logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
         "bitwise_xor"]


def elementwise_math_cases():
    cases = []
    for op in UNIT:
        cases += [_case(op, T((2, 3), low=-0.9, high=0.9), grad=True),
                  _case(op, T((3,), "float64", low=-0.9, high=0.9), grad=True),
                  _case(op, T((3,), "int32", low=0, high=0))]
    for op in REAL:
        cases += [_case(op, T((2, 3), low=-1.4, high=1.4), grad=True),
                  _case(op, T((3,), "float64", low=-1.4, high=1.4), grad=True),
                  _case(op, T((4,), "int32", low=-3, high=3))]
        cases += [_case(op, T((3,), "bool"))] if op != "sinc" else []  # MindSpore: 0 at 0
    for op in POSITIVE:
        cases += [_case(op, T((2, 3), low=1.1, high=3.0), grad=True),
                  _case(op, T((3,), "float64", low=1.1, high=3.0), grad=True),
                  _case(op, T((3,), "int32", low=1, high=4))]
    for op in TESTS:
        cases += [_case(op, V([1.0, -0.0, float("inf"), float("nan"), -2.0])),
                  _case(op, T((3,), "int32")), _case(op, T((3,), "bool"))]
    for op in BINARY:
        cases += [_case(op, T((2, 3), low=0.3, high=2.0), T((3,), low=0.3, high=2.0),
                        grad=True),
                  _case(op, T((3,), "float64", low=-2.0, high=2.0),
                        T((3,), "float64", low=0.5, high=2.0), grad=True),
                  _case(op, T((4,), "int32", low=-5, high=5), V([2, 3, -2, 4], "int32")),
                  _case(op, T((3,), low=0.3, high=2.0), 2.0)]
    for op in LOGIC:
        cases += [_case(op, T((2, 3), "bool"), T((3,), "bool")),
                  _case(op, T((4,), "int32", low=-5, high=5), V([6, 3, -2, 1], "int32")),
                  _case(op, T((3,)), T((3,)))]
    cases += [_case("round", T((4,), low=-3.0, high=3.0), decimals=2),
              _case("round", T((4,)), decimals=1.5),
              _case("divide", T((4,), low=-3, high=3), T((4,), low=0.5, high=2),
                    rounding_mode="floor"),
              _case("divide", T((4,)), T((4,)), rounding_mode="up"),
              _case("isclose", V([1.0, 1.00001, 2.0, float("nan")]),
                    V([1.0, 1.0, 2.1, float("nan")])),
              _case("isclose", V([1.0, float("nan")]), V([1.0, float("nan")]), equal_nan=True),
              _case("isclose", V([1.0, 1.1]), V([1.0, 1.0]), rtol=0.2, atol=0.0),
              _case("isclose", V([1.0]), V([1.0]), rtol=-1.0),
              _case("logit", T((2, 3), low=0.0, high=1.0), eps=0.1, grad=True),
              _case("logit", T((3,), "float64", low=0.05, high=0.95), 1e-3, grad=True),
              _case("lerp", T((2, 3)), T((2, 3)), 0.3, grad=True),
              _case("lerp", T((3,), "float64"), T((3,), "float64"), T((3,), "float64"),
                    grad=True),
              _case("lerp", T((3,), "int32"), T((3,), "int32"), 0.5),
              _case("xlogy", V([0.0, 1.0, 2.0]), V([0.0, 3.0, 0.5]), grad=True),
              _case("erfinv", V([-1.0, 1.0, 0.0, 0.9])), _case("logit", T((3,), "int32"))]
    for op in ("addcdiv", "addcmul"):
        cases += [_case(op, T((2, 3)), T((2, 3)), T((3,), low=0.5, high=2.0), value=0.5,
                        grad=True),
                  _case(op, T((3,), "float64"), T((3,), "float64"),
                        T((3,), "float64", low=0.5, high=2.0), grad=True),
                  _case(op, T((3,), "int32"), T((3,), "int32"), V([1, 2, 3], "int32"))]
    return cases
