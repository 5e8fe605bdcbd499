"""One-closure VJPs for the ops training steps are made of: the hot path of the table.

A traced op builds its VJP in the forward pass, once per op per step. The general makers
are layers, each right for its own job: autograd's ``defvjp`` machinery, the dtype
keeping around it (``registry.keep_dtypes``), the broadcasting and dtype rules of
``gradients.py``, the ``where=`` handling of ``reduction_gradients.masked_or``. Together they
cost 1.5-3.5 µs an op (measured on (8, 2) float32 arrays: ``x + y`` spent 3.4 µs of its
5.7 µs there), more than the arithmetic on small arrays.

The makers below cover the common call of each hot op: every traced argument and the
result are plain (untraced) float arrays or NumPy scalars of *one* dtype, and only the
usual keywords. Then no cast can be needed, and the VJP is one closure that returns
the gradients, with the same formulas as the general makers (``dot``, ``maximum`` and the
reductions reuse the makers of ``gradients.py`` and ``choice_gradients.py``). Any other
call (another dtype, a traced argument at higher order, ``where=``, complex numbers)
returns None and takes the general path, which stays the definition of the gradient;
``tests/test_core_fast_vjps.py`` checks that the two agree.

Installed last (``install()``, called at the end of ``minpy_compat.numpy``), in front of
whatever the table holds by then, so every other registration is already in place.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.numpy import numpy_wrapper

from .. import registry
from .fast_shapes import PLAIN_TYPES, summing_to, traced_shapes
from .choice_gradients import _chooser_vjp, _choosing_reduction_vjp, to_the_chosen
from .gradients import _product_vjp, _spread, unbroadcast


def _only_g(g):
    return (g,)


def _g_twice(g):
    return (g, g)


def _minus_g(g):
    return (-g,)


# ---- elementwise arithmetic: g summed down to each argument's shape ----------------
def _add(argnums, ans, args, kwargs):
    shapes = None if kwargs else traced_shapes(argnums, ans, args)
    if shapes is None:
        return None
    out = ans.shape
    if len(shapes) == 1:
        summed = summing_to(out, shapes[0])
        return _only_g if summed is None else (lambda g: (summed(g),))
    x_summed, y_summed = summing_to(out, shapes[0]), summing_to(out, shapes[1])
    if x_summed is None:
        return _g_twice if y_summed is None else (lambda g: (g, y_summed(g)))
    if y_summed is None:
        return lambda g: (x_summed(g), g)
    return lambda g: (x_summed(g), y_summed(g))


def _subtract(argnums, ans, args, kwargs):
    shapes = None if kwargs else traced_shapes(argnums, ans, args)
    if shapes is None:
        return None
    out = ans.shape
    if len(shapes) == 2:
        x_summed, y_summed = summing_to(out, shapes[0]), summing_to(out, shapes[1])
        if x_summed is None:
            return (lambda g: (g, -g)) if y_summed is None else (lambda g: (g, -y_summed(g)))
        if y_summed is None:
            return lambda g: (x_summed(g), -g)
        return lambda g: (x_summed(g), -y_summed(g))
    summed = summing_to(out, shapes[0])
    if argnums[0] == 0:
        return _only_g if summed is None else (lambda g: (summed(g),))
    return _minus_g if summed is None else (lambda g: (-summed(g),))


def _multiply(argnums, ans, args, kwargs):
    shapes = None if kwargs else traced_shapes(argnums, ans, args)
    if shapes is None:
        return None
    x, y = args
    if len(shapes) == 2:
        x_shape, y_shape = shapes
        return lambda g: (unbroadcast(g * y, x_shape), unbroadcast(g * x, y_shape))
    shape, other = shapes[0], args[1 - argnums[0]]
    if shape == ans.shape:
        return lambda g: (g * other,)
    return lambda g: (unbroadcast(g * other, shape),)


def _true_divide(argnums, ans, args, kwargs):
    shapes = None if kwargs else traced_shapes(argnums, ans, args)
    if shapes is None:
        return None
    x, y = args
    if len(shapes) == 2:
        x_shape, y_shape = shapes
        return lambda g: (unbroadcast(g / y, x_shape), unbroadcast(-g * x / y ** 2, y_shape))
    shape = shapes[0]
    if argnums[0] == 0:
        if shape == ans.shape:  # a mean's ``/ n``
            return lambda g: (g / y,)
        return lambda g: (unbroadcast(g / y, shape),)
    return lambda g: (unbroadcast(-g * x / y ** 2, shape),)


def _negative(argnums, ans, args, kwargs):
    return None if kwargs or traced_shapes(argnums, ans, args) is None else _minus_g


def _power(argnums, ans, args, kwargs):
    """``x ** c`` for a constant Python exponent (squares in losses)."""
    exponent = args[1]
    if argnums != (0,) or kwargs or type(exponent) not in (int, float) or exponent == 0 \
            or traced_shapes(argnums, ans, args) is None:
        return None
    x = args[0]
    if exponent == 2:
        return lambda g: (g * (2 * x),)
    return lambda g: (g * (exponent * x ** (exponent - 1)),)


# ---- unary functions: the derivative from the argument or the result ---------------------
def _exp(argnums, ans, args, kwargs):
    if kwargs or traced_shapes(argnums, ans, args) is None:
        return None
    return lambda g: (g * ans,)


def _log(argnums, ans, args, kwargs):
    if kwargs or traced_shapes(argnums, ans, args) is None:
        return None
    x = args[0]
    return lambda g: (g / x,)


def _tanh(argnums, ans, args, kwargs):
    if kwargs or traced_shapes(argnums, ans, args) is None:
        return None
    x = args[0]

    def vjp(g):
        cosh = onp.cosh(x)
        return (g / (cosh * cosh),)  # not cosh ** 2: NumPy 1.x makes a float32 scalar float64
    return vjp


# ---- products and choices: their modules' makers, without the layers around them -------
def _per_argnum(maker):
    """A fast maker from a per-argnum maker of ``gradients.py`` or ``choice_gradients.py``
    (which may decline)."""
    def fast(argnums, ans, args, kwargs):
        if traced_shapes(argnums, ans, args) is None:
            return None
        if len(argnums) == 1:
            vjp = maker(argnums[0], ans, args, kwargs)
            return None if vjp is None else (lambda g: (vjp(g),))
        first, second = (maker(argnum, ans, args, kwargs) for argnum in argnums)
        if first is None or second is None:
            return None
        return lambda g: (first(g), second(g))
    return fast


def _matrix_product(argnums, ans, args, kwargs):
    """A layer's ``x @ w`` (both matrices of one float dtype): ``_product_vjp``'s products
    in one closure; any other product takes ``_per_argnum(_product_vjp)``."""
    a, b = args
    if kwargs or type(a) not in PLAIN_TYPES or type(b) not in PLAIN_TYPES or a.ndim != 2 or \
            b.ndim != 2 or traced_shapes(argnums, ans, args) is None:
        return _any_product(argnums, ans, args, kwargs)
    if len(argnums) == 2:
        return lambda g: (g @ b.T, a.T @ g)
    if argnums[0] == 1:
        return lambda g: (a.T @ g,)
    return lambda g: (g @ b.T,)


_any_product = _per_argnum(_product_vjp)


# ---- reductions along axes ------------------------------------------------------------
_AXIS_KEYWORDS = frozenset(["axis", "keepdims"])


def _reduced(args, ans, kwargs):
    """``(x, axis, keepdims)`` of a reduction the fast path covers, or None."""
    if len(args) != 1 or not _AXIS_KEYWORDS.issuperset(kwargs) or \
            traced_shapes((0,), ans, args) is None:
        return None
    return args[0], kwargs.get("axis"), kwargs.get("keepdims", False)


def _sum(argnums, ans, args, kwargs):
    reduced = _reduced(args, ans, kwargs)
    if reduced is None:
        return None
    x, axis, keepdims = reduced
    shape, dtype = x.shape, x.dtype
    return lambda g: (_spread(g, shape, dtype, axis, keepdims),)


def _mean(argnums, ans, args, kwargs):
    reduced = _reduced(args, ans, kwargs)
    if reduced is None:
        return None
    x, axis, keepdims = reduced
    shape, dtype = x.shape, x.dtype
    count = dtype.type(x.size // max(ans.size, 1))
    return lambda g: (_spread(g / count, shape, dtype, axis, keepdims),)  # divide while small


def _chosen(argnums, ans, args, kwargs):
    """max/min along axes: ``g`` to the chosen entries, ties split (as
    ``_choosing_reduction_vjp``, which takes every other call)."""
    reduced = _reduced(args, ans, kwargs)
    if reduced is None:
        return _chosen_elsewhere(argnums, ans, args, kwargs)
    x, axis, keepdims = reduced
    return lambda g: (to_the_chosen(g, x, ans, axis, keepdims),)


_chosen_elsewhere = _per_argnum(_choosing_reduction_vjp)


FAST_VJPS = {
    anp.add: _add, anp.subtract: _subtract, anp.multiply: _multiply,
    anp.true_divide: _true_divide, anp.negative: _negative, anp.power: _power,
    anp.exp: _exp, anp.log: _log, anp.tanh: _tanh,
    anp.dot: _matrix_product, anp.matmul: _matrix_product,
    anp.maximum: _per_argnum(_chooser_vjp(onp.greater)),
    anp.minimum: _per_argnum(_chooser_vjp(onp.less)),
    anp.sum: _sum, numpy_wrapper._primitive_mean: _mean,
    anp.max: _chosen, anp.min: _chosen, anp.amax: _chosen, anp.amin: _chosen,
}


def install():
    """Put each fast maker in front of its primitive's current VJP (once)."""
    for fun, fast in FAST_VJPS.items():
        registry.prefer_vjp(fun, fast)
