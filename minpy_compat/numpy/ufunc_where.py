"""A ufunc's ``where=`` with ``out=`` while tracing (``np.add(x, y, where=m, out=o)``):
``o`` keeps its values where ``m`` is False and takes the ufunc's elsewhere, so the
gradient reaches ``x`` and ``y`` where ``m`` holds and the old ``o`` where it does not.

NumPy never computes the ufunc where ``m`` is False; a rule that computed it anyway would
meet ``log(0)`` or ``sqrt(0)`` there, whose infinite slopes times a zero ``g`` make NaN
gradients. So each input's left-out entries are first replaced by its value at an entry
``m`` keeps: the ufunc is evaluated only at points NumPy evaluates it at too.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from ..out_arguments import into_out


def masked_into_out(name, call, args, kwargs):
    """``call(*args, **kwargs)`` with its ``where=`` and ``out=`` (a traced argument, or an
    out= array that is traced already), written into ``out`` through ``into_out``; ``name``
    (``numpy.add``, ``minpy_compat.numpy.add``) words its errors."""
    kwargs = dict(kwargs)
    where, out = kwargs.pop("where"), kwargs["out"]
    targets = out if type(out) is tuple else (out,)
    shape = onp.shape(getval(next(t for t in targets if t is not None)))
    mask = onp.broadcast_to(onp.asarray(getval(where), dtype=bool), shape)  # NumPy's error

    def compute(*inputs, **options):
        if not mask.any():  # nothing written: out= as it was
            return tuple(targets) if len(targets) > 1 else targets[0]
        safe = [_kept_only(value, mask, shape) for value in inputs]
        results = call(*safe, **options)
        several = type(results) is tuple
        kept = tuple(value if target is None else anp.where(mask, value, target)
                     for value, target in zip(results if several else (results,), targets))
        return kept if several else kept[0]
    return into_out(name, compute, args, kwargs)


def _kept_only(value, mask, shape):
    """``value`` broadcast to ``shape``, its entries where ``mask`` is False replaced by
    its entry at the first place ``mask`` is True (a constant: no gradient goes there)."""
    if onp.ndim(getval(value)) == 0:
        return value  # the same everywhere
    spread = anp.broadcast_to(value, shape)
    first = onp.unravel_index(onp.argmax(mask), shape)
    return anp.where(mask, spread, getval(spread)[first])
