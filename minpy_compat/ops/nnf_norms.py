"""MindSpore 2.10's functional normalisations and power pools: ``group_norm``,
``batch_norm`` (training updates the running statistics in place, as MindSpore's does),
``lp_pool1d`` and ``lp_pool2d``. (``layer_norm`` is left out: MindSpore 2.10's CPU build
cannot create its kernel.)

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.lp_pool1d(ms.Tensor([[[3.0, 4.0]]]), 2, 2)
array([[[5.]]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only


def _eps(where, eps):
    if isinstance(eps, bool) or not isinstance(eps, numbers.Real) or not eps > 0:
        raise CellArgumentError(message(f"{where} eps", "a float > 0", repr(eps)))
    return float(eps)


def _per_channel(x, value, ndim):
    """A (C,) Tensor in ``x``'s dtype, shaped to broadcast over axis 1 of a rank-``ndim``
    input."""
    dtype = getval(x).dtype
    if getattr(getval(value), "dtype", dtype) != dtype:
        value = value.astype(dtype)
    return np.reshape(value, (1, -1) + (1,) * (ndim - 2))


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """Normalise each group of ``num_groups`` channel groups of (N, C, ...) to mean 0 and
    variance 1, then scale by ``weight`` and shift by ``bias`` (one per channel)."""
    from ..nn.norm_cells import _normalized
    data = getval(float_only("ops.group_norm input", input))
    eps = _eps("ops.group_norm", eps)
    if isinstance(num_groups, bool) or not isinstance(num_groups, numbers.Integral) or \
            num_groups <= 0:
        raise CellArgumentError(message("ops.group_norm num_groups", "a positive int",
                                        repr(num_groups)))
    if data.ndim < 2 or data.shape[1] % num_groups:
        raise CellArgumentError(message("ops.group_norm input", f"(N, C, ...) with C "
                                        f"divisible by num_groups ({num_groups})",
                                        f"shape {data.shape}"))
    # the group's size spelled out: an empty batch leaves -1 undetermined
    for name, value in (("weight", weight), ("bias", bias)):
        if value is not None and onp.size(getval(value)) not in (1, data.shape[1]):
            raise CellArgumentError(message(
                "ops.group_norm input", f"{onp.size(getval(value))} channels on axis 1 (the "
                f"{name}'s)", f"shape {data.shape}", "Give GroupNorm an input with "
                "num_channels channels, or build it with the input's."))
    grouped = np.reshape(input, (data.shape[0], num_groups,
                                 int(onp.prod(data.shape[1:])) // num_groups))
    out = np.reshape(_normalized(grouped, (2,), data.dtype.type(eps)), data.shape)
    if weight is not None:
        out = out * _per_channel(out, weight, data.ndim)
    if bias is not None:
        out = out + _per_channel(out, bias, data.ndim)
    return out


def batch_norm(input_x, running_mean, running_var, weight, bias, training=False,
               momentum=0.1, eps=1e-05):
    """Normalise each channel (axis 1) by the running statistics, or, when ``training``,
    by the batch's (and move the running ones ``momentum`` of the way towards them)."""
    data = getval(float_only("ops.batch_norm input_x", input_x))
    eps = _eps("ops.batch_norm", eps)
    if not isinstance(training, (bool, onp.bool_)):
        raise CellTypeError(message("ops.batch_norm training", "a bool", describe(training)))
    if isinstance(momentum, bool) or not isinstance(momentum, numbers.Real):
        raise CellTypeError(message("ops.batch_norm momentum", "a float", describe(momentum)))
    if data.ndim < 2:
        raise CellArgumentError(message("ops.batch_norm input_x", "(N, C, ...)",
                                        f"shape {data.shape}"))
    for name, value in (("running_mean", running_mean), ("running_var", running_var),
                        ("weight", weight), ("bias", bias)):
        if onp.shape(getval(value)) != (data.shape[1],):
            raise CellArgumentError(message(f"ops.batch_norm {name}", f"shape "
                                            f"({data.shape[1]},) (the input's channels)",
                                            f"shape {onp.shape(getval(value))}"))
    axes = (0,) + tuple(range(2, data.ndim))
    if training:
        mean = np.mean(input_x, axis=axes, keepdims=True)
        var = np.mean(np.square(input_x - mean), axis=axes, keepdims=True)
        count = data.size // data.shape[1]
        batch_mean, batch_var = onp.ravel(getval(mean)), onp.ravel(getval(var))
        unbiased = batch_var * (count / max(count - 1, 1))
        running_mean[...] = (1 - momentum) * getval(running_mean) + momentum * batch_mean
        running_var[...] = (1 - momentum) * getval(running_var) + momentum * unbiased
    else:
        # the running statistics are buffers: no gradient (as MindSpore's)
        mean = _per_channel(input_x, onp.asarray(getval(running_mean)), data.ndim)
        var = _per_channel(input_x, onp.asarray(getval(running_var)), data.ndim)
    scale = _per_channel(input_x, weight, data.ndim) / np.sqrt(var + data.dtype.type(eps))
    return (input_x - mean) * scale + _per_channel(input_x, bias, data.ndim)


def _lp_pool(op, x, norm_type, kernel_size, stride, ceil_mode, pool):
    if isinstance(norm_type, bool) or not isinstance(norm_type, numbers.Real) or \
            norm_type <= 0:
        raise CellArgumentError(message(f"ops.{op} norm_type", "a number > 0",
                                        repr(norm_type)))
    if not isinstance(ceil_mode, (bool, onp.bool_)):
        raise CellTypeError(message(f"ops.{op} ceil_mode", "a bool", describe(ceil_mode)))
    dtype = getval(float_only(f"ops.{op} x", x)).dtype
    stride = kernel_size if stride is None else stride
    # a ceil_mode window cut by the edge is averaged over its own size, then scaled by the
    # full kernel's (PyTorch's and MindSpore's rule)
    sums = pool(x ** dtype.type(norm_type), kernel_size, stride, 0, bool(ceil_mode))
    kernel = onp.prod((kernel_size,) * (1 if op == "lp_pool1d" else 2)
                      if isinstance(kernel_size, numbers.Integral) else kernel_size)
    sums = sums * dtype.type(kernel)
    sums = np.sign(sums) * np.maximum(np.abs(sums), dtype.type(0))
    zero = getval(sums) == 0  # no root of 0 taken: its gradient would be NaN (MindSpore: 0)
    return np.where(zero, dtype.type(0.0 ** (1.0 / norm_type)),  # 1 for norm_type inf
                    np.where(zero, dtype.type(1), sums) ** dtype.type(1.0 / norm_type))


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """``(sum of x ** norm_type over each window) ** (1 / norm_type)`` of (N, C, L)."""
    from .nnf_windows import avg_pool1d
    return _lp_pool("lp_pool1d", x, norm_type, kernel_size, stride, ceil_mode, avg_pool1d)


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """``(sum of x ** norm_type over each window) ** (1 / norm_type)`` of (N, C, H, W)."""
    from .nnf_windows import avg_pool2d
    return _lp_pool("lp_pool2d", x, norm_type, kernel_size, stride, ceil_mode, avg_pool2d)
