"""Optimizers (MindSpore 2.10's two-step numbers), custom ones, WithLossCell, TrainOneStepCell."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import OptimizerError, OptimizerTypeError

X = ms.Tensor(onp.array([[1, 2], [3, 4]], onp.float32))
Y = ms.Tensor(onp.array([[1], [2]], onp.float32))


class Linear(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(onp.array([[1.0], [2.0]], onp.float32)), name="w")
        self.b = ms.Parameter(ms.Tensor(onp.array([0.5], onp.float32)), name="b")

    def construct(self, x):
        return ops.matmul(x, self.w) + self.b


def two_steps(make_optimizer):
    net = Linear()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               make_optimizer(net.trainable_params()))
    losses = [float(step(X, Y)), float(step(X, Y))]
    return losses, net.w.asnumpy().ravel(), net.b.asnumpy()


def test_first_step_gradients_and_loss():
    net = Linear()
    loss, grads = ms.value_and_grad(nn.WithLossCell(net, nn.MSELoss()), None,
                                    net.trainable_params())(X, Y)
    assert float(loss) == 55.25
    onp.testing.assert_array_equal(grads[0], [[33], [47]])
    onp.testing.assert_array_equal(grads[1], [14])


@pytest.mark.parametrize("make, loss2, w, b", [
    (lambda p: nn.SGD(p, 0.1), 258.26, [4.84, 7.46], [2.12]),
    (lambda p: nn.Momentum(p, 0.1, 0.9), 258.26, [1.87, 3.23], [0.86]),
    (lambda p: nn.Adam(p, 0.1), 46.25, [0.80033, 1.80033], [0.30033]),
    (lambda p: nn.SGD(p, 0.01, momentum=0.9), 25.8341, [0.1474, 0.7856], [0.1382]),
    (lambda p: nn.SGD(p, 0.1, weight_decay=0.1), 261.16516, [4.8931, 7.5242], [2.14105]),
    (lambda p: nn.Momentum(p, 0.1, 0.9, weight_decay=0.1), 261.16516, [1.9141, 3.2762],
     [0.87655]),
    (lambda p: nn.SGD(p, 0.01, momentum=0.9, nesterov=True), 8.806, [-0.14442, 0.36975],
     [0.01416]),
    (lambda p: nn.SGD(p, 0.01, momentum=0.9, dampening=0.5), 25.8341, [0.2602, 0.9463],
     [0.1861]),
    (lambda p: nn.SGD(p, 0.1, loss_scale=2.0), 18.6525, [0.31, 1.015], [0.205]),
    (lambda p: nn.Adam(p, 0.1, use_nesterov=True), 38.834, [0.67292, 1.67294], [0.17299]),
    (lambda p: nn.SGD(p, [0.1, 0.01]), 258.26, [-1.586, -1.684], [-0.598]),
    (lambda p: nn.SGD([{"params": [p[0]], "lr": 0.01}, {"params": [p[1]]}], 0.1), 15.3509,
     [0.4948, 1.2842], [-1.606]),
])
def test_two_steps_match_mindspore(make, loss2, w, b):
    losses, got_w, got_b = two_steps(make)
    assert losses[0] == pytest.approx(55.25)
    assert losses[1] == pytest.approx(loss2, rel=1e-4)
    onp.testing.assert_allclose(got_w, w, rtol=1e-4, atol=1e-5)
    onp.testing.assert_allclose(got_b, b, rtol=1e-4, atol=1e-5)


def test_momentum_nesterov_is_nesterov():
    # MindSpore 2.10 on CPU ignores use_nesterov (it equals plain momentum); we apply it.
    nesterov = two_steps(lambda p: nn.Momentum(p, 0.01, 0.9, use_nesterov=True))
    plain = two_steps(lambda p: nn.Momentum(p, 0.01, 0.9))
    sgd_nesterov = two_steps(lambda p: nn.SGD(p, 0.01, momentum=0.9, nesterov=True))
    onp.testing.assert_allclose(nesterov[1], sgd_nesterov[1], rtol=1e-5)
    assert not onp.allclose(nesterov[1], plain[1])


def test_optimizer_attributes():
    net = Linear()
    opt = nn.SGD(net.trainable_params(), 0.1)
    assert type(opt.parameters) is ms.ParameterTuple
    assert opt.parameters[0] is net.w
    lr = opt.get_lr()
    assert isinstance(lr, ms.Parameter) and lr.name == "learning_rate" and lr.shape == ()
    assert float(lr) == pytest.approx(0.1)
    assert [m.name for m in opt.parameters.clone(prefix="moments", init="zeros")] == [
        "moments.w", "moments.b"]


def test_custom_optimizer_base_and_construct():
    class PlainSGD(nn.Optimizer):
        def construct(self, gradients):
            lr = self.get_lr()
            for param, grad in zip(self.parameters, gradients):
                ops.assign(param, param - lr * grad)
            return True
    losses, w, b = two_steps(lambda p: PlainSGD(0.1, p))
    assert losses[1] == pytest.approx(258.26, rel=1e-4)
    with pytest.raises(NotImplementedError, match="Optimizer.construct: expected an override"):
        nn.Optimizer(0.1, Linear().trainable_params())((ms.Tensor([1.0]),))


@pytest.mark.parametrize("make, error, match", [
    (lambda p: nn.SGD([], 0.1), OptimizerError, "SGD parameters: expected at least one Parameter, "
                                                "got an empty list"),
    (lambda p: nn.SGD([ms.Tensor([1.0])], 0.1), OptimizerTypeError,
     r"SGD parameters\[0\]: expected a Parameter or a dict of them, got Array"),
    (lambda p: nn.SGD(p, -0.1), OptimizerError, r"SGD learning_rate: expected a number >= 0 "
                                                r"\(or a list of them, one per step\), got -0.1"),
    (lambda p: nn.Momentum(p, 0.1, -0.5), OptimizerError, "Momentum momentum: expected a number "
                                                          ">= 0.0, got -0.5"),
    (lambda p: nn.Adam(p, 0.1, beta1=1.5), OptimizerError, r"Adam beta1: expected a number in "
                                                           r"\(0, 1\), got 1.5"),
    (lambda p: nn.Adam(p, 0.1, eps=0), OptimizerError, "Adam eps: expected a number > 0"),
    (lambda p: nn.SGD(p, 0.1, weight_decay=-1), OptimizerError, "SGD weight_decay: expected a "
                                                                "number >= 0"),
    (lambda p: nn.SGD([p[0], p[0]], 0.1), OptimizerError, "SGD parameters: expected each "
                                                          "Parameter once, got 'w' twice"),
    (lambda p: nn.SGD(p, "fast"), OptimizerError, "SGD learning_rate"),
])
def test_bad_optimizer_arguments(make, error, match):
    with pytest.raises(error, match=match):
        make(Linear().trainable_params())
    assert issubclass(OptimizerError, ValueError) and issubclass(OptimizerTypeError, TypeError)


def test_gradient_count_must_match():
    opt = nn.SGD(Linear().trainable_params(), 0.1)
    with pytest.raises(OptimizerError, match="SGD: expected 2 gradients, one per parameter, got 1"):
        opt((ms.Tensor([1.0]),))


def test_train_one_step_returns_the_loss_before_the_update_and_sens():
    net = Linear()
    optimizer = nn.SGD(net.trainable_params(), 0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer, sens=2.0)
    assert float(step(X, Y)) == 55.25
    onp.testing.assert_allclose(net.b.asnumpy(), [0.5 - 0.1 * 2 * 14])
    with_grads = nn.TrainOneStepCell(nn.WithLossCell(Linear(), nn.MSELoss()),
                                     nn.SGD(Linear().trainable_params(), 0.1), return_grad=True)
    loss, grads = with_grads(X, Y)
    assert len(grads) == 2


def test_with_loss_cell_exposes_the_backbone():
    net = Linear()
    wrapped = nn.WithLossCell(net, nn.MSELoss())
    assert wrapped.backbone_network is net
    assert [p.name for p in wrapped.trainable_params()] == ["w", "b"]


def test_training_a_small_classifier():
    rng = onp.random.RandomState(0)
    x = rng.normal(size=(64, 2)).astype(onp.float32)
    labels = (x[:, 0] + x[:, 1] > 0).astype(onp.int32)
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Dense(2, 8, activation="relu"), nn.Dense(8, 2)])
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Adam(net.trainable_params(), 0.05))
    losses = [float(step(ms.Tensor(x), ms.Tensor(labels))) for _ in range(60)]
    assert losses[-1] < 0.2 < losses[0]
    accuracy = (net(ms.Tensor(x)).asnumpy().argmax(1) == labels).mean()
    assert accuracy > 0.95
