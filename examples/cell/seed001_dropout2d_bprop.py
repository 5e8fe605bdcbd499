"""Seed 001: a custom backward pass for Dropout2d that reads a multi-output `out`/`dout`.

The seed's code runs unchanged except for its imports; the lines after it call the
layer and take its gradient in one pass: the gradient (from the bprop, seeded with
ones for the output and all-False for the Bool mask) is the mask scaled by 1 / keep_prob.
"""
import numpy as np

import minpy_compat as mindspore
from minpy_compat import nn, ops


# ---- the seed's code --------------------------------------------------------------------
class Dropout2d(nn.Cell):
    def __init__(self, keep_prob):
        super().__init__()
        self.keep_prob = keep_prob
        self.dropout2d = ops.Dropout2D(keep_prob)

    def construct(self, x):
        return self.dropout2d(x)

    def bprop(self, x, out, dout):
        _, mask = out
        dy, _ = dout
        if self.keep_prob != 0:
            dy = dy * (1 / self.keep_prob)
        dy = mask.astype(mindspore.float32) * dy
        return (dy.astype(x.dtype), )


dropout_2d = Dropout2d(0.8)
dropout_2d.bprop_debug = True

# ---- beyond the seed: run it, and differentiate the same call ------------------------------
mindspore.set_seed(0)
x = mindspore.Tensor(np.ones((2, 4, 3, 3)), mindspore.float32)
(out, mask), grad = mindspore.value_and_grad(dropout_2d)(x)
print("mask dtype:", mask.dtype, "shape:", mask.shape)
print("output values:", sorted(set(np.round(out.asnumpy().ravel(), 4).tolist())))
print("gradient values:", sorted(set(np.round(grad.asnumpy().ravel(), 4).tolist())))
print("gradient follows the mask:", bool(((grad.asnumpy() > 0) == mask.asnumpy()).all()))
