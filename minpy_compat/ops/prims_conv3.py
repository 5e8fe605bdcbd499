"""MindSpore 2.10's ``Conv3DTranspose``, ``Im2Col``, ``Col2Im`` (and ``ops.col2im``) and
``PadV3``, forwarding to ``ops.conv3d_transpose``, ``ops.unfold``/``ops.fold`` and
``ops.pad`` after checking their arguments under the primitive's own names; gradients
come from the tracer and float32 stays float32.

>>> from minpy_compat import ops
>>> ops.Im2Col(2)(ops.ones((1, 2, 3, 3))).shape
(1, 2, 4, 4)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .checks import float_only
from .fn_fold import _pair as _two
from .primitives import Primitive
from .prims_conv import _int, _pad_mode, _rank
from .prims_conv2 import _pads, _triple


def _output_padding(value):
    """An int or 3 (or NCDHW's 5) ints >= 0 as 3 ints."""
    items = list(value) if isinstance(value, (tuple, list)) else [value] * 3
    items = items[2:] if len(items) == 5 else items
    if len(items) != 3 or any(isinstance(n, bool) or not isinstance(n, numbers.Integral)
                              or n < 0 for n in items):
        raise CellArgumentError(message("Conv3DTranspose output_padding", "an int or 3 ints "
                                        ">= 0", repr(value)))
    return tuple(int(n) for n in items)


class Conv3DTranspose(Primitive):
    """``Conv3DTranspose(in_channel, out_channel, kernel_size, ...)(dout, weight)``: the
    transposed 3-D convolution of (N, in_channel, D, H, W) ``dout`` with an (in_channel,
    out_channel / group, kd, kh, kw) ``weight``."""

    def __init__(self, in_channel, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0,
                 stride=1, dilation=1, group=1, output_padding=0, data_format="NCDHW"):
        super().__init__()
        w = "Conv3DTranspose"
        self.in_channel = _int(f"{w} in_channel", in_channel)
        self.out_channel = _int(f"{w} out_channel", out_channel)
        self.kernel_size = _triple(f"{w} kernel_size", kernel_size)
        if mode != 1:
            raise CellArgumentError(message(f"{w} mode", "1", repr(mode)))
        self.pad_mode = _pad_mode(w, pad_mode)
        self.pad = _pads(w, pad, 6, self.pad_mode)
        self.stride = _triple(f"{w} stride", stride)
        self.dilation = _triple(f"{w} dilation", dilation)
        self.group = _int(f"{w} group", group)
        extra = _output_padding(output_padding)
        if any(extra) and self.pad_mode != "pad":
            raise CellArgumentError(message(f"{w} output_padding", f"0 with pad_mode="
                                            f"'{self.pad_mode}'", repr(output_padding),
                                            "Pass pad_mode='pad'."))
        self.output_padding = extra
        if data_format != "NCDHW":
            raise CellArgumentError(message(f"{w} data_format", "'NCDHW'", repr(data_format)))
        self.data_format = data_format

    def __call__(self, dout, weight):
        from ..nn.cells3d_more import transpose3d
        w = "Conv3DTranspose"
        float_only(f"{w} dout", dout)
        shape, w_shape = _rank(f"{w} dout", dout, 5), _rank(f"{w} weight", weight, 5)
        want = (self.in_channel, self.out_channel // self.group) + self.kernel_size
        if shape[1] != self.in_channel or w_shape != want:
            raise CellArgumentError(message(f"{w} weight", f"shape {want} for dout of "
                                            f"{self.in_channel} channels",
                                            f"shape {w_shape} for dout of shape {shape}"))
        float_only(f"{w} weight", weight)
        # transpose3d directly: ops.conv3d_transpose refuses output_padding=(0, 0, 0)
        return transpose3d(w, dout, weight, self.group, self.stride, self.dilation,
                           self.pad_mode, self.pad, self.output_padding)


def _window(where, ksizes, strides, dilations, pads):
    return (_two(f"{where} {ksizes[0]}", ksizes[1], 1), _two(f"{where} {strides[0]}",
                                                             strides[1], 1),
            _two(f"{where} {dilations[0]}", dilations[1], 1),
            _two(f"{where} {pads[0]}", pads[1], 0))


class Im2Col(Primitive):
    """``Im2Col(ksizes, strides=1, dilations=1, pads=0)(x)``: every sliding window of an
    (N, C, H, W) ``x`` as a column, shape (N, C, kh * kw, L)."""

    def __init__(self, ksizes, strides=1, dilations=1, pads=0):
        super().__init__()
        self.ksizes, self.strides, self.dilations, self.pads = _window(
            "Im2Col", ("ksizes", ksizes), ("strides", strides), ("dilations", dilations),
            ("pads", pads))

    def __call__(self, x):
        from .fn_fold import unfold
        shape = _rank("Im2Col x", x, 4)
        columns = unfold(x, self.ksizes, self.dilations, self.pads, self.strides)
        return np.reshape(columns, shape[:2] + (self.ksizes[0] * self.ksizes[1], -1))


def _output_size(where, output_size):
    data = onp.asarray(getval(output_size))
    if data.dtype.kind not in "iu" or data.shape not in ((2,), ()):
        raise CellTypeError(message(where, "an int Tensor of 2 elements (H, W)",
                                    describe(output_size)))
    return tuple(int(n) for n in onp.broadcast_to(data, (2,)))


class Col2Im(Primitive):
    """``Col2Im(kernel_size, dilation=1, padding=0, stride=1)(x, output_size)``: the
    (N, C, kh * kw, L) columns of ``x`` summed back onto an (N, C, H, W) image,
    ``(H, W) = output_size`` (``Im2Col``'s adjoint)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size, self.stride, self.dilation, self.padding = _window(
            "Col2Im", ("kernel_size", kernel_size), ("stride", stride),
            ("dilation", dilation), ("padding", padding))

    def __call__(self, x, output_size):
        return _col2im("Col2Im", x, output_size, self.kernel_size, self.dilation,
                       self.padding, self.stride)


def _col2im(where, x, output_size, kernel, dilation, padding, stride):
    from .fn_fold import fold
    float_only(f"{where} x", x)
    shape = _rank(f"{where} x", x, 4)
    if shape[2] != kernel[0] * kernel[1]:
        raise CellArgumentError(message(f"{where} x", f"x.shape[2] = kh * kw = "
                                        f"{kernel[0] * kernel[1]}", f"shape {shape}"))
    size = _output_size(f"{where} output_size", output_size)
    columns = np.reshape(x, (shape[0], shape[1] * shape[2], shape[3]))
    return fold(columns, size, kernel, dilation, padding, stride)


def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """The (N, C, kh * kw, L) columns of ``input_x`` summed back onto an (N, C, H, W)
    image, ``(H, W) = output_size`` (``Col2Im`` as a function)."""
    settings = _window("ops.col2im", ("kernel_size", kernel_size), ("stride", stride),
                       ("dilation", dilation), ("padding_value", padding_value))
    kernel, stride, dilation, padding = settings
    return _col2im("ops.col2im", input_x, output_size, kernel, dilation, padding, stride)


_PADV3_MODES = {"constant": "constant", "reflect": "reflect", "edge": "replicate",
                "circular": "circular"}


class PadV3(Primitive):
    """``PadV3(mode='constant', paddings_contiguous=True)(x, paddings, constant_value=0)``:
    ``x`` padded by the 1-D int ``paddings`` ((before, after) pairs from the last axis
    back; with ``paddings_contiguous=False``, all befores then all afters)."""

    def __init__(self, mode="constant", paddings_contiguous=True):
        super().__init__()
        if mode not in _PADV3_MODES:
            raise CellArgumentError(message("PadV3 mode", "'constant', 'reflect', 'edge' or "
                                            "'circular'", repr(mode)))
        if not isinstance(paddings_contiguous, bool):
            raise CellTypeError(message("PadV3 paddings_contiguous", "a bool",
                                        describe(paddings_contiguous)))
        self.mode, self.paddings_contiguous = mode, paddings_contiguous

    def __call__(self, x, paddings, constant_value=None):
        from .nnf_windows import pad
        rank = onp.ndim(getval(x))
        pads = self._paddings(paddings, rank)
        if self.mode != "constant":
            if constant_value is not None:
                raise CellArgumentError(message("PadV3 constant_value", f"None with mode="
                                                f"'{self.mode}'", describe(constant_value)))
            return pad(x, pads, _PADV3_MODES[self.mode])
        value = 0 if constant_value is None else getval(constant_value)
        if onp.size(value) != 1:
            raise CellArgumentError(message("PadV3 constant_value", "a scalar",
                                            describe(constant_value)))
        return pad(x, pads, "constant", onp.asarray(value).item())

    def _paddings(self, paddings, rank):
        data = onp.asarray(getval(paddings))
        if data.dtype.kind not in "iu" or data.ndim != 1:
            raise CellTypeError(message("PadV3 paddings", "a 1-D int Tensor",
                                        describe(paddings)))
        if len(data) % 2:
            raise CellArgumentError(message("PadV3 paddings", "an even number of values "
                                            "((before, after) pairs)", f"{len(data)} values"))
        pads = [int(p) for p in data]
        if not self.paddings_contiguous:
            half = len(pads) // 2
            pads = [p for pair in zip(pads[:half], pads[half:]) for p in pair]
        if self.mode == "constant":
            limit_ok = len(pads) <= 2 * rank
            want = f"at most {2 * rank} values for a rank-{rank} x"
        else:
            top = 4 if self.mode == "reflect" else 5
            limit_ok = 3 <= rank <= top and len(pads) == 2 * (rank - 2)
            want = f"{2 * (rank - 2)} values for a rank-{rank} x (mode '{self.mode}' pads " \
                   f"the last rank - 2 axes of a rank-3..{top} x)"
        if not limit_ok:
            raise CellArgumentError(message("PadV3 paddings", want, f"{len(pads)} values"))
        return tuple(pads)
