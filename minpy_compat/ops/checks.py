"""Input checks shared by the function ops: MindSpore 2.10 refuses some dtypes and axes
that NumPy would accept (widening ints to float64, reducing over an empty axis)."""
import functools
import inspect
import types

import numpy as onp
from autograd.tracer import getval

from ..errors import (LOCAL, CellArgumentError, CellTypeError, as_caller, message,
                      register_caller)


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def float_only(where, x):
    """``x`` itself once it holds floats: MindSpore 2.10 refuses int and bool inputs to
    softmax, log_softmax, relu6, gelu, softplus, elu and mish (NumPy would widen them)."""
    dtype = _dtype_of(x)
    if dtype is not None and dtype.kind not in "fc":
        raise CellTypeError(message(where, "a float16, float32 or float64 Tensor",
                                    f"{dtype}", "Cast it first: x.astype(ms.float32)."))
    return x


def no_bool(where, x):
    """``x`` unless it holds Bool, which MindSpore refuses where it takes ints and floats."""
    if _dtype_of(x) == onp.bool_:
        raise CellTypeError(message(where, "a number Tensor", "Bool",
                                    "Cast it first: x.astype(ms.float32)."))
    return x


def nonempty_reduction(where, x, axis):
    """A max or min over no elements has no value (MindSpore's CPU kernel returns
    uninitialised memory; NumPy raises without naming the op)."""
    shape = onp.shape(getval(x))
    axes = range(len(shape)) if axis is None else axis if isinstance(axis, tuple) else (axis,)
    if any(shape[a] == 0 for a in axes if -len(shape) <= a < len(shape)):
        raise CellArgumentError(message(f"{where} axis {axis!r}", "a non-empty axis",
                                        f"an input of shape {shape}",
                                        "Reduce over a non-empty axis, or skip empty inputs."))


def axis_in_range(where, x, axis, rank_zero_ok=True):
    """``axis`` (an int or a tuple of ints) must be an axis of ``x``, as MindSpore's
    kernels check (NumPy raises an AxisError that names no op); a 0-D ``x`` takes 0 and
    -1 when ``rank_zero_ok``."""
    ndim = onp.ndim(getval(x))
    span = max(ndim, 1) if rank_zero_ok else ndim
    for a in axis if isinstance(axis, (tuple, list)) else (axis,):
        if a is not None and not -span <= a < span:
            raise CellArgumentError(message(where, f"an int in [{-span}, {span})", repr(a),
                                            f"The input has {ndim} dimension(s)."))


def one_byte_as_float32(input):
    """A 1-byte (Bool/Int8/UInt8) Tensor as float32: NumPy computes its sqrt, exp, ... in
    float16, three digits short of MindSpore's float32 answer."""
    dtype = _dtype_of(input)
    one_byte = dtype is not None and dtype.itemsize == 1 and not isinstance(input, onp.generic)
    return input.astype(onp.float32) if one_byte else input


def keeps_float_dtype(op):
    """Decorate an elementwise op so a float16/float32 input keeps its dtype: NumPy 1.x
    widens 0-d float32 arrays meeting Python numbers (``np.where(c, x, 0)``) to float64."""
    @functools.wraps(op)
    def wrapper(input, *args, **kwargs):
        result, dtype = op(input, *args, **kwargs), _dtype_of(input)
        if dtype is not None and dtype.kind == "f" and _dtype_of(result) == onp.float64 \
                and dtype != onp.float64:
            return result.astype(dtype)
        return result
    return wrapper


def _holds_bool(x):
    return isinstance(x, bool) or _dtype_of(x) == onp.bool_


def _bool_kind(x):
    return "a Python bool" if isinstance(x, bool) else "a Bool Tensor"


def not_both_bool(where, input, other):
    """MindSpore's Add, Sub, Pow and Minimum refuse two Bools, Tensors or Python bools
    (NumPy: logical or, or a TypeError)."""
    if _holds_bool(input) and _holds_bool(other):
        both = "two Bool Tensors" if not isinstance(input, bool) and not isinstance(
            other, bool) else f"{_bool_kind(input)} and {_bool_kind(other)}"
        raise CellTypeError(message(where, "number Tensors", both,
                                    "Cast one first: x.astype(ms.int32)."))


def broadcasting(where, ufunc, input, other):
    """``ufunc(input, other)``, with MindSpore's rule named when the shapes do not broadcast
    (NumPy's ValueError names neither the op nor the rule)."""
    try:
        return ufunc(input, other)
    except ValueError:
        shapes = onp.shape(getval(input)), onp.shape(getval(other))
        try:
            onp.broadcast_shapes(*shapes)
        except ValueError:
            raise CellArgumentError(message(
                f"{where} input/other", "shapes that broadcast (aligned from the right, each "
                "pair of sizes equal or one of them 1)",
                f"input.shape = {shapes[0]} and other.shape = {shapes[1]}",
                "Reshape or expand_dims one of them.")) from None
        raise


def tensor_first(where, input):
    """MindSpore's comparisons refuse a Python number as ``input`` (the first argument);
    one as ``other`` is fine."""
    if isinstance(input, (bool, int, float)):
        raise CellTypeError(message(f"{where} input", "a Tensor", type(input).__name__,
                                    "Wrap it first (ms.Tensor(x)), or swap the operands."))


def calling_as(caller, function, *args, **kwargs):
    """``function(*args, **kwargs)`` run so that the errors it raises name ``caller``
    (``Tan``, ``mint.tan``: what the user called) instead of the ``ops`` function beneath;
    when one such call runs another, the outermost caller is named (``errors.message``
    finds this frame on the stack)."""
    return function(*args, **kwargs)


register_caller(calling_as.__code__, LOCAL)


def named(caller, function):
    """``function`` under the name ``caller`` for its errors (see ``calling_as``): a Python
    function becomes a copy that costs nothing more per call (``errors.as_caller``); any other
    callable is wrapped (one frame more)."""
    if isinstance(function, types.FunctionType):
        return as_caller(caller, function)

    @functools.wraps(function)
    def run(*args, **kwargs):
        return function(*args, **kwargs)
    run.__code__ = run.__code__.replace()  # its own code object, named below
    register_caller(run.__code__, caller)
    return run


def name_callers(namespace, prefix, names=None):
    """Wrap a module's public functions (or those in ``names``) in its namespace so that
    an error beneath ``mint.tan`` (or ``ops.clamp_``) names ``mint.tan``, what the user
    called: ``prefix`` is the namespace the user reaches them through."""
    if names is None:
        names = [key for key, value in namespace.items() if not key.startswith("_")
                 and inspect.isfunction(value) and value.__module__ == namespace["__name__"]]
    for key in names:
        namespace[key] = named(f"{prefix}.{key}", namespace[key])
