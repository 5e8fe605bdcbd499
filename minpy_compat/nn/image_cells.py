"""MindSpore 2.10's image Cells: ``Unfold`` (image patches), ``Upsample``,
``PixelShuffle``, ``PixelUnshuffle``, ``ChannelShuffle``, ``CentralCrop`` and
``ImageGradients``, on NCHW inputs. Built from slices, reshapes and ``ops`` functions, so
gradients come from the tracer.

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.ChannelShuffle(2)(ms.Tensor(numpy.arange(4.0).reshape(1, 4, 1, 1))).ravel()
array([0., 2., 1., 3.])
"""

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops import nnf_interpolate, nnf_windows
from .cell import Cell


def _positive_int(where, value):
    if isinstance(value, bool) or not isinstance(value, (int, onp.integer)):
        raise CellTypeError(message(where, "an int", describe(value)))
    if value < 1:
        raise CellArgumentError(message(where, "an int >= 1", repr(value)))
    return int(value)


def _rank(where, x, ranks):
    shape = onp.shape(getval(x))
    if len(shape) not in ranks:
        raise CellArgumentError(message(where, f"{' or '.join(map(str, ranks))} dimensions",
                                        f"shape {shape}"))
    return shape


def _window(where, value):
    """MindSpore's ``[1, rows, cols, 1]`` as ``(rows, cols)``."""
    if not isinstance(value, (tuple, list)):
        raise CellTypeError(message(where, "a list [1, rows, cols, 1]", describe(value)))
    ok = len(value) == 4 and value[0] == 1 and value[3] == 1 and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value[1:3])
    if not ok:
        raise CellArgumentError(message(where, "[1, rows, cols, 1] with positive ints",
                                        repr(value)))
    return int(value[1]), int(value[2])


class Unfold(Cell):
    """Image patches of (N, C, H, W): (N, kr * kc * C, out_rows, out_cols), each patch's
    values ordered (row, column, channel) as TensorFlow's ``extract_image_patches``."""

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        self.ksizes = _window("Unfold ksizes", ksizes)
        self.strides = _window("Unfold strides", strides)
        self.rates = _window("Unfold rates", rates)
        if not isinstance(padding, str) or padding.lower() not in ("same", "valid"):
            raise CellArgumentError(message("Unfold padding", "'same' or 'valid'",
                                            repr(padding)))
        self.padding = padding.lower()

    def _axis_plan(self, length, axis):
        """Output length and (before, after) padding along one spatial axis."""
        k, s, r = self.ksizes[axis], self.strides[axis], self.rates[axis]
        reach = (k - 1) * r + 1
        if self.padding == "valid":
            return max(-(-(length - reach + 1) // s), 0), (0, 0)
        out = -(-length // s)
        total = max((out - 1) * s + reach - length, 0)
        return out, (total // 2, total - total // 2)

    def construct(self, input_x):
        n, c, h, w = _rank("Unfold input_x", input_x, (4,))
        (oh, pad_h), (ow, pad_w) = self._axis_plan(h, 0), self._axis_plan(w, 1)
        if oh == 0 or ow == 0:
            raise CellArgumentError(message("Unfold input_x", "rows and columns at least one "
                                            "dilated kernel wide", f"shape {(n, c, h, w)}"))
        x = np.pad(input_x, ((0, 0), (0, 0), pad_h, pad_w))
        (kr, kc), (sr, sc), (rr, rc) = self.ksizes, self.strides, self.rates
        patches = [x[:, :, i * rr:i * rr + (oh - 1) * sr + 1:sr,
                     j * rc:j * rc + (ow - 1) * sc + 1:sc]
                   for i in range(kr) for j in range(kc)]
        return np.reshape(np.stack(patches, axis=1), (n, kr * kc * c, oh, ow))


class Upsample(Cell):
    """``ops.interpolate`` as a Cell: resize to ``size`` or by ``scale_factor``."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        if mode not in ("nearest", "linear", "bilinear", "bicubic"):
            raise CellArgumentError(message("Upsample mode", "'nearest', 'linear', 'bilinear' "
                                            "or 'bicubic' (the modes supported here)",
                                            repr(mode)))
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def construct(self, x):
        return nnf_interpolate.interpolate(x, self.size, self.scale_factor, self.mode,
                                           self.align_corners, self.recompute_scale_factor)


class PixelShuffle(Cell):
    """(*, C r², H, W) to (*, C, H r, W r)."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = _positive_int("PixelShuffle upscale_factor", upscale_factor)

    def construct(self, input):
        shape, r = _rank("PixelShuffle input", input, range(3, 33)), self.upscale_factor
        if shape[-3] % (r * r):
            raise CellArgumentError(message("PixelShuffle input", f"channels (axis -3) "
                                            f"divisible by upscale_factor**2 = {r * r}",
                                            f"shape {shape}"))
        return nnf_windows.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """(*, C, H r, W r) to (*, C r², H, W)."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = _positive_int("PixelUnshuffle downscale_factor",
                                              downscale_factor)

    def construct(self, input):
        shape, r = _rank("PixelUnshuffle input", input, range(3, 33)), self.downscale_factor
        if shape[-1] % r or shape[-2] % r:
            raise CellArgumentError(message("PixelUnshuffle input", f"height and width "
                                            f"divisible by downscale_factor={r}", f"shape {shape}"))
        return nnf_windows.pixel_unshuffle(input, self.downscale_factor)


class ChannelShuffle(Cell):
    """(N, C, ...) with its channels split into ``groups`` and interleaved."""

    def __init__(self, groups):
        super().__init__()
        self.groups = _positive_int("ChannelShuffle groups", groups)

    def construct(self, x):
        shape = onp.shape(getval(x))
        if len(shape) < 3 or shape[1] % self.groups:
            raise CellArgumentError(message(
                "ChannelShuffle input", f"3 or more dimensions, channels (axis 1) divisible by "
                f"groups={self.groups}", f"shape {shape}"))
        n, c, rest = shape[0], shape[1], shape[2:]
        x = np.reshape(x, (n, self.groups, c // self.groups) + rest)
        return np.reshape(np.swapaxes(x, 1, 2), shape)


class CentralCrop(Cell):
    """The central ``central_fraction`` of the last two axes of (C, H, W) or (N, C, H, W)."""

    def __init__(self, central_fraction):
        super().__init__()
        if not isinstance(central_fraction, float):
            raise CellTypeError(message("CentralCrop central_fraction", "a float",
                                        describe(central_fraction)))
        if not 0.0 < central_fraction <= 1.0:
            raise CellArgumentError(message("CentralCrop central_fraction", "a float in "
                                            "(0.0, 1.0]", repr(central_fraction)))
        self.central_fraction = central_fraction

    def construct(self, image):
        shape = _rank("CentralCrop image", image, (3, 4))
        if self.central_fraction == 1.0:
            return image
        h, w = shape[-2:]
        top = int((h - h * self.central_fraction) / 2)
        left = int((w - w * self.central_fraction) / 2)
        return image[..., top:h - top, left:w - left]


class ImageGradients(Cell):
    """``(dy, dx)``: each pixel's difference to the next row / column of (N, C, H, W)
    (0 on the last row / column)."""

    def __init__(self):
        super().__init__()

    def construct(self, images):
        _rank("ImageGradients images", images, (4,))
        dy = np.pad(images[:, :, 1:, :] - images[:, :, :-1, :], ((0, 0), (0, 0), (0, 1), (0, 0)))
        dx = np.pad(images[:, :, :, 1:] - images[:, :, :, :-1], ((0, 0), (0, 0), (0, 0), (0, 1)))
        return dy, dx
