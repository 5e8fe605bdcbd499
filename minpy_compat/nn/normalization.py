"""MindSpore's ``nn.BatchNorm1d``, ``nn.BatchNorm2d`` and ``nn.LayerNorm``.

BatchNorm normalizes each channel (axis 1) with the batch's mean and biased
variance in training (``set_train()``), and with the moving statistics otherwise;
``use_batch_statistics=True``/``False`` forces one or the other. Each batch that is
normalized with its own statistics updates them as MindSpore does:
``moving = momentum * moving + (1 - momentum) * batch`` (the variance unbiased).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> bn = nn.BatchNorm1d(1, momentum=0.9).set_train()
>>> bn(ms.Tensor(numpy.array([[0.0], [2.0]], numpy.float32))).ravel().round(3).tolist()
[-1.0, 1.0]
>>> round(float(bn.moving_mean[0]), 6), round(float(bn.moving_variance[0]), 6)
(0.1, 1.1)
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
from .windows import check_float_input, check_input


def _number(where, name, value, ok, expected):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not ok(value):
        raise CellArgumentError(message(f"{where} {name}", expected, repr(value)))
    return float(value)


class _BatchNorm(Cell):
    """What BatchNorm1d and BatchNorm2d share; subclasses set the input ranks."""

    ranks = ()

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, data_format="NCHW", dtype=onp.float32):
        super().__init__()
        where = type(self).__name__
        self.num_features = _positive_int(f"{where} num_features", num_features)
        self.eps = eps
        self._eps = _number(where, "eps", eps, lambda v: v >= 0, "a number >= 0")
        self.momentum = _number(where, "momentum", momentum, lambda v: 0 <= v <= 1,
                                "a number in [0, 1]")
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise CellTypeError(message(f"{where} use_batch_statistics", "True, False or None",
                                        describe(use_batch_statistics)))
        if data_format != "NCHW":
            raise CellArgumentError(message(f"{where} data_format", "'NCHW'",
                                            repr(data_format)))
        self.use_batch_statistics = use_batch_statistics
        shape = (self.num_features,)
        # MindSpore's names and order: moving_mean ('mean'), moving_variance, gamma, beta
        self.moving_mean = Parameter(initializer(moving_mean_init, shape, dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, shape, dtype),
                                         name="variance", requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, shape, dtype), name="gamma",
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, shape, dtype), name="beta",
                              requires_grad=affine)

    def construct(self, x):
        where = type(self).__name__
        shape = check_input(where, x, self.num_features, self.ranks)
        dtype = check_batch_norm_input(where, x, self.gamma.dtype)
        x = _widened(x, dtype)
        axes = (0,) + tuple(range(2, len(shape)))
        batch = self.training if self.use_batch_statistics is None \
            else self.use_batch_statistics
        count = int(onp.prod(shape) // shape[1])
        if batch:
            _check_count(where, count)
            mean = np.mean(x, axis=axes, keepdims=True)
            var = np.mean(np.square(x - mean), axis=axes, keepdims=True)
        else:
            mean = _channels(self.moving_mean, len(shape))
            var = _channels(self.moving_variance, len(shape))
        normalized = (x - mean) / np.sqrt(var + self._eps)
        output = (normalized * _channels(self.gamma, len(shape))
                  + _channels(self.beta, len(shape)))
        if batch:  # only once the output is made: a failing forward leaves them as they were
            self._update(getval(mean), getval(var), count)
        return output.astype(dtype) if output.dtype != dtype else output

    def _update(self, mean, var, count):
        params, m = self.__dict__["_params"], self.momentum
        moving_mean, moving_var = params["moving_mean"], params["moving_variance"]
        unbiased = var.ravel() * (count / (count - 1))
        moving_mean.set_data((m * moving_mean.view(onp.ndarray) + (1 - m) * mean.ravel())
                             .astype(moving_mean.dtype))
        moving_var.set_data((m * moving_var.view(onp.ndarray) + (1 - m) * unbiased)
                            .astype(moving_var.dtype))

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum:g}, "
                f"gamma={self.gamma!r}, beta={self.beta!r}, moving_mean={self.moving_mean!r}, "
                f"moving_variance={self.moving_variance!r}")


def check_batch_norm_input(where, x, cell_dtype):
    """``x``'s float dtype; float64 only for a Cell made with dtype=float64 (MindSpore's
    BatchNorm kernels refuse float64: only those Cells, for float64 checks, take it)."""
    dtype = check_float_input(where, x)
    if dtype == onp.float64 and cell_dtype != onp.float64:
        raise CellTypeError(message(
            f"{where} input", f"a float16 or float32 Tensor (a {cell_dtype} BatchNorm; one "
            "made with dtype=ms.float64 takes float64)", "float64",
            "Cast it: x.astype(ms.float32)."))
    return dtype


def _check_count(where, count):
    if count < 2:
        raise CellArgumentError(message(
            f"{where} input", "at least 2 values per channel to estimate the variance "
            "in training", f"{count}", "Use a larger batch, or set_train(False)."))


def _widened(x, dtype):
    """A float16 input as float32: MindSpore's norms compute in float32 and give back
    the input's dtype (float16 in, float16 out)."""
    return x.astype(onp.float32) if dtype == onp.float16 else x


def _channels(value, rank):
    """A per-channel vector shaped to broadcast over a rank-``rank`` NC... input."""
    return np.reshape(value, (1, -1) + (1,) * (rank - 2))


class BatchNorm1d(_BatchNorm):
    """Batch normalization of (N, C) or (N, C, L) inputs."""

    ranks = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Batch normalization of (N, C, H, W) inputs."""

    ranks = (4,)


class LayerNorm(Cell):
    """``(x - mean) / sqrt(var + epsilon) * gamma + beta`` over the axes from
    ``begin_norm_axis`` on; gamma and beta have ``normalized_shape``."""

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1,
                 gamma_init="ones", beta_init="zeros", epsilon=1e-7, dtype=onp.float32):
        super().__init__()
        if type(normalized_shape) not in (tuple, list) or not all(
                isinstance(d, numbers.Integral) and not isinstance(d, bool) and d > 0
                for d in normalized_shape):
            raise CellTypeError(message("LayerNorm normalized_shape",
                                        "a tuple or list of positive ints", describe(
                                            normalized_shape), "Write (4,) for one axis."))
        for name, axis in (("begin_norm_axis", begin_norm_axis),
                           ("begin_params_axis", begin_params_axis)):
            if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
                raise CellTypeError(message(f"LayerNorm {name}", "an int", describe(axis)))
        self.normalized_shape = tuple(int(d) for d in normalized_shape)
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = _number("LayerNorm", "epsilon", epsilon, lambda v: v >= 0,
                               "a number >= 0")
        self.gamma = Parameter(initializer(gamma_init, self.normalized_shape, dtype),
                               name="gamma")
        self.beta = Parameter(initializer(beta_init, self.normalized_shape, dtype), name="beta")

    def _axis(self, name, axis, rank):
        if not -rank <= axis < rank:
            raise CellArgumentError(message(f"LayerNorm {name}", f"an axis in [{-rank}, {rank})",
                                            f"{axis} for a rank-{rank} input"))
        return axis % rank

    def construct(self, x):
        shape = onp.shape(getval(x))
        start = self._axis("begin_norm_axis", self.begin_norm_axis, len(shape))
        params_from = self._axis("begin_params_axis", self.begin_params_axis, len(shape))
        if shape[params_from:] != self.normalized_shape:
            raise CellArgumentError(message(
                "LayerNorm input", f"trailing dimensions {self.normalized_shape} from axis "
                f"{self.begin_params_axis} (normalized_shape)", f"shape {shape}"))
        dtype = check_float_input("LayerNorm", x)
        x = _widened(x, dtype)
        axes = tuple(range(start, len(shape)))
        mean = np.mean(x, axis=axes, keepdims=True)
        var = np.mean(np.square(x - mean), axis=axes, keepdims=True)
        output = (x - mean) / np.sqrt(var + self.epsilon) * self.gamma + self.beta
        return output.astype(dtype) if output.dtype != dtype else output

    def extend_repr(self):
        return (f"normalized_shape={self.normalized_shape}, begin_norm_axis="
                f"{self.begin_norm_axis}, begin_params_axis={self.begin_params_axis}, "
                f"gamma={self.gamma!r}, beta={self.beta!r}")
