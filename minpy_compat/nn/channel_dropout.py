"""``Dropout1d``, ``Dropout2d``, ``Dropout3d``: in training, zero whole channels (every
value of one (sample, channel) pair) with probability ``p`` and scale the kept ones by
``1 / (1 - p)``; in evaluation (or with ``p = 0``) the input itself, as in MindSpore 2.10.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Dropout2d(p=0.5).set_train(False)(ms.Tensor([[[[1.0, 2.0]]]]))
array([[[[1., 2.]]]], dtype=float32)
"""

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from .cell import Cell
from .windows import check_float_input


def _p(where, p):
    """MindSpore's check: a float (not an int) in [0, 1]."""
    if not isinstance(p, (float, onp.floating)):
        raise CellTypeError(message(f"{where} p", "a float", describe(p),
                                    "Pass p as a float such as 0.5."))
    if not 0 <= p <= 1:
        raise CellArgumentError(message(f"{where} p", "a number in [0, 1]", repr(p),
                                        "p is the probability of dropping a channel."))
    return float(p)


class _ChannelDropout(Cell):
    ranks = ()  # the input ranks taken

    def __init__(self, p=0.5):
        super().__init__()
        self.p = _p(type(self).__name__, p)

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        where = type(self).__name__
        dtype = check_float_input(where, x)
        shape = onp.shape(getval(x))
        if len(shape) not in self.ranks:
            raise CellArgumentError(message(
                f"{where} input", " or ".join(f"{r}-D" for r in self.ranks),
                f"shape {shape}", "Dropout1d takes (C, L) or (N, C, L), Dropout2d "
                "(N, C, H, W), Dropout3d (N, C, D, H, W)."))
        channels = shape[:-1] if where == "Dropout1d" else shape[:2]
        mask_shape = channels + (1,) * (len(shape) - len(channels))
        kept = onp.random.random_sample(mask_shape) >= self.p
        scale = 0.0 if self.p == 1 else 1 / (1 - self.p)
        return x * (kept * scale).astype(dtype)

    def extend_repr(self):
        return f"p={self.p}"


class Dropout1d(_ChannelDropout):
    """Channel dropout for (C, L) or (N, C, L) inputs."""
    ranks = (2, 3)

    def __init__(self, p=0.5):
        super().__init__(p)


class Dropout2d(_ChannelDropout):
    """Channel dropout for (N, C, H, W) inputs."""
    ranks = (4,)

    def __init__(self, p=0.5):
        super().__init__(p)


class Dropout3d(_ChannelDropout):
    """Channel dropout for (N, C, D, H, W) inputs."""
    ranks = (5,)

    def __init__(self, p=0.5):
        super().__init__(p)
