"""MindSpore's primitive ops: objects made once (``ops.ReLU()``) and called like functions.

Each forwards to a function op (``functional.py``), so gradients are autograd's.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.MatMul(transpose_b=True)(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0, 4.0]]))
array([[11.]], dtype=float32)
"""
import functools
import numbers
import types

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import Array
from ..errors import FIRST_ARGUMENT, CellArgumentError, CellTypeError, as_caller, describe, message
from . import functional as F


class Primitive:
    """Base of the primitive ops: a name, attributes, and ``__call__``. The errors a
    subclass's call raises name the class (``Tan input: ...``), what the user called, not
    the ``ops`` function it runs (``ops.tan input: ...``)."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        call = cls.__dict__.get("__call__")
        if isinstance(call, types.FunctionType):  # a copy whose frames name type(self)
            cls.__call__ = as_caller(FIRST_ARGUMENT, call)

    def __init__(self, name=None):
        self.name = name or type(self).__name__
        self.attrs = {}

    def add_prim_attr(self, name, value):
        """Record ``value`` as attribute ``name`` (in ``attrs`` and on the object)."""
        self.attrs[name] = value
        setattr(self, name, value)
        return self

    def del_prim_attr(self, name):
        """Forget attribute ``name`` (from ``attrs`` and the object)."""
        if name in self.attrs:
            del self.attrs[name]
            vars(self).pop(name, None)
        return self

    def recompute(self, mode=True):
        """Mark the op for recomputation in the backward pass (memory, not values); shown
        in ``attrs`` and the repr as MindSpore does. Returns the op."""
        if not isinstance(mode, bool):
            raise CellTypeError(message(f"{self.name}.recompute mode", "a bool", describe(mode)))
        self.attrs["recompute"] = mode
        return self

    def init_prim_io_names(self, inputs, outputs):
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    def __repr__(self):
        shown = ", ".join(f"{k}={v}" for k, v in getattr(self, "attrs", {}).items()
                          if k not in ("input_names", "output_names"))
        return f"Prim[{self.name}]" + (f"<{shown}>" if shown else "")


def _simple(name, function, doc):
    def __call__(self, *args):
        return function(*args)
    return type(name, (Primitive,), {"__call__": __call__, "__doc__": doc})


ReLU = _simple("ReLU", F.relu, "max(x, 0).")
ReLU6 = _simple("ReLU6", F.relu6, "min(max(x, 0), 6); differentiable to any order.")
Sigmoid = _simple("Sigmoid", F.sigmoid, "1 / (1 + exp(-x)).")
Tanh = _simple("Tanh", F.tanh, "tanh(x).")
Exp = _simple("Exp", F.exp, "exp(x).")
Log = _simple("Log", F.log, "log(x).")
Abs = _simple("Abs", F.abs, "|x|.")
Sqrt = _simple("Sqrt", F.sqrt, "sqrt(x).")
Square = _simple("Square", F.square, "x * x.")
Neg = _simple("Neg", F.neg, "-x.")
Add = _simple("Add", F.add, "x + y.")
Sub = _simple("Sub", F.sub, "x - y.")
Mul = _simple("Mul", F.mul, "x * y.")
Div = _simple("Div", F.div, "x / y.")
RealDiv = _simple("RealDiv", F.div, "x / y.")
Pow = _simple("Pow", F.pow, "x ** y.")
Maximum = _simple("Maximum", F.maximum, "max(x, y) elementwise.")
Minimum = _simple("Minimum", F.minimum, "min(x, y) elementwise.")
Greater = _simple("Greater", F.gt, "x > y (Bool).")
GreaterEqual = _simple("GreaterEqual", F.ge, "x >= y (Bool).")
Less = _simple("Less", F.lt, "x < y (Bool).")
LessEqual = _simple("LessEqual", F.le, "x <= y (Bool).")
Equal = _simple("Equal", F.eq, "x == y (Bool).")
Select = _simple("Select", F.select, "x where cond, else y.")
Reshape = _simple("Reshape", F.reshape, "Reshape()(x, shape).")
Transpose = _simple("Transpose", F.transpose, "Transpose()(x, perm).")
Cast = _simple("Cast", F.cast, "Cast()(x, dtype).")
Shape = _simple("Shape", F.shape, "x's shape as a tuple.")
Assign = _simple("Assign", F.assign, "Assign()(parameter, value): in place.")
Depend = _simple("Depend", F.depend, "Depend()(value, expr) is value.")
ExpandDims = _simple("ExpandDims", F.expand_dims, "ExpandDims()(x, axis).")
StopGradient = _simple("StopGradient", F.stop_gradient, "x, with no gradient through it.")


class MatMul(Primitive):
    """``a @ b``, with either operand transposed first."""

    product = staticmethod(np.matmul)

    def __init__(self, transpose_a=False, transpose_b=False):
        super().__init__()
        self.transpose_a, self.transpose_b = transpose_a, transpose_b

    def __call__(self, a, b):
        if self.transpose_a:
            a = np.swapaxes(a, -1, -2)
        if self.transpose_b:
            b = np.swapaxes(b, -1, -2)
        return self.product(a, b)


class Softmax(Primitive):
    """``Softmax(axis)(x)``: the softmax along ``axis``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def __call__(self, x):
        return F.softmax(x, self.axis)


class Concat(Primitive):
    """``Concat(axis)(tensors)``: the tensors (of one dtype) joined along ``axis``."""

    def __init__(self, axis=0):
        super().__init__()
        self.axis = axis

    def __call__(self, tensors):
        return np.concatenate(F.one_dtype("Concat", tensors), axis=self.axis)


def _check_probability(where, name, value, low_open=False, high_open=False):
    bad = not isinstance(value, numbers.Real) or isinstance(value, bool) or not (
        (0 < value if low_open else 0 <= value) and (value < 1 if high_open else value <= 1))
    if bad:
        span = ("(0" if low_open else "[0") + (", 1)" if high_open else ", 1]")
        raise CellArgumentError(message(f"{where} {name}", f"a number in {span}", repr(value)))
    return float(value)


class Dropout2D(Primitive):
    """Zero whole channels of an (N, C, H, W) input: returns ``(output, mask)``.

    Each channel is kept with probability ``keep_prob`` and then scaled by
    ``1 / keep_prob``; ``mask`` is Bool, the shape of the input.
    """

    def __init__(self, keep_prob=0.5):
        super().__init__()
        self.keep_prob = _check_probability("Dropout2D", "keep_prob", keep_prob)

    def __call__(self, x):
        shape = onp.shape(getval(x))
        if len(shape) != 4:
            raise CellArgumentError(message("Dropout2D input", "a rank-4 (N, C, H, W) tensor",
                                            f"shape {shape}"))
        keep = onp.random.random_sample(shape[:2] + (1, 1)) < self.keep_prob
        mask = onp.broadcast_to(keep, shape).copy()
        dtype = getattr(getval(x), "dtype", onp.float32)
        scale = mask.astype(dtype) * (1.0 / self.keep_prob if self.keep_prob else 0.0)
        return x * scale.astype(dtype), mask.view(Array)


def dropout(input, p=0.5, training=True, seed=None):
    """Zero each element with probability ``p`` and scale the rest by ``1 / (1 - p)``;
    the identity when ``training`` is False."""
    p = _check_probability("ops.dropout", "p", p, high_open=True)
    if not training or p == 0:
        return input
    return Dropout(1 - p)(input)[0]


class Dropout(Primitive):
    """``Dropout(keep_prob)(x)``: ``(output, mask)``; ``mask`` (x's dtype) is 1 where
    an element was kept, and kept elements are scaled by ``1 / keep_prob``."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        super().__init__()
        self.keep_prob = _check_probability("Dropout", "keep_prob", keep_prob, low_open=True)

    def __call__(self, x):
        data = getval(x)
        dtype = data.dtype if data.dtype.kind == "f" else onp.dtype(onp.float32)
        mask = (onp.random.random_sample(onp.shape(data)) < self.keep_prob).astype(dtype)
        return x * (mask / dtype.type(self.keep_prob)).astype(dtype), mask.view(Array)
