"""What a TrainOneStepCell subclass finds on ``self`` in MindSpore 2.10: ``self.grad``
(GradOperation with get_by_list and sens_param), ``self.grad_no_sens``, ``self.grad_reducer``
(an Identity Cell) and ``self.reducer_flag`` (False on one device); and a ParameterTuple
of accumulated gradients taken by ops.clip_by_global_norm as a tuple. Expected values are
closed forms computed with NumPy; the same code passes on MindSpore 2.10, for a subclass
that returns what it used and for the model zoo's form (F.fill, F.depend)."""
import numpy as onp

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.ops import functional as F


class StepWithOwnConstruct(nn.TrainOneStepCell):
    def construct(self, x, y):
        loss = self.network(x, y)
        sens = ops.fill(loss.dtype, loss.shape, 2.0)
        grads = self.grad(self.network, self.weights)(x, y, sens)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        return loss, grads, self.grad_no_sens(self.network, self.weights)(x, y)


def test_a_subclass_uses_grad_grad_no_sens_and_grad_reducer():
    w0 = onp.array([[0.5, -1.0]], onp.float32)
    net = nn.Dense(2, 1, weight_init=ms.Tensor(w0), has_bias=False)
    step = StepWithOwnConstruct(nn.WithLossCell(net, nn.MSELoss()),
                                nn.SGD(net.trainable_params(), 0.1))
    assert step.reducer_flag is False and isinstance(step.grad_reducer, nn.Identity)
    x = onp.array([[1.0, 2.0], [3.0, -1.0]], onp.float32)
    y = onp.array([[0.0], [1.0]], onp.float32)
    loss, grads, plain = step(ms.Tensor(x), ms.Tensor(y))
    residual = x @ w0.T - y
    expected = 2 * residual.T @ x / len(x)  # d mean(r^2) / dw
    onp.testing.assert_allclose(float(loss), (residual ** 2).mean(), rtol=1e-6)
    onp.testing.assert_allclose(grads[0].asnumpy(), 2.0 * expected, rtol=1e-6)  # sens 2
    # grad_no_sens ran after the update: the gradient at the new weights, unscaled
    w1 = w0 - 0.1 * 2.0 * expected
    onp.testing.assert_allclose(plain[0].asnumpy(), 2 * (x @ w1.T - y).T @ x / len(x),
                                rtol=1e-5)


class ScaledStep(nn.TrainOneStepCell):
    """The model zoo's form: F.fill sens, the reducer flag read, F.depend on the update."""

    def construct(self, *inputs):
        loss = self.network(*inputs)
        sens = F.fill(loss.dtype, loss.shape, 2.0)
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        if self.reducer_flag:
            raise AssertionError("one device: no reduction")
        grads = self.grad_reducer(grads)
        return F.depend(loss, self.optimizer(grads))


def test_a_zoo_subclass_steps_its_weights_with_the_inherited_grad():
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


def test_clip_by_global_norm_takes_a_parameter_tuple():
    sums = ms.ParameterTuple([ms.Parameter(ms.Tensor([3.0, 0.0]), name="a"),
                              ms.Parameter(ms.Tensor([[4.0]]), name="b")])
    clipped = ops.clip_by_global_norm(sums, 1.0)
    assert isinstance(clipped, tuple) and len(clipped) == 2
    onp.testing.assert_allclose(clipped[0].asnumpy(), [0.6, 0.0], rtol=1e-6)
    onp.testing.assert_allclose(clipped[1].asnumpy(), [[0.8]], rtol=1e-6)
