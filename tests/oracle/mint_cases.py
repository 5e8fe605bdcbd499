"""``mint``'s functions that ``make_mint_fixture.py`` runs through real MindSpore 2.10;
encoded as in ``ops_cases.py``. A name with a dot (``linalg.inv``) is looked up in that
submodule through ``MintView``."""
from ops_cases import D, T, V, _case


class MintView:
    """``mint`` with dotted names (``special.round``) resolved in its submodules."""

    def __init__(self, mint):
        self.mint = mint

    def __getattr__(self, name):
        value = self.mint
        for part in name.split("."):
            value = getattr(value, part)
        return value


UNARY = ["abs", "acos", "acosh", "arccos", "arccosh", "arcsin", "arcsinh", "arctan",
         "arctanh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "erf", "erfc",
         "erfinv", "exp", "exp2", "expm1", "fix", "floor", "frac", "log", "log10", "log1p",
         "log2", "neg", "negative", "reciprocal", "round", "rsqrt", "sigmoid", "sign", "sin",
         "sinc", "sinh", "sqrt", "square", "tan", "tanh", "trunc", "isfinite", "isinf",
         "isnan", "isneginf", "logical_not", "clone", "ravel", "t", "special.erfc",
         "special.exp2", "special.expm1", "special.log1p", "special.round", "special.sinc"]
RANGE = {"acos": (-0.9, 0.9), "asin": (-0.9, 0.9), "arccos": (-0.9, 0.9),
         "arcsin": (-0.9, 0.9), "atanh": (-0.9, 0.9), "arctanh": (-0.9, 0.9),
         "erfinv": (-0.9, 0.9), "acosh": (1.1, 3.0), "arccosh": (1.1, 3.0),
         "log": (0.1, 3.0), "log10": (0.1, 3.0), "log2": (0.1, 3.0), "log1p": (0.1, 3.0),
         "special.log1p": (0.1, 3.0), "rsqrt": (0.1, 3.0), "sqrt": (0.1, 3.0),
         "reciprocal": (0.5, 3.0), "tan": (-1.0, 1.0)}
BINARY = ["add", "sub", "mul", "div", "divide", "pow", "maximum", "minimum", "atan2",
          "arctan2", "eq", "ne", "ge", "gt", "le", "lt", "greater", "greater_equal", "less",
          "less_equal", "equal", "not_equal", "fmod", "remainder", "floor_divide", "xlogy",
          "logaddexp", "logaddexp2", "float_power", "isclose", "allclose", "logical_and",
          "logical_or", "logical_xor"]
POSITIVE_BINARY = {"div", "divide", "pow", "fmod", "remainder", "floor_divide", "xlogy",
                   "float_power"}


def elementwise_cases():
    cases = []
    for op in UNARY:
        low, high = RANGE.get(op, (-2.0, 2.0))
        for x in (T((2, 3), low=low, high=high), T((3,), "float64", low=low, high=high)):
            cases.append(_case(op, x, grad=True))
        cases.append(_case(op, T((4,), "int32", low=1, high=3)))
    for op in BINARY:
        low = 0.5 if op in POSITIVE_BINARY else -2.0
        cases += [_case(op, T((2, 3), low=low), T((3,), low=low), grad=True),
                  _case(op, T((3,), "float64", low=low), T((3,), "float64", low=low), grad=True),
                  _case(op, T((4,), "int32", 1, 3), T((4,), "int32", 1, 3))]
    cases += [_case("add", T((3,)), T((3,)), alpha=2, grad=True),
              _case("sub", T((3,), "float64"), T((3,), "float64"), alpha=0.5, grad=True),
              _case("add", T((3,)), 1.5, grad=True),
              _case("div", T((3,)), T((3,), low=0.5), rounding_mode="floor"),
              _case("div", T((3,)), T((3,), low=0.5), rounding_mode="trunc"),
              _case("div", T((3,)), T((3,)), rounding_mode="up"),
              _case("clamp", T((2, 3)), -0.5, 0.5, grad=True),
              _case("clamp", T((3,), "float64"), min=0.0, grad=True),
              _case("clip", T((3,)), max=0.1, grad=True),
              _case("clamp", T((3,), "int32", -3, 3), -1, 1),
              _case("lerp", T((3,)), T((3,)), 0.3, grad=True),
              _case("lerp", T((3,), "float64"), T((3,), "float64"), T((3,), "float64"),
                    grad=True),
              _case("addcdiv", T((3,)), T((3,)), T((3,), low=0.5), value=2, grad=True),
              _case("addcmul", T((2, 3), "float64"), T((3,), "float64"), T((2, 1), "float64"),
                    value=0.5, grad=True),
              _case("bitwise_and", T((4,), "int32", -3, 3), T((4,), "int32", -3, 3)),
              _case("bitwise_or", T((4,), "int32", -3, 3), T((4,), "int32", -3, 3)),
              _case("bitwise_xor", T((4,), "bool"), T((4,), "bool")),
              _case("bitwise_not", T((4,), "int32", -3, 3)),
              _case("bitwise_not", T((4,), "bool")),
              _case("gcd", T((4,), "int32", 1, 12), T((4,), "int32", 1, 12)),
              _case("nan_to_num", V([1.0, float("nan"), float("inf"), -float("inf")]),
                    nan=0.5, posinf=9.0, grad=True),
              _case("item", T((1, 1))), _case("item", T((2,))),
              _case("real", T((3,))), _case("sigmoid", T((2, 2), "float16"))]
    return cases


def reduction_cases():
    x, x64, i = T((2, 3, 4)), T((3, 4), "float64"), T((3, 4), "int32", -3, 3)
    cases = []
    for op in ("sum", "mean", "prod", "amax", "amin", "nansum", "logsumexp", "std", "var",
               "std_mean", "var_mean", "norm"):
        cases += [_case(op, x, 1, grad=True), _case(op, x64, (0, 1), keepdim=True, grad=True),
                  _case(op, x, -1, keepdim=True, grad=True)]
        if op != "logsumexp":
            cases.append(_case(op, x64, grad=True))
    for op in ("sum", "prod", "nansum", "amax", "all", "any", "argmax", "argmin",
               "count_nonzero"):
        cases += [_case(op, i), _case(op, i, 1), _case(op, T((3,), "bool"))]
    cases += [_case("sum", x, 1, dtype=D("float64"), grad=True),
              _case("mean", i), _case("mean", i, dtype=D("float32")),
              _case("mean", x, 3), _case("sum", x, dim=(0, 5)),
              _case("std", x64, 1, correction=0, grad=True),
              _case("var", x, correction=2, grad=True),
              _case("norm", x, 1, grad=True), _case("norm", x64, 3.0, 1, grad=True),
              _case("norm", x, "nuc", (1, 2), grad=True),
              _case("norm", x, "fro", (1, 2), grad=True),
              _case("all", x, (0, 2), keepdim=True), _case("any", T((2, 3), "bool"), 0),
              _case("argmax", x, 1, True), _case("argmin", x64, -1, keepdim=True),
              _case("max", x, grad=True), _case("max", x, 1, grad=True),
              _case("max", x64, dim=0, keepdim=True, grad=True),
              _case("max", x, T((4,)), grad=True), _case("min", x64, grad=True),
              _case("min", x, 2, True, grad=True), _case("min", x64, T((3, 1), "float64"),
                                                         grad=True),
              _case("max", i, 1), _case("min", T((0,))),
              _case("median", x, grad=True), _case("median", x64, 1, grad=True),
              _case("median", x, -1, True, grad=True), _case("median", i, 0),
              _case("kthvalue", x, 2, grad=True), _case("kthvalue", x64, 3, 0, True, grad=True),
              _case("kthvalue", x, 5, 1),
              _case("cumsum", x, 1, grad=True), _case("cumsum", i, 0),
              _case("cumsum", x64, -1, dtype=D("float32"), grad=True),
              _case("cumprod", x, 2, grad=True), _case("cumprod", i, 1),
              _case("cummax", x, 1, grad=True), _case("cummin", x64, 0, grad=True),
              _case("cummax", i, 1), _case("cummin", i, -1),
              _case("count_nonzero", i, (0, 1)),
              _case("linalg.vector_norm", x, 1, grad=True),
              _case("linalg.vector_norm", x64, 1.0, (0, 1), True, grad=True),
              _case("linalg.matrix_norm", x, grad=True),
              _case("linalg.matrix_norm", x64, 1, grad=True),
              _case("linalg.norm", x64, grad=True),
              _case("special.log_softmax", x, 1, grad=True),
              _case("special.log_softmax", x64, grad=True),
              _case("softmax", x, 1, grad=True), _case("softmax", x64, -1, grad=True),
              _case("softmax", x, 0, dtype=D("float64"), grad=True)]
    return cases
