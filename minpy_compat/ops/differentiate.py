"""The one gradient pass under ``grad``, ``value_and_grad``, ``GradOperation`` and the
training wrappers: trace the chosen inputs and Parameters, seed the float outputs
(with ones, or ``sens``), and return gradients in their inputs' dtypes.

>>> import minpy_compat as ms
>>> from minpy_compat.ops.differentiate import differentiate
>>> differentiate(lambda x: x * x, (ms.Tensor([3.0]),), {}, (0,), ())[1]
[array([6.], dtype=float32)]
"""
import numpy as onp
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..array import wrap_tree
from ..tracing import backward_to_roots, seed_like, trace_leaves, unbox_level
from ..errors import CellArgumentError, message
from ..substitution import OPEN, substituting, traced_value
from ..tensor import is_tensor
from ..write_journal import undo_writes_on_error
from .int_inputs import float_stand_ins
from .tensor_hooks import any_leaf_hooks, with_leaf_hooks


def _float_output(value):
    dtype = getattr(getval(value), "dtype", None)
    return (dtype.kind in "fc") if dtype is not None else isinstance(getval(value), float)


def _leaves(value):
    if type(value) is dict:  # MindSpore differentiates the sum of a dict's values too
        value = tuple(value.values())
    if type(value) in (tuple, list):
        return tuple(leaf for item in value for leaf in _leaves(item))
    return (value,)


def objective(out, sens, has_aux, where):
    """sum(out * sens) over the float outputs (nested ones too); sens defaults to ones."""
    outs = tuple(out) if type(out) in (tuple, list) else (out,)
    if has_aux:
        if len(outs) < 2:
            raise CellArgumentError(message(
                f"{where} has_aux=True", "a function with more than one output",
                "one output", "Return (loss, aux, ...) or drop has_aux."))
        outs = outs[:1]
    if sens is None:
        outs = _leaves(outs)
    else:
        # one output takes a bare sens or a 1-tuple (MindSpore accepts both)
        sens = tuple(sens) if type(sens) in (tuple, list) else (sens,)
        if len(sens) != len(outs):
            raise CellArgumentError(message(f"{where} sens", f"{len(outs)} sensitivities, "
                                            "one per output", f"{len(sens)}"))
    total = None
    for i, value in enumerate(outs):
        if not _float_output(value):
            continue
        if sens is not None:
            want, got = onp.shape(getval(value)), onp.shape(getval(sens[i]))
            if want != got:
                raise CellArgumentError(message(f"{where} sens for output {i}",
                                                f"shape {want}", f"shape {got}"))
            value = value * sens[i]
        # a traced 0-d output is its own sum: no traced sum op (a Parameter returned as it
        # is still goes through np.sum, which swaps in its traced stand-in)
        part = value if isbox(value) and getattr(getval(value), "ndim", None) == 0 \
            else np.sum(value)
        total = part if total is None else total + part
    return total


def differentiate(fn, args, kwargs, positions, weights, sens=None, has_aux=False, where="grad"):
    """``(output, grads for the tensor positions, grads for weights, the positions kept)``.

    A Parameter with ``requires_grad=False`` is not traced: its gradient is zeros. A pass
    that raises (in the backward half too) puts back the Parameters the forward wrote.
    """
    with undo_writes_on_error():
        return _differentiate(fn, args, kwargs, positions, weights, sens, has_aux, where)


def _differentiate(fn, args, kwargs, positions, weights, sens, has_aux, where):
    kept = [p for p in positions if is_tensor(args[p])]
    live = list({id(w): w for w in weights if w.requires_grad}.values())
    if len(live) != len(weights):  # frozen ones get zeros; one listed twice, its gradient twice
        out, input_grads, live_grads, kept = differentiate(fn, args, kwargs, positions, live,
                                                           sens, has_aux, where)
        by_id = {id(w): g for w, g in zip(live, live_grads)}
        return out, input_grads, [by_id.get(id(w)) if w.requires_grad else _zeros_for(w)
                                  for w in weights], kept
    try:  # (no getattr call: this runs once per training step)
        recorded = "_forward_record" in fn.__dict__  # a set_grad Cell's forward, at its call
    except AttributeError:
        recorded = False
    if recorded:
        from .forward_record import reuse
        served = reuse(fn, args, kwargs, positions, weights, sens, has_aux, where)
        if served is not None:
            return served
    # outside every other pass with weights (OPEN[0] == 0), a weight reads as itself
    originals = [args[p] for p in kept] + ([traced_value(w) for w in weights] if OPEN[0]
                                           else list(weights))
    with float_stand_ins([v.view(onp.ndarray) if isinstance(v, onp.ndarray) else v
                          for v in originals]) as chosen:  # plain arrays to trace
        return _trace(fn, args, kwargs, kept, weights, sens, has_aux, where, originals,
                      tuple(chosen))


def _trace(fn, args, kwargs, kept, weights, sens, has_aux, where, originals, chosen):
    """The pass itself, with int inputs traced as float64 stand-ins (``int_inputs``)."""
    captured = []

    def traced(boxes):
        if any_leaf_hooks():  # x.register_hook(fn) before this pass: fn sees x's gradient
            boxes = [with_leaf_hooks(box, original) for box, original in zip(boxes, originals)]
        full = list(args)
        for i, position in enumerate(kept):
            full[position] = boxes[i]
        with substituting(weights, boxes[len(kept):len(kept) + len(weights)]):
            out = fn(*full, **kwargs)
        captured.append(out)
        return objective(out, sens, has_aux, where)

    if not chosen:
        out = fn(*args, **kwargs)
        objective(out, sens, has_aux, where)
        return wrap_tree(out), [], [], kept
    end_value, end_node, roots, trace_id = trace_leaves(traced, list(chosen))
    if end_node is None:
        grads = [onp.zeros(onp.shape(getval(c)), getattr(getval(c), "dtype", float))
                 for c in chosen]
    else:
        grads = backward_to_roots(seed_like(end_value), end_node, roots, list(chosen))
    grads = [gradient_like(g, v) for g, v in zip(grads, originals)]
    return wrap_tree(unbox_level(captured[0], trace_id)), grads[:len(kept)], grads[len(kept):], kept


def _zeros_for(param):
    return wrap_tree(onp.zeros(param.shape, param.dtype))


def gradient_like(grad, original):
    """A gradient in its input's dtype (ints too, as MindSpore returns them)."""
    dtype = getattr(getval(original), "dtype", None)
    got = getattr(getval(grad), "dtype", None)
    if dtype is not None and got is not None and got != dtype:
        grad = grad.astype(dtype)
    return wrap_tree(grad) if not isbox(grad) else grad
