"""MindSpore's Tensor methods that ``numpy.ndarray`` lacks and that adapt their arguments
to one op: ``x.permute(1, 0)``, ``x.expand_dims``, ``x.exp``, ``x.pow``, ``x.clamp``,
``x.norm``, ``x.float()``, ... Each forwards to the op of the same meaning, so it is
differentiable and keeps float32. ``tensor_methods`` attaches them (loaded on first use).
"""
import numpy as onp
from autograd.tracer import getval

from ..array import Array
from . import activations, functional, indexing, reductions, shaping


def _axes(axis):
    """``x.permute(1, 0)`` and ``x.permute((1, 0))`` alike."""
    return tuple(axis[0]) if len(axis) == 1 and isinstance(axis[0], (tuple, list)) else axis


def _cast(dtype):
    def cast(self):
        return self.astype(dtype)
    return cast


def isclose(self, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Elementwise closeness (Bool), NumPy's rule."""
    close = onp.isclose(getval(self), getval(x2), rtol=rtol, atol=atol, equal_nan=equal_nan)
    return onp.asarray(close).view(Array)


def is_contiguous(self):
    return bool(onp.asarray(getval(self)).flags.c_contiguous)


METHODS = {
    # shapes
    "permute": lambda self, *axis: shaping.permute(self, _axes(axis)),
    "expand_dims": lambda self, axis: functional.expand_dims(self, axis),
    "unsqueeze": lambda self, dim: functional.expand_dims(self, dim),
    "broadcast_to": lambda self, shape: shaping.broadcast_to(self, shape),
    "expand_as": lambda self, other: shaping.broadcast_to(self, onp.shape(getval(other))),
    "tile": lambda self, reps: shaping.tile(self, reps),
    # elementwise
    "abs": functional.abs, "exp": functional.exp, "log": functional.log,
    "sqrt": functional.sqrt, "square": functional.square, "neg": functional.neg,
    "sin": functional.sin, "cos": functional.cos, "tanh": functional.tanh,
    "sigmoid": functional.sigmoid, "rsqrt": activations.rsqrt,
    "reciprocal": lambda self: functional.div(1.0, self),
    "pow": lambda self, exponent: functional.pow(self, exponent),
    "clamp": lambda self, min=None, max=None: functional.clamp(self, min, max),
    "masked_fill": lambda self, mask, value: indexing.masked_fill(self, mask, value),
    "softmax": lambda self, axis, dtype=None: functional.softmax(self, axis, dtype=dtype),
    # reductions and picking
    "amax": lambda self, axis=None, keepdims=False: reductions.amax(self, axis, keepdims),
    "amin": lambda self, axis=None, keepdims=False: reductions.amin(self, axis, keepdims),
    "norm": lambda self, ord=None, dim=None, keepdim=False, *, dtype=None: reductions.norm(
        self, ord, dim, keepdim, dtype=dtype),
    "topk": lambda self, k, dim=None, largest=True, sorted=True: indexing.topk(
        self, k, dim, largest, sorted),
    "gather": lambda self, input_indices, axis, batch_dims=0: indexing.gather(
        self, input_indices, axis, batch_dims),
    "gather_elements": lambda self, dim, index: indexing.gather_elements(self, dim, index),
    # facts and dtype shorthands
    "numel": lambda self: int(onp.size(getval(self))),
    "nelement": lambda self: int(onp.size(getval(self))),
    "dim": lambda self: onp.ndim(getval(self)),
    "is_contiguous": is_contiguous, "isclose": isclose,
    "float": _cast(onp.float32), "half": _cast(onp.float16), "double": _cast(onp.float64),
    "int": _cast(onp.int32), "long": _cast(onp.int64), "bool": _cast(onp.bool_),
}
