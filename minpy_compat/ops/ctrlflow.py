"""MindSpore 2.10's functional loops ``ForiLoop``, ``WhileLoop`` and ``Scan``, and
``get_grad``; the Taylor-mode ``jet``/``derivative`` and ``linearize`` live in
``ctrlflow_taylor`` and are exported from here.

The loops run as plain Python loops (as MindSpore's PyNative mode runs them), so the
carried value may be any structure (Tensor, number, tuple, list, dict, nested) and every
loop is differentiable by ``grad``/``value_and_grad`` through the tracer. ``unroll`` only
steers MindSpore's graph compiler; here it changes nothing. ``loop_func`` (and
``cond_func``) must be a Python function or method, as in MindSpore.

>>> from minpy_compat import ops
>>> ops.ForiLoop()(0, 4, lambda i, total: total + i, 0)
6
>>> ops.Scan()(lambda c, x: (c + x, c + x), 0, [1, 2, 3])
(6, [1, 3, 6])
"""
import inspect
import operator

from ..errors import CellArgumentError, CellTypeError, GetGradNotFoundError, describe, \
    message
from ..tensor import Parameter, is_tensor
from .ctrlflow_taylor import derivative, jet, linearize


def _check_function(op, name, fn):
    if not (inspect.isfunction(fn) or inspect.ismethod(fn)):
        raise CellTypeError(message(f"{op} argument '{name}'", "a function or method",
                                    describe(fn), f"Pass a def or lambda as {name}."))


def _check_bound(name, value):
    if isinstance(value, bool) or not (isinstance(value, int) or is_tensor(value)):
        raise CellTypeError(message(f"ForiLoop argument '{name}'", "an int or a Tensor",
                                    describe(value), "Pass the loop bound as an int."))
    return operator.index(value) if isinstance(value, int) else int(value)


class ForiLoop:
    """``ForiLoop()(lower, upper, loop_func, init_val, unroll=True)``: for i in
    range(lower, upper): init_val = loop_func(i, init_val) (i a Python int)."""

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        start, stop = _check_bound("lower", lower), _check_bound("upper", upper)
        _check_function("ForiLoop", "loop_func", loop_func)
        value = init_val
        for i in range(start, stop):
            value = loop_func(i, value)
        return value

    def __repr__(self):
        return "Prim[ForiLoop]"


class WhileLoop:
    """``WhileLoop()(cond_func, loop_func, init_val)``: while cond_func(init_val):
    init_val = loop_func(init_val)."""

    def __call__(self, cond_func, loop_func, init_val):
        _check_function("WhileLoop", "cond_func", cond_func)
        _check_function("WhileLoop", "loop_func", loop_func)
        value = init_val
        while cond_func(value):
            value = loop_func(value)
        return value

    def __repr__(self):
        return "Prim[WhileLoop]"


class Scan:
    """``Scan()(loop_func, init, xs, length=None, unroll=True)``: ``(carry, ys)`` where
    ``carry, y = loop_func(carry, x)`` for each x of xs (``[None] * length`` when xs is
    None) and ``ys`` is the list of the y's."""

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        _check_function("Scan", "loop_func", loop_func)
        if xs is None:
            if isinstance(length, bool) or not isinstance(length, int):
                raise CellTypeError(message("Scan argument 'length'", "an int when xs is None",
                                            describe(length), "Pass length=<steps>."))
            xs = [None] * length
        elif not isinstance(xs, (list, tuple)):
            raise CellTypeError(message("Scan argument 'xs'", "a tuple, a list or None",
                                        describe(xs), "Pass list(xs) to scan over a Tensor's "
                                        "rows."))
        carry, ys = init, []
        for step, x in enumerate(xs):
            result = loop_func(carry, x)
            if type(result) not in (tuple, list) or len(result) != 2:
                raise CellArgumentError(message(
                    f"Scan loop_func (step {step})", "a pair (carry, y)", describe(result),
                    "Return the new carry and this step's output."))
            carry, y = result
            ys.append(y)
        return carry, ys

    def __repr__(self):
        return "Prim[Scan]"


# ---- get_grad -----------------------------------------------------------------------------
def _find(gradients, identifier):
    """The gradient paired with ``identifier`` in the nested tuples of ``gradients``."""
    if type(gradients) is not tuple:
        return None
    if len(gradients) == 2 and isinstance(gradients[0], (int, str)) and \
            not isinstance(gradients[1], tuple):
        return gradients[1] if gradients[0] == identifier else None
    for part in gradients:
        found = _find(part, identifier)
        if found is not None:
            return found
    return None


def get_grad(gradients, identifier):
    """MindSpore's ``get_grad``: the gradient for a position or Parameter in the output of
    ``grad(..., return_ids=True)`` (or value_and_grad's second output)."""
    if isinstance(identifier, Parameter):
        key, shown = identifier.name, f"Parameter {identifier.name!r}"
    elif isinstance(identifier, int):
        key, shown = int(identifier), f"position {int(identifier)}"
    else:
        raise CellTypeError(message("get_grad argument 'identifier'",
                                    "an int position or a Parameter", describe(identifier),
                                    "Pass the input's position or the Parameter itself."))
    found = _find(gradients, key)
    if found is None:
        raise GetGradNotFoundError(message(
            "get_grad", f"a gradient for {shown}", "none in gradients",
            "Pass grad(..., return_ids=True)'s output and a position or Parameter it "
            "differentiated."))
    return found


__all__ = ["ForiLoop", "WhileLoop", "Scan", "derivative", "get_grad", "jet", "linearize"]
