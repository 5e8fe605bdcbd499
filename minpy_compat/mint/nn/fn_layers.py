"""``mint.nn.functional``'s linear, convolution, embedding, normalisation and reshaping
functions (PyTorch-style arguments: ``padding`` as an int, a tuple or 'same'/'valid';
``weight``/``bias`` optional), built on ``ops`` so gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat.mint.nn import functional as F
>>> F.linear(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[1.0, 1.0]]), ms.Tensor([0.5]))
array([[3.5]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ... import numpy as np
from ... import ops
from ...errors import CellArgumentError, CellTypeError, describe, message
from ...ops.checks import axis_in_range, float_only
from ...ops.int_inputs import index_data
from ...ops.writes import assign_all
from ...tensor import Parameter
from .fn_act import check_bool, check_number

fold = ops.fold
unfold = ops.unfold
pixel_shuffle = ops.pixel_shuffle
group_norm = ops.group_norm


def linear(input, weight, bias=None):
    """``input @ weight.T + bias`` with weight (out_features, in_features)."""
    w_shape = onp.shape(getval(weight))
    if len(w_shape) not in (1, 2) or onp.shape(getval(input))[-1:] != w_shape[-1:]:
        raise CellArgumentError(message(
            "mint.nn.functional.linear weight", "(out_features, in_features) matching the "
            "input's last dimension", f"input {onp.shape(getval(input))} and weight {w_shape}"))
    out = np.matmul(input, np.transpose(weight))
    return out if bias is None else out + bias


def _conv(op, input, weight, bias, stride, padding, dilation, groups):
    where = f"mint.nn.functional.{op}"
    if isinstance(padding, str):
        if padding not in ("valid", "same"):
            raise CellArgumentError(message(f"{where} padding", "an int, a tuple, 'valid' or "
                                            "'same'", repr(padding)))
        return getattr(ops, op)(input, weight, bias, stride, padding, 0, dilation, groups)
    if isinstance(padding, bool) or not isinstance(padding, (numbers.Integral, tuple, list)):
        raise CellTypeError(message(f"{where} padding", "an int, a tuple, 'valid' or 'same'",
                                    describe(padding)))
    if op == "conv1d" and isinstance(padding, (tuple, list)):
        padding = padding[0]
    return getattr(ops, op)(input, weight, bias, stride, "pad", padding, dilation, groups)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D cross-correlation of (N, C, L) ``input`` with (F, C / groups, k) ``weight``."""
    return _conv("conv1d", input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D cross-correlation of (N, C, H, W) ``input`` with (F, C / groups, kh, kw)
    ``weight``."""
    return _conv("conv2d", input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """3-D cross-correlation of (N, C, D, H, W) ``input`` with (F, C / groups, kd, kh, kw)
    ``weight``."""
    return _conv("conv3d", input, weight, bias, stride, padding, dilation, groups)


def _pair(where, value):
    if isinstance(value, bool) or not isinstance(value, (numbers.Integral, tuple, list)) or \
            (not isinstance(value, numbers.Integral) and len(value) != 2):
        raise CellTypeError(message(where, "an int or a tuple of 2 ints", describe(value)))
    return (int(value),) * 2 if isinstance(value, numbers.Integral) else tuple(value)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
                     groups=1, dilation=1):
    """The transpose of ``conv2d`` (its gradient with respect to its input): (N, C, H, W)
    ``input``, (C, F / groups, kh, kw) ``weight``."""
    return transposed_conv2d("mint.nn.functional.conv_transpose2d", input, weight, bias,
                             stride, padding, output_padding, groups, dilation)


def transposed_conv2d(where, input, weight, bias, stride, padding, output_padding, groups,
                      dilation):
    """``conv_transpose2d`` whose errors name ``where`` (``ops.conv_transpose2d`` too)."""
    stride, padding = _pair(f"{where} stride", stride), _pair(f"{where} padding", padding)
    output_padding = _pair(f"{where} output_padding", output_padding)
    dilation = _pair(f"{where} dilation", dilation)
    data, w_shape = getval(float_only(f"{where} input", input)), onp.shape(getval(weight))
    if data.ndim != 4 or len(w_shape) != 4 or w_shape[0] != data.shape[1] or \
            data.shape[1] % groups:
        raise CellArgumentError(message(f"{where} weight", "(C_in, C_out / groups, kh, kw) "
                                        "with C_in the input's channels", f"input "
                                        f"{data.shape} and weight {w_shape}"))
    if any(op >= max(s, d) for op, s, d in zip(output_padding, stride, dilation)):
        raise CellArgumentError(message(f"{where} output_padding", "smaller than stride or "
                                        "dilation", repr(output_padding)))
    n, c, h, w = data.shape
    up = _scatter_strided(input, ((h - 1) * stride[0] + 1, (w - 1) * stride[1] + 1), stride)
    pads = [d * (k - 1) - p for d, k, p in zip(dilation, w_shape[2:], padding)]
    up = ops.pad(up, (pads[1], pads[1] + output_padding[1], pads[0],
                      pads[0] + output_padding[0]))
    cin, cout = c // groups, w_shape[1]
    flipped = np.flip(np.reshape(weight, (groups, cin, cout) + w_shape[2:]), (3, 4))
    kernel = np.reshape(np.transpose(flipped, (0, 2, 1, 3, 4)),
                        (groups * cout, cin) + w_shape[2:])
    return ops.conv2d(up, kernel, bias, 1, "valid", 0, dilation, groups)


def _scatter_strided(input, size, stride):
    """A (N, C) + ``size`` array holding ``input`` at every ``stride``-th position and
    zeros between (differentiably)."""
    if stride == (1, 1):
        return input
    n, c, h, w = onp.shape(getval(input))
    rows = np.reshape(np.stack([input] + [np.zeros_like(input)] * (stride[1] - 1), -1),
                      (n, c, h, w * stride[1]))[..., :size[1]]
    full = np.stack([rows] + [np.zeros_like(rows)] * (stride[0] - 1), 3)
    return np.reshape(full, (n, c, h * stride[0], size[1]))[:, :, :size[0]]


def pad(input, pad, mode="constant", value=None):
    """``input`` padded by ``pad`` (before/after pairs from the last axis): ``ops.pad``
    under mint's argument names."""
    return ops.pad(input, pad, mode, value)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False):
    """The rows of ``weight`` at the int ``input``'s indices; row ``padding_idx`` gets no
    gradient; with ``max_norm`` the looked-up rows longer than that (``norm_type``-norm) are
    scaled down to it in ``weight`` itself, in place (MindSpore's and PyTorch's rule; the
    gradient is the plain lookup's)."""
    return lookup(input, weight, getval(weight), padding_idx, max_norm, norm_type,
                  scale_grad_by_freq)


def lookup(input, weight, table, padding_idx=None, max_norm=None, norm_type=2.0,
           scale_grad_by_freq=False):
    """``embedding`` whose ``max_norm`` rewrites ``table`` (the Parameter that ``weight``
    is, or stands for while a gradient traces: the Embedding Cell passes its own)."""
    where = "mint.nn.functional.embedding"
    ids = index_data(input)  # the int original under GradOperation(get_all=True)
    if ids.dtype.kind not in "iu":
        raise CellTypeError(message(f"{where} input", "an int Tensor", str(ids.dtype)))
    rows = onp.shape(getval(weight))[0]
    if ids.size and (ids.min() < -rows or ids.max() >= rows):
        raise CellArgumentError(message(f"{where} input", f"indices in [0, {rows})",
                                        f"{ids.min()}..{ids.max()}"))
    check_bool(f"{where} scale_grad_by_freq", scale_grad_by_freq)
    if padding_idx is not None:
        keep = onp.ones((rows, 1), getval(weight).dtype)
        keep[padding_idx] = 0
        weight = weight * keep + getval(weight) * (1 - keep)
    out = np.take(weight, ids % rows, axis=0)
    if max_norm is not None:
        check_number(f"{where} max_norm", max_norm)
        out = out + _renorm_rows(table, ids % rows, max_norm, norm_type)
    return out


def _renorm_rows(table, ids, max_norm, norm_type):
    """Scale the rows of ``table`` at ``ids`` whose norm exceeds ``max_norm`` down to it, in
    place when ``table`` is a Parameter; returns the change at each looked-up row (a
    constant: the lookup's gradient stays the plain one, as PyTorch's in-place renorm)."""
    values = onp.array(table)  # a copy: the write below may share its memory
    used = onp.unique(ids)
    norms = onp.linalg.norm(values[used], ord=norm_type, axis=-1, keepdims=True)
    scale = onp.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    renormed = values.copy()
    renormed[used] = (values[used] * scale).astype(values.dtype)
    if isinstance(table, Parameter):
        assign_all([(table, renormed)])
    return (renormed - values)[ids]


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    """``ops.batch_norm`` with ``weight`` of ones and ``bias`` of zeros when None."""
    channels = onp.shape(getval(input))[1:2]
    dtype = getval(input).dtype
    weight = onp.ones(channels, dtype) if weight is None else weight
    bias = onp.zeros(channels, dtype) if bias is None else bias
    return ops.batch_norm(input, running_mean, running_var, weight, bias, training,
                          momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """``input`` normalised to mean 0, variance 1 over its last ``normalized_shape`` axes,
    then scaled by ``weight`` and shifted by ``bias``."""
    where = "mint.nn.functional.layer_norm"
    shape = (normalized_shape,) if isinstance(normalized_shape, numbers.Integral) \
        else tuple(normalized_shape)
    data = getval(float_only(f"{where} input", input))
    if not shape or data.shape[data.ndim - len(shape):] != shape:
        raise CellArgumentError(message(f"{where} normalized_shape", "the input's last axes",
                                        f"{shape} for an input of shape {data.shape}"))
    axes = tuple(range(data.ndim - len(shape), data.ndim))
    mean = np.mean(input, axis=axes, keepdims=True)
    var = np.mean(np.square(input - mean), axis=axes, keepdims=True)
    out = (input - mean) / np.sqrt(var + data.dtype.type(eps))
    out = out if weight is None else out * weight
    return out if bias is None else out + bias


def norm_ext(input, p="fro", dim=None, keepdim=False, *, dtype=None):
    """The ``p``-norm of ``input`` (flattened, or along ``dim``); 'fro' is the 2-norm."""
    where = "mint.nn.functional.norm_ext"
    if dtype is not None:
        input = input.astype(dtype)
    float_only(f"{where} input", input)
    if p == "fro":
        p = 2
    check_number(f"{where} p", p)
    axis = tuple(range(onp.ndim(getval(input)))) if dim is None else dim
    axis_in_range(f"{where} dim", input, axis)
    size = np.abs(input)
    if p == float("inf"):
        return np.max(size, axis=axis, keepdims=keepdim)
    if p == float("-inf"):
        return np.min(size, axis=axis, keepdims=keepdim)
    if p == 0:
        return np.sum((getval(size) != 0).astype(getval(input).dtype), axis=axis,
                      keepdims=keepdim)
    return np.sum(size ** p, axis=axis, keepdims=keepdim) ** (1.0 / p)


def normalize(input, p=2.0, dim=1, eps=1e-12):
    """``input / max(norm_p(input, dim), eps)``."""
    check_number("mint.nn.functional.normalize eps", eps)
    axis_in_range("mint.nn.functional.normalize dim", input, dim)
    norm = norm_ext(input, p, dim, True)
    return input / np.maximum(norm, getval(input).dtype.type(eps))


def one_hot(tensor, num_classes=-1):
    """An int64 one-hot encoding of the int ``tensor`` (``num_classes`` -1: its max + 1)."""
    ids = onp.asarray(getval(tensor))
    if ids.dtype.kind not in "iu":
        raise CellTypeError(message("mint.nn.functional.one_hot tensor", "an int Tensor",
                                    str(ids.dtype)))
    classes = int(ids.max()) + 1 if num_classes == -1 else num_classes
    if ids.size and (ids.min() < 0 or ids.max() >= classes):
        raise CellArgumentError(message("mint.nn.functional.one_hot num_classes", f"more than "
                                        f"the largest class {ids.max()}", repr(num_classes)))
    return np.array((ids[..., None] == onp.arange(classes)).astype(onp.int64))


def flatten(input, start_dim=0, end_dim=-1):
    """``input`` with axes ``start_dim``..``end_dim`` merged into one."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)
