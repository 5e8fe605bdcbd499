"""The input cases that ``make_ops_fixture.py`` runs through real MindSpore.

A case is a dict: ``op`` (a name in ``ops``), ``init`` (constructor arguments for a
primitive class, absent for a function), ``args`` (encoded values), ``kwargs`` and
``grad`` (whether to record the gradient). Encoded values: ``{"t": data, "dtype": name,
"shape": [...]}`` is a Tensor, ``{"tuple": [...]}`` a tuple, ``{"mstype": name}`` a
dtype; anything else is passed as is. Only NumPy is needed here, so the replay test
could rebuild the cases too; it reads them from the fixture instead.
"""
import numpy as onp

_rng = onp.random.RandomState(14)


def T(shape, dtype="float32", low=-2.0, high=2.0):
    """An encoded Tensor of random values rounded to 3 decimals (ints and bools too)."""
    if dtype == "bool":
        data = _rng.rand(*shape) > 0.5
    elif dtype.startswith("int"):
        data = _rng.randint(int(low), int(high) + 1, size=shape)
    else:
        data = onp.round(_rng.uniform(low, high, size=shape), 3)
    return {"t": onp.asarray(data).tolist(), "dtype": dtype, "shape": list(shape)}


def V(values, dtype="float32"):
    """An encoded Tensor with the given values."""
    return {"t": values, "dtype": dtype, "shape": list(onp.shape(values))}


def D(name):
    return {"mstype": name}


def _case(op, *args, init=None, grad=False, **kwargs):
    case = {"op": op, "args": list(args), "kwargs": kwargs, "grad": grad}
    if init is not None:
        case["init"] = list(init)
    return case


def _unary_inputs(positive=False):
    low = 0.1 if positive else -3.0
    return [T((2, 3), low=low, high=3.0), T((2, 3), "float64", low=low, high=3.0),
            T((4,), "int32", low=1 if positive else -3, high=4), T((3,), "bool"),
            T((), low=low, high=3.0), T((0, 3))]


UNARY = {"abs": "Abs", "cos": None, "exp": "Exp", "neg": "Neg", "sin": None,
         "square": "Square", "tanh": "Tanh", "relu": "ReLU", "relu6": "ReLU6",
         "sigmoid": "Sigmoid", "erf": None, "gelu": "GeLU", "silu": None, "softplus": "Softplus",
         "elu": "Elu", "selu": "SeLU", "hardsigmoid": "HSigmoid", "hardswish": "HSwish",
         "logsigmoid": None, "mish": "Mish", "softmax": "Softmax", "log_softmax": "LogSoftmax"}
POSITIVE = {"log": "Log", "sqrt": "Sqrt", "rsqrt": "Rsqrt"}
BINARY = {"add": "Add", "sub": "Sub", "mul": "Mul", "div": "Div", "pow": "Pow",
          "maximum": "Maximum", "minimum": "Minimum", "gt": "Greater", "ge": "GreaterEqual",
          "lt": "Less", "le": "LessEqual", "eq": "Equal", "ne": None, "greater": None,
          "greater_equal": None, "less": None, "less_equal": None, "equal": None,
          "not_equal": None}
DIFFERENTIABLE_BINARY = {"add", "sub", "mul", "div", "pow", "maximum", "minimum"}


def _binary_pairs(op):
    low = 0.5 if op in ("pow", "div") else -2.0
    return [(T((2, 3), low=low), T((3,), low=low)), (T((2, 3), "float64", low=low),
            T((2, 3), "float64", low=low)), (T((4,), "int32", 1, 3), T((4,), "int32", 1, 3)),
            (T((3,), low=low), 2.0), (T((3,), "int32", 1, 3), 2.5),
            (T((3,), "int32", 1, 3), T((3,), low=low)), (T((3,), "bool"), T((3,), "bool")),
            (T((), low=low), T((), low=low)), (T((0, 3), low=low), T((3,), low=low)),
            (T((2, 1), low=low), T((1, 3), "float64", low=low))]


def elementwise_cases():
    cases = []
    for table, positive in ((UNARY, False), (POSITIVE, True)):
        for fn, prim in table.items():
            for x in _unary_inputs(positive):
                cases.append(_case(fn, x, grad=True))
                if prim:
                    cases.append(_case(prim, x, init=(), grad=True))
    for fn, prim in BINARY.items():
        for a, b in _binary_pairs(fn):
            diff = fn in DIFFERENTIABLE_BINARY
            cases.append(_case(fn, a, b, grad=diff))
            if prim:
                cases.append(_case(prim, a, b, init=(), grad=diff))
    cases += [_case("RealDiv", T((2, 3)), T((3,), low=0.5), init=(), grad=True),
              _case("softmax", T((2, 3)), axis=0, grad=True),
              _case("Softmax", T((2, 3)), init=(0,), grad=True),
              _case("LogSoftmax", T((2, 3)), init=(0,), grad=True),
              _case("log_softmax", T((2, 3)), axis=0, grad=True),
              _case("leaky_relu", T((2, 3)), grad=True),
              _case("leaky_relu", T((2, 3)), alpha=0.5, grad=True),
              _case("elu", T((2, 3)), alpha=0.5, grad=True),
              _case("Elu", T((2, 3)), init=(0.5,), grad=True),
              _case("gelu", T((2, 3)), approximate="tanh", grad=True),
              _case("softplus", T((2, 3)), beta=2, threshold=1, grad=True),
              _case("clamp", T((2, 3)), -1.0, 1.0, grad=True),
              _case("clamp", T((2, 3)), min=-0.5, grad=True),
              _case("clamp", T((4,), "int32", -3, 3), -1, 1),
              _case("clip", T((2, 3)), max=0.5, grad=True),
              _case("clip_by_value", T((2, 3)), -1.0, 1.0, grad=True),
              _case("clip_by_value", T((2, 3), "float64"), V(-1.0, "float64"), V(1.0, "float64"),
                    grad=True),
              _case("select", V([True, False, True], "bool"), T((3,)), T((3,)), grad=True),
              _case("select", V([True, False, True], "bool"), T((3,)), 2.0, grad=True),
              _case("Select", V([True, False], "bool"), T((2,)), T((2,)), init=(), grad=True),
              _case("where", V([True, False, True], "bool"), T((3,)), T((3,)), grad=True),
              _case("where", V([[True], [False]], "bool"), T((1, 3)), T((2, 1)), grad=True),
              _case("masked_fill", T((2, 3)), V([True, False, True], "bool"), 0.5, grad=True),
              _case("MaskedFill", T((2, 3)), V([True, False, True], "bool"), V(0.5),
                    init=(), grad=True),
              _case("cast", T((3,)), D("int32")), _case("cast", T((3,)), D("float64"), grad=True),
              _case("Cast", T((3,), "int32"), D("float32"), init=()),
              _case("Cast", T((3,)), D("bool_"), init=()),
              _case("stop_gradient", T((3,)), grad=True),
              _case("StopGradient", T((3,)), init=(), grad=True),
              _case("depend", T((3,)), T((2,)), grad=True),
              _case("Depend", T((3,)), T((2,)), init=(), grad=True)]
    return cases
