"""MindSpore's function ops (``ops.gt``, ``ops.fill``, ``ops.select``, ...).

Each is a few calls into the differentiable facade, so gradients are autograd's
(float32 stays float32) and every op can be differentiated again.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([0.1, 0.2, 0.3])
>>> ops.select(ops.gt(x, 0.1), x, ops.fill(x.dtype, x.shape, 20))
array([20. ,  0.2,  0.3], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import as_tensor, is_tensor
from .checks import float_only, keeps_float_dtype, no_bool, not_both_bool  # noqa: F401
from .checks import one_byte_as_float32 as _wide_enough
from .writes import assign, assign_all  # noqa: F401 (ops.functional.assign_all)


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _float_like_inputs(result, *inputs):
    """MindSpore's float result for ints meeting floats: NumPy widens ``int32 / 2``,
    ``int32 + float32`` and ``sqrt(int32)`` to float64; MindSpore keeps the widest float
    Tensor among the inputs, or float32 when only ints and Python numbers meet."""
    floats = [d for d in (_dtype_of(x) for x in inputs if is_tensor(x))
              if d is not None and d.kind == "f"]
    if _dtype_of(result) == onp.float16 and onp.float16 not in floats:
        return result.astype(onp.float32)  # NumPy gives float16 for bool and int8 inputs
    if _dtype_of(result) != onp.float64:
        return result
    if any(d == onp.float64 for d in floats):
        return result
    return result.astype(max(floats, key=lambda d: d.itemsize) if floats else onp.float32)


# ---- comparison (no gradient: the results are Bool) ---------------------------------------
def gt(input, other):
    return np.greater(input, other)


def ge(input, other):
    return np.greater_equal(input, other)


def lt(input, other):
    return np.less(input, other)


def le(input, other):
    return np.less_equal(input, other)


def eq(input, other):
    return np.equal(input, other)


def ne(input, other):
    return np.not_equal(input, other)


greater, greater_equal, less, less_equal, equal, not_equal = gt, ge, lt, le, eq, ne


# ---- elementwise ----------------------------------------------------------------------------
def select(cond, x, y):
    """``x`` where ``cond`` holds, else ``y`` (either may be a number; a Python float
    meeting ints gives Float32, as in MindSpore)."""
    return _float_like_inputs(np.where(cond, x, y), x, y)


def abs(input):
    return np.abs(input)


def exp(input):
    return _float_like_inputs(np.exp(_wide_enough(input)), input)


def log(input):
    return _float_like_inputs(np.log(_wide_enough(input)), input)


def sqrt(input):
    return _float_like_inputs(np.sqrt(_wide_enough(input)), input)


def square(input):
    return np.square(input)


def neg(input):
    return np.negative(input)


def sin(input):
    return _float_like_inputs(np.sin(_wide_enough(input)), input)


def cos(input):
    return _float_like_inputs(np.cos(_wide_enough(input)), input)


def tanh(input):
    return _float_like_inputs(np.tanh(_wide_enough(input)), input)


def add(input, other):
    not_both_bool("ops.add", input, other)
    return _float_like_inputs(np.add(input, other), input, other)


def sub(input, other):
    not_both_bool("ops.sub", input, other)
    return _float_like_inputs(np.subtract(input, other), input, other)


def mul(input, other):
    return _float_like_inputs(np.multiply(input, other), input, other)


def div(input, other, *, rounding_mode=None):
    """``input / other``; ``rounding_mode='floor'`` or ``'trunc'`` rounds the quotient
    (its gradient is then zero) and keeps an int input's dtype."""
    if rounding_mode not in (None, "floor", "trunc"):
        raise CellArgumentError(message("ops.div rounding_mode", "None, 'floor' or 'trunc'",
                                        repr(rounding_mode)))
    quotient = _float_like_inputs(np.true_divide(input, other), input, other)
    if rounding_mode is None:
        return quotient
    rounded = (np.floor if rounding_mode == "floor" else np.trunc)(quotient)
    dtype = _dtype_of(input)
    return rounded.astype(dtype) if dtype is not None and dtype.kind in "iu" else rounded


def pow(input, exponent):
    return _float_like_inputs(np.power(input, exponent), input, exponent)


def maximum(input, other):
    return _float_like_inputs(np.maximum(input, other), input, other)


def minimum(input, other):
    return _float_like_inputs(np.minimum(input, other), input, other)


@keeps_float_dtype
def relu(input):
    """max(x, 0) with gradient 0 at 0 (MindSpore's, not autograd's 0.5); Bool stays Bool."""
    if _dtype_of(input) == onp.bool_:
        return input
    return np.where(getval(input) > 0, input, 0)


@keeps_float_dtype
def relu6(input):
    """min(max(x, 0), 6) with MindSpore's gradient: 1 on (0, 6], so 1 at x == 6."""
    float_only("ops.relu6 input", input)
    return np.where(getval(input) > 6, 6, relu(input))


def sigmoid(input):
    # tanh form: no overflow warning for large negative inputs, dtype kept
    return _float_like_inputs((np.tanh(input * 0.5) + 1) * 0.5, input)


def softmax(input, axis=-1, *, dtype=None):
    if dtype is not None:
        input = input.astype(dtype)
    float_only("ops.softmax input", input)
    shifted = input - np.max(getval(input), axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(input, axis=-1):
    float_only("ops.log_softmax input", input)
    shifted = input - np.max(getval(input), axis=axis, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))


def clamp(input, min=None, max=None):
    """``input`` limited to [min, max] (Tensors or numbers); the gradient is 1 on the
    closed interval, 0 outside (unlike ``clip_by_value``'s 1/2 on a bound,
    ``ops/clipping.py``)."""
    if min is None and max is None:
        raise CellArgumentError(message("ops.clamp", "min or max", "None for both",
                                        "Pass at least one bound."))
    result, data = input, getval(input)
    if max is not None:
        result = np.where(data > getval(max), max, result)
    if min is not None:
        result = np.where(data < getval(min), min, result)
    result = _float_like_inputs(result, input, min, max)
    dtype, got = _dtype_of(input), _dtype_of(result)
    if dtype.kind in "iu" and got.kind in "iu" and got != dtype:
        return result.astype(dtype)  # int bounds keep an int input's dtype
    return result


clip = clamp


# ---- shapes, reductions, linear algebra -------------------------------------------------------
def matmul(input, other):
    return _float_like_inputs(np.matmul(input, other), input, other)


def reduce_sum(input, axis=(), keep_dims=False):
    """``ReduceSum(keep_dims)(input, axis)``: ints keep their dtype, as the primitive's do."""
    result, dtype = np.sum(input, axis=_axis(axis), keepdims=keep_dims), _dtype_of(input)
    return result.astype(dtype) if dtype is not None and dtype.kind in "iu" else result


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """The sum over ``dim``; bools and ints (unsigned too) give Int64, as in MindSpore."""
    result = np.sum(input, axis=_axis(dim), keepdims=keepdim)
    if dtype is None and _dtype_of(input) is not None and _dtype_of(input).kind in "iub":
        dtype = onp.int64
    return result if dtype is None else result.astype(dtype)


def _axis(axis):
    if axis is None or axis == ():
        return None
    return tuple(axis) if isinstance(axis, list) else axis


def reshape(input, shape):
    """``input`` in ``shape``, a tuple or list of ints (-1 once for the inferred size);
    MindSpore 2.10 refuses a bare int (``Reshape()(input=Tensor, shape=int)``)."""
    if not isinstance(shape, (tuple, list)) or any(
            isinstance(n, bool) or not isinstance(n, (int, onp.integer)) for n in shape):
        hint = f"Pass a tuple: ({shape},)." if isinstance(shape, (int, onp.integer)) \
            else "Pass a tuple of ints such as (2, -1)."
        raise CellTypeError(message("ops.reshape shape", "a tuple or list of ints",
                                    describe(shape), hint))
    return np.reshape(input, tuple(int(n) for n in shape))


def transpose(input, input_perm):
    return np.transpose(input, tuple(input_perm))


def one_dtype(where, tensors):
    """The Tensors of a concat or stack, as a list, once they share one dtype: MindSpore
    refuses mixed dtypes, where NumPy would widen float32 and int32 to float64."""
    tensors = list(tensors)
    dtypes = [_dtype_of(t) for t in tensors]
    for i, dtype in enumerate(dtypes):
        if dtype is not None and dtypes[0] is not None and dtype != dtypes[0]:
            raise CellTypeError(message(
                where, f"Tensors of one dtype (item 0 is {dtypes[0]})",
                f"{dtype} for item {i}", f"Cast them first: ops.cast(x, ms.{dtypes[0]})."))
    return tensors


def concat(tensors, axis=0):
    return np.concatenate(one_dtype("ops.concat", tensors), axis=axis)


def stack(tensors, axis=0):
    return np.stack(one_dtype("ops.stack", tensors), axis=axis)


def expand_dims(input_x, axis):
    return np.expand_dims(input_x, axis)


def shape(input_x):
    return tuple(onp.shape(getval(input_x)))


def cast(input, dtype):
    """``input`` in ``dtype``; a Python number becomes a 0-d Tensor, as in MindSpore."""
    if isinstance(input, (bool, int, float)):
        input = as_tensor(input)
    elif not hasattr(input, "astype"):
        raise CellTypeError(message("ops.cast input", "a Tensor or a number", describe(input),
                                    "Make it a Tensor first: ms.Tensor(values)."))
    # NaN and inf become the target's extreme value, as in MindSpore, without NumPy 2's
    # "invalid value encountered in cast" warning
    with onp.errstate(invalid="ignore"):
        return input.astype(dtype)


def stop_gradient(value):
    return as_tensor(getval(value)) if hasattr(getval(value), "shape") else getval(value)


def depend(value, expr):
    return value
