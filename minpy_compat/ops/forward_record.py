"""A Cell's recorded forward, reused by its gradient (MindSpore 2.10's PyNative rule).

A Cell with ``requires_grad`` (``set_grad()``; ``TrainOneStepCell`` and
``ForwardValueAndGrad`` set it on their network) called outside every gradient pass runs
traced with respect to its float Tensor inputs and its trainable Parameters, and keeps
that record until its next call. A gradient of that same Cell (``grad``,
``value_and_grad``, ``GradOperation``, ``differentiate``) whose inputs are the very same
Tensor objects (other arguments equal) takes the record and runs only the backward half:
the forward's side effects (BatchNorm's moving statistics, a Dropout mask) happen once, as
in MindSpore. A record serves one gradient; one that cannot serve the gradient asked
(another input, a Parameter it did not trace, an int input) is dropped and the gradient
runs the forward again. (MindSpore keeps every record until a gradient takes it; we keep
the last one only, so no graph outlives the Cell's next call.) Training wrappers, and
Cells whose construct fails traced (one taking its own gradients), run plainly.

>>> import minpy_compat as ms
>>> from minpy_compat import nn, ops
>>> class Count(nn.Cell):
...     runs = 0
...     def construct(self, x):
...         Count.runs += 1
...         return (x * x).sum()
>>> net, x = Count().set_grad(), ms.Tensor([3.0])
>>> out = net(x)
>>> ops.grad(net)(x), Count.runs
(array([6.], dtype=float32), 1)
"""
import numpy as onp
import autograd.tracer as _tracer
from autograd.tracer import isbox

from ..array import wrap_tree
from ..substitution import substituting
from ..tensor import is_tensor
from ..tracing import backward_to_roots, seed_like, trace_leaves, unbox_level
from .differentiate import gradient_like, objective

RECORD = "_forward_record"  # the Cell attribute holding its record


class ForwardRecord:
    """One traced forward: its inputs, which of them (and which Parameters) it traced, the
    traced output, and the roots and leaves its backward half needs."""

    __slots__ = ("inputs", "positions", "weights", "out", "roots", "leaves", "trace_id",
                 "__weakref__")

    def __init__(self, inputs, positions, weights, out, roots, leaves, trace_id):
        self.inputs, self.positions, self.weights = inputs, positions, weights
        self.out, self.roots, self.leaves, self.trace_id = out, roots, leaves, trace_id


def outside_gradients():
    """True when no gradient pass (no trace) is open on this thread."""
    return _tracer.trace_stack.top < 0


def call_recorded(cell, args, kwargs):
    """``cell(*args, **kwargs)`` traced and recorded on ``cell`` (its output unboxed)."""
    state = cell.__dict__
    state.pop(RECORD, None)  # the previous record goes first: no graph outlives the next call
    if not _recordable(cell):
        return _unrecorded(cell, args, kwargs)
    inputs = tuple(args) + tuple(kwargs.values())
    positions = tuple(i for i, v in enumerate(inputs)
                      if isinstance(v, onp.ndarray) and v.dtype.kind in "fc")
    weights = tuple({id(p): p for p in cell.trainable_params() if p.requires_grad}.values())
    leaves = [inputs[i].view(onp.ndarray) for i in positions] + \
        [w.view(onp.ndarray) for w in weights]
    captured, count = [], len(args)

    def traced(boxes):
        full = list(inputs)
        for slot, position in enumerate(positions):
            full[position] = boxes[slot]
        with substituting(weights, boxes[len(positions):]):
            captured.append(cell(*full[:count], **dict(zip(kwargs, full[count:]))))

    # inside this trace the call runs as every call in a gradient pass does
    try:
        _, _, roots, trace_id = trace_leaves(traced, leaves)
    except Exception:
        # (its Parameter writes are undone) a construct that cannot run traced over its own
        # Parameters, as one taking their gradients itself: it runs as without set_grad,
        # and from now on always does if that works
        output = _unrecorded(cell, args, kwargs)
        state["_unrecordable"] = True
        return output
    out = captured[0]
    if leaves:  # with nothing traced there is nothing a gradient could reuse
        state[RECORD] = ForwardRecord(inputs, positions, weights, out, roots, leaves, trace_id)
    return wrap_tree(unbox_level(out, trace_id))


def _unrecorded(cell, args, kwargs):
    """``cell(*args, **kwargs)`` run as a Cell without set_grad runs."""
    state = cell.__dict__
    state["requires_grad"] = False
    try:
        return cell(*args, **kwargs)
    finally:
        state["requires_grad"] = True


def _recordable(cell):
    """False for a training wrapper: a Cell that runs gradients in its construct
    (``_runs_gradients``) or holds an optimizer cannot run traced with respect to its own
    Parameters, and no gradient of it could use the record; nor for one whose construct
    failed traced and ran plainly (``_unrecordable``)."""
    from ..nn.optimizer import Optimizer
    if getattr(type(cell), "_runs_gradients", False) or "_unrecordable" in cell.__dict__:
        return False
    return not any(isinstance(c, Optimizer) for c in cell.__dict__["_cells"].values())


def reuse(cell, args, kwargs, positions, weights, sens, has_aux, where):
    """``differentiate``'s answer from ``cell``'s record, or None where the record cannot
    serve this gradient (it is dropped either way)."""
    record = cell.__dict__.pop(RECORD)
    inputs = tuple(args) + tuple(kwargs.values())
    if not outside_gradients() or not _same_inputs(record.inputs, inputs):
        return None
    kept = [p for p in positions if is_tensor(args[p])]
    slots = {position: slot for slot, position in enumerate(record.positions)}
    for slot, weight in enumerate(record.weights, len(record.positions)):
        slots[id(weight)] = slot
    wanted = [slots.get(p) for p in kept] + [slots.get(id(w)) for w in weights]
    if None in wanted:
        return None
    with _tracer.trace_stack.new_trace() as trace_id:
        if trace_id != record.trace_id:
            return None
        end = objective(record.out, sens, has_aux, where)
    if isbox(end) and end._trace == trace_id:
        grads = backward_to_roots(seed_like(end._value), end._node, record.roots,
                                  record.leaves)
    else:
        grads = [onp.zeros_like(leaf) for leaf in record.leaves]
    originals = [record.inputs[p] for p in record.positions] + list(record.weights)
    grads = [gradient_like(grads[slot], originals[slot]) for slot in wanted]
    out = wrap_tree(unbox_level(record.out, trace_id))
    return out, grads[:len(kept)], grads[len(kept):], kept


def _same_inputs(recorded, given):
    """The very same Tensor objects; other arguments equal (``ms`` compares ints by value)."""
    if len(recorded) != len(given):
        return False
    for old, new in zip(recorded, given):
        if old is new:
            continue
        if isinstance(old, onp.ndarray) or isinstance(new, onp.ndarray) or \
                type(old) is not type(new):
            return False
        try:
            if not bool(old == new):
                return False
        except (TypeError, ValueError):  # containers of Tensors: not comparable as one bool
            return False
    return True
