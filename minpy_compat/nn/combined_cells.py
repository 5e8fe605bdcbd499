"""MindSpore's ``nn.LRN``, ``nn.EmbeddingLookup``, ``nn.Conv2dBnAct`` and ``nn.DenseBnAct``.

LRN divides each element by ``(bias + alpha * sum of squares over the 2 * depth_radius + 1
nearest channels) ** beta``. EmbeddingLookup picks rows of its table as Embedding does;
indices outside [0, vocab_size) give rows of zeros (MindSpore's CPU lookup), and
``max_norm`` rescales each looked-up row to an L2 norm of at most max_norm. Conv2dBnAct and
DenseBnAct chain a Conv2d or Dense, an optional BatchNorm and an optional activation.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> x = ms.Tensor(numpy.full((1, 1, 1, 1), 3.0, numpy.float32))
>>> round(nn.LRN(depth_radius=0, alpha=1.0, beta=0.5)(x).item(), 4)  # 3 / sqrt(1 + 9)
0.9487
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import initializer
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.int_inputs import index_data
from ..tensor import Parameter
from .basic import Dense, _positive_int
from .cell import Cell
from .conv_cells import Conv2d
from .normalization import BatchNorm1d, BatchNorm2d
from .windows import check_float_input


def lrn(where, x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
        norm_region="ACROSS_CHANNELS"):
    """Local response normalization across the channels of an (N, C, H, W) ``x``."""
    if isinstance(depth_radius, bool) or not isinstance(depth_radius, numbers.Integral):
        raise CellTypeError(message(f"{where} depth_radius", "an int >= 0",
                                    describe(depth_radius)))
    if depth_radius < 0:
        raise CellArgumentError(message(f"{where} depth_radius", "an int >= 0",
                                        repr(depth_radius)))
    for name, value in (("bias", bias), ("alpha", alpha), ("beta", beta)):
        if not isinstance(value, float):
            raise CellTypeError(message(f"{where} {name}", "a float", describe(value)))
    if norm_region != "ACROSS_CHANNELS":
        raise CellArgumentError(message(f"{where} norm_region", "'ACROSS_CHANNELS'",
                                        repr(norm_region)))
    shape = onp.shape(getval(x))
    if len(shape) != 4:
        raise CellArgumentError(message(f"{where} input", "a rank-4 (N, C, H, W) tensor",
                                        f"shape {shape}"))
    dtype = check_float_input(where, x)
    squares = np.pad(np.square(x), ((0, 0), (depth_radius, depth_radius), (0, 0), (0, 0)))
    total = squares[:, 0:shape[1]]
    for shift in range(1, 2 * depth_radius + 1):
        total = total + squares[:, shift:shift + shape[1]]
    scale = dtype.type(bias) + dtype.type(alpha) * total
    return x / scale ** dtype.type(beta)


class LRN(Cell):
    """``LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')``
    on (N, C, H, W)."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
                 norm_region="ACROSS_CHANNELS"):
        super().__init__()
        lrn("LRN", onp.ones((1, 1, 1, 1), onp.float32), depth_radius, bias, alpha, beta,
            norm_region)  # checks the arguments once, at construction (as MindSpore)
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, x):
        return lrn("LRN", x, self.depth_radius, self.bias, self.alpha, self.beta,
                   self.norm_region)


class EmbeddingLookup(Cell):
    """``EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True,
    dtype=float32)``: input shape + (embedding_size,) rows of ``embedding_table``."""

    def __init__(self, vocab_size, embedding_size, param_init="normal", target="CPU",
                 slice_mode="batch_slice", manual_shapes=None, max_norm=None, sparse=True,
                 dtype=onp.float32):
        super().__init__()
        where = "EmbeddingLookup"
        if not isinstance(sparse, bool):
            raise CellTypeError(message(f"{where} sparse", "a bool", describe(sparse)))
        self.vocab_size = _positive_int(f"{where} vocab_size", vocab_size)
        if target not in ("CPU", "DEVICE"):
            raise CellArgumentError(message(f"{where} target", "'CPU' or 'DEVICE'",
                                            repr(target)))
        if not sparse and target == "CPU":
            raise CellArgumentError(message(f"{where} sparse", "True with target='CPU'",
                                            "False", "Pass sparse=True or target='DEVICE'."))
        self.embedding_size = _positive_int(f"{where} embedding_size", embedding_size)
        self.target, self.sparse, self.slice_mode = target, sparse, slice_mode
        self.manual_shapes = manual_shapes
        if max_norm is not None:
            if isinstance(max_norm, bool) or not isinstance(max_norm, numbers.Real):
                raise CellTypeError(message(f"{where} max_norm", "None or a float > 0",
                                            describe(max_norm)))
            if max_norm <= 0:
                raise CellArgumentError(message(f"{where} max_norm", "None or a float > 0",
                                                repr(max_norm)))
            max_norm = float(max_norm)
        self.max_norm = max_norm
        self.embedding_table = Parameter(initializer(
            param_init, (self.vocab_size, self.embedding_size), dtype), name="embedding_table")

    def construct(self, indices):
        index = index_data(indices)
        if index.dtype.kind not in "iu":
            raise CellTypeError(message("EmbeddingLookup input", "a Tensor of int indices",
                                        describe(indices), "Cast it: ids.astype(ms.int32)."))
        inside = (index >= 0) & (index < self.vocab_size)
        out = np.take(self.embedding_table, onp.where(inside, index, 0), axis=0)
        if not inside.all():
            out = np.where(inside[..., None], out, 0)
        if self.max_norm is not None:
            limit = getval(out).dtype.type(self.max_norm)
            squares = np.sum(np.square(out), axis=-1, keepdims=True)
            over = getval(squares) > limit * limit  # only those rows see a sqrt (none of 0)
            out = np.where(over, out * limit / np.sqrt(np.where(over, squares, 1)), out)
        return out

    def extend_repr(self):
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"target={self.target}, max_norm={self.max_norm}")


_ACTIVATIONS = {"relu": "ReLU", "relu6": "ReLU6", "sigmoid": "Sigmoid", "tanh": "Tanh",
                "softmax": "Softmax", "logsoftmax": "LogSoftmax", "gelu": "GELU", "elu": "ELU",
                "prelu": "PReLU", "hswish": "HSwish", "hsigmoid": "HSigmoid", "silu": "SiLU",
                "mish": "Mish", "softsign": "Softsign", "logsigmoid": "LogSigmoid",
                "tanhshrink": "Tanhshrink", "hardtanh": "Hardtanh", "softmin": "Softmin"}


def _bn_act(cell, where, has_bn, after_fake, activation, alpha, norm):
    """Check the flags, then set ``batchnorm`` (``norm()`` when has_bn) and ``activation``
    in MindSpore's order."""
    from .. import nn
    for name, value in (("has_bn", has_bn), ("after_fake", after_fake)):
        if not isinstance(value, bool):
            raise CellTypeError(message(f"{where} {name}", "a bool", describe(value)))
    cell.has_bn, cell.after_fake = has_bn, after_fake
    cell.has_act = activation is not None
    if has_bn:
        cell.batchnorm = norm()
    if activation == "leakyrelu":
        activation = nn.LeakyReLU(alpha)
    elif isinstance(activation, str):
        if activation not in _ACTIVATIONS:
            raise CellArgumentError(message(f"{where} activation", f"one of "
                                            f"{sorted(_ACTIVATIONS) + ['leakyrelu']}",
                                            repr(activation)))
        activation = getattr(nn, _ACTIVATIONS[activation])()
    elif activation is not None and not callable(activation):
        raise CellTypeError(message(f"{where} activation", "a str, a Cell or a Primitive",
                                    describe(activation)))
    cell.activation = activation


def _finish(cell, x):
    if cell.has_bn:
        x = cell.batchnorm(x)
    return cell.activation(x) if cell.has_act else x


class Conv2dBnAct(Cell):
    """Conv2d, then BatchNorm2d (``has_bn``), then ``activation`` (a name, a Cell or None)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init="normal",
                 bias_init="zeros", has_bn=False, momentum=0.997, eps=1e-05, activation=None,
                 alpha=0.2, after_fake=True):
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride,
                           pad_mode=pad_mode, padding=padding, dilation=dilation, group=group,
                           has_bias=has_bias, weight_init=weight_init, bias_init=bias_init)
        _bn_act(self, "Conv2dBnAct", has_bn, after_fake, activation, alpha,
                lambda: BatchNorm2d(out_channels, eps, momentum))

    def construct(self, x):
        return _finish(self, self.conv(x))


class DenseBnAct(Cell):
    """Dense, then BatchNorm1d (``has_bn``), then ``activation`` (a name, a Cell or None)."""

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros",
                 has_bias=True, has_bn=False, momentum=0.9, eps=1e-05, activation=None,
                 alpha=0.2, after_fake=True):
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        _bn_act(self, "DenseBnAct", has_bn, after_fake, activation, alpha,
                lambda: BatchNorm1d(out_channels, eps, momentum))

    def construct(self, x):
        return _finish(self, self.dense(x))
