"""Faster VJPs for the ops that dominate training steps.

autograd's ``dot`` VJP goes through ``tensordot``, which copies transposed
operands and returns Fortran-ordered gradients (every later ``w -= lr * dw`` then
walks memory with a stride). These replacements use BLAS-friendly transposes and keep
``g``'s dtype. They are written with autograd's own functions, so second-order gradients
still work; shapes they do not cover fall back to autograd's VJPs. The choices
(``maximum``, ``max`` and their kind) have their own module, ``choice_gradients.py``.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.numpy import numpy_wrapper
from autograd.tracer import box_types, getval

from .. import registry


# The VJP bodies below use operators and methods (g @ b.T, g.sum()), not anp functions:
# on plain arrays (first order) they go straight to NumPy; on traced values (higher
# order) the operators are autograd's, so the gradients stay differentiable.

def _shape(value):
    """The shape of a raw or traced value without NumPy's dispatch (this runs per op)."""
    while type(value) in box_types:
        value = value._value
    shape = getattr(value, "shape", None)
    return shape if shape is not None else onp.shape(value)


def _is_real_float(value):
    while type(value) in box_types:
        value = value._value
    dtype = getattr(value, "dtype", None)
    return dtype is not None and dtype.kind == "f"


# ---- products: dot, matmul ------------------------------------------------------
def _outer(u, v):
    return u[:, None] * v


def _as_array(value):
    """A list operand (``np.dot(x, [1., 2.])``) as the array NumPy made of it."""
    return onp.asarray(value) if type(value) in (list, tuple) else value


def _in_dtype(value, dtype):
    return value if value.dtype == dtype else value.astype(dtype)


def _product_vjp(argnum, ans, args, kwargs):
    a, b = args[0], args[1]
    a_ndim = a.ndim if type(a) is onp.ndarray else len(_shape(a))
    b_ndim = b.ndim if type(b) is onp.ndarray else len(_shape(b))
    if kwargs or not (1 <= a_ndim <= 2 and 1 <= b_ndim <= 2):
        return None
    if a_ndim == b_ndim == 1:  # a 0-d g: NumPy 1.x would give g * b the dtype of b
        a, b = _as_array(a), _as_array(b)
        dtype = onp.result_type(getval(a), getval(b))
        other = b if argnum == 0 else a
        return lambda g: _in_dtype(g * other, dtype)
    # matmul (@), not dot: NumPy's dot copies a transposed operand, matmul hands it to BLAS.
    if argnum == 0:
        if b_ndim == 1:
            return (lambda g: _outer(g, b)) if a_ndim == 2 else (lambda g: g * b)
        return (lambda g: g @ b.T) if a_ndim == 2 else (lambda g: b @ g)
    if a_ndim == 1:
        return (lambda g: _outer(a, g)) if b_ndim == 2 else (lambda g: g * a)
    return lambda g: a.T @ g


registry.replace_vjp(anp.dot, _product_vjp)
registry.replace_vjp(anp.matmul, _product_vjp)


# ---- elementwise arithmetic -------------------------------------------------------------
def unbroadcast(g, shape):
    """Sum ``g`` down to ``shape`` (works on plain arrays and on traced values)."""
    plain = type(g) is onp.ndarray
    g_shape = g.shape if plain else _shape(g)
    if g_shape == shape:
        return g
    # a plain g: add.reduce, which ndarray.sum calls through a Python function
    add = _add_reduce if plain else _sum_method
    lead = len(g_shape) - len(shape)
    if lead:
        g = add(g, tuple(range(lead)))
        g_shape = _shape(g)
        if g_shape == shape:  # a bias row: nothing kept to sum
            return g
    kept = tuple(i for i, n in enumerate(shape) if n == 1 and g_shape[i] != 1)
    if kept:
        g = add(g, kept, None, None, True)
    return g


_add_reduce, _any = onp.add.reduce, onp.logical_or.reduce  # without ndarray's wrappers


def _sum_method(g, axis, dtype=None, out=None, keepdims=False):
    return g.sum(axis=axis, keepdims=keepdims)


def _identity(g):
    return g


def _negated(g):
    return -g


def _signed_vjp(signs):
    """add/subtract/negative: ``±g`` summed down to the argument's shape (negated after
    the sum, when the sum makes it smaller)."""
    def maker(argnum, ans, args, kwargs):
        if kwargs or not _is_real_float(ans):
            return None
        shape = _shape(args[argnum])
        negate = signs[argnum] < 0
        if shape == _shape(ans):
            return _negated if negate else _identity
        if negate:
            return lambda g: -unbroadcast(g, shape)
        return lambda g: unbroadcast(g, shape)
    return maker


def _arithmetic_vjp(partials):
    """VJP maker from ``partials[argnum](g, x, y) -> unreduced gradient`` for real floats."""
    def maker(argnum, ans, args, kwargs):
        if kwargs or not _is_real_float(ans):
            return None
        shape = _shape(args[argnum])
        partial = partials[argnum]
        x, y = args
        if shape == _shape(ans):
            return lambda g: partial(g, x, y)
        return lambda g: unbroadcast(partial(g, x, y), shape)
    return maker


registry.replace_vjp(anp.add, _signed_vjp([1, 1]))
registry.replace_vjp(anp.subtract, _signed_vjp([1, -1]))
registry.replace_vjp(anp.negative, _signed_vjp([-1]))
registry.replace_vjp(anp.multiply, _arithmetic_vjp([lambda g, x, y: g * y,
                                                    lambda g, x, y: g * x]))
registry.replace_vjp(anp.true_divide, _arithmetic_vjp([lambda g, x, y: g / y,
                                                       lambda g, x, y: -g * x / y ** 2]))


def _power_vjp(argnum, ans, args, kwargs):
    """``x ** c`` with a constant Python exponent (the common case: squares in losses)."""
    x, exponent = args
    if argnum != 0 or kwargs or type(exponent) not in (int, float) or exponent == 0 or \
            not _is_real_float(ans):
        return None
    if exponent == 2:
        return lambda g: g * (2 * x)
    return lambda g: g * (exponent * x ** (exponent - 1))


registry.replace_vjp(anp.power, _power_vjp)


# ---- reductions: sum, mean ---------------------------------------------------------------
def _with_kept_dims(g, shape, axis, keepdims):
    """A reduction's result (or its gradient) reshaped as if reduced with ``keepdims``."""
    if not keepdims and axis is not None and len(_shape(g)) != len(shape):
        axes = (axis,) if isinstance(axis, (int, onp.integer)) else tuple(axis)
        kept = [1 if i in {a % len(shape) for a in axes} else n for i, n in enumerate(shape)]
        g = g.reshape(kept)
    return g


def _spread(g, shape, dtype, axis, keepdims):
    """``g`` of a reduction, spread back over the reduced axes.

    A plain ``g`` spreads as a read-only view that repeats it (no copy; the ops
    downstream make new arrays, and the backward pass copies one that reaches a root
    or a custom op's gradient function); a traced one (higher order) by multiplication.
    """
    g = _with_kept_dims(g, shape, axis, keepdims)
    if (type(g) is onp.ndarray or isinstance(g, onp.generic)) and g.dtype == dtype:
        return _repeated_view(g, shape)
    return g * onp.ones(shape, dtype)


def _repeated_view(g, shape):
    """``numpy.broadcast_to(g, shape)`` in a tenth of the time, for the two cases
    reductions produce: a scalar, and a C-contiguous array with length-1 axes."""
    if g.ndim == 0:
        strides = (0,) * len(shape)
    elif g.ndim == len(shape) and g.flags.c_contiguous and \
            all(n == m or n == 1 for n, m in zip(g.shape, shape)):
        strides = tuple(0 if n == 1 else stride for n, stride in zip(g.shape, g.strides))
    else:
        return onp.broadcast_to(g, shape)
    view = onp.ndarray(shape, g.dtype, g, 0, strides)
    view.flags.writeable = False
    return view


def _reduction_vjp(scale_by_count):
    def maker(argnum, ans, args, kwargs):
        extra = set(kwargs) - {"axis", "keepdims"}
        x = getval(args[0])
        dtype = getattr(x, "dtype", None)
        if extra or len(args) > 1 or dtype is None or dtype.kind != "f":
            return None
        shape, axis, keepdims = x.shape, kwargs.get("axis"), kwargs.get("keepdims", False)
        count = x.size // max(getval(ans).size, 1) if scale_by_count else 1

        def vjp(g):
            if scale_by_count:  # divide while g is small
                g = g / dtype.type(count)
            return _spread(g, shape, dtype, axis, keepdims)
        return vjp
    return maker


registry.replace_vjp(anp.sum, _reduction_vjp(scale_by_count=False))
# autograd.numpy.mean is a Python wrapper around this primitive.
registry.replace_vjp(numpy_wrapper._primitive_mean, _reduction_vjp(scale_by_count=True))


# ---- copies: autograd has no VJP for these identities ----------------------------------
for _copy in (anp.copy, anp.ascontiguousarray, anp.asfortranarray):
    registry.define_vjp(_copy, lambda ans, a, *args, **kwargs: lambda g: g)
