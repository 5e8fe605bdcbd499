"""``mint.nn``'s convolutions, batch/group/layer norms and ``Embedding`` (PyTorch-style
arguments and Parameter names: ``weight``, ``bias``, ``running_mean``, ``running_var``,
``num_batches_tracked``), each calling its ``mint.nn.functional`` function.

>>> from minpy_compat import mint
>>> [name for name, _ in mint.nn.BatchNorm1d(3).parameters_and_names()]
['weight', 'bias', 'running_mean', 'running_var', 'num_batches_tracked']
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from ... import numpy as np
from ... import ops
from ...common.initializer import HeUniform, Normal, Uniform, initializer
from ...dtype import dtype_to_nptype
from ...errors import CellArgumentError, CellTypeError, describe, message
from ...nn.cell import Cell
from ...tensor import Parameter
from . import fn_layers as F
from .fn_act import check_bool, check_number


def positive_int(where, value):
    """``value`` if it is an int > 0 (TypeError for a non-int, ValueError for <= 0)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, "an int", describe(value)))
    if value <= 0:
        raise CellArgumentError(message(where, "an int > 0", repr(value)))
    return int(value)


def _dtype(dtype):
    return onp.float32 if dtype is None else dtype_to_nptype(dtype)


def _tuple(where, value, rank):
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return (int(value),) * rank
    if isinstance(value, (tuple, list)) and len(value) == rank:
        return tuple(positive_int(where, v) if "kernel" in where else int(v) for v in value)
    raise CellTypeError(message(where, f"an int or a tuple of {rank} ints", describe(value)))


class _ConvNd(Cell):
    _rank, _transposed = 2, False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 dilation=1, groups=1, bias=True, padding_mode="zeros", dtype=None):
        super().__init__()
        name = type(self).__name__
        self.in_channels = positive_int(f"{name} in_channels", in_channels)
        self.out_channels = positive_int(f"{name} out_channels", out_channels)
        self.groups = positive_int(f"{name} groups", groups)
        if in_channels % groups or out_channels % groups:
            raise CellArgumentError(message(f"{name} groups", "a divisor of in_channels and "
                                            "out_channels", repr(groups)))
        self.kernel_size = _tuple(f"{name} kernel_size", kernel_size, self._rank)
        self.stride, self.dilation = stride, dilation
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise CellArgumentError(message(f"{name} padding_mode", "'zeros', 'reflect', "
                                            "'replicate' or 'circular'", repr(padding_mode)))
        if isinstance(padding, str) and padding not in ("same", "valid"):
            raise CellArgumentError(message(f"{name} padding", "an int, a tuple, 'same' or "
                                            "'valid'", repr(padding)))
        self.padding, self.padding_mode = padding, padding_mode
        self.has_bias = check_bool(f"{name} bias", bias)
        dtype = _dtype(dtype)
        shape = ((in_channels, out_channels // groups) if self._transposed else
                 (out_channels, in_channels // groups)) + self.kernel_size
        self.weight = Parameter(initializer(HeUniform(math.sqrt(5)), shape, dtype),
                                name="weight")
        fan_in = shape[1] * int(onp.prod(self.kernel_size))
        self.bias = Parameter(initializer(Uniform(1 / math.sqrt(fan_in)), (out_channels,),
                                          dtype), name="bias") if self.has_bias else None

    def construct(self, input):
        padding = self.padding
        if self.padding_mode != "zeros" and not isinstance(padding, str):
            pads = _tuple(f"{type(self).__name__} padding", padding, self._rank)
            mode = {"reflect": "reflect", "replicate": "replicate",
                    "circular": "circular"}[self.padding_mode]
            input = ops.pad(input, tuple(p for p in reversed(pads) for _ in (0, 1)), mode)
            padding = 0
        return getattr(F, f"conv{self._rank}d")(input, self.weight, self.bias, self.stride,
                                                padding, self.dilation, self.groups)


class Conv1d(_ConvNd):
    """1-D convolution: Parameter ``weight`` (out, in / groups, k) ~ HeUniform(sqrt 5),
    ``bias`` (out,) ~ U(+-1/sqrt(fan_in))."""
    _rank = 1


class Conv2d(_ConvNd):
    """2-D convolution: Parameter ``weight`` (out, in / groups, kh, kw), ``bias`` (out,)."""
    _rank = 2


class Conv3d(_ConvNd):
    """3-D convolution: Parameter ``weight`` (out, in / groups, kd, kh, kw), ``bias``."""
    _rank = 3


class ConvTranspose2d(_ConvNd):
    """2-D transposed convolution: Parameter ``weight`` (in, out / groups, kh, kw)."""
    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 dtype=None):
        if padding_mode != "zeros":
            raise CellArgumentError(message("ConvTranspose2d padding_mode", "'zeros'",
                                            repr(padding_mode)))
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, bias, padding_mode, dtype)
        self.output_padding = output_padding

    def construct(self, input, output_size=None):
        output_padding = self.output_padding
        if output_size is not None:
            shape = onp.shape(getval(input))
            stride = _tuple("ConvTranspose2d stride", self.stride, 2)
            pad = _tuple("ConvTranspose2d padding", self.padding, 2)
            dil = _tuple("ConvTranspose2d dilation", self.dilation, 2)
            least = [(shape[-2 + i] - 1) * stride[i] - 2 * pad[i] + dil[i] *
                     (self.kernel_size[i] - 1) + 1 for i in range(2)]
            output_padding = tuple(int(s) - m for s, m in zip(tuple(output_size)[-2:], least))
        return F.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding,
                                  output_padding, self.groups, self.dilation)


class _BatchNorm(Cell):
    _ranks = (4,)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True,
                 track_running_stats=True, dtype=None):
        super().__init__()
        name = type(self).__name__
        self.num_features = positive_int(f"{name} num_features", num_features)
        self.eps = check_number(f"{name} eps", eps)
        if momentum is not None:
            check_number(f"{name} momentum", momentum)
        self.momentum = momentum
        self.affine = check_bool(f"{name} affine", affine)
        self.track_running_stats = check_bool(f"{name} track_running_stats",
                                              track_running_stats)
        dtype = _dtype(dtype)
        if self.affine:
            self.weight = Parameter(onp.ones(num_features, dtype), name="weight")
            self.bias = Parameter(onp.zeros(num_features, dtype), name="bias")
        if self.track_running_stats:
            self.running_mean = Parameter(onp.zeros(num_features, dtype), name="running_mean",
                                          requires_grad=False)
            self.running_var = Parameter(onp.ones(num_features, dtype), name="running_var",
                                         requires_grad=False)
            self.num_batches_tracked = Parameter(onp.array(0, onp.int64),
                                                 name="num_batches_tracked",
                                                 requires_grad=False)

    def construct(self, input):
        shape = onp.shape(getval(input))
        if len(shape) not in self._ranks or shape[1] != self.num_features:
            raise CellArgumentError(message(
                f"{type(self).__name__} input", f"a {' or '.join(map(str, self._ranks))}-D "
                f"input with {self.num_features} channels (axis 1)", f"shape {shape}"))
        batch_stats = self.training or not self.track_running_stats
        dtype = getval(input).dtype
        weight = self.weight if self.affine else onp.ones(self.num_features, dtype)
        bias = self.bias if self.affine else onp.zeros(self.num_features, dtype)
        if not self.track_running_stats:
            scratch = onp.zeros(self.num_features, dtype), onp.ones(self.num_features, dtype)
            return F.batch_norm(input, *scratch, weight, bias, True, 0.0, self.eps)
        momentum = self.momentum
        if self.training:
            self.num_batches_tracked[...] = getval(self.num_batches_tracked) + 1
            if momentum is None:
                momentum = 1.0 / float(getval(self.num_batches_tracked))
        return F.batch_norm(input, self.running_mean, self.running_var, weight, bias,
                            batch_stats, momentum, self.eps)


class BatchNorm1d(_BatchNorm):
    """Batch norm over axis 1 of a 2-D or 3-D input, PyTorch-style running statistics."""
    _ranks = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Batch norm over axis 1 of a 4-D input, PyTorch-style running statistics."""
    _ranks = (4,)


class BatchNorm3d(_BatchNorm):
    """Batch norm over axis 1 of a 5-D input, PyTorch-style running statistics."""
    _ranks = (5,)


class SyncBatchNorm(_BatchNorm):
    """``BatchNorm`` over a 2-D to 5-D input; with one process, the local batch."""
    _ranks = (2, 3, 4, 5)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True,
                 track_running_stats=True, process_group=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group


class GroupNorm(Cell):
    """Group norm of ``num_groups`` channel groups: Parameters ``weight`` (ones) and
    ``bias`` (zeros) of shape (num_channels,) when ``affine``."""

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, dtype=None):
        super().__init__()
        self.num_groups = positive_int("GroupNorm num_groups", num_groups)
        self.num_channels = positive_int("GroupNorm num_channels", num_channels)
        if num_channels % num_groups:
            raise CellArgumentError(message("GroupNorm num_channels", f"a multiple of "
                                            f"num_groups {num_groups}", repr(num_channels)))
        self.eps = check_number("GroupNorm eps", eps)
        self.affine = check_bool("GroupNorm affine", affine)
        dtype = _dtype(dtype)
        if self.affine:
            self.weight = Parameter(onp.ones(num_channels, dtype), name="weight")
            self.bias = Parameter(onp.zeros(num_channels, dtype), name="bias")

    def construct(self, input):
        weight, bias = (self.weight, self.bias) if self.affine else (None, None)
        return F.group_norm(input, self.num_groups, weight, bias, self.eps)


class LayerNorm(Cell):
    """Layer norm over the last ``normalized_shape`` axes: Parameters ``weight`` (ones) and
    ``bias`` (zeros) of that shape when ``elementwise_affine`` (``bias`` if ``bias``)."""

    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True,
                 dtype=None):
        super().__init__()
        shape = (normalized_shape,) if isinstance(normalized_shape, numbers.Integral) \
            else normalized_shape
        if not isinstance(shape, (tuple, list)):
            raise CellTypeError(message("LayerNorm normalized_shape", "an int or a tuple of "
                                        "ints", describe(normalized_shape)))
        self.normalized_shape = tuple(positive_int("LayerNorm normalized_shape", s)
                                      for s in shape)
        self.eps = check_number("LayerNorm eps", eps)
        self.elementwise_affine = check_bool("LayerNorm elementwise_affine",
                                             elementwise_affine)
        dtype = _dtype(dtype)
        self.weight = self.bias = None
        if self.elementwise_affine:
            self.weight = Parameter(onp.ones(self.normalized_shape, dtype), name="weight")
            if check_bool("LayerNorm bias", bias):
                self.bias = Parameter(onp.zeros(self.normalized_shape, dtype), name="bias")

    def construct(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)


class Embedding(Cell):
    """Lookup table: Parameter ``weight`` (num_embeddings, embedding_dim) ~ N(0, 1), row
    ``padding_idx`` zeros (and no gradient)."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, dtype=None):
        super().__init__()
        self.num_embeddings = positive_int("Embedding num_embeddings", num_embeddings)
        self.embedding_dim = positive_int("Embedding embedding_dim", embedding_dim)
        if padding_idx is not None:
            if isinstance(padding_idx, bool) or not isinstance(padding_idx, numbers.Integral):
                raise CellTypeError(message("Embedding padding_idx", "None or an int",
                                            describe(padding_idx)))
            if not -num_embeddings <= padding_idx < num_embeddings:
                raise CellArgumentError(message("Embedding padding_idx", f"an int in "
                                                f"[{-num_embeddings}, {num_embeddings})",
                                                repr(padding_idx)))
            padding_idx = int(padding_idx) % num_embeddings
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq = check_bool("Embedding scale_grad_by_freq",
                                             scale_grad_by_freq)
        shape = (num_embeddings, embedding_dim)
        if _weight is None:
            value = onp.asarray(initializer(Normal(1.0), shape, _dtype(dtype)))
            if padding_idx is not None:
                value[padding_idx] = 0
        else:
            value = onp.asarray(getval(_weight))
            if value.shape != shape:
                raise CellArgumentError(message("Embedding _weight", f"shape {shape}",
                                                f"shape {value.shape}"))
        self.weight = Parameter(value, name="weight",
                                requires_grad=not check_bool("Embedding _freeze", _freeze))

    def construct(self, input):
        # max_norm rescales rows of the Parameter itself (self.weight may read as a trace)
        return F.lookup(input, self.weight, self.__dict__["_params"]["weight"],
                        self.padding_idx, self.max_norm, self.norm_type,
                        self.scale_grad_by_freq)
