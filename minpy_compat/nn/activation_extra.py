"""More of MindSpore 2.10's activation Cells: ``CELU``, ``GLU``, ``HShrink``,
``SoftShrink``, ``Threshold``, ``RReLU``, ``SeLU``, ``FastGelu``, ``Softmax2d``, and
``get_activation``, MindSpore's name -> Cell table. Each runs a function op from
``minpy_compat.ops``, so gradients come from the tracer and float32 stays float32.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Threshold(0.5, 9.0)(ms.Tensor([0.2, 1.0]))
array([9., 1.], dtype=float32)
>>> type(nn.get_activation("relu")).__name__
'ReLU'
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellNameError, CellTypeError, describe, message
from ..ops import activations as A
from ..ops import functional as F
from ..ops import nnf_activations as N
from ..ops.checks import keeps_float_dtype
from .cell import Cell


def _number(where, value):
    """A real number (not a bool), as MindSpore's ``[float, int]`` checks."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float", describe(value), "Pass a number."))
    return float(value)


class CELU(Cell):
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = _number("CELU alpha", alpha)
        if self.alpha == 0:
            raise CellArgumentError(message("CELU alpha", "a nonzero float", "0.0",
                                            "Pass alpha=1.0 (it divides x)."))

    def construct(self, x):
        return N.celu(F.float_only("CELU input", x), self.alpha)


class GLU(Cell):
    """Gated linear unit: the first half of ``axis`` times sigmoid of the second half."""

    def __init__(self, axis=-1):
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, (int, onp.integer)):
            raise CellTypeError(message("GLU axis", "an int", describe(axis)))
        self.axis = int(axis)

    def construct(self, x):
        shape = onp.shape(getval(F.float_only("GLU input", x)))
        if not -len(shape) <= self.axis < len(shape) or shape[self.axis] % 2:
            raise CellArgumentError(message("GLU input", f"an even length on axis {self.axis}",
                                            f"shape {shape}"))
        return N.glu(x, self.axis)


class HShrink(Cell):
    """Hard shrink: ``x`` where ``|x| > lambd``, else 0."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = _number("HShrink lambd", lambd)

    def construct(self, input):
        return N.hardshrink(F.float_only("HShrink input", input), self.lambd)


class SoftShrink(Cell):
    """Soft shrink: ``x - lambd`` above ``lambd``, ``x + lambd`` below ``-lambd``, else 0."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = _number("SoftShrink lambd", lambd)
        if self.lambd < 0:
            raise CellArgumentError(message("SoftShrink lambd", "a float >= 0",
                                            repr(lambd)))

    def construct(self, input):
        return N.softshrink(F.float_only("SoftShrink input", input), self.lambd)


@keeps_float_dtype
def _threshold(x, threshold, value):
    return np.where(getval(x) > threshold, x, getval(x).dtype.type(value))


class Threshold(Cell):
    """``x`` where ``x > threshold``, else ``value`` (in ``x``'s dtype: int and bool
    Tensors too, as MindSpore's)."""

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = _number("Threshold threshold", threshold)
        self.value = _number("Threshold value", value)

    def construct(self, input_x):
        return _threshold(input_x, self.threshold, self.value)


class RReLU(Cell):
    """Randomized leaky ReLU: negative ``x`` times a slope drawn from ``U(lower, upper)``
    per element in training; the mean slope ``(lower + upper) / 2`` in eval."""

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        self.lower = _number("RReLU lower", lower)
        self.upper = _number("RReLU upper", upper)
        if self.lower > self.upper:
            raise CellArgumentError(message("RReLU", "lower <= upper",
                                            f"lower={lower}, upper={upper}"))

    def construct(self, x):
        data = getval(F.float_only("RReLU input", x))
        if self.training:
            slope = onp.random.uniform(self.lower, self.upper, onp.shape(data))
        else:
            slope = onp.full(onp.shape(data), (self.lower + self.upper) / 2)
        # sign(x)-based, as MindSpore: the gradient at exactly 0 is 0
        mask = onp.where(data > 0, 1.0, onp.where(data < 0, slope, 0.0)).astype(data.dtype)
        return x * mask


class SeLU(Cell):
    """Scaled ELU with SELU's fixed ``scale`` and ``alpha``."""

    def __init__(self):
        super().__init__()

    def construct(self, input_x):
        return A.selu(F.float_only("SeLU input", input_x))


class FastGelu(Cell):
    """MindSpore's fast GELU: ``x * sigmoid(1.702 x)``."""

    def __init__(self):
        super().__init__()

    def construct(self, x):
        return N.fast_gelu(F.float_only("FastGelu input", x))


class Softmax2d(Cell):
    """Softmax over the channels (axis -3) of a (C, H, W) or (N, C, H, W) input."""

    def __init__(self):
        super().__init__()

    def construct(self, x):
        shape = onp.shape(getval(F.float_only("Softmax2d input", x)))
        if len(shape) not in (3, 4):
            raise CellArgumentError(message("Softmax2d input", "3 or 4 dimensions",
                                            f"shape {shape}", "Pass (C, H, W) or (N, C, H, W)."))
        return F.softmax(x, -3)


_ACTIVATIONS = {  # MindSpore 2.10's names -> (module, class name)
    "softmin": ("activation_cells", "Softmin"), "softmax": ("basic", "Softmax"),
    "softmax2d": (__name__, "Softmax2d"), "logsoftmax": ("basic", "LogSoftmax"),
    "relu": ("basic", "ReLU"), "relu6": ("basic", "ReLU6"), "rrelu": (__name__, "RReLU"),
    "silu": ("activation_cells", "SiLU"), "tanh": ("basic", "Tanh"),
    "tanhshrink": ("activation_cells", "Tanhshrink"),
    "hardtanh": ("activation_cells", "Hardtanh"), "gelu": ("activation_cells", "GELU"),
    "fast_gelu": (__name__, "FastGelu"), "elu": ("activation_cells", "ELU"),
    "sigmoid": ("basic", "Sigmoid"), "softsign": ("activation_cells", "Softsign"),
    "prelu": ("activation_cells", "PReLU"), "leakyrelu": ("activation_cells", "LeakyReLU"),
    "hswish": ("activation_cells", "HSwish"), "hsigmoid": ("activation_cells", "HSigmoid"),
    "logsigmoid": ("activation_cells", "LogSigmoid"), "softshrink": (__name__, "SoftShrink"),
    "hshrink": (__name__, "HShrink"), "threshold": (__name__, "Threshold"),
    "mish": ("activation_cells", "Mish"),
}


def get_activation(name, prim_name=None):
    """A new activation Cell from its lower-case MindSpore name (None gives None)."""
    import importlib
    if name is None:
        return None
    if name not in _ACTIVATIONS:
        where = f"{prim_name} get_activation name" if prim_name else "get_activation name"
        raise CellNameError(message(where, f"one of {sorted(_ACTIVATIONS)}", repr(name)))
    module, cls = _ACTIVATIONS[name]
    module = module if module.startswith("minpy") else f"{__package__}.{module}"
    return getattr(importlib.import_module(module), cls)()
