"""Seed 003: a MatMul Cell with a custom bprop, differentiated by GradOperation(get_all=True).

Runs unchanged except for its imports. MindSpore prints the two gradients as
Tensors: [[1.5, 1.6, 1.4], [2.2, 2.3, 2.1]] and
[[1.01, 1.3, 2.1], [1.1, 1.2, 2.3], [3.1, 2.2, 4.3]].
"""
import minpy_compat.nn as nn
import minpy_compat as ms
import minpy_compat.ops as ops


class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.matmul = ops.MatMul()

    def construct(self, x, y):
        out = self.matmul(x, y)
        return out

    def bprop(self, x, y, out, dout):
        dx = x + 1
        dy = y + 1
        return dx, dy


class GradNet(nn.Cell):
    def __init__(self, net):
        super(GradNet, self).__init__()
        self.net = net
        self.grad_op = ops.GradOperation(get_all=True)

    def construct(self, x, y):
        gradient_function = self.grad_op(self.net)
        return gradient_function(x, y)


x = ms.Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], dtype=ms.float32)
y = ms.Tensor([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], dtype=ms.float32)
out = GradNet(Net())(x, y)
print(out)
