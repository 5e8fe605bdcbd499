"""In-place steps for ``SGD``, ``Momentum``, ``Adam`` (and ``LazyAdam``) and
``AdamWeightDecay``: ``w -= lr * g`` into the Parameters' own buffers, as hand-written NumPy
does, in place of new arrays staged and copied in by ``assign_all``. They read and write the
same state as the staged path: the ``momentum`` Parameter, SGD's ``stat`` flags, Adam's
``beta1_power``/``beta2_power`` and each group's rate for this step.

A step goes in place only when nothing can stop it half-way (short of running out of memory
for a temporary): outside every gradient pass,
for the optimizer classes themselves (a subclass may do more after ``construct``), when
every gradient is a plain array of its Parameter's shape and float dtype that shares no
memory with what the step writes, and NumPy does not raise on floating-point errors. The
checks run before the first write; otherwise the optimizer takes its staged path. The
write journal keeps its copies only where an enclosing Cell call could still fail (as in
a subclass of ``TrainOneStepCell``): when the optimizer's own call is the only block open, or
``TrainOneStepCell``'s call around it ends with the update (``step_last``), and neither has
hooks, the step is final once it starts, and writes with no copy. Each update is the same
NumPy expression as the staged path's, so the values are the same bit for bit.
"""
import numpy as onp

from ..substitution import OPEN
from ..write_journal import before_write, final_blocks, open_blocks, writes_are_final

_FLOAT = "f"


def _owner(array):
    """The object that owns ``array``'s memory (the end of its ``base`` chain)."""
    base = array.base
    while base is not None:
        array = base
        base = getattr(array, "base", None)
    return id(array)


def _plain_gradients(optimizer, gradients, states):
    """``gradients`` as plain arrays when the step may go in place, else None. Journals the
    buffers to write (one copy each) where an enclosing block could still undo the step."""
    if OPEN[0] or type(optimizer).construct is not _CONSTRUCTS.get(type(optimizer)):
        return None
    params = optimizer.parameters
    written = list(params) + [s for state in states for s in state] \
        + [optimizer.learning_rate, optimizer.global_step]
    owners = {_owner(buffer) for buffer in written}
    if len(owners) != len(written):  # buffers that share memory: each update reads the old
        return None
    plain = []
    for param, grad in zip(params, gradients):
        if not isinstance(grad, onp.ndarray) or grad.shape != param.shape \
                or grad.dtype != param.dtype or param.dtype.kind != _FLOAT \
                or _owner(grad) in owners:
            return None
        plain.append(grad.view(onp.ndarray))
    errors = onp.geterr()
    if errors["over"] in ("raise", "call") or errors["invalid"] in ("raise", "call") \
            or errors["divide"] in ("raise", "call") or errors["under"] in ("raise", "call"):
        return None  # a FloatingPointError could stop the step half-way
    if open_blocks() > final_blocks() + _own_blocks(optimizer):
        for buffer in written:
            before_write(buffer)
    return plain


def _own_blocks(cell):
    """1 when ``cell``'s own call is running once and nothing in it can fail after its
    ``construct`` (no hooks, no ``to_float``); else 0."""
    state = cell.__dict__
    if state.get("_running", 0) != 1:
        return 0
    hooks = state["_hooks"]
    if hooks["forward"] or hooks["backward"] or hooks["backward_pre"] \
            or state.get("_float_type") is not None:
        return 0
    return 1


def step_last(train_cell, optimizer, gradients):
    """``optimizer(gradients)`` as the last thing ``train_cell``'s call does: with no copy
    for its block when it is ``TrainOneStepCell`` itself, the only block open, hookless."""
    if open_blocks() == 1 and _own_blocks(train_cell) \
            and type(train_cell).construct is _CONSTRUCTS.get(type(train_cell)):
        with writes_are_final():
            return optimizer(gradients)
    return optimizer(gradients)


def _finish(optimizer, rate):
    """The learning rate read for this step and the next step count, as ``_commit``."""
    optimizer.learning_rate.view(onp.ndarray)[...] = rate
    step = optimizer.global_step.view(onp.ndarray)
    step += 1


def _buffers(parameters):
    return [p.view(onp.ndarray) for p in parameters]


def _momentum(optimizer):
    """The momentum this step: MindSpore keeps it in a 0-d Parameter, which ``set_data``
    may change between steps (read as the staged path reads it)."""
    return float(optimizer.momentum.view(onp.ndarray))


def sgd_step(optimizer, gradients, rate):
    """``SGD``: True when done in place. A Parameter's ``stat`` flag (ones until its first
    step, then zeros) says whether its momentum buffer starts at the gradient."""
    momentum = _momentum(optimizer)
    states = ((optimizer.accum,) if momentum > 0 else ()) + (optimizer.stat,)
    grads = _plain_gradients(optimizer, gradients, states)
    if grads is None:
        return False
    accums = _buffers(optimizer.accum) if momentum > 0 else grads
    for i, (param, grad, accum, stat) in enumerate(zip(
            _buffers(optimizer.parameters), grads, accums, _buffers(optimizer.stat))):
        first = bool(stat.any())
        if first:  # the flags go to zeros once (a write of the Parameter's size)
            stat[...] = 0
        step = grad
        if momentum > 0:
            if first:
                accum[...] = grad
            else:
                accum *= momentum
                accum += (1 - optimizer.dampening) * grad
            step = grad + momentum * accum if optimizer.nesterov else accum
        param -= optimizer._lr_for(i, rate) * step
    _finish(optimizer, rate)
    return True


def momentum_step(optimizer, gradients, rate):
    """``Momentum``: True when done in place."""
    grads = _plain_gradients(optimizer, gradients, (optimizer.moments,))
    if grads is None:
        return False
    momentum = _momentum(optimizer)
    for i, (param, grad, moment) in enumerate(zip(_buffers(optimizer.parameters), grads,
                                                  _buffers(optimizer.moments))):
        moment *= momentum
        moment += grad
        step = grad + momentum * moment if optimizer.use_nesterov else moment
        param -= optimizer._lr_for(i, rate) * step
    _finish(optimizer, rate)
    return True


def _moments(m, v, grad, b1, b2):
    """``m = b1 m + (1 - b1) g`` and ``v = b2 v + (1 - b2) g g``, in place."""
    m *= b1
    m += (1 - b1) * grad
    squared = (1 - b2) * grad
    squared *= grad
    v *= b2
    v += squared


def adam_scalars(optimizer, rate, powers, dtype):
    """``(beta1, beta2, lr_t)`` for a Parameter of ``dtype``, with Adam's bias-corrected rate
    ``lr_t = lr * sqrt(1 - b2^t) / (1 - b1^t)``. float32: worked in float32 from the float32
    ``powers`` in that order, as MindSpore's Adam kernel works it. Other dtypes (MindSpore's
    Adam takes none): Python floats and the exact ``beta ** t``, so float64 keeps its
    precision and float16 stays float16."""
    if dtype == onp.float32:
        one = onp.float32(1)
        b1t, b2t = (onp.float32(power.reshape(-1)[0]) for power in powers)
        return onp.float32(optimizer.beta1), onp.float32(optimizer.beta2), \
            onp.float32(rate) * onp.sqrt(one - b2t) / (one - b1t)
    b1, b2, t = optimizer.beta1, optimizer.beta2, int(optimizer.global_step[0]) + 1
    return b1, b2, rate * onp.sqrt(1 - b2 ** t) / (1 - b1 ** t)


def adam_step(optimizer, gradients, rate, powers):
    """``Adam``: True when done in place (``powers``: ``b1^t`` and ``b2^t`` as float32
    arrays, written to ``beta1_power`` and ``beta2_power``)."""
    amsgrad = optimizer.use_amsgrad
    beta_powers = (optimizer.beta1_power, optimizer.beta2_power)
    states = (optimizer.moment1, optimizer.moment2, beta_powers) \
        + ((optimizer.vhat,) if amsgrad else ())
    grads = _plain_gradients(optimizer, gradients, states)
    if grads is None:
        return False
    vhats = _buffers(optimizer.vhat) if amsgrad else grads
    for i, (param, grad, m, v, vhat) in enumerate(zip(
            _buffers(optimizer.parameters), grads, _buffers(optimizer.moment1),
            _buffers(optimizer.moment2), vhats)):
        b1, b2, lr_t = adam_scalars(optimizer, optimizer._lr_for(i, rate), powers, param.dtype)
        _moments(m, v, grad, b1, b2)
        if amsgrad:
            onp.maximum(vhat, v, out=vhat)  # the largest v so far
            v = vhat
        direction = (b1 * m + (1 - b1) * grad) if optimizer.use_nesterov and not amsgrad \
            else m
        param -= lr_t * direction / (onp.sqrt(v) + optimizer.eps)
    for power, value in zip(beta_powers, powers):
        power.view(onp.ndarray)[...] = value
    _finish(optimizer, rate)
    return True


def adam_weight_decay_step(optimizer, gradients, rate):
    """``AdamWeightDecay``: True when done in place."""
    grads = _plain_gradients(optimizer, gradients, (optimizer.moments1, optimizer.moments2))
    if grads is None:
        return False
    b1, b2, eps = optimizer.beta1, optimizer.beta2, optimizer.eps
    for i, (param, grad, m, v, decay) in enumerate(zip(
            _buffers(optimizer.parameters), grads, _buffers(optimizer.moments1),
            _buffers(optimizer.moments2), optimizer._decays)):
        _moments(m, v, grad, b1, b2)
        step = m / (onp.sqrt(v) + eps)
        if decay:
            step += decay * param
        param -= optimizer._lr_for(i, rate) * step
    _finish(optimizer, rate)
    return True


_CONSTRUCTS = {}


def goes_in_place(*classes):
    """Mark classes, not their subclasses: optimizers whose own ``construct`` may step in
    place, and training Cells whose own ``construct`` ends with the update (``step_last``)."""
    for cls in classes:
        _CONSTRUCTS[cls] = cls.construct
