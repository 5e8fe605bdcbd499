"""``mint.nn.functional``'s activations, softmaxes and dropouts (PyTorch-style names and
arguments: ``dim``, ``inplace``, ``negative_slope``), built on ``ops``' activations so
gradients come from the tracer. ``inplace=True`` and the ``*_`` forms write the result
into ``input`` (a Tensor write the tracer records) and return ``input``.

>>> import minpy_compat as ms
>>> from minpy_compat.mint.nn import functional as F
>>> F.softmax(ms.Tensor([[1.0, 1.0]]), dim=1)
array([[0.5, 0.5]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ... import numpy as np
from ... import ops
from ...dtype import dtype_to_nptype
from ...errors import CellArgumentError, CellTypeError, describe, message
from ...ops.checks import float_only

clamp = ops.clamp
broadcast_to = ops.broadcast_to
gelu = ops.gelu
hardshrink = ops.hardshrink
hardsigmoid = ops.hardsigmoid
hardswish = ops.hardswish
logsigmoid = ops.logsigmoid
mish = ops.mish
prelu = ops.prelu
selu = ops.selu
sigmoid = ops.sigmoid
softplus = ops.softplus
softshrink = ops.softshrink
tanh = ops.tanh


def check_bool(where, value):
    """``value`` if it is a bool (MindSpore's ``inplace``, ``training``, ... flags)."""
    if not isinstance(value, (bool, onp.bool_)):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return bool(value)


def check_number(where, value):
    """``value`` if it is an int or a float (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise CellTypeError(message(where, "an int or a float", describe(value)))
    return value


def _written(where, input, out, inplace):
    """``out``, or ``input`` holding ``out`` when ``inplace``."""
    if not check_bool(f"{where} inplace", inplace):
        return out
    input[...] = out
    return input


def relu(input, inplace=False):
    """``max(input, 0)``."""
    return _written("mint.nn.functional.relu", input, ops.relu(input), inplace)


def relu_(input):
    """``relu`` written into ``input``."""
    return relu(input, inplace=True)


def relu6(input, inplace=False):
    """``min(max(input, 0), 6)``."""
    return _written("mint.nn.functional.relu6", input, ops.relu6(input), inplace)


def elu(input, alpha=1.0, inplace=False):
    """``input`` where positive, else ``alpha * (exp(input) - 1)``."""
    check_number("mint.nn.functional.elu alpha", alpha)
    return _written("mint.nn.functional.elu", input, ops.elu(input, alpha), inplace)


def elu_ext(input, alpha=1.0):
    """``elu`` (MindSpore's internal name)."""
    return elu(input, alpha)


def elu_(input, alpha=1.0):
    """``elu`` written into ``input``."""
    return elu(input, alpha, inplace=True)


inplace_elu = elu_


def glu(input, dim=-1):
    """Gated linear unit: the first half of ``dim`` times the sigmoid of the second."""
    _dim("mint.nn.functional.glu", input, dim)
    return ops.glu(input, dim)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """``input`` clipped to ``[min_val, max_val]``."""
    check_number("mint.nn.functional.hardtanh min_val", min_val)
    check_number("mint.nn.functional.hardtanh max_val", max_val)
    return _written("mint.nn.functional.hardtanh", input,
                    ops.hardtanh(input, min_val, max_val), inplace)


def hardtanh_op(input, min_val=-1, max_val=1):
    """``hardtanh`` (MindSpore's internal name)."""
    return hardtanh(input, min_val, max_val)


def hardtanh_(input, min_val=-1, max_val=1):
    """``hardtanh`` written into ``input``."""
    return hardtanh(input, min_val, max_val, inplace=True)


def leaky_relu(input, negative_slope=0.01):
    """``input`` where positive, else ``negative_slope * input``."""
    check_number("mint.nn.functional.leaky_relu negative_slope", negative_slope)
    return ops.leaky_relu(input, negative_slope)


def silu(input, inplace=False):
    """``input * sigmoid(input)``."""
    return _written("mint.nn.functional.silu", input, ops.silu(input), inplace)


def silu_func(input):
    """``silu`` (MindSpore's internal name)."""
    return silu(input)


def inplace_silu(input):
    """``silu`` written into ``input``."""
    return silu(input, inplace=True)


def sigmoid_(input):
    """``sigmoid`` written into ``input``."""
    return _written("mint.nn.functional.sigmoid_", input, ops.sigmoid(input), True)


def threshold(input, threshold, value, inplace=False):
    """``input`` where it is above ``threshold``, else ``value``."""
    check_number("mint.nn.functional.threshold threshold", threshold)
    check_number("mint.nn.functional.threshold value", value)
    return _written("mint.nn.functional.threshold", input,
                    ops.threshold(input, threshold, value), inplace)


def threshold_op(input, threshold, value):
    """``threshold`` (MindSpore's internal name)."""
    return globals()["threshold"](input, threshold, value)


def threshold_(input, threshold, value):
    """``threshold`` written into ``input``."""
    return globals()["threshold"](input, threshold, value, inplace=True)


def _dim(where, input, dim):
    rank = max(onp.ndim(getval(input)), 1)
    if isinstance(dim, bool) or not isinstance(dim, numbers.Integral):
        raise CellTypeError(message(f"{where} dim", "an int", describe(dim)))
    if not -rank <= dim < rank:
        raise CellArgumentError(message(f"{where} dim", f"an int in [{-rank}, {rank})",
                                        repr(dim)))
    return int(dim)


def softmax_dim(where, input, dim):
    """``dim``, or PyTorch's legacy default when None: 0 for 0-, 1- and 3-D inputs, else 1."""
    if dim is None:
        return 0 if onp.ndim(getval(input)) in (0, 1, 3) else 1
    return _dim(where, input, dim)


def softmax(input, dim=None, dtype=None):
    """``exp(input) / sum(exp(input))`` along ``dim`` (computed in ``dtype`` if given)."""
    if dtype is not None:
        input = input.astype(dtype_to_nptype(dtype))
    float_only("mint.nn.functional.softmax input", input)
    return ops.softmax(input, softmax_dim("mint.nn.functional.softmax", input, dim))


def log_softmax(input, dim=None, *, dtype=None):
    """``log(softmax(input, dim))``, computed stably (in ``dtype`` if given)."""
    if dtype is not None:
        input = input.astype(dtype_to_nptype(dtype))
    float_only("mint.nn.functional.log_softmax input", input)
    return ops.log_softmax(input, softmax_dim("mint.nn.functional.log_softmax", input, dim))


def _probability(where, p):
    check_number(f"{where} p", p)
    if not 0 <= p <= 1:
        raise CellArgumentError(message(f"{where} p", "a probability in [0, 1]", repr(p)))
    return float(p)


def dropout(input, p=0.5, training=True, inplace=False):
    """Each element zeroed with probability ``p`` in training, the rest scaled by 1/(1-p)."""
    p = _probability("mint.nn.functional.dropout", p)
    if not check_bool("mint.nn.functional.dropout training", training) or p == 0:
        out = input
    elif p == 1:
        out = input * 0
    else:
        keep = onp.random.random_sample(onp.shape(getval(input))) >= p
        out = input * (keep / (1 - p)).astype(getval(input).dtype)
    return _written("mint.nn.functional.dropout", input, out, inplace)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Whole channels (axis 1 of an NCHW input) zeroed with probability ``p`` in training."""
    p = _probability("mint.nn.functional.dropout2d", p)
    if not check_bool("mint.nn.functional.dropout2d training", training) or p == 0:
        out = input
    else:
        out = ops.dropout2d(input, p, True)
    return _written("mint.nn.functional.dropout2d", input, out, inplace)
