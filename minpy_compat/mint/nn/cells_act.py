"""``mint.nn``'s activation Cells (PyTorch-style arguments: ``dim``, ``inplace``,
``num_parameters``), each calling its ``mint.nn.functional`` function.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.nn.Hardtanh(-2.0, 2.0)(ms.Tensor([-3.0, 1.0]))
array([-2.,  1.], dtype=float32)
"""
import numbers

import numpy as onp

from ... import numpy as np
from ...common.initializer import initializer
from ...dtype import dtype_to_nptype
from ...errors import CellArgumentError, CellTypeError, describe, message
from ...nn.cell import Cell
from ...tensor import Parameter
from . import fn_act as F
from .fn_act import check_bool, check_number


class _Simple(Cell):
    _fn = None

    def construct(self, input):
        return getattr(F, self._fn)(input)


class LogSigmoid(_Simple):
    """``log(sigmoid(input))``."""
    _fn = "logsigmoid"


class Mish(_Simple):
    """``input * tanh(softplus(input))``."""
    _fn = "mish"


class SELU(_Simple):
    """Scaled ELU with the self-normalising constants."""
    _fn = "selu"


class Sigmoid(_Simple):
    """``1 / (1 + exp(-input))``."""
    _fn = "sigmoid"


class Tanh(_Simple):
    """Hyperbolic tangent."""
    _fn = "tanh"


class Hardsigmoid(_Simple):
    """``relu6(input + 3) / 6``."""
    _fn = "hardsigmoid"


class Hardswish(_Simple):
    """``input * relu6(input + 3) / 6``."""
    _fn = "hardswish"


class _Inplace(Cell):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = check_bool(f"{type(self).__name__} inplace", inplace)

    def construct(self, input):
        return getattr(F, self._fn)(input, inplace=self.inplace)


class ReLU6(_Inplace):
    """``min(max(input, 0), 6)``."""
    _fn = "relu6"


class SiLU(_Inplace):
    """``input * sigmoid(input)``."""
    _fn = "silu"


class ELU(Cell):
    """``input`` where positive, else ``alpha * (exp(input) - 1)``."""

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = check_number("ELU alpha", alpha)
        self.inplace = check_bool("ELU inplace", inplace)

    def construct(self, input):
        return F.elu(input, self.alpha, self.inplace)


class GELU(Cell):
    """Gaussian error linear unit, exact ('none') or by its 'tanh' approximation."""

    def __init__(self, approximate="none"):
        super().__init__()
        if approximate not in ("none", "tanh"):
            raise CellArgumentError(message("GELU approximate", "'none' or 'tanh'",
                                            repr(approximate)))
        self.approximate = approximate

    def construct(self, input):
        return F.gelu(input, self.approximate)


class GLU(Cell):
    """Gated linear unit along ``dim``."""

    def __init__(self, dim=-1):
        super().__init__()
        if isinstance(dim, bool) or not isinstance(dim, numbers.Integral):
            raise CellTypeError(message("GLU dim", "an int", describe(dim)))
        self.dim = int(dim)

    def construct(self, input):
        return F.glu(input, self.dim)


class _Shrink(Cell):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = check_number(f"{type(self).__name__} lambd", lambd)

    def construct(self, input):
        return getattr(F, self._fn)(input, self.lambd)


class Hardshrink(_Shrink):
    """``input`` where ``|input| > lambd``, else 0."""
    _fn = "hardshrink"


class Softshrink(_Shrink):
    """``input`` moved ``lambd`` towards 0, 0 within ``lambd``."""
    _fn = "softshrink"


class Hardtanh(Cell):
    """``input`` clipped to ``[min_val, max_val]``."""

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        self.min_val = check_number("Hardtanh min_val", min_val)
        self.max_val = check_number("Hardtanh max_val", max_val)
        if max_val <= min_val:
            raise CellArgumentError(message("Hardtanh max_val", f"more than min_val {min_val}",
                                            repr(max_val)))
        self.inplace = check_bool("Hardtanh inplace", inplace)

    def construct(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)


class Threshold(Cell):
    """``input`` where it is above ``threshold``, else ``value``."""

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = check_number("Threshold threshold", threshold)
        self.value = check_number("Threshold value", value)
        self.inplace = check_bool("Threshold inplace", inplace)

    def construct(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)


class _SoftmaxLike(Cell):
    def __init__(self, dim=None):
        super().__init__()
        if dim is not None and (isinstance(dim, bool) or not isinstance(dim, numbers.Integral)):
            raise CellTypeError(message(f"{type(self).__name__} dim", "None or an int",
                                        describe(dim)))
        self.dim = dim

    def construct(self, input):
        return getattr(F, self._fn)(input, self.dim)


class Softmax(_SoftmaxLike):
    """``exp(input) / sum(exp(input))`` along ``dim``."""
    _fn = "softmax"


class LogSoftmax(_SoftmaxLike):
    """``log(softmax(input))`` along ``dim``, computed stably."""
    _fn = "log_softmax"


class PReLU(Cell):
    """``input`` where positive, else ``weight * input``, one learnt slope per channel
    (axis 1) or one for all: Parameter ``weight`` (num_parameters,) filled with ``init``."""

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        if isinstance(num_parameters, bool) or not isinstance(num_parameters,
                                                              numbers.Integral):
            raise CellTypeError(message("PReLU num_parameters", "an int",
                                        describe(num_parameters)))
        if num_parameters < 1:
            raise CellArgumentError(message("PReLU num_parameters", "an int >= 1",
                                            repr(num_parameters)))
        check_number("PReLU init", init)
        dtype = onp.float32 if dtype is None else dtype_to_nptype(dtype)
        self.num_parameters = int(num_parameters)
        self.weight = Parameter(onp.full((self.num_parameters,), init, dtype), name="weight")

    def construct(self, input):
        return F.prelu(input, self.weight)
