"""Seed 001: a bprop that returns input gradients plus a {Parameter: gradient} dict.

The seed's code runs unchanged except for its imports; the lines after it take the
gradients MindSpore 2.10 was observed to give: ([2.], ([3.],)), ([3.],), ([3.],),
and (([2.],), ([3.],)).
"""
import numpy as np

import minpy_compat as ms
from minpy_compat import nn, ops, Parameter, Tensor


# ---- the seed's code --------------------------------------------------------------------
class NetWithParam(nn.Cell):
    def __init__(self):
        super(NetWithParam, self).__init__()
        self.w = Parameter(Tensor(np.array([2.0], dtype=np.float32)), name='weight')
        self.internal_params = [self.w]

    def construct(self, x):
        output = self.w * x
        return output

    def bprop(self, *args):
        return (self.w * args[-1],), {self.w: args[0] * args[-1]}


# ---- beyond the seed: take the gradients -------------------------------------------------
net = NetWithParam()
x = Tensor(np.array([3.0], dtype=np.float32))
print("forward:", net(x))
print("grad(net, 0, weights):", ms.grad(net, 0, net.trainable_params())(x))
print("grad(net, None, weights):", ms.grad(net, None, net.trainable_params())(x))
print("GradOperation(get_by_list):",
      ops.GradOperation(get_by_list=True)(net, net.trainable_params())(x))
print("GradOperation(get_all, get_by_list):",
      ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(x))
