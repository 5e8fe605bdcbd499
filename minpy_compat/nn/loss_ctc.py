"""MindSpore 2.10's ``nn.CTCLoss``: ``ops.ctc_loss`` as a loss Cell (the loss only), also
taking one unbatched sample, ``log_probs`` (T, C) with ``targets`` (S,) or (1, S).

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> log_probs = ms.Tensor(onp.log(onp.full((3, 1, 2), 0.5)), ms.float32)
>>> round(float(nn.CTCLoss(reduction="sum")(log_probs, ms.Tensor([[1]]), (3,), (1,))), 4)
0.9808
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..ops.nnf_ctc import ctc_loss_with_alpha
from .cell import Cell


class CTCLoss(Cell):
    """The CTC loss of ``log_probs`` against ``targets``; arguments are checked at call
    time, as MindSpore does."""

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank, self.reduction, self.zero_infinity = blank, reduction, zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        unbatched = onp.ndim(getval(log_probs)) == 2
        if unbatched:
            log_probs = np.expand_dims(log_probs, 1)
            if onp.ndim(getval(targets)) == 1:
                targets = np.expand_dims(targets, 0)
        loss, _ = ctc_loss_with_alpha("CTCLoss", log_probs, targets, input_lengths,
                                      target_lengths, self.blank, self.reduction,
                                      self.zero_infinity)
        return loss[0] if unbatched and self.reduction == "none" else loss
