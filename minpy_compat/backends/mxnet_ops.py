"""MXNet implementations of NumPy functions, with their gradients: the math table.

Each op is a ``customop('mxnet')``: its function and gradient makers see NDArrays.
The ``*_call`` adapters take NumPy's signature, check that MXNet gives NumPy's
answer for these arguments (floats of one dtype; otherwise ``Unsupported`` and the
policy runs NumPy), and work out NumPy's shape where MXNet has none (0-d).
Importing this module imports MXNet; the dispatcher does so on first MXNet use.
Unary math and dot are in ``mxnet_ops_math``; shapes and reductions in
``mxnet_ops_shape``; where, indexing and creation in ``mxnet_ops_index``.

Every op here is also ``recordable`` (``mxnet_record``): under ``grad`` its MXNet code
runs inside ``mxnet.autograd.record()``, and a run of such ops is differentiated by
MXNet in one call. That is only right because MXNet's gradient of each op's code is
the gradient registered beside it; where it is not (ties in max/min, ``power``'s
exponent) the op says so when it is registered.
"""
import numpy as onp
from autograd.tracer import getval

from ..primitive import customop
from .mxnet_backend import FLOATS, logical, require_mxnet
from .mxnet_record import recordable

mx = require_mxnet("MXNet ops")
nd = mx.nd

OPS = []      # every op in the table (tests walk it)
TABLE = {}    # raw NumPy function (or name) -> adapter with NumPy's signature


class Unsupported(Exception):
    """MXNet would not give NumPy's answer for these arguments; NumPy runs instead."""


class Invalid(Unsupported):
    """NumPy refuses these arguments too (shapes that do not broadcast, ...): NumPy runs,
    under every policy, so the user sees NumPy's own error, not MXNet's or a policy's."""


def register(op, record_as=None, unless_traced=()):
    """Add ``op`` to the table's list and make it recordable (see ``mxnet_record``)."""
    OPS.append(op)
    return recordable(op, record_as, unless_traced)


# ---- argument checks ------------------------------------------------------------------
def float_dtype(values, allow_bool=False, first=0, names=None):
    """The one float dtype of the array arguments, one MXNet has (not longdouble);
    Unsupported for anything else, for empty arrays (MXNet 1.x reads a 0 in a shape as
    "unknown") and for Python numbers that make NumPy widen the dtype. The reason names
    the argument: ``values[i]`` is argument ``first + i``, or ``names[i]`` where given
    (only_mxnet's refusal quotes it)."""
    found, numbers, dims = None, False, False
    for index, value in enumerate(values):
        kind = type(value)
        if kind is float or kind is int:
            numbers = True
            continue
        if value is None:
            continue
        where = names[index] if names is not None else f"argument {first + index}"
        raw = getval(value)
        dtype = getattr(raw, "dtype", None)
        if dtype is None or type(raw) is float:
            raise Unsupported(f"{where} of type {kind.__name__}")
        dtype = onp.dtype(dtype)  # a raw mx.nd.NDArray reports a type, not a dtype
        if raw.shape:
            dims = True
            if 0 in raw.shape:
                raise Unsupported(f"{where}, empty (shape {tuple(raw.shape)}: MXNet 1.x "
                                  "cannot compute on zero-size arrays)")
        if dtype.kind == "b" and allow_bool:
            continue
        if dtype.kind != "f" or (found is not None and dtype != found):
            other = "" if dtype.kind != "f" else f" (after {found})"
            raise Unsupported(f"{where} of dtype {dtype}{other}; MXNet computes here on one "
                              "float dtype: float16, float32 or float64")
        found = dtype
    if found is None:
        raise Unsupported("no float array argument")
    if found not in FLOATS:
        raise Unsupported(f"dtype {found} (MXNet has float16, float32 and float64)")
    if numbers and found != onp.float64:
        _check_numbers(values, found if dims else onp.empty((), found))
    return found


def _check_numbers(values, like):
    """Unsupported where a Python number widens the arrays' dtype, as NumPy 1.x's value-based
    casting does (float32 + 65536 is float64, float16 + 70000.0 float32; a 0-d float32
    array + 2.5 is float64). MXNet would keep the dtype. ``like``: the arrays' dtype, or a
    0-d array of it where every array is 0-d."""
    dtype = onp.result_type(like)
    for value in values:
        if (type(value) is float or type(value) is int) and onp.result_type(like, value) != dtype:
            raise Unsupported(f"{value!r} widens {dtype}")


def shape_of(value):
    return getattr(getval(value), "shape", ())


def unbroadcast(g, like):
    """Sum ``g`` down to ``like``'s (NDArray) shape, undoing broadcasting."""
    shape = like.shape
    if g.shape == shape:
        return g
    lead = g.ndim - len(shape)
    kept = tuple(lead + i for i, n in enumerate(shape) if n == 1 and g.shape[lead + i] != 1)
    if not kept and shape:  # only leading axes (a bias): one MXNet call, no reshape
        return g.sum(axis=tuple(range(lead)))
    axes = tuple(range(lead)) + kept
    if axes:
        g = g.sum(axis=axes, keepdims=True)
    return g.reshape(shape)


def _shape_kwargs(*args):
    """``scalar=True`` when every array argument is 0-d (NumPy's result is 0-d too)."""
    arrays = [a for a in args if type(a) not in (int, float)]
    return {"scalar": True} if all(shape_of(a) == () for a in arrays) else {}


def _result(out, scalar, dtype=None):
    return logical(out, () if scalar else None, dtype) if scalar or dtype else out


# ---- elementwise arithmetic ------------------------------------------------------------
@register
@customop('mxnet')
def mx_add(x, y, scalar=False):
    return _result(x + y, scalar)


mx_add.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g, x), argnum=0)
mx_add.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g, y), argnum=1)


@register
@customop('mxnet')
def mx_subtract(x, y, scalar=False):
    return _result(x - y, scalar)


mx_subtract.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g, x), argnum=0)
mx_subtract.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(-g, y), argnum=1)


@register
@customop('mxnet')
def mx_multiply(x, y, scalar=False):
    return _result(x * y, scalar)


mx_multiply.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g * y, x), argnum=0)
mx_multiply.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g * x, y), argnum=1)


@register
@customop('mxnet')
def mx_divide(x, y, scalar=False):
    return _result(x / y, scalar)


mx_divide.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g / y, x), argnum=0)
mx_divide.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(-g * x / (y * y), y), argnum=1)


@customop('mxnet')
def mx_power(x, y, scalar=False):
    return _result(x ** y, scalar)


# y * x**(y-1), not y * ans / x: finite at x = 0 (MinPy's NumPy gradient was NaN there).
mx_power.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g * y * x ** (y - 1), x),
                  argnum=0)


def _log_base(x):
    """log(x), with 0 where x == 0 (autograd's rule): the exponent's gradient is NaN where
    x < 0, and at x == 0 it is 0 (NaN for a negative exponent), as on NumPy."""
    if type(x) is float or type(x) is int:  # 2.0 ** v
        return float(onp.log(x)) if x > 0 else 0.0 if x == 0 else float("nan")
    return nd.log(nd.where(x == 0, nd.ones_like(x), x))


mx_power.def_grad(lambda ans, x, y, **kw: lambda g: unbroadcast(g * ans * _log_base(x), y),
                  argnum=1)
register(mx_power, unless_traced=(1,))  # MXNet's exponent gradient is NaN where x <= 0


def _tie_to_first(compare, strict):
    """maximum/minimum VJPs with MXNet's rule at a tie: the whole gradient goes to the first
    array argument. It is what MXNet's own backward pass gives (so recorded and op-by-op
    gradients agree) and, like autograd's even split on NumPy, a valid subgradient."""
    def first(ans, x, y, **kw):
        return lambda g: unbroadcast(g * compare(x, y), x)

    def second(ans, x, y, **kw):
        own = compare if type(x) is float or type(x) is int else strict
        return lambda g: unbroadcast(g * own(y, x), y)
    return first, second


@customop('mxnet')
def mx_maximum(x, y, scalar=False):
    return _result(nd.maximum(x, y), scalar)


_maximum_first, _maximum_second = _tie_to_first(lambda a, b: a >= b, lambda a, b: a > b)
mx_maximum.def_grad(_maximum_first, argnum=0)
mx_maximum.def_grad(_maximum_second, argnum=1)
register(mx_maximum)


@customop('mxnet')
def mx_minimum(x, y, scalar=False):
    return _result(nd.minimum(x, y), scalar)


_minimum_first, _minimum_second = _tie_to_first(lambda a, b: a <= b, lambda a, b: a < b)
mx_minimum.def_grad(_minimum_first, argnum=0)
mx_minimum.def_grad(_minimum_second, argnum=1)
register(mx_minimum)


def _binary_call(op):
    def call(x, y, out=None, **kwargs):
        if out is not None or kwargs:
            raise Unsupported("keyword arguments")
        float_dtype((x, y))
        if not _broadcastable(shape_of(x), shape_of(y)):
            raise Invalid("shapes that do not broadcast")
        return op(x, y, **_shape_kwargs(x, y))
    return call


def _broadcastable(one, other):
    return one == other or all(a == b or a == 1 or b == 1
                               for a, b in zip(reversed(one), reversed(other)))


for _raw, _op in ((onp.add, mx_add), (onp.subtract, mx_subtract), (onp.multiply, mx_multiply),
                  (onp.true_divide, mx_divide), (onp.divide, mx_divide),
                  (onp.power, mx_power), (onp.maximum, mx_maximum),
                  (onp.minimum, mx_minimum)):
    TABLE[_raw] = _binary_call(_op)


# ---- comparisons (bool results; no gradient) ------------------------------------------------
def _comparison(name, compute):
    def func(x, y, scalar=False):
        return logical(compute(x, y), () if scalar else None, onp.bool_)
    func.__name__ = name
    op = register(customop('mxnet')(func))
    op.def_grad(lambda ans, x, y, **kw: lambda g: nd.zeros_like(x), argnum=0)
    op.def_grad(lambda ans, x, y, **kw: lambda g: nd.zeros_like(y), argnum=1)
    return op


for _raw, _name, _compute in (
        (onp.less, "mx_less", lambda x, y: x < y),
        (onp.less_equal, "mx_less_equal", lambda x, y: x <= y),
        (onp.greater, "mx_greater", lambda x, y: x > y),
        (onp.greater_equal, "mx_greater_equal", lambda x, y: x >= y),
        (onp.equal, "mx_equal", lambda x, y: x == y),
        (onp.not_equal, "mx_not_equal", lambda x, y: x != y)):
    TABLE[_raw] = _binary_call(_comparison(_name, _compute))


from . import mxnet_ops_math  # noqa: E402,F401  (fills TABLE with unary math and dot)
from . import mxnet_ops_shape  # noqa: E402,F401  (fills TABLE with shapes and reductions)
