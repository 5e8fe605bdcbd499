"""The cases of the dtype-rule probe, shared by its generator (run under MindSpore) and its
replay (run on minpy_compat): binary ops and Tensor operators over pairs of input dtypes,
and the unary float functions over every input dtype.

A Tensor operand is named by its dtype ("int32"), with "0d:" in front for a 0-d Tensor; a
Python number operand is "py_int" (3), "py_float" (2.5) or "py_bool" (True).
"""
import operator

TENSOR_DTYPES = ["bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64"]
PYTHON_NUMBERS = {"py_int": 3, "py_float": 2.5, "py_bool": True}

BINARY_OPS = ["add", "sub", "mul", "div", "pow", "maximum", "minimum", "equal", "not_equal",
              "greater", "less", "greater_equal", "less_equal", "floor_div"]
OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul,
             "/": operator.truediv, "**": operator.pow, "//": operator.floordiv,
             "%": operator.mod, "==": operator.eq, "<": operator.lt, ">=": operator.ge}
UNARY_FLOAT_OPS = ["sin", "cos", "tan", "exp", "log", "sqrt", "tanh", "sigmoid", "atan",
                   "asin", "acos", "sinh", "cosh", "log1p", "expm1", "rsqrt", "reciprocal",
                   "erf"]
UNARY_METHODS = ["sin", "cos", "tan", "exp", "log", "sqrt", "tanh", "sigmoid", "atan",
                 "log1p", "reciprocal"]


def operand_names():
    """Every operand: n-d and 0-d Tensors of each dtype, then the Python numbers."""
    return TENSOR_DTYPES + ["0d:" + d for d in TENSOR_DTYPES] + list(PYTHON_NUMBERS)


def make_operand(name, tensor, numpy):
    """The operand ``name`` built with ``tensor(data, dtype)`` (MindSpore's or ours)."""
    if name in PYTHON_NUMBERS:
        return PYTHON_NUMBERS[name]
    dtype = name[3:] if name.startswith("0d:") else name
    data = numpy.array(2 if name.startswith("0d:") else [1, 2], dtype=dtype)
    return tensor(data)


def binary_pairs():
    """(left, right) pairs with at least one Tensor, in a fixed order."""
    names = operand_names()
    return [(a, b) for a in names for b in names
            if not (a in PYTHON_NUMBERS and b in PYTHON_NUMBERS)]


def unary_inputs():
    return TENSOR_DTYPES + ["0d:" + d for d in TENSOR_DTYPES]


def outcome(run):
    """The dtype name run() gives (lower case, as NumPy writes it), or 'error:<Type>'."""
    try:  # reading the data runs the op where MindSpore runs it lazily
        result = run()
        dtype = getattr(result, "dtype", None)
        getattr(result, "asnumpy", lambda: None)()
    except Exception as error:  # noqa: BLE001 - the exception's type is what we record
        return "error:" + type(error).__name__
    if dtype is None:
        return "python:" + type(result).__name__
    return str(dtype).lower()
