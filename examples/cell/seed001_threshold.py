"""Seed 001: a Threshold layer from function ops (ops.gt, ops.fill, ops.select).

The seed's code below runs unchanged except for its imports. MindSpore prints
Tensor(shape=[3], dtype=Float32, value= [ 2.00000000e+01,  2.00000003e-01,  3.00000012e-01]);
minpy_compat prints the same values the NumPy way.
"""
import minpy_compat as mindspore
from minpy_compat import nn, ops


# ---- the seed's code --------------------------------------------------------------------
class Threshold(nn.Cell):
    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = threshold
        self.value = value

    def construct(self, inputs):
        cond = ops.gt(inputs, self.threshold)
        value = ops.fill(inputs.dtype, inputs.shape, self.value)
        return ops.select(cond, inputs, value)


m = Threshold(0.1, 20)
inputs = mindspore.Tensor([0.1, 0.2, 0.3], mindspore.float32)
print(m(inputs))

# ---- beyond the seed: its gradient (MindSpore 2.10 gives [0. 1. 1.]) ---------------------
print(mindspore.grad(m)(inputs))
