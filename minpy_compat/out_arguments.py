"""``out=`` arrays while tracing: ``numpy.add(x, 1.0, out=o)`` and
``minpy_compat.numpy.cumsum(c, out=traced)`` compute their result, then assign it with
``o[...] = result``, so a constant Array ``o`` is adopted (``adopted.py``) and a traced
one records the update. ``where=`` writes only where its mask is True
(``numpy/ufunc_where.py``).
"""
import numpy as onp
from autograd.tracer import getval

from .adopted import OUT_TYPES
from .errors import TracedValueError, message


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
    return into_out(name, getattr(ufunc, method), inputs, kwargs)


def into_out(name, compute, inputs, kwargs, casting="same_kind"):
    """``compute(*inputs, **kwargs)`` with its ``out=`` while tracing: the result is
    computed, then assigned with ``target[...] = result`` to each output, so a constant
    Array target is adopted and a traced one records the update. ``casting`` is the
    default rule (ufuncs: same_kind; other functions: unsafe, as NumPy's)."""
    out = kwargs.pop("out")
    out = out if type(out) is tuple else (out,)
    plain = [t for t in out if t is not None and type(t) not in OUT_TYPES]
    if plain or kwargs.get("where") is not None:
        raise TracedValueError(message(
            f"{name}(out=...)", "out= arrays from minpy_compat.numpy, without where= (they "
            "become traced)", f"an out= {type(plain[0]).__name__}" if plain else "where=",
            "Compute a new array instead (y = a + v), or build `a` with minpy_compat.numpy "
            "(a plain NumPy array cannot become traced)."))
    casting = kwargs.pop("casting", casting)
    result = compute(*inputs, **kwargs)
    results = result if type(result) is tuple else (result,)
    for target, value in zip(out, results):  # every cast checked before anything is written
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
    written = []
    for target, value in zip(out, results):
        if target is not None:
            target[...] = value
        written.append(value if target is None else target)
    return written[0] if len(written) == 1 else tuple(written)
