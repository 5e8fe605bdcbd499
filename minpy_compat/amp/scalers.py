"""Loss scalers and ``all_finite`` (``mindspore.amp``): scale a loss up before the backward
pass so float16 gradients do not underflow, scale the gradients back down, and adjust the
scale when they overflow.

>>> from minpy_compat import amp, Tensor
>>> scaler = amp.DynamicLossScaler(1024, 2, 1000)
>>> print(scaler.scale(Tensor(3.0)), scaler.unscale(Tensor(3072.0)))
3072.0 3.0
"""
import numbers

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter, Tensor, is_tensor


def _map(function, inputs):
    """``function`` over every Tensor of ``inputs`` (a Tensor or nested tuples/lists)."""
    if type(inputs) in (tuple, list):
        return type(inputs)(_map(function, item) for item in inputs)
    return function(inputs)


def _scale_value(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(f"{where} scale_value", "an int or a float",
                                    describe(value)))
    if value < 1:
        raise CellArgumentError(message(f"{where} scale_value", "a number >= 1", repr(value)))
    return Parameter(Tensor(onp.float32(value)), name="scale_value")


def _positive_int(where, name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(f"{where} {name}", "a positive int", describe(value)))
    if value <= 0:
        raise CellArgumentError(message(f"{where} {name}", "a positive int", repr(value)))
    return int(value)


def _finite_flag(where, grads_finite):
    value = onp.asarray(grads_finite.asnumpy() if is_tensor(grads_finite) else grads_finite)
    if value.shape != () or value.dtype != onp.bool_:
        raise CellTypeError(message(f"{where} grads_finite", "a scalar bool Tensor "
                                    "(amp.all_finite(grads))", describe(grads_finite)))
    return bool(value)


class LossScaler:
    """Base class: ``scale``, ``unscale`` and ``adjust`` are left to subclasses."""

    def scale(self, inputs):
        raise NotImplementedError(f"{type(self).__name__}.scale: define it in the subclass.")

    def unscale(self, inputs):
        raise NotImplementedError(f"{type(self).__name__}.unscale: define it in the subclass.")

    def adjust(self, grads_finite):
        raise NotImplementedError(f"{type(self).__name__}.adjust: define it in the subclass.")


class _ScaleByValue(LossScaler):
    """``scale``/``unscale`` by the Parameter ``scale_value`` (both scalers share them)."""

    def scale(self, inputs):
        """``inputs`` (a Tensor or nested tuples of them) times the scale, each in its dtype."""
        return _map(lambda x: x * self.scale_value.astype(x.dtype), inputs)

    def unscale(self, inputs):
        """``inputs`` divided by the scale (times its reciprocal, in each input's dtype)."""
        return _map(lambda x: x * (1 / self.scale_value).astype(x.dtype), inputs)


class StaticLossScaler(_ScaleByValue):
    """A fixed scale: ``adjust`` changes nothing and returns False."""

    def __init__(self, scale_value):
        self.scale_value = _scale_value("StaticLossScaler", scale_value)

    def adjust(self, grads_finite):
        return False


class DynamicLossScaler(_ScaleByValue):
    """A scale that shrinks on overflow and grows after ``scale_window`` finite steps.

    ``adjust(grads_finite)`` (MindSpore's rule): finite gradients count a step, and the step
    that completes the window multiplies the scale by ``scale_factor`` (unless that overflows
    float32); an overflow divides it by ``scale_factor`` (never below 1) and resets the count.
    Returns True."""

    def __init__(self, scale_value, scale_factor, scale_window):
        self.scale_value = _scale_value("DynamicLossScaler", scale_value)
        self.scale_window = _positive_int("DynamicLossScaler", "scale_window", scale_window)
        self.scale_factor = _positive_int("DynamicLossScaler", "scale_factor", scale_factor)
        self.counter = Parameter(Tensor(onp.int32(0)), name="counter")

    def adjust(self, grads_finite):
        finite = _finite_flag("DynamicLossScaler.adjust", grads_finite)
        scale = onp.float32(self.scale_value.asnumpy())
        count = int(self.counter.asnumpy())
        if finite:
            if count == self.scale_window - 1:
                with onp.errstate(over="ignore"):
                    grown = scale * onp.float32(self.scale_factor)
                scale = grown if onp.isfinite(grown) else scale
            count = (count + 1) % self.scale_window
        else:
            scale = max(onp.float32(1), scale / onp.float32(self.scale_factor))
            count = 0
        self.scale_value.set_data(Tensor(onp.float32(scale)))
        self.counter.set_data(Tensor(onp.int32(count)))
        return True


def all_finite(inputs):
    """A scalar bool Tensor: True when no element of the Tensors in ``inputs`` (a tuple or
    list) is inf or NaN. Int Tensors count as finite."""
    if type(inputs) not in (tuple, list):
        raise CellTypeError(message("amp.all_finite inputs", "a tuple or list of Tensors",
                                    describe(inputs), "Wrap a single Tensor: (x,)."))
    if not inputs:
        raise CellArgumentError(message("amp.all_finite inputs", "at least one Tensor",
                                        "an empty sequence"))
    finite = True
    for item in inputs:
        value = onp.asarray(item.asnumpy() if is_tensor(item) else item)
        if value.dtype.kind in "fc":
            finite = finite and bool(onp.isfinite(value).all())
    return Tensor(onp.bool_(finite))
