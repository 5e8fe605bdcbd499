"""Basic Cells: ``Dense``, activations (``LogSoftmax`` too), ``Dropout``, ``Flatten`` (the
containers ``SequentialCell`` and ``CellList`` are in ``containers.py``).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> dense = nn.Dense(3, 2, weight_init='ones', bias_init='zeros')
>>> dense(ms.Tensor([[1.0, 2.0, 3.0]]))
array([[6., 6.]], dtype=float32)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import HeUniform, Uniform, initializer
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops import functional as F
from ..tensor import Parameter, is_tensor
from .cell import Cell
from .windows import check_float_input, check_weight_dtype


class ReLU(Cell):
    """``max(x, 0)``, elementwise."""

    def __init__(self):  # as MindSpore's: no arguments
        super().__init__()

    def construct(self, x):
        return F.relu(x)


class ReLU6(Cell):
    """``min(max(x, 0), 6)``, elementwise."""

    def __init__(self):  # as MindSpore's: no arguments
        super().__init__()

    def construct(self, x):
        return F.relu6(x)


class Sigmoid(Cell):
    """``1 / (1 + exp(-x))``, elementwise; float inputs only."""

    def __init__(self):  # as MindSpore's: no arguments
        super().__init__()

    def construct(self, x):
        return F.sigmoid(F.float_only("Sigmoid input", x))


class Tanh(Cell):
    """``tanh(x)``, elementwise; float inputs only."""

    def __init__(self):  # as MindSpore's: no arguments
        super().__init__()

    def construct(self, x):
        return F.tanh(F.float_only("Tanh input", x))


class Softmax(Cell):
    """The softmax of a float input along ``axis`` (the last by default)."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return F.softmax(F.float_only("Softmax input", x), self.axis)


class LogSoftmax(Cell):
    """``log(softmax(x))`` along ``axis`` (one int), computed stably; float inputs only.

    >>> import minpy_compat as ms
    >>> from minpy_compat import nn
    >>> nn.LogSoftmax()(ms.Tensor([1.0, 2.0, 3.0])).round(4)
    array([-2.4076, -1.4076, -0.4076], dtype=float32)
    """

    def __init__(self, axis=-1):
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, (int, onp.integer)):
            raise CellTypeError(message("LogSoftmax axis", "an int", describe(axis),
                                        "Pass one axis, such as -1."))
        self.axis = int(axis)

    def construct(self, x):
        return F.log_softmax(F.float_only("LogSoftmax input", x), self.axis)


_ACTIVATIONS = {"relu": ReLU, "relu6": ReLU6, "sigmoid": Sigmoid, "tanh": Tanh,
                "softmax": Softmax, "logsoftmax": LogSoftmax}


def _activation(activation):
    if activation is None or isinstance(activation, Cell) or (
            callable(activation) and not isinstance(activation, str)):
        return activation
    cls = _ACTIVATIONS.get(str(activation).lower())
    if cls is None:
        raise CellArgumentError(message("Dense activation", f"one of {sorted(_ACTIVATIONS)}, "
                                        "a Cell or None", repr(activation)))
    return cls()


def _positive_int(where, value):
    """A positive int; as in MindSpore, a non-int is a TypeError, an int <= 0 a ValueError."""
    if not isinstance(value, (int, onp.integer)) or isinstance(value, bool):
        raise CellTypeError(message(where, "a positive int", describe(value)))
    if value <= 0:
        raise CellArgumentError(message(where, "a positive int", repr(value)))
    return int(value)


class Dense(Cell):
    """``activation(x @ weight.T + bias)``.

    Defaults: weight (out, in) ~ HeUniform(sqrt 5) and bias ~ U(+-1/sqrt(in)), both
    bounded by 1/sqrt(in_channels) as in MindSpore.
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None,
                 has_bias=True, activation=None, dtype=onp.float32):
        super().__init__()
        self.in_channels = _positive_int("Dense in_channels", in_channels)
        self.out_channels = _positive_int("Dense out_channels", out_channels)
        shape = (self.out_channels, self.in_channels)
        weight_init = HeUniform(math.sqrt(5)) if weight_init is None else weight_init
        self.weight = Parameter(initializer(weight_init, shape, dtype), name="weight")
        self.has_bias = has_bias
        if has_bias:
            bias_init = Uniform(1 / math.sqrt(self.in_channels)) if bias_init is None \
                else bias_init
            self.bias = Parameter(initializer(bias_init, (self.out_channels,), dtype), name="bias")
        else:
            self.bias = None  # MindSpore's Dense keeps the attribute
        self.activation = _activation(activation)

    def construct(self, x):
        if onp.shape(getval(x))[-1:] != (self.in_channels,):  # a scalar's shape[-1:] is ()
            raise CellArgumentError(message(
                f"{self._where()} input", f"a last dimension of {self.in_channels} (in_channels)",
                f"shape {onp.shape(getval(x))}",
                f"Reshape the input to (..., {self.in_channels}) (nn.Flatten for images)."))
        weight = self.weight  # read once: under a gradient pass, its traced stand-in
        check_weight_dtype(self._where, x, weight)  # named only on an error
        out = np.matmul(x, np.transpose(weight))
        if self.has_bias:
            out = out + self.bias
        return self.activation(out) if self.activation is not None else out

    def _where(self):
        # named by its place in the network ('fc1', from its weight's name 'fc1.weight'): a
        # network has several Dense layers, and the message says which one refused the input
        place = self._params["weight"].name.rpartition(".")[0]
        return f"Dense '{place}'" if place else "Dense"

    def extend_repr(self):
        text = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            text += f", has_bias={self.has_bias}"
        if self.activation is not None:
            text += f", activation={self.activation}"
        return text


class Dropout(Cell):
    """In training, zero each element with probability ``p`` and scale the rest; else identity."""

    def __init__(self, keep_prob=0.5, p=None, dtype=onp.float32):
        super().__init__()
        # As in MindSpore, p wins over keep_prob and the repr names the one used.
        self._given = ("keep_prob", keep_prob) if p is None else ("p", p)
        if p is None:
            p = 1 - _probability("keep_prob", keep_prob)
        self.p = _probability("p", p)

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        if not is_tensor(x):
            raise CellTypeError(message("Dropout input", "a Tensor", describe(x),
                                        "Wrap it: ms.Tensor(x)."))
        dtype = check_float_input("Dropout", x)
        kept = onp.random.random_sample(onp.shape(getval(x))) >= self.p
        return x * (kept.astype(dtype) / dtype.type(1 - self.p))

    def extend_repr(self):
        return "{}={}".format(*self._given)


def _probability(name, value):
    """MindSpore's ranges: p in [0, 1) (the chance to drop), keep_prob in (0, 1]."""
    kept = name == "keep_prob"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(f"Dropout {name}", "a float", describe(value),
                                    f"Pass {name} as a number such as 0.5."))
    if not (0 < value <= 1 if kept else 0 <= value < 1):
        raise CellArgumentError(message(
            f"Dropout {name}", "a number in (0, 1]" if kept else "a number in [0, 1)",
            repr(value), f"{name} is the probability of {'keeping' if kept else 'dropping'} "
            "an element."))
    return float(value)


class Flatten(Cell):
    """Axes ``start_dim..end_dim`` merged into one: (N, C, H, W) -> (N, C*H*W) by default."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        shape = onp.shape(getval(x))
        rank = max(len(shape), 1)  # a 0-d input flattens like a 1-element vector
        start = _flatten_axis("start_dim", self.start_dim, rank, shape)
        end = _flatten_axis("end_dim", self.end_dim, rank, shape)
        if start > end:
            raise CellArgumentError(message(
                "Flatten", "start_dim at or before end_dim",
                f"start_dim={self.start_dim}, end_dim={self.end_dim} for shape {shape}"))
        shape = shape or (1,)
        merged = int(onp.prod(shape[start:end + 1], dtype=onp.int64))
        return np.reshape(x, shape[:start] + (merged,) + shape[end + 1:])


def _flatten_axis(name, axis, rank, shape):
    if isinstance(axis, bool) or not isinstance(axis, (int, onp.integer)):
        raise CellTypeError(message(f"Flatten {name}", "an int", describe(axis)))
    if not -rank <= axis < rank:
        raise CellArgumentError(message(
            f"Flatten {name}", f"an axis in [{-rank}, {rank}) for input shape {shape}", axis,
            "Flatten keeps axis 0 by default (start_dim=1); pass start_dim=0 for a 1-D input."))
    return int(axis) % rank
