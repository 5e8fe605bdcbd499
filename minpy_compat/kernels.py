"""NumPy calls that give the same results, bit for bit, faster than NumPy's own: what a lean
call (``lean_call.py``) runs in place of the function it wraps, traced or not.

* Reductions (``sum``, ``max``, ...) as the ndarray method or the ufunc's ``reduce``, past
  NumPy's Python dispatch.
* ``max``/``min`` along a short last axis (a softmax's ``max(logits, axis=1)``): NumPy runs
  its reduction loop once per row, which costs 11.5 µs on a (256, 10) float32 array; the
  transposed copy reduced along its first axis (ten passes of a contiguous loop) takes 2 µs,
  and 3 µs with the check that keeps NumPy's bits (``_along_short_rows``).
* ``maximum``/``minimum`` of a large contiguous array and a scalar (a ReLU's
  ``maximum(z, 0)``) with the scalar spread along a row: NumPy's loop for a scalar operand
  is 2-3x slower than its loop for two contiguous rows (a (256, 256) float32 array: 21 µs
  against 8 µs, NumPy 1.23 and 2.4 alike). The row holds the scalar in the dtype NumPy's
  own call computes in (``result_type``), so dtypes, signed zeros and NaNs come out as
  NumPy's (``tests/test_core_kernels.py`` compares the bytes).

Every call here writes a new array, never into an argument. NumPy itself writes ``a @ b + c``
into ``a @ b``'s buffer (from 256 KiB), and doing the same for a traced layer's bias and ReLU
would take 1-1.5 % off a 784-256-10 training step (measured on a copy of the untraced
calls in ``benchmarks/bench_floor.py`` that makes those two writes). NumPy may: in C, a
reference count of 1 proves the operand is a temporary. Python code cannot prove it: a box
a caller names and forwards through
``def relu(*a): return np.maximum(*a)`` reaches the facade with the same reference count
as the temporary in ``np.maximum(x @ w + b, 0)`` (6 and 6, counted in the facade's lean
call), and a NumPy object array hands its items to an operator by borrowed reference. A
write into a named array would change the user's data, so none is made.
"""
import numpy as onp


def _method_first(function, name, ufunc=None, along_rows=None):
    """``function`` (NumPy's ``sum``, ``max``, ...) as the ndarray method of that name where
    its first argument is a plain ndarray: the same reduction, without the 1.5-2.5 µs that
    NumPy's Python dispatch (``_wrapreduction``) spends to get there. With only keywords,
    as ``ufunc.reduce`` itself, which the method calls through one more Python function.
    ``along_rows(a, kwargs)``: a faster reduction of the same bits, or None."""
    method = getattr(onp.ndarray, name)
    reduce = ufunc.reduce if ufunc is not None else None

    def call(a, *args, **kwargs):
        if along_rows is not None and type(a) in ROW_ARRAY_TYPES and ("axis" in kwargs or args):
            faster = along_rows(a, kwargs if not args else dict(kwargs, axis=args[0])
                                if len(args) == 1 and "axis" not in kwargs else None)
            if faster is not None:
                return faster
        if type(a) is onp.ndarray:
            if reduce is not None and not args:
                return reduce(a, None, **kwargs) if "axis" not in kwargs else reduce(a, **kwargs)
            return method(a, *args, **kwargs)
        return function(a, *args, **kwargs)
    return call


# Rows of 2-32 elements, at least 128 of them (measured, float32 and float64: (256, 10)
# 3.6x and 2.5x faster, (256, 32) 2.8x and 1.5x, (64, 10) 1.4x and 1.1x; (256, 64) about even)
SHORT_ROW, MANY_ROWS = 32, 128  # fast_shapes.py sums gradients along the same rows
_ROW_KEYWORDS = frozenset(["axis", "keepdims"])
_absolute, _smallest = onp.absolute, onp.minimum.reduce


def rows_as_columns(a):
    """The rows along ``a``'s last axis as the contiguous columns of a new 2-D array: reduced
    along its first axis, each row's loop becomes one pass over all the rows."""
    return onp.ascontiguousarray(a.reshape(-1, a.shape[-1]).T)


def _along_short_rows(ufunc):
    """``ufunc.reduce`` (maximum's or minimum's) along the last axis of a C-contiguous float
    array with many short rows (an ndarray or an Array, whose result the facade wraps), as the
    reduction of the transposed copy along its first axis.

    The largest (smallest) of a row is one number whichever order the row is read in, so the
    result's bits are NumPy's, except where it is a zero (NumPy may return -0.0 or 0.0 from a
    row holding both) or a NaN (which NaN's bits): where any result is zero or NaN, the result
    is dropped and NumPy's own reduction runs instead (None)."""
    reduce = ufunc.reduce

    def along_rows(a, kwargs):
        """None where this call is not one for the transposed copy (``kwargs`` None: the
        positional arguments go past ``axis``)."""
        if kwargs is None:
            return None
        axis, ndim = kwargs["axis"], a.ndim
        if ndim < 2 or type(axis) is not int or (axis != -1 and axis != ndim - 1):
            return None
        row = a.shape[-1]
        if not 2 <= row <= SHORT_ROW or a.size < MANY_ROWS * row or a.dtype.kind != "f" or \
                not a.flags.c_contiguous or not _ROW_KEYWORDS.issuperset(kwargs):
            return None
        result = reduce(rows_as_columns(a), 0)
        if not _smallest(_absolute(result), None) > 0:  # a zero or a NaN: NumPy decides
            return None
        return result.reshape(a.shape[:-1] + (1,) if kwargs.get("keepdims") else a.shape[:-1])
    return along_rows


# NumPy functions whose signature is (a, *the method's own arguments), and the ufunc the
# method reduces with (its keywords are the method's; a missing axis means all of them)
_REDUCTIONS = {getattr(onp, name): _method_first(
                   getattr(onp, name), method, ufunc,
                   _along_short_rows(ufunc) if method in ("max", "min") else None)
               for name, method, ufunc in (
                   ("sum", "sum", onp.add), ("prod", "prod", onp.multiply),
                   ("mean", "mean", None), ("max", "max", onp.maximum),
                   ("min", "min", onp.minimum), ("amax", "max", onp.maximum),
                   ("amin", "min", onp.minimum))
               if hasattr(onp, name)}


# A row pays for its allocation from about 8,000 elements on (measured: 4,096 elements
# 2.0 µs against 2.3 µs, 8,192 3.2 against 2.9, 32,768 11.2 against 5.7).
_ROW_FROM = 16384
_SCALARS = frozenset([int, float, onp.float16, onp.float32, onp.float64, onp.int64, onp.int32])
ROW_ARRAY_TYPES = {onp.ndarray}  # and Array (array.py adds it: it imports this module)


def _with_a_row(ufunc):
    """``ufunc(x, y)`` where one side is a large C-contiguous array and the other a scalar:
    the scalar as a row of the array's last axis; any other call as it is."""
    def call(x, y, *args, **kwargs):
        if not args and not kwargs:
            if type(y) in _SCALARS and type(x) in ROW_ARRAY_TYPES and x.size >= _ROW_FROM and \
                    x.flags.c_contiguous:
                return ufunc(x, onp.full(x.shape[-1], y, onp.result_type(x, y)))
            if type(x) in _SCALARS and type(y) in ROW_ARRAY_TYPES and y.size >= _ROW_FROM and \
                    y.flags.c_contiguous:
                return ufunc(onp.full(y.shape[-1], x, onp.result_type(x, y)), y)
        return ufunc(x, y, *args, **kwargs)
    return call


FASTER_CALLS = dict(_REDUCTIONS)
FASTER_CALLS.update({onp.maximum: _with_a_row(onp.maximum),
                     onp.minimum: _with_a_row(onp.minimum)})
