"""MindSpore's ``nn.FractionalMaxPool3d``: the Cell form of ``ops.fractional_max_pool3d``
(maxima of ``kernel_size`` windows placed pseudo-randomly, or by ``_random_samples``).

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> pool = nn.FractionalMaxPool3d(2, output_size=(1, 1, 1))
>>> pool(ms.Tensor(onp.arange(8.0).reshape(1, 1, 2, 2, 2))).asnumpy().ravel().tolist()
[7.0]
"""
from ..errors import CellTypeError, describe, message
from ..ops.prims_fracpool import fractional_max_pool3d
from .cell import Cell


class FractionalMaxPool3d(Cell):
    """``FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)`` on (N, C, D, H, W) or (C, D, H, W)."""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        if not isinstance(return_indices, bool):
            raise CellTypeError(message("FractionalMaxPool3d return_indices", "a bool",
                                        describe(return_indices)))
        self.kernel_size, self.output_size = kernel_size, output_size
        self.output_ratio, self.return_indices = output_ratio, return_indices
        self._random_samples = _random_samples

    def construct(self, x):
        return fractional_max_pool3d(x, self.kernel_size, self.output_size, self.output_ratio,
                                     self.return_indices, self._random_samples)


__all__ = ["FractionalMaxPool3d"]
