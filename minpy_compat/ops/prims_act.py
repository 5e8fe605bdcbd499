"""MindSpore 2.10's activation and normalisation primitives: ``FastGeLU``, ``PReLU``,
``CeLU``, ``HShrink``, ``SoftShrink``, ``Softsign``, ``GLU``, ``L2Loss``, ``LayerNorm``,
``Pad``, ``DepthToSpace`` and ``SpaceToDepth``. Each forwards to a function op or to the
facade, so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.L2Loss()(ms.Tensor([1.0, 2.0]))
array(2.5, dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .functional import stop_gradient
from .primitives import Primitive


def _number(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "a float", describe(value)))
    return float(value)


def _int(where, value, low):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, f"an int >= {low}", describe(value)))
    if value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", describe(value)))
    return int(value)


class FastGeLU(Primitive):
    """``FastGeLU()(x)``: ``x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))``."""

    def __call__(self, x):
        from .nnf_activations import fast_gelu
        return fast_gelu(x)


class PReLU(Primitive):
    """``PReLU()(x, weight)``: ``x`` where positive, else ``weight * x`` per channel."""

    def __call__(self, x, weight):
        from .nnf_activations import prelu
        return prelu(x, weight)


class Softsign(Primitive):
    """``Softsign()(x)``: ``x / (1 + |x|)``."""

    def __call__(self, x):
        from .nnf_activations import softsign
        return softsign(x)


class CeLU(Primitive):
    """``CeLU(alpha)(x)``: ``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = _number("CeLU alpha", alpha)
        if self.alpha == 0:
            raise CellArgumentError(message("CeLU alpha", "a nonzero float", repr(alpha)))

    def __call__(self, x):
        from .nnf_activations import celu
        return celu(x, self.alpha)


class HShrink(Primitive):
    """``HShrink(lambd)(x)``: ``x`` where ``|x| > lambd``, else 0."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = _number("HShrink lambd", lambd)

    def __call__(self, input_x):
        from .nnf_activations import hardshrink
        return hardshrink(input_x, self.lambd)


class SoftShrink(Primitive):
    """``SoftShrink(lambd)(x)``: ``x`` moved ``lambd`` towards 0, 0 within ``lambd``."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = _number("SoftShrink lambd", lambd)
        if self.lambd < 0:
            raise CellArgumentError(message("SoftShrink lambd", "a float >= 0", repr(lambd)))

    def __call__(self, input_x):
        from .nnf_activations import softshrink
        return softshrink(input_x, self.lambd)


class GLU(Primitive):
    """``GLU(axis)(x)``: the first half of ``x`` along ``axis`` gated by the sigmoid of the
    second."""

    def __init__(self, axis=-1):
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
            raise CellTypeError(message("GLU axis", "an int", describe(axis)))
        self.axis = int(axis)

    def __call__(self, x):
        from .nnf_activations import glu
        return glu(x, self.axis)


class L2Loss(Primitive):
    """``L2Loss()(x)``: ``sum(x ** 2) / 2``, a scalar of ``x``'s dtype."""

    def __call__(self, input_x):
        float_only("L2Loss input_x", input_x)
        return np.sum(input_x * input_x) / getval(input_x).dtype.type(2)


class LayerNorm(Primitive):
    """``LayerNorm(begin_norm_axis, begin_params_axis, epsilon)(x, gamma, beta)``: returns
    ``(y, mean, variance)``, normalised over the axes from ``begin_norm_axis`` on."""

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
        super().__init__()
        for name, value in (("begin_norm_axis", begin_norm_axis),
                            ("begin_params_axis", begin_params_axis)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise CellTypeError(message(f"LayerNorm {name}", "an int", describe(value)))
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = _number("LayerNorm epsilon", epsilon)

    def __call__(self, input_x, gamma, beta):
        float_only("LayerNorm input_x", input_x)
        shape = onp.shape(getval(input_x))
        rank = len(shape)
        norm, params = self.begin_norm_axis, self.begin_params_axis
        if not -rank <= norm < rank or not -rank <= params < rank:
            raise CellArgumentError(message("LayerNorm begin_norm_axis", f"an axis in "
                                            f"[-{rank}, {rank})", f"{norm} and {params}"))
        axes = tuple(range(norm % rank, rank))
        want = shape[params % rank:]
        for name, value in (("gamma", gamma), ("beta", beta)):
            if onp.shape(getval(value)) != want:
                raise CellArgumentError(message(f"LayerNorm {name}", f"shape {want}",
                                                f"shape {onp.shape(getval(value))}"))
        mean = np.mean(input_x, axis=axes, keepdims=True)
        var = np.mean(np.square(input_x - mean), axis=axes, keepdims=True)
        rstd = 1.0 / np.sqrt(var + getval(input_x).dtype.type(self.epsilon))
        # MindSpore's bprop takes no gradient through the mean and variance outputs
        return (input_x - mean) * rstd * gamma + beta, stop_gradient(mean), stop_gradient(var)


class Pad(Primitive):
    """``Pad(paddings)(x)``: ``x`` padded with zeros, ``paddings[i] = (before, after)``."""

    def __init__(self, paddings):
        super().__init__()
        ok = isinstance(paddings, (tuple, list)) and all(
            isinstance(p, (tuple, list)) and len(p) == 2 for p in paddings)
        if not ok:
            raise CellArgumentError(message("Pad paddings", "a tuple of (before, after) pairs",
                                            repr(paddings)))
        self.paddings = tuple(tuple(_int("Pad paddings", v, 0) for v in p) for p in paddings)

    def __call__(self, x):
        shape = onp.shape(getval(x))
        if len(self.paddings) != len(shape):
            raise CellArgumentError(message("Pad paddings", f"{len(shape)} pairs for x of shape "
                                            f"{shape}", f"{len(self.paddings)}"))
        return np.pad(x, self.paddings)


class _Blocks(Primitive):
    def __init__(self, block_size):
        super().__init__()
        self.block_size = _int(f"{type(self).__name__} block_size", block_size, 2)

    def _shape(self, x):
        shape = onp.shape(getval(x))
        if len(shape) != 4:
            raise CellArgumentError(message(f"{type(self).__name__} x", "a 4-D (N, C, H, W) "
                                            "tensor", f"shape {shape}"))
        return shape


class DepthToSpace(_Blocks):
    """``DepthToSpace(block_size)(x)``: (N, C b², H, W) -> (N, C, H b, W b), depth first."""

    def __call__(self, x):
        n, c, h, w = self._shape(x)
        b = self.block_size
        if c % (b * b):
            raise CellArgumentError(message("DepthToSpace x", f"channels divisible by {b * b}",
                                            f"{c}"))
        y = np.reshape(x, (n, b, b, c // (b * b), h, w))
        return np.reshape(np.transpose(y, (0, 3, 4, 1, 5, 2)), (n, c // (b * b), h * b, w * b))


class SpaceToDepth(_Blocks):
    """``SpaceToDepth(block_size)(x)``: (N, C, H b, W b) -> (N, C b², H, W)."""

    def __call__(self, x):
        n, c, h, w = self._shape(x)
        b = self.block_size
        if h % b or w % b:
            raise CellArgumentError(message("SpaceToDepth x", f"H and W divisible by {b}",
                                            f"{(h, w)}"))
        y = np.reshape(x, (n, c, h // b, b, w // b, b))
        return np.reshape(np.transpose(y, (0, 3, 5, 1, 2, 4)), (n, c * b * b, h // b, w // b))
