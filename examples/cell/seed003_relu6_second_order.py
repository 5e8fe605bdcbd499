"""Seed 003: a second-order gradient through a bprop that calls another Cell.

Runs unchanged except for its imports; prints [[1. 1. 1.] [1. 1. 1.]] as MindSpore does.
"""
import minpy_compat.nn as nn
from minpy_compat import Tensor
from minpy_compat import dtype as mstype
import minpy_compat.ops as ops


class ReluNet(nn.Cell):
    def __init__(self):
        super(ReluNet, self).__init__()
        self.relu = ops.ReLU()

    def construct(self, x):
        return self.relu(x)


class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.relu6 = ops.ReLU6()
        self.relu = ReluNet()

    def construct(self, x):
        return self.relu6(x)

    def bprop(self, x, out, dout):
        dx = self.relu(x)
        return (dx, )


x = Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], dtype=mstype.float32)
net = Net()
out = ops.grad(ops.grad(net))(x)
print(out)
