"""Gradients for arithmetic: ``outer``, ``clip`` (its bounds too), ``nan_to_num``, running
products, ``convolve``/``correlate``, ``vdot``, ``vander``, polynomials (in
``polynomial_gradients``) and elementwise ufuncs (``fmod``, ``copysign``, ``frexp``,
...), mostly through composites.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.numpy.numpy_vjps import match_complex
from autograd.tracer import getval

from . import derived_gradients
from .derived_gradients import composite_vjp, define, override, register
from .gradients import unbroadcast
from .reduction_gradients import real_if_dropped

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)


# ---- autograd's rules that miss some of NumPy's arguments ----------------------------------
def _outer_grad(argnum):
    """``outer`` flattens its inputs; autograd's rule assumed vectors and gave a 2-D input
    a flat gradient (or raised)."""
    def maker(ans, a, b, out=None):
        shape = onp.shape(getval((a, b)[argnum]))
        if argnum == 0:
            return lambda g: match_complex(a, anp.reshape(anp.dot(g, anp.ravel(b)), shape))
        return lambda g: match_complex(b, anp.reshape(anp.dot(anp.ravel(a), g), shape))
    return maker


define("outer", _outer_grad(0), _outer_grad(1))


def _taken(value, bound):
    """Where ``clip``'s result ``value`` is ``bound`` (None: nowhere), compared in the
    result's dtype (a float64 bound of a float32 array was rounded to float32)."""
    if bound is None:
        return onp.zeros(onp.shape(value), bool)
    return value == onp.asarray(getval(bound)).astype(value.dtype)


def _clip_grad(argnum):
    """``clip(a, a_min, a_max)``: ``g`` goes to the value each element took; a bound tied
    with ``a`` takes it, and ``a_max`` beats ``a_min`` where the two cross (NumPy applies
    it last). autograd's rule had ``a`` only."""
    def maker(ans, a, a_min=None, a_max=None, out=None, **kwargs):
        upper = _taken(getval(ans), a_max)
        lower = _taken(getval(ans), a_min) & ~upper
        picked = (~(lower | upper), lower, upper)[argnum]
        shape = onp.shape(getval((a, a_min, a_max)[argnum]))
        return lambda g: unbroadcast(anp.where(picked, g, 0.0), shape)
    return maker


define("clip", _clip_grad(0), _clip_grad(1), _clip_grad(2))


def _clip_keywords(facade):
    def clip(a, *bounds, **kwargs):
        """``numpy.clip``; NumPy 2.1's ``min=``/``max=`` keywords become the positional
        bounds the rule above reads (it would see them as unknown keywords)."""
        if ("min" in kwargs or "max" in kwargs) and not bounds and \
                "a_min" not in kwargs and "a_max" not in kwargs:
            bounds = (kwargs.pop("min", None), kwargs.pop("max", None))
        return facade(a, *bounds, **kwargs)
    return clip


override("clip", _clip_keywords)
# autograd's rule took no nan=, posinf=, neginf=: the entries they replace take their
# gradient (where a fill is traced), and x keeps g only where it was finite.
_FILLED = {2: onp.isnan, 3: onp.isposinf, 4: onp.isneginf}  # argnum: the entries it fills


def _nan_to_num_grad(argnum):
    def maker(ans, x, copy=True, nan=0.0, posinf=None, neginf=None):
        values = getval(x)
        if argnum == 0:
            return lambda g: anp.where(onp.isfinite(values), g, 0.0)
        name = ("nan", "posinf", "neginf")[argnum - 2]
        if onp.iscomplexobj(values):
            derived_gradients.refuse("nan_to_num", f"{argnum} {name!r}", "a real x for a "
                                     "traced fill value", "a complex x",
                                     "Pass the fill value as a constant.")
        fill = (nan, posinf, neginf)[argnum - 2]
        filled, shape = _FILLED[argnum](values), onp.shape(getval(fill))
        return lambda g: unbroadcast(anp.where(filled, g, 0.0), shape)
    return maker


define("nan_to_num", *map(_nan_to_num_grad, (0, 2, 3, 4)), argnums=(0, 2, 3, 4))


# ---- products and sums --------------------------------------------------------------------
def _reverse_cumsum(x, axis):
    return anp.flip(anp.cumsum(anp.flip(x, axis), axis), axis)


def _cumsum_grad(ans, a, axis=None, dtype=None, out=None):
    """``cumsum`` with NumPy's ``dtype=`` (autograd's rule took ``axis`` alone): ``g`` summed
    from the end; the cast's gradient is cast back by the registry."""
    if axis is None:
        shape = onp.shape(getval(a))
        return lambda g: anp.reshape(_reverse_cumsum(anp.ravel(g), 0), shape)
    return lambda g: _reverse_cumsum(g, axis)


define("cumsum", _cumsum_grad)


def _cumprod_pullback(g, x, ans, axis):
    """The gradient of ``cumprod(x, axis)``: sum over ``j >= i`` of ``g_j * ans_j / x_i``,
    by division where ``x`` has no zeros, else leaving each ``x_i`` out in turn."""
    if onp.all(getval(x) != 0):
        return _reverse_cumsum(g * ans, axis) / x
    size = onp.shape(getval(x))[axis]
    moved = anp.moveaxis(x, axis, -1)
    left_out = anp.where(onp.eye(size, dtype=bool), 1.0, moved[..., None, :])
    products = anp.cumprod(left_out, axis=-1)  # [..., i, j]: x_0..x_j without x_i
    later = onp.triu(onp.ones((size, size), dtype=bool))  # j >= i
    spread = anp.moveaxis(g, axis, -1)[..., None, :]
    return anp.moveaxis(anp.sum(anp.where(later, products * spread, 0.0), axis=-1), -1, axis)


def _cumprod_grad(ans, a, axis=None, dtype=None, out=None):
    a = real_if_dropped(a, dtype)  # NumPy multiplies the real parts of a complex a
    if axis is None:
        shape = onp.shape(getval(a))
        return lambda g: anp.reshape(
            _cumprod_pullback(g, anp.reshape(a, (-1,)), ans, 0), shape)
    return lambda g: _cumprod_pullback(g, a, ans, axis)


def _convolve_offset(n, m, mode):
    """Where NumPy's ``convolve(mode)`` output starts inside the full convolution."""
    shorter = min(n, m)
    return {"full": 0, "same": (shorter - 1) // 2, "valid": shorter - 1}[mode]


def _convolve_vjp(fun):
    """``convolve(a, v, mode)``: ``g`` embedded in the full convolution's length, then
    convolved with the other factor reversed (a 'valid' convolution)."""
    def vjp_argnums(argnums, ans, args, kwargs):
        a, v = args[0], args[1]
        mode = args[2] if len(args) > 2 else kwargs.get("mode", "full")
        n, m = onp.size(getval(a)), onp.size(getval(v))
        offset = _convolve_offset(n, m, mode)
        full = n + m - 1

        def vjp(g):
            embedded = anp.pad(g, (offset, full - offset - onp.size(getval(g))))
            return [anp.reshape(anp.convolve(embedded, anp.flip(v if argnum == 0 else a),
                                             "valid"), onp.shape(getval(args[argnum])))
                    for argnum in argnums]  # a 0-d factor's gradient is 0-d
        return vjp
    return vjp_argnums


def _correlate(a, v, mode="valid"):
    """NumPy's correlate as a slice of the full convolution with ``v`` reversed."""
    n, m = onp.size(getval(a)), onp.size(getval(v))
    full = anp.convolve(a, anp.flip(anp.conj(v)), "full")
    shorter, longer = min(n, m), max(n, m)
    start, length = {"full": (0, n + m - 1),
                     "same": ((shorter - 1) // 2 if n >= m else shorter // 2, longer),
                     "valid": (shorter - 1, longer - shorter + 1)}[mode]
    return full[start:start + length]


define("cumprod", _cumprod_grad)
define("cumproduct", _cumprod_grad)
register(["convolve"], _convolve_vjp)
register(["correlate"], composite_vjp(_correlate))


def _vdot(a, b):
    return anp.sum(anp.conj(anp.ravel(a)) * anp.ravel(b))


def _cumulative(step, start):
    def cumulative(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
        if axis is None:
            x, axis = anp.reshape(x, (-1,)), 0
        result = step(x, axis=axis)
        if include_initial:
            shape = list(onp.shape(getval(result)))
            shape[axis] = 1
            result = anp.concatenate([onp.full(shape, start, getval(result).dtype), result],
                                     axis=axis)
        return result
    return cumulative


def _vander(x, N=None, increasing=False):
    columns = [anp.ones_like(getval(x)) * 1]
    for _ in range(1, len(getval(x)) if N is None else N):
        columns.append(columns[-1] * x)
    columns = columns[:len(getval(x)) if N is None else N]
    return anp.stack(columns if increasing else columns[::-1], axis=1)


register(["vdot"], composite_vjp(_vdot))
register(["cumulative_sum"], composite_vjp(_cumulative(anp.cumsum, 0)))
register(["cumulative_prod"], composite_vjp(_cumulative(anp.cumprod, 1)))
register(["vander"], composite_vjp(_vander))


# ---- polynomials: polynomial_gradients (counted in this module's REGISTERED) ------------
from . import polynomial_gradients  # noqa: E402,F401


# ---- elementwise ufuncs --------------------------------------------------------------------
def _fmod(x1, x2, *args, **kwargs):
    return x1 - x2 * onp.trunc(getval(x1) / getval(x2))


def _copysign(x1, x2, *args, **kwargs):  # + 0: a bool x1 as an int (sign takes no bool)
    return x1 * (onp.sign(getval(x1) + 0) * onp.where(onp.signbit(getval(x2)), -1.0, 1.0))


def _heaviside(x1, x2, *args, **kwargs):
    raw = getval(x1)
    return anp.where(raw < 0, 0.0, anp.where(raw > 0, 1.0, x2 * anp.ones_like(raw)))


def _ldexp(x1, x2, *args, **kwargs):
    return x1 * onp.ldexp(1.0, getval(x2))


def _float_power(x1, x2, *args, **kwargs):
    return anp.power(x1, x2)


def _modf(x, *args, **kwargs):
    whole = onp.trunc(getval(x))
    return x - whole, whole


def _divmod(x1, x2, *args, **kwargs):
    quotient = onp.floor_divide(getval(x1), getval(x2))
    return quotient, x1 - x2 * quotient


def _frexp(x, *args, **kwargs):
    _, exponent = onp.frexp(getval(x))
    return x * onp.ldexp(1.0, -exponent), exponent


def _sinc(x, *args, **kwargs):
    """sin(pi x) / (pi x), with its Taylor polynomial 1 - (pi x)^2 / 6 at x == 0, so every
    derivative is right there (autograd's rule divides by x and gives NaN at 0)."""
    at_zero = getval(x) == 0
    scaled = onp.pi * anp.where(at_zero, 1.0, x)
    return anp.where(at_zero, 1.0 - (onp.pi ** 2 / 6.0) * x * x, anp.sin(scaled) / scaled)


def _arctan2_grad(argnum):
    """autograd's rule negated ``x1``, which NumPy refuses for a bool array (a bool or int
    operand is read as the floats NumPy's arctan2 computed with)."""
    def maker(ans, x1, x2, *args, **kwargs):
        shape = onp.shape(getval((x1, x2)[argnum]))
        y, x = (v if onp.result_type(getval(v)).kind == "f" else onp.asarray(getval(v), float)
                for v in (x1, x2))
        return lambda g: unbroadcast(g * (x, -y)[argnum] / (x * x + y * y), shape)
    return maker


define("arctan2", _arctan2_grad(0), _arctan2_grad(1))
define("cbrt", lambda ans, x, *args, **kwargs: lambda g: g / (3.0 * ans * ans))
define("positive", lambda ans, x, *args, **kwargs: lambda g: g)
register(["fmod"], composite_vjp(_fmod))
register(["copysign"], composite_vjp(_copysign))
register(["heaviside"], composite_vjp(_heaviside))
register(["ldexp"], composite_vjp(_ldexp))
register(["float_power"], composite_vjp(_float_power))
register(["modf"], composite_vjp(_modf))
register(["divmod"], composite_vjp(_divmod))
register(["frexp"], composite_vjp(_frexp))
register(["sinc"], composite_vjp(_sinc))


# Every name given a gradient here ("clip", "cumprod", "polyval", ...), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
