"""MindSpore's single-step recurrent Cells: ``RNNCell``, ``LSTMCell``, ``GRUCell``.

The step functions here (written with ``minpy_compat.numpy``, so the tracer gives every
gradient) are shared with the sequence Cells in ``rnns.py``. Gate orders are MindSpore's:
LSTM (input, forget, cell, output), GRU (reset, update, new).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> cell = nn.GRUCell(3, 2)
>>> cell(ms.Tensor(numpy.ones((4, 3), numpy.float32)), ms.Tensor(numpy.zeros((4, 2),
...      numpy.float32))).shape
(4, 2)
"""
import math

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import Uniform, initializer
from ..dtype import pretty
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops import functional as F
from ..tensor import Parameter, is_tensor
from .basic import _positive_int
from .cell import Cell


def _gates(x, h, w_ih, w_hh, b_ih, b_hh):
    """``x @ w_ih.T + b_ih`` and ``h @ w_hh.T + b_hh`` (no biases when ``b_ih`` is None)."""
    gi = np.matmul(x, np.transpose(w_ih))
    gh = np.matmul(h, np.transpose(w_hh))
    if b_ih is None:
        return gi, gh
    return gi + b_ih, gh + b_hh


def rnn_tanh_step(x, h, w_ih, w_hh, b_ih, b_hh):
    """One Elman step with tanh."""
    gi, gh = _gates(x, h, w_ih, w_hh, b_ih, b_hh)
    return np.tanh(gi + gh)


def rnn_relu_step(x, h, w_ih, w_hh, b_ih, b_hh):
    """One Elman step with ReLU."""
    gi, gh = _gates(x, h, w_ih, w_hh, b_ih, b_hh)
    return F.relu(gi + gh)


def lstm_step(x, state, w_ih, w_hh, b_ih, b_hh):
    """One LSTM step: ``(h, c) -> (h', c')``."""
    h, c = state
    gi, gh = _gates(x, h, w_ih, w_hh, b_ih, b_hh)
    gates, size = gi + gh, onp.shape(getval(h))[-1]
    ingate, forgetgate = F.sigmoid(gates[:, :size]), F.sigmoid(gates[:, size:2 * size])
    cellgate, outgate = np.tanh(gates[:, 2 * size:3 * size]), F.sigmoid(gates[:, 3 * size:])
    c_next = forgetgate * c + ingate * cellgate
    return outgate * np.tanh(c_next), c_next


def gru_step(x, h, w_ih, w_hh, b_ih, b_hh):
    """One GRU step; the reset gate scales ``h @ w_hn.T + b_hn`` (MindSpore's form)."""
    gi, gh = _gates(x, h, w_ih, w_hh, b_ih, b_hh)
    size = onp.shape(getval(h))[-1]
    resetgate = F.sigmoid(gi[:, :size] + gh[:, :size])
    inputgate = F.sigmoid(gi[:, size:2 * size] + gh[:, size:2 * size])
    newgate = np.tanh(gi[:, 2 * size:] + resetgate * gh[:, 2 * size:])
    return newgate + inputgate * (h - newgate)


def check_bool(where, value):
    """A bool; anything else is a TypeError, as in MindSpore."""
    if not isinstance(value, (bool, onp.bool_)):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return bool(value)


def check_nonlinearity(where, value):
    """'tanh' or 'relu': a non-str is a TypeError, another str a ValueError."""
    if not isinstance(value, str):
        raise CellTypeError(message(where, "'tanh' or 'relu'", describe(value)))
    if value not in ("tanh", "relu"):
        raise CellArgumentError(message(where, "'tanh' or 'relu'", repr(value)))
    return value


def float_dtype(where, value):
    """The dtype of a float Tensor ``value``; a non-Tensor or non-float is a TypeError."""
    if not is_tensor(value):
        raise CellTypeError(message(where, "a Tensor", describe(value),
                                    "Wrap it: ms.Tensor(x)."))
    dtype = onp.asarray(getval(value)).dtype
    if dtype.kind != "f":
        raise CellTypeError(message(where, "a float16, float32 or float64 Tensor", str(dtype),
                                    "Cast it: x.astype(ms.float32)."))
    return dtype


def check_shape(where, value, shape):
    """``value``'s shape must be ``shape`` (a ValueError, naming both)."""
    got = onp.shape(getval(value))
    if got != tuple(shape):
        raise CellArgumentError(message(where, f"shape {tuple(shape)}", f"shape {got}"))


def cast_weights(dtype, *weights):
    """The weights in the input's dtype (MindSpore casts them), None kept as None."""
    return [w if w is None or onp.asarray(getval(w)).dtype == dtype else w.astype(dtype)
            for w in weights]


class _RNNCellBase(Cell):
    """Parameters ``weight_ih``, ``weight_hh`` (and ``bias_ih``, ``bias_hh``), all
    U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)), ``chunks`` gates stacked on axis 0."""

    def __init__(self, input_size, hidden_size, has_bias, chunks, dtype):
        super().__init__()
        name = type(self).__name__
        self.has_bias = check_bool(f"{name} has_bias", has_bias)
        self.hidden_size = _positive_int(f"{name} hidden_size", hidden_size)
        self.input_size = _positive_int(f"{name} input_size", input_size)
        init, gates = Uniform(1 / math.sqrt(self.hidden_size)), chunks * self.hidden_size
        self.weight_ih = Parameter(initializer(init, (gates, self.input_size), dtype),
                                   name="weight_ih")
        self.weight_hh = Parameter(initializer(init, (gates, self.hidden_size), dtype),
                                   name="weight_hh")
        if self.has_bias:
            self.bias_ih = Parameter(initializer(init, (gates,), dtype), name="bias_ih")
            self.bias_hh = Parameter(initializer(init, (gates,), dtype), name="bias_hh")
        else:
            self.bias_ih = self.bias_hh = None  # MindSpore keeps the attributes
        self.dtype = dtype

    def _checked(self, x, hx, hx_name="hx"):
        """``x`` (batch, input_size) and ``hx`` (batch, hidden_size), one float dtype."""
        name = type(self).__name__
        dtype = float_dtype(f"{name} x", x)
        batch = onp.shape(getval(x))[0] if onp.ndim(getval(x)) == 2 else -1
        check_shape(f"{name} x", x, (batch, self.input_size))
        if float_dtype(f"{name} {hx_name}", hx) != dtype:
            raise CellTypeError(message(f"{name} {hx_name}", f"x's dtype {dtype}",
                                        str(onp.asarray(getval(hx)).dtype),
                                        "Give x and hx one dtype."))
        check_shape(f"{name} {hx_name}", hx, (batch, self.hidden_size))
        return cast_weights(dtype, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)

    def extend_repr(self):
        return (f"input_size={self.input_size}, hidden_size={self.hidden_size}, "
                f"has_bias={self.has_bias}, dtype={pretty(self.dtype)}")


class RNNCell(_RNNCellBase):
    """``RNNCell(input_size, hidden_size, has_bias=True, nonlinearity='tanh',
    dtype=float32)``: ``(x, hx) -> tanh(x @ W_ih.T + b_ih + hx @ W_hh.T + b_hh)``."""

    def __init__(self, input_size, hidden_size, has_bias=True, nonlinearity="tanh",
                 dtype=onp.float32):
        super().__init__(input_size, hidden_size, has_bias, 1, dtype)
        self.nonlinearity = check_nonlinearity("RNNCell nonlinearity", nonlinearity)

    def construct(self, x, hx):
        step = rnn_tanh_step if self.nonlinearity == "tanh" else rnn_relu_step
        return step(x, hx, *self._checked(x, hx))


class LSTMCell(_RNNCellBase):
    """``LSTMCell(input_size, hidden_size, has_bias=True, dtype=float32)``:
    ``(x, (h, c)) -> (h', c')``; gates (input, forget, cell, output)."""

    def __init__(self, input_size, hidden_size, has_bias=True, dtype=onp.float32):
        super().__init__(input_size, hidden_size, has_bias, 4, dtype)

    def construct(self, x, hx):
        if not isinstance(hx, (tuple, list)) or len(hx) != 2:
            raise CellTypeError(message("LSTMCell hx", "a tuple (h, c) of two Tensors",
                                        describe(hx), "Pass hx=(h0, c0)."))
        weights = self._checked(x, hx[0], "hx[0]")
        self._checked(x, hx[1], "hx[1]")
        return lstm_step(x, tuple(hx), *weights)


class GRUCell(_RNNCellBase):
    """``GRUCell(input_size, hidden_size, has_bias=True, dtype=float32)``:
    ``(x, hx) -> hx'``; gates (reset, update, new)."""

    def __init__(self, input_size, hidden_size, has_bias=True, dtype=onp.float32):
        super().__init__(input_size, hidden_size, has_bias, 3, dtype)

    def construct(self, x, hx):
        return gru_step(x, hx, *self._checked(x, hx))
