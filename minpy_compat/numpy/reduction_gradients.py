"""Gradients for reductions called with ``where=`` or ``initial=`` (``sum``, ``mean``,
``max``, ``min``, ``var``, ``std``), which the rules they had ignore, for ``prod`` over
zeros, and for a complex input reduced in a real ``dtype`` (NumPy drops the imaginary
parts, with a ComplexWarning, where it casts: ``prod``'s factors, ``var``'s mean; the rules
they had differentiated the complex reduction). ``root_of_variance`` is ``std``'s square
root, ``statistics_reductions``' too.
"""
import inspect

import autograd.numpy as anp
import numpy as onp
from autograd.core import primitive_vjps
from autograd.numpy import numpy_wrapper
from autograd.tracer import getval, isbox

from . import derived_gradients
from .derived_gradients import pull_back, register

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)


# ---- reductions: where= masks, and prod over zeros -------------------------------------------
def drops_imaginary(a, dtype):
    """Whether NumPy casts complex ``a`` to the real ``dtype`` (dropping imaginary parts)."""
    return dtype is not None and onp.dtype(dtype).kind == "f" and \
        onp.iscomplexobj(getval(a))


def real_if_dropped(a, dtype):
    """``a``'s real part where NumPy's cast to ``dtype`` drops the imaginary part, else ``a``."""
    return anp.real(a) if drops_imaginary(a, dtype) else a


def masked_or(rule, keywords=("where", "initial")):
    """``make_vjp_argnums``: a reduction called with ``where=`` or ``initial=`` (or another
    of ``keywords``) pulls back through the masked composite ``rule``; without them the
    primitive keeps the VJP it has (autograd's and our own VJPs ignore ``where=``, which
    gave every masked-out element a gradient, and ``max``'s divided by a count of 0 where
    ``initial`` won; autograd's ``var`` ignored NumPy 2's ``correction=`` and ``mean=``).
    Arguments after ``axis`` become keywords: autograd's rules take ``keepdims`` or
    ``ddof`` third, where NumPy has ``dtype`` (``mean(x, 0, None, None, True)`` raised).
    A complex input with a real ``dtype`` goes through ``rule`` too."""
    def make(fun):
        current = primitive_vjps[fun]
        names = list(inspect.signature(fun.fun).parameters)

        def vjp_argnums(argnums, ans, args, kwargs):
            if max(argnums) >= 2:  # a traced initial= (moved to its place by the facade)
                return lambda g: pull_back(rule, argnums, args, kwargs, g)
            if len(args) > 2:
                args, kwargs = args[:2], dict(kwargs, **dict(zip(names[2:], args[2:])))
            if any(kwargs.get(keyword) is not None for keyword in keywords) or \
                    drops_imaginary(args[0], kwargs.get("dtype")):
                return lambda g: pull_back(rule, argnums, args, kwargs, g)
            return current(argnums, ans, args, kwargs)
        return vjp_argnums
    make.composite = rule
    return make


def _mask(a, where):
    return onp.broadcast_to(True if where is None else getval(where), onp.shape(getval(a)))


def _masked_sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    a = real_if_dropped(a, dtype)
    total = anp.sum(anp.where(_mask(a, where), a, 0.0), axis=axis, keepdims=keepdims)
    return total if initial is None else total + initial


def _masked_mean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    a = real_if_dropped(a, dtype)
    mask = _mask(a, where)
    count = onp.sum(mask, axis=axis, keepdims=keepdims)
    return anp.sum(anp.where(mask, a, 0.0), axis=axis, keepdims=keepdims) / count


def _masked_prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    a = real_if_dropped(a, dtype)
    product = anp.prod(anp.where(_mask(a, where), a, 1.0), axis=axis, keepdims=keepdims)
    return product if initial is None else product * initial


def masked_choice(reduce, fill):
    def choice(a, axis=None, out=None, keepdims=False, initial=None, where=None):
        """``max``/``min``: ``initial`` is one more candidate in every slice, so where it
        wins the slice's elements get no gradient, and an element tied with it shares
        ``g`` with it as ties share it (``k`` tied elements get ``g / (k + 1)`` each)."""
        a = anp.where(_mask(a, where), a, fill)
        if initial is None:
            return reduce(a, axis=axis, keepdims=keepdims)
        shape = onp.shape(getval(a))
        axes = tuple(range(len(shape))) if axis is None else \
            tuple(ax % len(shape) for ax in ((axis,) if onp.ndim(axis) == 0 else axis))
        kept = [i for i in range(len(shape)) if i not in axes]
        rows = anp.reshape(anp.transpose(a, kept + list(axes)), [shape[i] for i in kept] + [-1])
        extra = anp.broadcast_to(_cast(initial, getval(a).dtype),
                                 onp.shape(getval(rows))[:-1] + (1,))
        chosen = reduce(anp.concatenate([rows, extra], axis=-1), axis=-1)
        return anp.reshape(chosen, [1 if i in axes else n for i, n in enumerate(shape)]
                           if keepdims else [shape[i] for i in kept])
    return choice


def _cast(value, dtype):
    """``value`` (traced or not) in ``dtype``, as NumPy meets ``initial`` with the array."""
    return anp.reshape(value, ()).astype(dtype) if isbox(value) else onp.asarray(value, dtype)


def _masked_var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None,
                mean=None, correction=None):
    """``var`` with ``where=``, and NumPy 2's ``mean=`` (a given centre, constant) and
    ``correction=`` (``ddof``'s new name). With a complex ``a`` and a real ``dtype`` NumPy's
    mean is real (its sum dropped the imaginary parts) but the deviations stay complex."""
    mask = _mask(a, where)
    centre = getval(mean) if mean is not None else \
        _masked_mean(a, axis=axis, dtype=dtype, keepdims=True, where=mask)
    deviation = anp.where(mask, a - centre, 0.0)
    count = onp.sum(mask, axis=axis, keepdims=keepdims)
    ddof = ddof if correction is None else correction
    squared = anp.real(deviation * anp.conj(deviation))  # |a - centre|^2, complex a too
    return anp.sum(squared, axis=axis, keepdims=keepdims) / (count - ddof)


def root_of_variance(variance):
    """``sqrt(variance)``, with no gradient where the variance is 0 (one entry, or all
    equal): sqrt's derivative is infinite there, and times the variance's 0 gave NaN."""
    positive = getval(variance) > 0
    return anp.where(positive, anp.sqrt(anp.where(positive, variance, 1.0)), getval(variance))


def _masked_std(a, *args, **kwargs):
    return root_of_variance(_masked_var(a, *args, **kwargs))


def _others_product(x, axes):
    """For each element of ``x``, the product of the others along ``axes`` (no division,
    so zeros are fine): exclusive running products from both ends."""
    ndim = onp.ndim(getval(x))
    reduced = [a % ndim for a in axes]
    kept = [a for a in range(ndim) if a not in reduced]
    order = kept + reduced
    moved = anp.transpose(x, order)
    moved_shape = onp.shape(getval(moved))
    rows = anp.reshape(moved, moved_shape[:len(kept)] + (-1,))
    ones = onp.ones(onp.shape(getval(rows))[:-1] + (1,), getval(rows).dtype)
    before = anp.concatenate([ones, anp.cumprod(rows[..., :-1], axis=-1)], axis=-1)
    flipped = anp.flip(rows, -1)
    after = anp.flip(anp.concatenate([ones, anp.cumprod(flipped[..., :-1], axis=-1)], axis=-1),
                     -1)
    return anp.transpose(anp.reshape(before * after, moved_shape), onp.argsort(order))


def _prod_vjp(fun):
    """``prod``: autograd's ``g * ans / x`` where ``x`` has no zeros (a NaN at every zero
    otherwise), the product of the others where it has, ``where=`` through the composite."""
    masked = masked_or(_masked_prod)(fun)

    def vjp_argnums(argnums, ans, args, kwargs):
        x = args[0]
        dtype = args[2] if len(args) > 2 else kwargs.get("dtype")
        if max(argnums) >= 2 or kwargs.get("where") is not None or \
                onp.all(getval(x) != 0) or drops_imaginary(x, dtype):
            return masked(argnums, ans, args, kwargs)
        axis = args[1] if len(args) > 1 else kwargs.get("axis")
        axes = range(onp.ndim(getval(x))) if axis is None else \
            ((axis,) if isinstance(axis, (int, onp.integer)) else tuple(axis))
        kept_shape = [1 if i in {a % onp.ndim(getval(x)) for a in axes} else n
                      for i, n in enumerate(onp.shape(getval(x)))]
        initial = kwargs.get("initial")

        def vjp(g):
            spread = anp.reshape(g, kept_shape) * _others_product(x, axes)
            return [spread if initial is None else spread * initial]
        return vjp
    return vjp_argnums


_prod_vjp.composite = _masked_prod

register(["sum"], masked_or(_masked_sum))
# mean, var and std are Python wrappers around these primitives.
register({"_primitive_mean": "mean"}, masked_or(_masked_mean), module=numpy_wrapper)
register(["prod"], _prod_vjp)
register(["max", "amax"], masked_or(masked_choice(anp.max, -onp.inf)))
register(["min", "amin"], masked_or(masked_choice(anp.min, onp.inf)))
_VARIANCE_KEYWORDS = ("where", "mean", "correction")
register({"_primitive_var": "var"}, masked_or(_masked_var, _VARIANCE_KEYWORDS),
         module=numpy_wrapper)
register({"_primitive_std": "std"}, masked_or(_masked_std, _VARIANCE_KEYWORDS),
         module=numpy_wrapper)


# Every name given a gradient here ("sum", "prod", "std", ...), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
