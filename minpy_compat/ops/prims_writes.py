"""MindSpore 2.10's Parameter-writing primitives: ``AssignAdd``, ``AssignSub``,
``ScatterAdd``, ``ScatterSub``, ``ScatterUpdate``, ``ApplyGradientDescent`` and
``ApplyMomentum``. Each computes the new values first and writes through
``writes.assign_all``, so a bad argument leaves every Parameter as it was; the write is
not differentiated (MindSpore's PyNative gives these ops no gradient path either).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name='w')
>>> ops.AssignAdd()(w, ms.Tensor([1.0, 1.0])).tolist()
[2.0, 3.0]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter
from .primitives import Primitive
from .scattering import _converts, scatter_value
from .writes import assign_all


def _param(where, value):
    if not isinstance(value, Parameter):
        raise CellTypeError(message(where, "a Parameter", describe(value),
                                    "Only Parameters can be written in place."))
    return value


def _data(where, value, like):
    """``value`` as an array of ``like``'s dtype, broadcastable to ``like``'s shape."""
    data = onp.asarray(getval(value))
    if data.dtype.kind not in "biuf":
        raise CellTypeError(message(where, "numbers", describe(value)))
    try:
        onp.broadcast_to(data, like.shape)
    except ValueError:
        raise CellArgumentError(message(where, f"a shape broadcastable to {like.shape}",
                                        f"shape {data.shape}")) from None
    return data.astype(like.dtype)


def _same(where, value, like):
    """``value`` once MindSpore's AssignAdd/AssignSub take it: a dtype that converts to the
    variable's (checked first), then the variable's very shape (no broadcasting)."""
    data = onp.asarray(getval(value))
    if data.dtype.kind in "biuf" and not _converts(data.dtype, like.dtype):
        raise CellTypeError(message(where, f"a dtype that converts to the variable's "
                                    f"{like.dtype}", f"dtype {data.dtype}",
                                    "Cast it with ops.cast(value, variable.dtype)."))
    if data.shape != like.shape:
        raise CellArgumentError(message(where, f"the variable's shape {like.shape}",
                                        f"shape {data.shape}", "Give a value of that shape "
                                        "(MindSpore does not broadcast it)."))
    return value


class _Assign(Primitive):
    sign = 1

    def __call__(self, variable, value):
        where = type(self).__name__
        variable = _param(f"{where} variable", variable)
        value = _same(f"{where} value", value, variable)
        new = variable.view(onp.ndarray) + self.sign * _data(f"{where} value", value, variable)
        assign_all([(variable, new)])
        return variable


class AssignAdd(_Assign):
    """``AssignAdd()(variable, value)``: ``variable += value`` in place; returns it."""


class AssignSub(_Assign):
    """``AssignSub()(variable, value)``: ``variable -= value`` in place; returns it."""

    sign = -1


class _Scatter(Primitive):
    """The scatter-into-a-Parameter primitives: checks and arithmetic are the function ops'
    (``scattering.scatter_value``), the write ``assign_all``'s (all or nothing)."""

    kind, rows = "add", True

    def __init__(self, use_locking=False):
        super().__init__()
        if not isinstance(use_locking, bool):
            raise CellTypeError(message(f"{type(self).__name__} use_locking", "a bool",
                                        describe(use_locking)))
        self.use_locking = use_locking

    def __call__(self, input_x, indices, updates):
        where = type(self).__name__
        input_x = _param(f"{where} input_x", input_x)
        new = scatter_value(where, self.kind, input_x, indices, updates, rows=self.rows)
        assign_all([(input_x, new)])
        return input_x


class ScatterAdd(_Scatter):
    """``ScatterAdd()(input_x, indices, updates)``: ``input_x[indices] += updates``."""

    kind = "add"


class ScatterSub(_Scatter):
    """``ScatterSub()(input_x, indices, updates)``: ``input_x[indices] -= updates``."""

    kind = "sub"


class ScatterUpdate(_Scatter):
    """``ScatterUpdate()(input_x, indices, updates)``: ``input_x[indices] = updates``."""

    kind = "update"

    def __init__(self, use_locking=True):
        super().__init__(use_locking)


class ApplyGradientDescent(Primitive):
    """``ApplyGradientDescent()(var, alpha, delta)``: ``var -= alpha * delta``; returns
    ``var``."""

    def __call__(self, var, alpha, delta):
        var = _param("ApplyGradientDescent var", var)
        step = _data("ApplyGradientDescent alpha", alpha, var) * \
            _data("ApplyGradientDescent delta", delta, var)
        assign_all([(var, var.view(onp.ndarray) - step)])
        return var


class ApplyMomentum(Primitive):
    """``ApplyMomentum()(variable, accumulation, learning_rate, gradient, momentum)``:
    ``accumulation = momentum * accumulation + gradient``, then ``variable -= lr *
    accumulation`` (Nesterov: ``lr * (gradient + momentum * accumulation)``)."""

    def __init__(self, use_nesterov=False, use_locking=False, gradient_scale=1.0):
        super().__init__()
        for name, value in (("use_nesterov", use_nesterov), ("use_locking", use_locking)):
            if not isinstance(value, bool):
                raise CellTypeError(message(f"ApplyMomentum {name}", "a bool",
                                            describe(value)))
        if isinstance(gradient_scale, bool) or not isinstance(gradient_scale, numbers.Real):
            raise CellTypeError(message("ApplyMomentum gradient_scale", "a float",
                                        describe(gradient_scale)))
        self.use_nesterov, self.use_locking = use_nesterov, use_locking
        self.gradient_scale = float(gradient_scale)

    def __call__(self, variable, accumulation, learning_rate, gradient, momentum):
        variable = _param("ApplyMomentum variable", variable)
        accumulation = _param("ApplyMomentum accumulation", accumulation)
        lr = _data("ApplyMomentum learning_rate", learning_rate, variable)
        grad = _data("ApplyMomentum gradient", gradient, variable)
        mom = _data("ApplyMomentum momentum", momentum, variable)
        acc = mom * accumulation.view(onp.ndarray) + grad
        step = lr * (grad + mom * acc) if self.use_nesterov else lr * acc
        assign_all([(accumulation, acc), (variable, variable.view(onp.ndarray) - step)])
        return variable
