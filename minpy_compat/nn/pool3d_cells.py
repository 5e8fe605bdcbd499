"""MindSpore's ``nn.AdaptiveAvgPool3d``, ``nn.AdaptiveMaxPool3d``, ``nn.LPPool1d`` and
``nn.LPPool2d``.

The adaptive pools cut each of D, H and W into ``output_size`` bins as the 2-d ones do
(bin i covers [floor(i L / out), ceil((i + 1) L / out))); AdaptiveMaxPool3d's indices are
flat in D * H * W and int32, as MindSpore's. An LP pool is
``(sum of x ** norm_type over each window) ** (1 / norm_type)`` (``ops.lp_pool1d``/``2d``).

>>> import numpy
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.AdaptiveAvgPool3d((1, 2, 2))(ms.Tensor(numpy.ones((1, 2, 3, 4, 4)))).shape
(1, 2, 1, 2, 2)
"""
import math
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .cell import Cell
from .pool_cells import _bins, _size
from .windows import check_float_input


class _Adaptive3d(Cell):
    reduce = None

    def __init__(self, output_size):
        super().__init__()
        where = type(self).__name__
        items = (output_size,) * 3 if output_size is None or isinstance(
            output_size, numbers.Integral) else output_size
        if type(items) not in (tuple, list):
            raise CellTypeError(message(f"{where} output_size", "an int, None or a tuple of 3 "
                                        "of them", describe(output_size)))
        if len(items) != 3:
            raise CellArgumentError(message(f"{where} output_size", "an int, None or a tuple "
                                            "of 3 of them", repr(output_size)))
        self._sizes = tuple(_size(where, item, allow_none=True) for item in items)
        self.output_size = output_size

    def _input(self, x):
        where, shape = type(self).__name__, onp.shape(getval(x))
        if len(shape) not in (4, 5):
            raise CellArgumentError(message(f"{where} input", "a (N, C, D, H, W) or "
                                            "(C, D, H, W) tensor", f"shape {shape}"))
        check_float_input(where, x)
        return shape

    def construct(self, x):
        shape = self._input(x)
        for offset, size in enumerate(self._sizes):
            x = _bins(x, len(shape) - 3 + offset, size, type(self).reduce)
        return x

    def extend_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveAvgPool3d(_Adaptive3d):
    """The mean of each of ``output_size`` (D, H, W) bins; None keeps that axis."""

    reduce = staticmethod(np.mean)


class AdaptiveMaxPool3d(_Adaptive3d):
    """The maximum of each of ``output_size`` (D, H, W) bins; with ``return_indices=True``
    also each maximum's flat index in D * H * W (int32)."""

    reduce = staticmethod(np.max)

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size)
        if not isinstance(return_indices, bool):
            raise CellTypeError(message("AdaptiveMaxPool3d return_indices", "a bool",
                                        describe(return_indices)))
        self.return_indices = return_indices

    def construct(self, x):
        out = super().construct(x)
        if not self.return_indices:
            return out
        return out, Tensor(self._indices(onp.asarray(getval(x))))

    def _indices(self, x):
        spatial = x.shape[-3:]
        outs = tuple(n if s is None else s for s, n in zip(self._sizes, spatial))
        found = onp.zeros(x.shape[:-3] + outs, onp.int32)
        for place in onp.ndindex(*outs):
            bounds = [(i * n // o, math.ceil((i + 1) * n / o))
                      for i, n, o in zip(place, spatial, outs)]
            block = x[(...,) + tuple(slice(a, b) for a, b in bounds)]
            flat = block.reshape(block.shape[:-3] + (-1,)).argmax(-1)
            local = onp.unravel_index(flat, block.shape[-3:])
            found[(...,) + place] = onp.ravel_multi_index(
                [p + a for p, (a, _) in zip(local, bounds)], spatial)
        return found


class _LPPool(Cell):
    ranks = ()

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        where = type(self).__name__
        if isinstance(norm_type, bool) or not isinstance(norm_type, numbers.Real):
            raise CellTypeError(message(f"{where} norm_type", "an int or a float",
                                        describe(norm_type)))
        if not isinstance(ceil_mode, bool):
            raise CellTypeError(message(f"{where} ceil_mode", "a bool", describe(ceil_mode)))
        self.norm_type, self.kernel_size = norm_type, kernel_size
        self.stride, self.ceil_mode = stride, ceil_mode

    def construct(self, x):
        from ..ops import nnf_norms
        where, shape = type(self).__name__, onp.shape(getval(x))
        if len(shape) not in self.ranks:
            raise CellArgumentError(message(f"{where} input", " or ".join(
                f"a rank-{r}" for r in self.ranks) + " tensor", f"shape {shape}"))
        pool = nnf_norms.lp_pool1d if self.ranks[-1] == 3 else nnf_norms.lp_pool2d
        batched = len(shape) == self.ranks[-1]
        out = pool(x if batched else np.expand_dims(x, 0), self.norm_type, self.kernel_size,
                   self.stride, self.ceil_mode)
        return out if batched else out[0]

    def extend_repr(self):
        return (f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}, ceil_mode={self.ceil_mode}")


class LPPool1d(_LPPool):
    """The power-average pool of (N, C, L) or (C, L) inputs."""
    ranks = (2, 3)


class LPPool2d(_LPPool):
    """The power-average pool of (N, C, H, W) or (C, H, W) inputs."""
    ranks = (3, 4)
