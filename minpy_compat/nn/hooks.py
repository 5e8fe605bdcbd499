"""Cell hooks: forward pre-hooks, forward hooks, backward (pre-)hooks, and their handles.

Backward hooks put the Cell's tensor inputs and outputs through identity ops
(``ops.hooks.pass_through``): the output's gradient is recorded as ``grad_output``,
and the input's gradient (``grad_input``) goes through each hook, which may
replace it. Order (MindSpore 2.10): pre-hooks, construct, forward hooks; in the
backward pass, backward pre-hooks at the output, backward hooks at the input.
"""
import itertools

from ..errors import HookError, message
from ..ops.hooks import check_hook, pass_through, replaced_grads
from ..tensor import is_tensor

_keys = itertools.count()


class HookHandle:
    """Returned by every ``register_*_hook``; ``remove()`` unregisters the hook."""

    def __init__(self, table=None, key=None):
        self._table, self._key = table, key

    def remove(self):
        if self._table is not None:
            self._table.pop(self._key, None)


def add_hook(table, fn, where, prepend=False, **flags):
    check_hook(fn, where)
    key = next(_keys)
    entry = (fn, flags)
    if prepend:
        items = list(table.items())
        table.clear()
        table[key] = entry
        table.update(items)
    else:
        table[key] = entry
    return HookHandle(table, key)


def _name(cell, fn):
    return f"{type(cell).__name__} hook {getattr(fn, '__name__', type(fn).__name__)}"


def run_forward_pre_hooks(cell, table, args, kwargs):
    for fn, flags in list(table.values()):
        if flags.get("with_kwargs"):
            result = fn(cell, args, kwargs)
            if result is not None:
                if type(result) is not tuple or len(result) != 2 or not isinstance(result[1], dict):
                    raise HookError(message(_name(cell, fn), "None or (args, kwargs)",
                                            type(result).__name__))
                args, kwargs = tuple(result[0]), result[1]
        else:
            result = fn(cell, args)
            if result is not None:
                # MindSpore 2.10: only a tuple replaces the args; a list is one argument
                args = result if type(result) is tuple else (result,)
    return args, kwargs


def run_forward_hooks(cell, table, args, kwargs, output):
    for fn, flags in list(table.values()):
        if flags.get("with_kwargs"):
            result = fn(cell, args, kwargs, output)
        else:
            result = fn(cell, args, output)
        if result is not None:
            output = result
    return output


def run_always_call_hooks(cell, table, args, kwargs):
    """After construct raised: the forward hooks registered with always_call, output None."""
    for fn, flags in list(table.values()):
        if flags.get("always_call"):
            if flags.get("with_kwargs"):
                fn(cell, args, kwargs, None)
            else:
                fn(cell, args, None)


class _Backward:
    """One call's backward-hook state: grad_output from the output side, hooks at the input."""

    def __init__(self, cell, hooks, pre_hooks):
        self.cell, self.hooks, self.pre_hooks = cell, hooks, pre_hooks
        self.grad_output = ()

    def on_output(self, grads, outputs):
        for fn, _ in list(self.pre_hooks.values()):
            grads = replaced_grads(_name(self.cell, fn), fn(self.cell, grads), grads, outputs)
        self.grad_output = grads
        return grads

    def on_input(self, grads, inputs):
        for fn, _ in list(self.hooks.values()):
            result = fn(self.cell, grads, self.grad_output)
            grads = replaced_grads(_name(self.cell, fn), result, grads, inputs)
        return grads


def _through(values, on_backward):
    """``values`` with their tensors passed through one identity op."""
    positions = [i for i, v in enumerate(values) if is_tensor(v)]
    if not positions:
        return values
    passed = pass_through(on_backward, [values[i] for i in positions])
    values = list(values)
    for i, value in zip(positions, passed):
        values[i] = value
    return values


def call_with_backward_hooks(cell, hooks, pre_hooks, args, kwargs, run):
    """``run(args, kwargs)`` between the identity ops that fire ``cell``'s backward hooks."""
    state = _Backward(cell, hooks, pre_hooks)
    args = tuple(_through(args, state.on_input))
    output = run(args, kwargs)
    if type(output) in (tuple, list):
        return type(output)(_through(output, state.on_output))
    return _through([output], state.on_output)[0]
