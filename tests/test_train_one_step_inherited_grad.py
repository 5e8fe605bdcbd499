"""A model-zoo TrainOneStepCell subclass calls what MindSpore's TrainOneStepCell builds in
its __init__: self.grad (GradOperation(get_by_list=True, sens_param=True)),
self.grad_reducer (the identity on one device) and self.reducer_flag (False)."""
import numpy as onp

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.ops import functional as F


class ScaledStep(nn.TrainOneStepCell):
    def construct(self, *inputs):
        loss = self.network(*inputs)
        sens = F.fill(loss.dtype, loss.shape, 2.0)
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        if self.reducer_flag:
            raise AssertionError("one device: no reduction")
        grads = self.grad_reducer(grads)
        return F.depend(loss, self.optimizer(grads))


def test_a_subclass_steps_with_the_inherited_grad_and_reducer():
    w0 = onp.array([[0.5, -1.0]], onp.float32)
    net = nn.Dense(2, 1, weight_init=ms.Tensor(w0), bias_init="zeros", has_bias=False)
    x = onp.array([[1.0, 2.0], [3.0, -1.0]], onp.float32)
    y = onp.array([[1.0], [0.0]], onp.float32)
    step = ScaledStep(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
    loss = step(ms.Tensor(x), ms.Tensor(y))
    residual = x @ w0.T - y
    onp.testing.assert_allclose(float(loss), onp.mean(residual ** 2), rtol=1e-6)
    grad = 2.0 * (2.0 * residual.T @ x / residual.size)   # sens 2 times d mean(r^2) / dw
    onp.testing.assert_allclose(net.weight.asnumpy(), w0 - 0.1 * grad, rtol=1e-6)


def test_the_inherited_grad_is_the_sens_taking_weight_gradient():
    step = nn.TrainOneStepCell(nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss()),
                               nn.SGD(nn.Dense(2, 1).trainable_params(), 0.1))
    assert (step.grad.get_by_list, step.grad.sens_param, step.grad.get_all) == \
        (True, True, False)
    assert step.grad_no_sens.sens_param is False and step.reducer_flag is False
    assert "grad_reducer" in [name for name, _ in step.cells_and_names()]
