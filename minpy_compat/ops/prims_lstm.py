"""MindSpore 2.10's ``LSTM`` primitive (one flat weight Tensor, as its CPU kernel reads it)
and ``ops.conv_transpose2d`` (mint's transposed convolution under the ``ops`` name).

``LSTM``'s flat ``w`` (the documented size: per layer and direction ``4H * (in + H)`` plus
``8H`` with bias) is read, as MindSpore 2.10's CPU kernel reads it, in blocks: every
``w_ih`` (4H, in) row-major, then every ``w_hh`` (4H, H), then one (4H,) bias each (the
rest of the bias space unused); layer-major, forward before backward; gates i, f, g, o.
Checked against MindSpore for one layer (its CPU kernel refuses more); deeper stacks
follow the same blocks. Gradients come from the tracer.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x, h = ms.Tensor(onp.ones((3, 2, 4), onp.float32)), ms.Tensor(onp.zeros((1, 2, 5), onp.float32))
>>> w = ms.Tensor(onp.full((220, 1, 1), 0.1, onp.float32))
>>> [o.shape for o in ops.LSTM(4, 5, 1, True, False, 0.0)(x, h, h, w)]
[(3, 2, 5), (1, 2, 5), (1, 2, 5), (7168, 1), (1, 1)]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..mint.nn.fn_layers import transposed_conv2d
from ..nn.rnn_cells import lstm_step
from .prims_base import AttrPrimitive

# MindSpore's CPU workspace output (float32: the oneDNN kernel's; others: (1, 1)), its
# values undefined: the shape only
_RESERVE = {onp.dtype(onp.float32): (7168, 1)}


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
                     groups=1, dilation=1):
    """The transpose of ``conv2d`` (its gradient with respect to its input): (N, C, H, W)
    ``input``, (C, F / groups, kh, kw) ``weight``."""
    return transposed_conv2d("ops.conv_transpose2d", input, weight, bias, stride, padding,
                             output_padding, groups, dilation)


def _positive(where, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, "an int > 0", describe(value)))
    if value <= 0:
        raise CellArgumentError(message(where, "an int > 0", repr(value)))
    return int(value)


class LSTM(AttrPrimitive):
    """``LSTM(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout)(x, h,
    c, w)``: a (T, N, input_size) sequence through stacked LSTM layers whose weights are
    the flat ``w``; returns (output, h_n, c_n, reserve, state)."""

    def __init__(self, input_size, hidden_size, num_layers, has_bias, bidirectional, dropout,
                 proj_size=0):
        super().__init__()
        where = self.name
        sizes = {name: _positive(f"{where} {name}", value) for name, value in (
            ("input_size", input_size), ("hidden_size", hidden_size),
            ("num_layers", num_layers))}
        for name, value in (("has_bias", has_bias), ("bidirectional", bidirectional)):
            if not isinstance(value, bool):
                raise CellTypeError(message(f"{where} {name}", "a bool", describe(value)))
        if isinstance(dropout, bool) or not isinstance(dropout, numbers.Real) or \
                not 0 <= dropout <= 1:
            raise CellArgumentError(message(f"{where} dropout", "a float in [0, 1]",
                                            describe(dropout)))
        if proj_size != 0 or isinstance(proj_size, bool):
            raise CellArgumentError(message(f"{where} proj_size", "0 (projected LSTMs are not "
                                            "supported)", describe(proj_size)))
        self._keep(**sizes, has_bias=has_bias, bidirectional=bidirectional,
                   dropout=float(dropout), proj_size=int(proj_size))
        self.num_directions = 2 if bidirectional else 1

    def _check(self, x, h, c, w):
        where, hidden = self.name, self.hidden_size
        for name, value in (("x", x), ("h", h), ("c", c), ("w", w)):
            data = getval(value)
            if onp.dtype(getattr(data, "dtype", None)).kind != "f":
                raise CellTypeError(message(f"{where} {name}", "a float Tensor",
                                            describe(value)))
        shape = onp.shape(getval(x))
        if len(shape) != 3 or shape[2] != self.input_size:
            raise CellArgumentError(message(f"{where} x", f"shape (T, N, {self.input_size})",
                                            f"shape {shape}"))
        state = (self.num_layers * self.num_directions, shape[1], hidden)
        for name, value in (("h", h), ("c", c)):
            if onp.shape(getval(value)) != state:
                raise CellArgumentError(message(f"{where} {name}", f"shape {state}",
                                                f"shape {onp.shape(getval(value))}"))
        if onp.size(getval(w)) < self._used_size():
            raise CellArgumentError(message(f"{where} w", f"at least {self._used_size()} "
                                            "values", f"{onp.size(getval(w))}"))

    def _inputs(self, layer):
        return self.input_size if layer == 0 else self.hidden_size * self.num_directions

    def _used_size(self):
        gates, runs = 4 * self.hidden_size, self.num_layers * self.num_directions
        inputs = sum(self._inputs(layer) for layer in range(self.num_layers))
        return gates * (self.num_directions * inputs + runs * self.hidden_size +
                        (runs if self.has_bias else 0))

    def _weights(self, w):
        """[(w_ih, w_hh, bias)] per (layer, direction), read from the flat ``w``."""
        flat, gates, hidden = np.reshape(w, (-1,)), 4 * self.hidden_size, self.hidden_size
        runs = [(layer, d) for layer in range(self.num_layers)
                for d in range(self.num_directions)]
        offset, w_ih, w_hh, bias = 0, [], [], []
        for layer, _ in runs:
            size = gates * self._inputs(layer)
            w_ih.append(np.reshape(flat[offset:offset + size], (gates, self._inputs(layer))))
            offset += size
        for _ in runs:
            w_hh.append(np.reshape(flat[offset:offset + gates * hidden], (gates, hidden)))
            offset += gates * hidden
        for _ in runs:
            bias.append(flat[offset:offset + gates] if self.has_bias else None)
            offset += gates if self.has_bias else 0
        return list(zip(w_ih, w_hh, bias))

    def __call__(self, x, h, c, w):
        self._check(x, h, c, w)
        weights, steps = self._weights(w), onp.shape(getval(x))[0]
        layer_input, h_n, c_n = x, [], []
        for layer in range(self.num_layers):
            outputs = []
            for d in range(self.num_directions):
                run = layer * self.num_directions + d
                w_ih, w_hh, bias = weights[run]
                state, seq = (h[run], c[run]), []
                order = range(steps) if d == 0 else range(steps - 1, -1, -1)
                for t in order:
                    state = lstm_step(layer_input[t], state, w_ih, w_hh, bias,
                                      None if bias is None else 0.0)
                    seq.append(state[0])
                outputs.append(np.stack(seq if d == 0 else seq[::-1], 0))
                h_n.append(state[0])
                c_n.append(state[1])
            layer_input = outputs[0] if len(outputs) == 1 else np.concatenate(outputs, -1)
            if self.dropout and layer < self.num_layers - 1:
                keep = onp.random.uniform(size=onp.shape(getval(layer_input))) >= self.dropout
                layer_input = layer_input * (keep / (1 - self.dropout)).astype(getval(x).dtype)
        dtype = getval(x).dtype
        return (layer_input, np.stack(h_n, 0), np.stack(c_n, 0),
                np.zeros(_RESERVE.get(onp.dtype(dtype), (1, 1)), dtype), np.zeros((1, 1), dtype))


__all__ = ["LSTM", "conv_transpose2d"]
