"""``mint.nn``'s pools, paddings, dropouts and reshaping Cells (PyTorch-style arguments),
each calling its ``mint.nn.functional`` function.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.nn.ZeroPad1d(1)(ms.Tensor([[[1.0, 2.0]]]))
array([[[0., 1., 2., 0.]]], dtype=float32)
"""
import numbers

from ... import ops
from ...errors import CellArgumentError, CellTypeError, describe, message
from ...nn.cell import Cell
from . import fn_act, fn_layers, fn_pool
from .fn_act import check_bool, check_number
from .cells_layers import positive_int


class _Adaptive(Cell):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def construct(self, input):
        return getattr(fn_pool, self._fn)(input, self.output_size)


class AdaptiveAvgPool1d(_Adaptive):
    """The mean of each of ``output_size`` near-equal windows of the last axis."""
    _fn = "adaptive_avg_pool1d"


class AdaptiveAvgPool2d(_Adaptive):
    """The mean of each of ``output_size`` near-equal windows of the last 2 axes."""
    _fn = "adaptive_avg_pool2d"


class AdaptiveAvgPool3d(_Adaptive):
    """The mean of each of ``output_size`` near-equal windows of the last 3 axes."""
    _fn = "adaptive_avg_pool3d"


class _AdaptiveMax(Cell):
    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = check_bool(f"{type(self).__name__} return_indices",
                                         return_indices)

    def construct(self, input):
        return getattr(fn_pool, self._fn)(input, self.output_size, self.return_indices)


class AdaptiveMaxPool1d(_AdaptiveMax):
    """The max of each of ``output_size`` near-equal windows of the last axis."""
    _fn = "adaptive_max_pool1d"


class AdaptiveMaxPool2d(_AdaptiveMax):
    """The max of each of ``output_size`` near-equal windows of the last 2 axes."""
    _fn = "adaptive_max_pool2d"


class AvgPool1d(Cell):
    """The mean of each window of an (N, C, L) input."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__()
        fn_pool.check_half_pad("AvgPool1d", kernel_size, padding, 1)
        self.args = (kernel_size, stride, padding, check_bool("AvgPool1d ceil_mode", ceil_mode),
                     check_bool("AvgPool1d count_include_pad", count_include_pad))

    def construct(self, input):
        return fn_pool.avg_pool1d(input, *self.args)


class _AvgPoolNd(Cell):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__()
        name = type(self).__name__
        fn_pool.check_half_pad(name, kernel_size, padding, int(self._fn[-2]))
        self.args = (kernel_size, stride, padding, check_bool(f"{name} ceil_mode", ceil_mode),
                     check_bool(f"{name} count_include_pad", count_include_pad),
                     divisor_override)

    def construct(self, input):
        return getattr(fn_pool, self._fn)(input, *self.args)


class AvgPool2d(_AvgPoolNd):
    """The mean of each window of an (N, C, H, W) input."""
    _fn = "avg_pool2d"


class AvgPool3d(_AvgPoolNd):
    """The mean of each window of an (N, C, D, H, W) input."""
    _fn = "avg_pool3d"


class MaxPool2d(Cell):
    """The max of each window of an (N, C, H, W) input (and its flat indices)."""

    def __init__(self, kernel_size=1, stride=None, padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__()
        self.args = (kernel_size, stride, padding, dilation,
                     check_bool("MaxPool2d ceil_mode", ceil_mode),
                     check_bool("MaxPool2d return_indices", return_indices))

    def construct(self, input):
        return fn_pool.max_pool2d(input, *self.args)


class MaxUnpool2d(Cell):
    """The inverse of ``MaxPool2d``: values put back at their indices, zeros elsewhere."""

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input, indices, output_size=None):
        return fn_pool.max_unpool2d(input, indices, self.kernel_size, self.stride,
                                    self.padding, output_size)


class _Pad(Cell):
    _rank, _mode = 1, "constant"

    def __init__(self, padding, value=None):
        super().__init__()
        name, count = type(self).__name__, 2 * self._rank
        if isinstance(padding, numbers.Integral) and not isinstance(padding, bool):
            padding = (int(padding),) * count
        if not isinstance(padding, (tuple, list)) or len(padding) != count or \
                any(isinstance(p, bool) or not isinstance(p, numbers.Integral) for p in padding):
            raise CellTypeError(message(f"{name} padding", f"an int or a tuple of {count} ints",
                                        describe(padding)))
        self.padding = tuple(int(p) for p in padding)
        self.value = value

    def construct(self, input):
        if self._mode == "constant":
            return ops.pad(input, self.padding, "constant", self.value)
        return ops.pad(input, self.padding, self._mode)


def _pad_class(name, rank, mode, doc, with_value=False):
    def __init__(self, padding, value):
        _Pad.__init__(self, padding, check_number(f"{name} value", value))
    body = {"_rank": rank, "_mode": mode, "__doc__": doc, "__module__": __name__}
    if with_value:
        body["__init__"] = __init__
    else:
        body["__init__"] = lambda self, padding: _Pad.__init__(self, padding, 0.0)
    return type(name, (_Pad,), body)


_PADS = {}
for _rank in (1, 2, 3):
    for _kind, _mode, _doc in (("Constant", "constant", "``value``"),
                               ("Zero", "constant", "zeros"),
                               ("Reflection", "reflect", "the reflection of the edges"),
                               ("Replication", "replicate", "copies of the edge values")):
        _name = f"{_kind}Pad{_rank}d"
        _PADS[_name] = _pad_class(_name, _rank, _mode, f"The last {_rank} axes padded with "
                                  f"{_doc} (``padding`` from the last axis back).",
                                  _kind == "Constant")
globals().update(_PADS)


class Dropout(Cell):
    """Each element zeroed with probability ``p`` in training, the rest scaled."""
    _fn = "dropout"

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        check_number(f"{type(self).__name__} p", p)
        if not 0 <= p <= 1:
            raise CellArgumentError(message(f"{type(self).__name__} p", "a probability in "
                                            "[0, 1]", repr(p)))
        self.p = float(p)
        self.inplace = check_bool(f"{type(self).__name__} inplace", inplace)

    def construct(self, input):
        return getattr(fn_act, self._fn)(input, self.p, self.training, self.inplace)


class Dropout2d(Dropout):
    """Whole channels zeroed with probability ``p`` in training, the rest scaled."""
    _fn = "dropout2d"


class Flatten(Cell):
    """``input`` with axes ``start_dim``..``end_dim`` merged into one."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        for name, value in (("start_dim", start_dim), ("end_dim", end_dim)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise CellTypeError(message(f"Flatten {name}", "an int", describe(value)))
        self.start_dim, self.end_dim = int(start_dim), int(end_dim)

    def construct(self, input):
        return fn_layers.flatten(input, self.start_dim, self.end_dim)


class Fold(Cell):
    """Sliding blocks (N, C * prod(kernel), L) summed back into an (N, C, H, W) image."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.args = (output_size, kernel_size, dilation, padding, stride)

    def construct(self, input):
        return fn_layers.fold(input, *self.args)


class Unfold(Cell):
    """Sliding blocks of an (N, C, H, W) image as columns (N, C * prod(kernel), L)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.args = (kernel_size, dilation, padding, stride)

    def construct(self, input):
        return fn_layers.unfold(input, *self.args)


class PixelShuffle(Cell):
    """(..., C * r * r, H, W) rearranged into (..., C, H * r, W * r)."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = positive_int("PixelShuffle upscale_factor", upscale_factor)

    def construct(self, input):
        return fn_layers.pixel_shuffle(input, self.upscale_factor)


class Upsample(Cell):
    """``input`` resized to ``size`` or by ``scale_factor`` (``interpolate``)."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        if size is None and scale_factor is None:
            raise CellArgumentError(message(f"{type(self).__name__} size", "size or "
                                            "scale_factor", "None for both"))
        self.args = (size, scale_factor, mode, align_corners, recompute_scale_factor)

    def construct(self, input):
        return fn_pool.interpolate(input, *self.args)


class UpsamplingNearest2d(Upsample):
    """Nearest-neighbour 2-D upsampling to ``size`` or by ``scale_factor``."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, "nearest")


class UpsamplingBilinear2d(Upsample):
    """Bilinear 2-D upsampling (corners aligned) to ``size`` or by ``scale_factor``."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, "bilinear", True)
