"""Checking the arguments of MindSpore's gradient operations: ``grad_position``,
``weights``, and keyword inputs (differentiated after the positional ones).

>>> from minpy_compat.ops.grad_arguments import check_positions
>>> check_positions(1, None, "grad(f)")
(1,)
"""
from ..errors import GradPositionError, GradPositionRangeError, GradPositionTypeError, \
    describe, message
from ..tensor import Parameter


# ---- checking arguments -------------------------------------------------------------
def check_positions(grad_position, weights, where):
    """``grad_position`` as a tuple."""
    if grad_position is None:
        if weights is None:
            raise GradPositionError(message(
                where, "grad_position or weights", "None for both",
                "Pass grad_position=0 (the first input) or weights=net.trainable_params()."))
        return ()
    if isinstance(grad_position, int) and not isinstance(grad_position, bool):
        positions = (grad_position,)
    elif type(grad_position) is tuple and grad_position and all(
            isinstance(p, int) and not isinstance(p, bool) for p in grad_position):
        positions = grad_position
    else:
        raise GradPositionTypeError(message(
            f"{where} grad_position", "an int or a non-empty tuple of ints",
            describe(grad_position)))
    if any(p < 0 for p in positions):
        raise GradPositionError(message(f"{where} grad_position", "positions >= 0",
                                        repr(grad_position)))
    if len(set(positions)) != len(positions):
        raise GradPositionError(message(f"{where} grad_position", "distinct positions",
                                        repr(grad_position)))
    return positions


def check_weights(weights, where):
    """``weights`` as a tuple of Parameters, and whether a single Parameter was given."""
    if weights is None:
        return (), False
    if isinstance(weights, Parameter):
        return (weights,), True
    if type(weights) is dict:
        weights = tuple(weights.values())
    weights = tuple(weights) if isinstance(weights, (tuple, list)) else None
    if weights is None or not all(isinstance(w, Parameter) for w in weights):
        raise GradPositionTypeError(message(
            f"{where} weights", "a Parameter, a list or ParameterTuple of Parameters",
            "something else", "Pass net.trainable_params()."))
    return weights, False


def check_range(positions, args, where):
    for position in positions:
        if position >= len(args):
            raise GradPositionRangeError(message(
                f"{where} grad_position", f"a position below {len(args)} (the number of "
                "inputs)", f"{position}", "Count the inputs from 0."))


def keywords_as_inputs(fn, args, kwargs):
    """MindSpore 2.10 differentiates keyword arguments too: they are inputs after the
    positional ones, in call order (``grad(f, (0, 1))(x, y=t)`` gives dx and dy)."""
    if not kwargs:
        return fn, tuple(args)
    count, names = len(args), tuple(kwargs)

    def call(*inputs):
        return fn(*inputs[:count], **dict(zip(names, inputs[count:])))
    call.__name__ = name_of(fn)
    return call, tuple(args) + tuple(kwargs.values())


def name_of(fn):
    """A function's or Cell's name for messages."""
    return getattr(fn, "__name__", type(fn).__name__)
