"""MindSpore 2.10's activation Cells beyond ``basic.py``'s: ``LeakyReLU``, ``PReLU``,
``GELU``, ``ELU``, ``SiLU``, ``HSwish``, ``HSigmoid``, ``LogSigmoid``, ``Mish``,
``Softmin``, ``Hardtanh``, ``Tanhshrink`` and ``Softsign``. Each is a few facade calls (or
an ``ops`` activation), so gradients come from the tracer with MindSpore's values at the
kinks, and float16/float32 inputs keep their dtype.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Hardtanh()(ms.Tensor([-2.0, 0.5, 3.0]))
array([-1. ,  0.5,  1. ], dtype=float32)
>>> nn.PReLU()(ms.Tensor([-2.0, 1.0]))
array([-0.5,  1. ], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops import activations as A
from ..ops import functional as F
from ..ops.checks import keeps_float_dtype
from ..tensor import Parameter, is_tensor
from .cell import Cell


def _number(where, value):
    """A real number (not a bool): MindSpore computes with it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float", describe(value), "Pass a number."))
    return value


class LeakyReLU(Cell):
    """``x`` where ``x > 0``, ``alpha * x`` below (gradient ``(1 + alpha) / 2`` at 0)."""

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = _number("LeakyReLU alpha", alpha)

    def construct(self, x):
        return A.leaky_relu(F.float_only("LeakyReLU input", x), self.alpha)


def _prelu_weight(channel, w):
    """PReLU's initial slopes as MindSpore checks them: a float, ``channel`` floats, or a
    1-D float16/float32 Tensor of ``channel`` elements."""
    if isinstance(channel, bool) or not isinstance(channel, (int, onp.integer)):
        raise CellTypeError(message("PReLU channel", "a positive int", describe(channel)))
    if channel <= 0:
        raise CellArgumentError(message("PReLU channel", "a positive int", repr(channel)))
    if isinstance(w, (float, onp.floating)):
        return onp.full((channel,), w, onp.float32)
    if isinstance(w, list):
        if len(w) != channel or not all(isinstance(v, (float, onp.floating)) for v in w):
            raise CellArgumentError(message("PReLU w", f"a list of {channel} floats (channel)",
                                            repr(w)))
        return onp.array(w, onp.float32)
    if is_tensor(w):
        data = onp.asarray(getval(w))
        if data.dtype not in (onp.float16, onp.float32) or data.shape != (channel,):
            raise CellArgumentError(message(
                "PReLU w", f"a float16 or float32 Tensor of shape ({channel},)",
                f"{data.dtype} of shape {data.shape}"))
        return data.copy()
    raise CellTypeError(message("PReLU w", "a float, a list of floats or a Tensor",
                                describe(w), "Pass a float such as 0.25."))


class PReLU(Cell):
    """``x`` where ``x > 0``, else ``w * x`` with one learnt slope per channel (axis 1)."""

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        self.w = Parameter(_prelu_weight(channel, w), name="a")  # MindSpore's names

    def construct(self, x):
        F.float_only("PReLU input", x)
        shape, channel = onp.shape(getval(x)), getval(self.w).shape[0]
        if channel != 1 and (len(shape) < 2 or shape[1] != channel):
            raise CellArgumentError(message(
                "PReLU input", f"{channel} channels on axis 1 (channel={channel})",
                f"shape {shape}", "Pass channel equal to the input's axis 1."))
        w = self.w.astype(getval(x).dtype)
        if len(shape) >= 2:
            w = np.reshape(w, (1, channel) + (1,) * (len(shape) - 2))
        return np.where(getval(x) > 0, x, w * x)


class GELU(Cell):
    """Gaussian error linear unit: the tanh form if ``approximate`` (the default), else
    the exact ``x * P(X <= x)``."""

    def __init__(self, approximate=True):
        super().__init__()
        if not isinstance(approximate, (bool, onp.bool_)):
            raise CellTypeError(message("GELU approximate", "a bool", describe(approximate),
                                        "Pass True (tanh form) or False (exact)."))
        self.approximate = "tanh" if approximate else "none"

    def construct(self, x):
        return A.gelu(F.float_only("GELU input", x), self.approximate)


class ELU(Cell):
    """``x`` for ``x >= 0``, ``alpha * (exp(x) - 1)`` below."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = _number("ELU alpha", alpha)

    def construct(self, x):
        return A.elu(F.float_only("ELU input", x), self.alpha)


def _simple(name, function, doc):
    """An argument-free activation Cell running ``function``."""
    def construct(self, x):
        return function(x)

    def __init__(self):  # as MindSpore's: no arguments
        Cell.__init__(self)

    return type(name, (Cell,), {"__init__": __init__, "construct": construct,
                                "__doc__": doc, "__module__": __name__})


@keeps_float_dtype
def _tanhshrink(x):
    return x - np.tanh(F.float_only("Tanhshrink input", x))


@keeps_float_dtype
def _softsign(x):
    return x / (np.abs(F.float_only("Softsign input", x)) + 1)


SiLU = _simple("SiLU", lambda x: A.silu(F.float_only("SiLU input", x)),
               "``x * sigmoid(x)`` (also called swish).")
HSwish = _simple("HSwish", A.hardswish, "Hard swish: ``x * relu6(x + 3) / 6``.")
HSigmoid = _simple("HSigmoid", A.hardsigmoid, "Hard sigmoid: ``relu6(x + 3) / 6``.")
LogSigmoid = _simple("LogSigmoid", lambda x: A.logsigmoid(F.float_only("LogSigmoid input", x)),
                     "``log(sigmoid(x))``, computed so it cannot overflow.")
Mish = _simple("Mish", lambda x: A.mish(F.float_only("Mish input", x)),
               "``x * tanh(softplus(x))``.")
Tanhshrink = _simple("Tanhshrink", _tanhshrink, "``x - tanh(x)``.")
Softsign = _simple("Softsign", _softsign, "``x / (1 + |x|)``.")


@keeps_float_dtype
def _hardtanh(x, low, high):
    dtype = getval(x).dtype  # maximum/minimum split a tie: 1/2 on a bound, as MindSpore
    return np.minimum(np.maximum(x, dtype.type(low)), dtype.type(high))


class Softmin(Cell):
    """``softmax(-x)`` along ``axis`` (an int or a tuple of ints)."""

    def __init__(self, axis=-1):
        super().__init__()
        axes = axis if isinstance(axis, tuple) else (axis,)
        if not axes or any(isinstance(a, bool) or not isinstance(a, (int, onp.integer))
                           for a in axes):
            raise CellTypeError(message("Softmin axis", "an int or a tuple of ints",
                                        describe(axis), "Pass one axis, such as -1."))
        self.axis = axis

    def construct(self, x):
        return F.softmax(-F.float_only("Softmin input", x), self.axis)


class Hardtanh(Cell):
    """``x`` limited to ``[min_val, max_val]``: gradient 1 inside, 1/2 on a bound, 0 out."""

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        self.min_val = _number("Hardtanh min_val", min_val)
        self.max_val = _number("Hardtanh max_val", max_val)
        if min_val >= max_val:
            raise CellArgumentError(message(
                "Hardtanh", "min_val below max_val", f"min_val={min_val}, max_val={max_val}"))

    def construct(self, x):
        return _hardtanh(F.float_only("Hardtanh input", x), self.min_val, self.max_val)

    def extend_repr(self):
        return f"min_val={self.min_val}, max_val={self.max_val}"
