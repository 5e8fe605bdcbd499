"""MindSpore's ``nn.FractionalMaxPool3d``: the Cell form of ``ops.fractional_max_pool3d``
(maxima of ``kernel_size`` windows placed pseudo-randomly, or by ``_random_samples``).

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> pool = nn.FractionalMaxPool3d(2, output_size=(2, 1, 2))
>>> pool(ms.Tensor(onp.arange(64.0).reshape(1, 1, 4, 4, 4))).shape
(1, 1, 2, 1, 2)
"""
import numbers

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.prims_fracpool import fractional_max_pool3d
from .cell import Cell


class FractionalMaxPool3d(Cell):
    """``FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)`` on (N, C, D, H, W) or (C, D, H, W)."""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        where = "FractionalMaxPool3d"
        if output_size is None and output_ratio is None:
            raise CellArgumentError(message(f"{where} output_size", "output_size or "
                                            "output_ratio", "neither"))
        ratios = (output_ratio,) * 3 if isinstance(output_ratio, numbers.Real) \
            else output_ratio
        if output_size is None and (not isinstance(ratios, (tuple, list)) or len(ratios) != 3
                                    or not all(isinstance(r, numbers.Real) and 0 < r < 1
                                               for r in ratios)):
            raise CellArgumentError(message(f"{where} output_ratio", "a float or a tuple of 3 "
                                            "floats in (0, 1)", repr(output_ratio)))
        if not isinstance(return_indices, bool):
            raise CellTypeError(message(f"{where} return_indices", "a bool",
                                        describe(return_indices)))
        self.kernel_size, self.output_size = kernel_size, output_size
        self.output_ratio, self.return_indices = output_ratio, return_indices
        self._random_samples = _random_samples

    def construct(self, x):
        return fractional_max_pool3d(x, self.kernel_size, self.output_size, self.output_ratio,
                                     self.return_indices, self._random_samples)


__all__ = ["FractionalMaxPool3d"]
