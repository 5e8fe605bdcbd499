"""Fuzz cases for ``ms.mint``, ``mint.nn.functional`` and the Tensor methods, generated from
tables per family (elementwise, reductions, shaping, nn.functional): every dtype MindSpore
takes, 0-d and empty inputs, negative and out-of-range ``dim``, ``keepdim`` both ways,
broadcasting, Python scalars as the second operand and non-contiguous inputs.
``make_fuzzmint_fixture.py`` records MindSpore 2.10's answers; the replay test is
``tests/test_cell_oracle_fuzzmint.py``. Encoded as in ``ops_cases.py``; an ``op`` is a name
in ``FuzzView`` (``mint`` names, ``nc:`` and ``method:`` prefixes)."""
import numpy as onp

from ops_cases import T, _case

_rng = onp.random.RandomState(16)


class FuzzView:
    """``mint`` (dotted names in its submodules); ``nc:name`` first transposes the first
    argument's last two axes (a non-contiguous input); ``method:name`` calls the Tensor
    method ``args[0].name(*rest)``."""

    def __init__(self, mint):
        self.mint = mint

    def __getattr__(self, name):
        if name.startswith("method:"):
            method = name[len("method:"):]
            return lambda tensor, *args, **kwargs: getattr(tensor, method)(*args, **kwargs)
        if name.startswith("nc:"):
            inner = getattr(self, name[len("nc:"):])
            return lambda tensor, *args, **kwargs: inner(tensor.swapaxes(-1, -2), *args,
                                                         **kwargs)
        value = self.mint
        for part in name.split("."):
            value = getattr(value, part)
        return value


def R(shape, dtype="float32", low=-2.0, high=2.0):
    """A random encoded Tensor from this module's own generator."""
    if dtype == "bool":
        data = _rng.rand(*shape) > 0.5
    elif dtype.startswith(("int", "uint")):
        data = _rng.randint(max(int(low), 0) if dtype.startswith("u") else int(low),
                            int(high) + 1, size=shape)
    else:
        data = onp.round(_rng.uniform(low, high, size=shape), 3)
    return {"t": onp.asarray(data).tolist(), "dtype": dtype, "shape": list(shape)}


DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "float32",
          "float64"]
UNARY = ["abs", "neg", "exp", "log", "sqrt", "rsqrt", "sin", "cos", "tanh", "sigmoid",
         "floor", "ceil", "trunc", "round", "sign", "square", "reciprocal", "erf", "erfinv",
         "expm1", "log1p", "log2", "exp2", "frac", "fix", "isfinite", "isnan", "isinf",
         "isneginf", "logical_not", "bitwise_not", "sinc", "atan", "asinh", "cosh"]
POSITIVE = {"log", "sqrt", "rsqrt", "log1p", "log2", "reciprocal", "erfinv"}
BINARY = ["add", "sub", "mul", "div", "pow", "maximum", "minimum", "eq", "ne", "lt", "le",
          "gt", "ge", "fmod", "remainder", "floor_divide", "atan2", "logical_and",
          "logical_xor", "xlogy", "bitwise_and", "logaddexp", "float_power"]
PAIRS = [("int32", "float32"), ("int64", "int64"), ("bool", "bool"), ("float16", "float32"),
         ("uint8", "int8"), ("int8", "int16"), ("float32", "float64"), ("bool", "int32")]


def _lo(op):
    return 0.2 if op in POSITIVE else -2.0


def elementwise_cases():
    cases = []
    for op in UNARY:
        hi = 0.9 if op == "erfinv" else 3.0
        for dtype in DTYPES:
            cases.append(_case(op, R((2, 3), dtype, _lo(op), hi), grad=dtype == "float32"))
        cases += [_case(op, R((), "float32", _lo(op), hi), grad=True),
                  _case(op, R((0, 3), "float32")),
                  _case("nc:" + op, R((3, 2), "float64", _lo(op), hi), grad=True),
                  _case("method:" + op, R((2,), "float32", _lo(op), hi), grad=True)]
    for op in BINARY:
        lo = 0.5 if op in ("div", "pow", "fmod", "remainder", "floor_divide", "xlogy",
                           "float_power") else -2.0
        for a, b in PAIRS:
            cases.append(_case(op, R((2, 3), a, max(lo, 1) if a[0] in "iu" else lo, 4),
                               R((3,), b, max(lo, 1) if b[0] in "iu" else lo, 4)))
        cases += [_case(op, R((2, 1), low=lo), R((1, 3), low=lo), grad=True),
                  _case(op, R((), low=lo), R((2, 3), low=lo), grad=True),
                  _case(op, R((0, 3), low=lo), R((3,), low=lo)),
                  _case(op, R((2, 3), low=lo), 2.0, grad=True),
                  _case(op, R((2, 3), "int32", 1, 4), 2),
                  _case(op, R((2, 3), "int32", 1, 4), 2.5),
                  _case(op, R((2, 3), "bool"), True),
                  _case("nc:" + op, R((3, 2), "float64", lo), R((2, 3), "float64", lo),
                        grad=True),
                  _case("method:" + op, R((2, 3), low=lo), R((3,), low=lo), grad=True),
                  _case("method:" + op, R((2, 3), low=lo), 1.5, grad=True)]
    return cases


REDUCE = ["sum", "mean", "prod", "amax", "amin", "all", "any", "argmax", "argmin", "std",
          "var", "logsumexp", "nansum", "max", "min", "median", "count_nonzero", "norm"]
NEEDS_DIM = {"amax", "amin", "logsumexp"}
DIMS = [None, 0, -1, 2, -3, (0, 1), (0, -1)]


def _dim_call(op, x, dim, keepdim, grad, prefix=""):
    if dim is None:
        return _case(prefix + op, x, grad=grad)
    if op in ("max", "min", "median", "argmax", "argmin", "count_nonzero") and \
            isinstance(dim, tuple) and op != "count_nonzero":
        return None
    if op == "count_nonzero":
        return _case(prefix + op, x, dim=dim)
    if op == "norm":
        return _case(prefix + op, x, 2.0, dim, keepdim, grad=grad)
    if op in ("std", "var"):  # keepdim is keyword-only (mint) or absent (the method)
        return _case(prefix + op, x, dim, grad=grad, **({} if prefix else {"keepdim": keepdim}))
    return _case(prefix + op, x, dim, keepdim, grad=grad)


def reduction_cases():
    cases = []
    for op in REDUCE:
        for dtype in ("float32", "float64", "int32", "bool", "float16", "int8"):
            x = R((2, 3), dtype, -3, 3)
            cases.append(_case(op, x) if op not in NEEDS_DIM else _case(op, x, 1))
        for dim in DIMS:
            for keepdim in (False, True):
                case = _dim_call(op, R((2, 3)), dim, keepdim, True)
                if case and not (dim is None and keepdim):
                    cases.append(case)
        cases += [c for c in (_dim_call(op, R(()), 0, False, True),
                              _dim_call(op, R(()), None, False, True),
                              _dim_call(op, R((0, 3)), 1, False, False),
                              _dim_call(op, R((0, 3)), 0, True, False),
                              _dim_call(op, R((3, 2), "float64"), 1, True, True, "nc:"),
                              _dim_call(op, R((2, 3)), -1, True, True, "method:"),
                              _dim_call(op, R((2, 3), "int32", -3, 3), 0, False, False,
                                        "method:")) if c]
    for op in ("cumsum", "cumprod", "cummax", "cummin", "softmax", "special.log_softmax"):
        for dim in (0, -1, 2, -3):
            cases.append(_case(op, R((2, 3)), dim, grad=True))
        cases += [_case(op, R((2, 3), "int32", -3, 3), 1), _case(op, R(()), 0, grad=True),
                  _case(op, R((0, 3)), 1), _case(op, R((2, 3), "float16"), 1),
                  _case("nc:" + op, R((3, 2), "float64"), 0, grad=True)]
    return cases


SHAPING = [("flatten", [(), (1,), (0, -1), (-2, -1), (2, 0), (5,)]),
           ("squeeze", [(), (0,), (-1,), (1,), (3,), ((0, 2),)]),
           ("unsqueeze", [(0,), (-1,), (3,), (4,), (-5,)]),
           ("transpose", [(0, 1), (-1, 0), (0, 3)]),
           ("permute", [((2, 0, 1),), ((-1, 0, 1),), ((0, 1),), ((0, 0, 1),)]),
           ("flip", [((0,),), ((-1, 0),), ((3,),)]),
           ("roll", [(1, 0), (-2, -1), ((1, 2), (0, 2)), (1,)]),
           ("narrow", [(0, 0, 1), (-1, 1, 1), (1, -2, 1), (3, 0, 1), (0, 0, 3)]),
           ("select", [(0, 0), (-1, -1), (1, 5), (3, 0)]),
           ("chunk", [(2,), (2, -1), (3, 1), (2, 3)]),
           ("split", [(1,), (2, -1), ([1, 2], 1), ([1, 1], 0)]),
           ("tril", [(), (1,), (-1,)]), ("triu", [(), (1,), (-5,)]),
           ("repeat_interleave", [(2,), (2, 0), (2, -1), (2, 3)]),
           ("tile", [((2,),), ((1, 2, 1, 1),)]), ("diff", [(), (1, 0), (1, -1), (2, 2)]),
           ("unbind", [(0,), (-1,), (3,)]), ("clone", [()]), ("ravel", [()]), ("t", [()])]


def shaping_cases():
    cases = []
    for op, calls in SHAPING:
        for args in calls:
            shape = (2, 3) if op in ("t", "tril", "triu") else (2, 1, 3)
            cases.append(_case(op, R(shape), *args, grad=True))
        args = calls[0]
        cases += [_case(op, R((2, 3) if op in ("t", "tril", "triu") else (2, 1, 3),
                              "int32", -3, 3), *args),
                  _case("nc:" + op, R((2, 3, 1) if op not in ("t", "tril", "triu")
                                      else (3, 2), "float64"), *args, grad=True),
                  _case("method:" + op, R((2, 3) if op in ("t", "tril", "triu")
                                          else (2, 1, 3)), *args, grad=True)]
    for op in ("cat", "stack"):
        for dim in (0, -1, 2, -3):
            cases.append(_case(op, {"tuple": [R((2, 3)), R((2, 3))]}, dim, grad=True))
        cases += [_case(op, {"tuple": [R((2, 3)), R((2, 3), "float64")]}, 0),
                  _case(op, {"tuple": [R((2, 3), "int32"), R((2, 3))]}, 0),
                  _case(op, {"tuple": [R(()), R(())]}, 0), _case(op, {"tuple": []}, 0),
                  _case(op, {"tuple": [R((0, 3)), R((2, 3))]}, 0)]
    return cases
