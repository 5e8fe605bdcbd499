"""``out=`` arrays while tracing: ``numpy.add(x, 1.0, out=o)`` and
``minpy_compat.numpy.cumsum(c, out=traced)`` compute their result, then assign it with
``o[...] = result``, so a constant Array ``o`` is adopted (``adopted.py``) and a traced
one records the update. ``where=`` writes only where its mask is True
(``numpy/ufunc_where.py``).

A reduction or accumulation into an out= array of another dtype computes in that dtype in
NumPy (``numpy.sum(x32, out=o64)`` adds in float64), as do ``mean``, ``var``, ``ptp``,
``round`` and the other functions that hand ``out=`` to their inner ufunc calls. So the
values written are NumPy's own call into copies of the out= arrays (``numpy_values``),
and the gradient is that of the traced result.
"""
import numpy as onp
from autograd.extend import primitive
from autograd.tracer import getval, isbox

from . import registry
from .adopted import OUT_TYPES
from .array import wrap
from .errors import TracedValueError, message

# ufunc methods that compute in their out= array's dtype and cast into it unsafely
_FOLDS = frozenset(["reduce", "accumulate", "reduceat"])


def ufunc_into_out(ufunc, method, inputs, kwargs):
    """A ufunc's ``out=`` while tracing (NumPy's ``numpy.<ufunc>(traced, out=...)``), with
    its ``where=`` too (``numpy.add(x, 1.0, out=o, where=m)``: ``o`` keeps its values where
    ``m`` is False, and their gradient goes to the old ``o``)."""
    name = f"numpy.{ufunc.__name__}"
    if kwargs.get("where", False) is True:  # the default: every slot written
        kwargs = {key: value for key, value in kwargs.items() if key != "where"}
    if kwargs.get("where") is not None and method == "__call__":
        from .numpy.ufunc_where import masked_into_out
        return masked_into_out(name, ufunc, inputs, kwargs)
    folds = method in _FOLDS
    return into_out(name, getattr(ufunc, method), inputs, kwargs,
                    "unsafe" if folds else "same_kind", computes_in_out=folds)


def into_out(name, compute, inputs, kwargs, casting="same_kind", computes_in_out=None):
    """``compute(*inputs, **kwargs)`` with its ``out=`` while tracing: the result is
    computed, then assigned with ``target[...] = result`` to each output, so a constant
    Array target is adopted and a traced one records the update. ``casting`` is the
    default rule (ufuncs: same_kind; other functions: unsafe, as NumPy's).
    ``computes_in_out``: whether NumPy may compute in the out= arrays' dtype, so the values
    written must be its own call's. None: unless ``casting`` is same_kind, the default of a
    ufunc's own call (whose inputs alone choose its loop; out= only casts)."""
    out = kwargs.pop("out")
    out = out if type(out) is tuple else (out,)
    plain = [t for t in out if t is not None and type(t) not in OUT_TYPES]
    if plain or kwargs.get("where") is not None:
        raise TracedValueError(message(
            f"{name}(out=...)", "out= arrays from minpy_compat.numpy, without where= (they "
            "become traced)", f"an out= {type(plain[0]).__name__}" if plain else "where=",
            "Compute a new array instead (y = a + v), or build `a` with minpy_compat.numpy "
            "(a plain NumPy array cannot become traced)."))
    if computes_in_out is None:
        computes_in_out = casting != "same_kind"
    given_casting = {"casting": kwargs["casting"]} if "casting" in kwargs else {}
    casting = kwargs.pop("casting", casting)
    result = compute(*inputs, **kwargs)
    results = result if type(result) is tuple else (result,)
    _check_fits(name, out, results, casting)  # every cast checked before anything is written
    if computes_in_out:
        results = _numpy_results(compute, inputs, dict(kwargs, **given_casting), out, results)
    written = []
    for target, value in zip(out, results):
        if target is not None:
            target[...] = value
        written.append(value if target is None else target)
    return written[0] if len(written) == 1 else tuple(written)


def _check_fits(name, out, results, casting):
    """Each result casts to its out= array's dtype under ``casting``, with its shape."""
    for target, value in zip(out, results):
        dtype = getattr(getval(value), "dtype", None)
        if target is not None and dtype is not None and \
                not onp.can_cast(dtype, target.dtype, casting):
            raise TypeError(message(
                f"{name}(out=...)", f"a result that casts to the out= array's "
                f"{target.dtype} under casting={casting!r}", f"a {dtype} result"))
        if target is not None and onp.shape(getval(value)) != target.shape:
            raise ValueError(message(
                f"{name}(out=...)", f"an out= array of the result's shape "
                f"{onp.shape(getval(value))}", f"shape {target.shape}"))


# ---- NumPy's values for a call that computes in the out= arrays' dtype ---------------------
@primitive
def numpy_values(traced, values):
    """``values`` (NumPy's own result of the call that computed ``traced``), carrying
    ``traced``'s gradient (cast back to its dtype by the registry)."""
    return values


registry.define_vjp(numpy_values, lambda ans, traced, values: lambda g: g)


def _numpy_results(compute, inputs, kwargs, out, results):
    """``results`` with NumPy's values: ``compute`` on the inputs' values, into copies of
    the out= arrays. The same results where an argument or out= array is no NumPy value
    (an MXNet one: its backend computes it)."""
    raw_inputs, raw_options, scratch = (_numpy_only(values) for values in (
        inputs, tuple(kwargs.values()), out))
    if raw_inputs is None or raw_options is None or scratch is None:
        return results
    scratch = tuple(None if numbers is None else onp.array(numbers, target.dtype, copy=True)
                    for numbers, target in zip(scratch, out))
    exact = compute(*raw_inputs, **dict(zip(kwargs, raw_options)),
                    out=scratch if len(out) > 1 else scratch[0])
    exact = exact if type(exact) is tuple else (exact,)
    replaced = []
    for target, value, numbers in zip(out, results, exact):
        if target is not None:
            numbers = onp.asarray(getval(numbers), dtype=target.dtype)
            value = wrap(numpy_values(value, numbers)) if isbox(value) and \
                target.dtype.kind in "fc" else numbers  # an integer out= holds no gradient
        replaced.append(value)
    return tuple(replaced)


def _numpy_only(values):
    """``values`` (a tuple; lists and tuples in it too) with every traced value replaced by
    its numbers, or None where one is no NumPy value (it has ``asnumpy`` and is no ndarray:
    MXNet's)."""
    plain = []
    for value in values:
        if type(value) in (list, tuple):
            value = _numpy_only(value)
            if value is None:
                return None
        else:
            value = getval(value)
            if hasattr(value, "asnumpy") and not isinstance(value, onp.ndarray):
                return None
        plain.append(value)
    return type(values)(plain)
