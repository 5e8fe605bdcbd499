"""MindSpore's ``nn.GroupNorm``, ``nn.InstanceNorm1d`` and ``nn.InstanceNorm2d``.

GroupNorm normalizes each sample over groups of ``num_channels / num_groups`` channels
(and every spatial position); InstanceNorm over each (sample, channel) alone, in training
and in evaluation alike. Both use the biased variance, then scale by ``gamma`` and shift by
``beta`` per channel (trainable only with ``affine=True``). InstanceNorm also holds
``moving_mean``/``moving_variance`` (names 'mean', 'variance'), which MindSpore 2.10 never
updates (its kernel works on a copy of them), and which stay as initialized here too.
float16 inputs are computed in float32 and given back as float16.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> x = ms.Tensor(numpy.array([[[0.0, 2.0]]], numpy.float32))
>>> nn.InstanceNorm1d(1)(x).round(3).tolist()
[[[-1.0, 1.0]]]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..common.initializer import initializer
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter
from .basic import _positive_int
from .cell import Cell
from .normalization import _channels, _widened
from .windows import check_float_input


def _eps(where, eps):
    if isinstance(eps, bool) or not isinstance(eps, numbers.Real):
        raise CellTypeError(message(f"{where} eps", "a float >= 0", describe(eps)))
    if eps < 0:
        raise CellArgumentError(message(f"{where} eps", "a float >= 0", repr(eps)))
    return float(eps)


def _affine(where, affine):
    if not isinstance(affine, bool):
        raise CellTypeError(message(f"{where} affine", "True or False", describe(affine)))
    return affine


def _input(where, x, channels, ranks):
    shape = onp.shape(getval(x))
    if len(shape) not in ranks or shape[1] != channels:
        wanted = f"rank-{ranks[0]}" if len(ranks) == 1 else f"rank {ranks[0]} to {ranks[-1]}"
        raise CellArgumentError(message(f"{where} input", f"a {wanted} (N, C, ...) tensor "
                                        f"with C = {channels}", f"shape {shape}"))
    return shape, check_float_input(where, x)


def _normalized(x, axes, eps):
    mean = np.mean(x, axis=axes, keepdims=True)
    var = np.mean(np.square(x - mean), axis=axes, keepdims=True)
    return (x - mean) / np.sqrt(var + eps)


class GroupNorm(Cell):
    """``GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, gamma_init='ones',
    beta_init='zeros')`` over (N, C, ...) inputs."""

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=onp.float32):
        super().__init__()
        self.num_groups = _positive_int("GroupNorm num_groups", num_groups)
        self.num_channels = _positive_int("GroupNorm num_channels", num_channels)
        if self.num_channels % self.num_groups:
            raise CellArgumentError(message("GroupNorm num_groups", "a divisor of num_channels",
                                            f"{num_groups} for {num_channels} channels"))
        self.eps = _eps("GroupNorm", eps)
        self.affine = _affine("GroupNorm", affine)
        shape = (self.num_channels,)
        self.gamma = Parameter(initializer(gamma_init, shape, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, shape, dtype), name="beta",
                              requires_grad=affine)

    def construct(self, x):
        shape, dtype = _input("GroupNorm", x, self.num_channels, range(2, 33))
        size = int(onp.prod(shape[1:], dtype=onp.int64)) // self.num_groups  # -1 fails on N = 0
        grouped = np.reshape(_widened(x, dtype), (shape[0], self.num_groups, size))
        out = np.reshape(_normalized(grouped, 2, self.eps), shape)
        out = out * _channels(self.gamma, len(shape)) + _channels(self.beta, len(shape))
        return out.astype(dtype) if out.dtype != dtype else out

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


class _InstanceNorm(Cell):
    """What InstanceNorm1d and InstanceNorm2d share; subclasses set the input rank."""

    rank = 0

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True, gamma_init="ones",
                 beta_init="zeros", dtype=onp.float32):
        super().__init__()
        where = type(self).__name__
        self.num_features = _positive_int(f"{where} num_features", num_features)
        self.eps = _eps(where, eps)
        if isinstance(momentum, bool) or not isinstance(momentum, numbers.Real):
            raise CellTypeError(message(f"{where} momentum", "a float in [0, 1]",
                                        describe(momentum)))
        if not 0 <= momentum <= 1:
            raise CellArgumentError(message(f"{where} momentum", "a float in [0, 1]",
                                            repr(momentum)))
        self.momentum = float(momentum)
        _affine(where, affine)
        shape = (self.num_features,)
        self.moving_mean = Parameter(initializer("zeros", shape, dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", shape, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, shape, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, shape, dtype), name="beta",
                              requires_grad=affine)

    def construct(self, x):
        shape, dtype = _input(type(self).__name__, x, self.num_features, (self.rank,))
        out = _normalized(_widened(x, dtype), tuple(range(2, len(shape))), self.eps)
        out = out * _channels(self.gamma, len(shape)) + _channels(self.beta, len(shape))
        return out.astype(dtype) if out.dtype != dtype else out

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"gamma={self.gamma!r}, beta={self.beta!r}, moving_mean={self.moving_mean!r}, "
                f"moving_variance={self.moving_variance!r}")


class InstanceNorm1d(_InstanceNorm):
    """Instance normalization of (N, C, L) inputs."""

    rank = 3


class InstanceNorm2d(_InstanceNorm):
    """Instance normalization of (N, C, H, W) inputs."""

    rank = 4
