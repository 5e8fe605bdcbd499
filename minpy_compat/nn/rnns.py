"""MindSpore's sequence Cells ``RNN``, ``LSTM`` and ``GRU``: stacked, optionally
bidirectional, over (seq, batch, feature) inputs (or batch_first), with ``hx`` and
variable ``seq_length``.

The time loop is plain ``minpy_compat.numpy`` (the tracer differentiates it). With
``seq_length``, as in MindSpore, a sequence's state stops at its length, its outputs past
the length are zeros, and the reverse direction reads each sequence's first
``seq_length`` steps backwards.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> out, (h, c) = nn.LSTM(3, 2, num_layers=2)(ms.Tensor(numpy.ones((5, 4, 3), numpy.float32)))
>>> out.shape, h.shape, c.shape
((5, 4, 2), (2, 4, 2), (2, 4, 2))
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import Uniform, initializer
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.int_inputs import index_data
from ..tensor import Parameter, ParameterTuple, is_tensor
from .basic import Dropout, _positive_int
from .cell import Cell
from .rnn_cells import (cast_weights, check_bool, check_nonlinearity, check_shape, float_dtype,
                        gru_step, lstm_step, rnn_relu_step, rnn_tanh_step)


class _DynamicRNNBase(Cell):
    """The time loop of one layer and direction (MindSpore's sub-Cell names)."""
    step = None
    is_lstm = False

    def construct(self, x, h, seq_length, w_ih, w_hh, b_ih, b_hh):
        outputs, state = [], h
        for t in range(onp.shape(getval(x))[0]):
            new = type(self).step(x[t], state, w_ih, w_hh, b_ih, b_hh)
            if seq_length is None:
                state = new
            else:
                alive = (seq_length > t)[:, None]
                state = (tuple(np.where(alive, n, s) for n, s in zip(new, state))
                         if self.is_lstm else np.where(alive, new, state))
                new = tuple(np.where(alive, n, 0.0) for n in new) if self.is_lstm \
                    else np.where(alive, new, 0.0)
            outputs.append(new[0] if self.is_lstm else new)
        return np.stack(outputs), state


class _DynamicRNNTanh(_DynamicRNNBase):
    """Elman steps with tanh."""
    step = rnn_tanh_step


class _DynamicRNNRelu(_DynamicRNNBase):
    """Elman steps with ReLU."""
    step = rnn_relu_step


class _DynamicLSTMCPUGPU(_DynamicRNNBase):
    """LSTM steps."""
    step = lstm_step
    is_lstm = True


class _DynamicGRUCPUGPU(_DynamicRNNBase):
    """GRU steps."""
    step = gru_step


_LOOPS = {"RNN_TANH": _DynamicRNNTanh, "RNN_RELU": _DynamicRNNRelu,
          "LSTM": _DynamicLSTMCPUGPU, "GRU": _DynamicGRUCPUGPU}
_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


def _reversed(x, seq_length):
    """``x`` (seq, batch, ...) with each sequence's first ``seq_length`` steps reversed."""
    steps, batch = onp.shape(getval(x))[:2]
    if seq_length is None:
        return x[::-1]
    t, lengths = onp.arange(steps)[:, None], onp.asarray(seq_length)[None, :]
    order = onp.where(t < lengths, lengths - 1 - t, t)
    return x[order, onp.arange(batch)[None, :]]


class _RNNBase(Cell):
    """Shared by ``RNN``, ``LSTM`` and ``GRU``: checks, Parameters and the layer loop."""

    def __init__(self, mode, input_size, hidden_size, num_layers, has_bias, batch_first,
                 dropout, bidirectional, dtype):
        super().__init__()
        name = type(self).__name__
        self.hidden_size = _positive_int(f"{name} hidden_size", hidden_size)
        input_size = _positive_int(f"{name} input_size", input_size)
        self.num_layers = _positive_int(f"{name} num_layers", num_layers)
        if isinstance(dropout, bool) or not isinstance(dropout, numbers.Real):
            raise CellTypeError(message(f"{name} dropout", "a float", describe(dropout)))
        if not 0 <= dropout < 1:
            raise CellArgumentError(message(f"{name} dropout", "a number in [0, 1)",
                                            repr(dropout), "It is the chance to drop."))
        self.has_bias = check_bool(f"{name} has_bias", has_bias)
        self.batch_first = check_bool(f"{name} batch_first", batch_first)
        self.bidirectional = check_bool(f"{name} bidirectional", bidirectional)
        self.is_lstm, self.dropout = mode == "LSTM", float(dropout)
        self.rnn = _LOOPS[mode]()
        self.dropout_op = Dropout(p=self.dropout)
        self._make_params(input_size, _GATES[mode] * self.hidden_size, dtype)

    def _make_params(self, input_size, gates, dtype):
        init, directions = Uniform(1 / math.sqrt(self.hidden_size)), 1 + self.bidirectional
        lists = {"w_ih_list": [], "w_hh_list": [], "b_ih_list": [], "b_hh_list": []}
        for layer in range(self.num_layers):
            width = input_size if layer == 0 else self.hidden_size * directions
            for suffix in ("", "_reverse")[:directions]:
                shapes = {"w_ih_list": ("weight_ih", (gates, width)),
                          "w_hh_list": ("weight_hh", (gates, self.hidden_size)),
                          "b_ih_list": ("bias_ih", (gates,)), "b_hh_list": ("bias_hh", (gates,))}
                for key, (stem, shape) in list(shapes.items())[:4 if self.has_bias else 2]:
                    lists[key].append(Parameter(initializer(init, shape, dtype),
                                                name=f"{stem}_l{layer}{suffix}"))
        self.input_size = input_size
        for key, params in lists.items():
            setattr(self, key, ParameterTuple(params))

    def _check_inputs(self, x, hx, seq_length):
        name = type(self).__name__
        dtype = float_dtype(f"{name} x", x)
        shape = onp.shape(getval(x))
        if len(shape) != 3 or shape[-1] != self.input_size:
            axes = "(batch, seq, input_size)" if self.batch_first else "(seq, batch, input_size)"
            raise CellArgumentError(message(f"{name} x", f"a rank-3 {axes} Tensor with "
                                            f"input_size {self.input_size}", f"shape {shape}"))
        batch, steps = shape[:2] if self.batch_first else shape[1::-1]
        if steps == 0:  # the time loop has nothing to stack
            raise CellArgumentError(message(f"{name} x", "at least one time step",
                                            f"shape {shape}", "Pass a non-empty sequence."))
        state_shape = (self.num_layers * (1 + self.bidirectional), batch, self.hidden_size)
        if hx is None:
            zeros = np.zeros(state_shape, dtype)
            hx = (zeros, zeros) if self.is_lstm else zeros
        elif dtype == onp.float64 and self.w_ih_list[0].dtype != onp.float64:
            raise CellTypeError(message(  # MindSpore: float64 only where it makes hx itself
                f"{name} x", f"float32 or float16 with hx given (a {self.w_ih_list[0].dtype} "
                f"{name}; one made with dtype=ms.float64 takes float64)", "float64",
                "Cast x and hx: x.astype(ms.float32), or leave hx out."))
        states = self._states(name, hx)
        for label, state in states:
            if float_dtype(f"{name} {label}", state) != dtype:
                raise CellTypeError(message(f"{name} {label}", f"x's dtype {dtype}",
                                            str(onp.asarray(getval(state)).dtype),
                                            "Give x and hx one dtype."))
            check_shape(f"{name} {label}", state, state_shape)
        return dtype, hx, self._check_lengths(name, seq_length, batch)

    def _states(self, name, hx):
        if not self.is_lstm:
            return [("hx", hx)]
        if not isinstance(hx, (tuple, list)) or len(hx) != 2:
            raise CellTypeError(message(f"{name} hx", "a tuple (h0, c0) of two Tensors",
                                        describe(hx), "Pass hx=(h0, c0)."))
        return [("hx[0]", hx[0]), ("hx[1]", hx[1])]

    @staticmethod
    def _check_lengths(name, seq_length, batch):
        if seq_length is None:
            return None
        lengths = onp.asarray(index_data(seq_length)) if is_tensor(seq_length) else None
        if lengths is None or lengths.dtype not in (onp.int32, onp.int64):
            raise CellTypeError(message(f"{name} seq_length", "an int32 or int64 Tensor",
                                        describe(seq_length)))
        if lengths.shape != (batch,):
            raise CellArgumentError(message(f"{name} seq_length", f"shape ({batch},) (batch)",
                                            f"shape {lengths.shape}"))
        return lengths

    def construct(self, x, hx=None, seq_length=None):
        dtype, hx, lengths = self._check_inputs(x, hx, seq_length)
        layer_input = np.transpose(x, (1, 0, 2)) if self.batch_first else x
        directions, finals = 1 + self.bidirectional, []
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(directions):
                index = layer * directions + direction
                state = (hx[0][index], hx[1][index]) if self.is_lstm else hx[index]
                weights = cast_weights(dtype, *self._weights(index))
                seq = _reversed(layer_input, lengths) if direction else layer_input
                out, final = self.rnn(seq, state, lengths, *weights)
                outputs.append(_reversed(out, lengths) if direction else out)
                finals.append(final)
            layer_input = outputs[0] if directions == 1 else np.concatenate(outputs, axis=2)
            if self.dropout and layer < self.num_layers - 1:
                layer_input = self.dropout_op(layer_input)
        out = np.transpose(layer_input, (1, 0, 2)) if self.batch_first else layer_input
        if self.is_lstm:
            return out, (np.stack([f[0] for f in finals]), np.stack([f[1] for f in finals]))
        return out, np.stack(finals)

    def _weights(self, index):
        if self.has_bias:
            return (self.w_ih_list[index], self.w_hh_list[index], self.b_ih_list[index],
                    self.b_hh_list[index])
        return self.w_ih_list[index], self.w_hh_list[index], None, None


class RNN(_RNNBase):
    """``RNN(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=float32, nonlinearity='tanh')``:
    ``(x, hx=None, seq_length=None) -> (output, h_n)``."""

    def __init__(self, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, dtype=onp.float32, *, nonlinearity="tanh"):
        mode = "RNN_" + check_nonlinearity("RNN nonlinearity", nonlinearity).upper()
        super().__init__(mode, input_size, hidden_size, num_layers, has_bias, batch_first,
                         dropout, bidirectional, dtype)


class GRU(_RNNBase):
    """``GRU(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=float32)``: ``(x, hx=None, seq_length=None)
    -> (output, h_n)``; gates (reset, update, new)."""

    def __init__(self, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, dtype=onp.float32):
        super().__init__("GRU", input_size, hidden_size, num_layers, has_bias, batch_first,
                         dropout, bidirectional, dtype)


class LSTM(_RNNBase):
    """``LSTM(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=float32)``: ``(x, hx=None, seq_length=None)
    -> (output, (h_n, c_n))``; gates (input, forget, cell, output)."""

    def __init__(self, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, dtype=onp.float32):
        super().__init__("LSTM", input_size, hidden_size, num_layers, has_bias, batch_first,
                         dropout, bidirectional, dtype)
