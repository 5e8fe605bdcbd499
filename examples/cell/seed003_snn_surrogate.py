"""Seed 003: a surrogate gradient for a spiking neuron (relusigmoid inside IFNode).

The seed's classes run unchanged except for the imports; the lines after them run
them on MindSpore 2.10's observed inputs, whose outputs it printed as:
relusigmoid [1 1 0 1] with gradient [0.3505183 0.01233233 0.7457321 0.05433106];
IFNode spike [0 1 0 1], v [0.8 0.3 -0.1 0.1]; all-input gradients ones and ones;
the spike's gradients [0.98306 0.7457318 0.02026783 1.1750184] for both inputs.
"""
import minpy_compat as mindspore
import minpy_compat.nn as nn
import minpy_compat.ops as ops


# ---- the seed's code --------------------------------------------------------------------
class relusigmoid(nn.Cell):
    def __init__(self):
        super().__init__()
        self.sigmoid = ops.Sigmoid()
        self.greater = ops.Greater()

    def construct(self, x):
        spike = self.greater(x, 0)
        return spike.astype(mindspore.float32)

    def bprop(self, x, out, dout):
        sgax = self.sigmoid(x * 5.0)
        grad_x = dout * (1 - sgax) * sgax * 5.0
        return (grad_x,)


class IFNode(nn.Cell):
    def __init__(self, v_threshold=1.0, fire=True, surrogate_function=relusigmoid()):
        super().__init__()
        self.v_threshold = v_threshold
        self.fire = fire
        self.surrogate_function = surrogate_function

    def construct(self, x, v):
        v = v + x
        if self.fire:
            spike = self.surrogate_function(v - self.v_threshold) * self.v_threshold
            v -= spike
            return spike, v
        return v, v


# ---- beyond the seed: run it --------------------------------------------------------------
x = mindspore.Tensor([0.5, 1.2, -0.3, 0.9], mindspore.float32)
v = mindspore.Tensor([0.3, 0.1, 0.2, 0.2], mindspore.float32)
surrogate = relusigmoid()
print("relusigmoid:", surrogate(x))
print("relusigmoid gradient:", mindspore.grad(surrogate)(x))
node = IFNode()
spike, v_next = node(x, v)
print("IFNode spike:", spike, "v:", v_next)
print("IFNode all-input gradients:", ops.GradOperation(get_all=True)(node)(x, v))


def spike_only(x, v):
    return node(x, v)[0]


print("spike gradients:", ops.grad(spike_only, grad_position=(0, 1))(x, v))
