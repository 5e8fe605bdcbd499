"""Every optimizer takes a LearningRateSchedule Cell as its learning_rate (MindSpore does)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops


def _net():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    return net, ms.Tensor(onp.arange(6.0, dtype=onp.float32).reshape(2, 3)), \
        ms.Tensor(onp.ones((2, 2), onp.float32))


def _steps(optimizer_for, learning_rate, steps=3):
    net, x, y = _net()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               optimizer_for(net.trainable_params(), learning_rate))
    for _ in range(steps):
        step(x, y)
    return [p.asnumpy().copy() for p in net.trainable_params()]


OPTIMIZERS = {
    "SGD": lambda params, lr: nn.SGD(params, learning_rate=lr),
    "Momentum": lambda params, lr: nn.Momentum(params, learning_rate=lr, momentum=0.9),
    "Adam": lambda params, lr: nn.Adam(params, learning_rate=lr),
    "RMSProp": lambda params, lr: nn.RMSProp(params, learning_rate=lr),
}


@pytest.mark.parametrize("name", sorted(OPTIMIZERS))
def test_a_schedule_cell_runs_each_step_at_its_rate(name):
    schedule = nn.ExponentialDecayLR(0.1, 0.5, 1)
    rates = [float(schedule(ms.Tensor(onp.array(t, onp.int32)))) for t in range(3)]
    by_schedule = _steps(OPTIMIZERS[name], schedule)
    by_list = _steps(OPTIMIZERS[name], rates)     # the same rates, one per step
    for got, want in zip(by_schedule, by_list):
        onp.testing.assert_allclose(got, want, rtol=1e-6)
    constant = _steps(OPTIMIZERS[name], 0.1)
    assert not all(onp.allclose(a, b) for a, b in zip(by_schedule, constant))


def test_a_custom_optimizer_reads_the_scheduled_rate_with_get_lr():
    class PlainSGD(nn.Optimizer):
        def construct(self, gradients):
            lr = self.get_lr()
            for param, grad in zip(self.parameters, gradients):
                ops.assign(param, param - lr * grad)
            return True

    w = ms.Parameter(ms.Tensor([1.0]), name="w")
    optimizer = PlainSGD(nn.WarmUpLR(0.5, 4), [w])
    assert optimizer.get_lr() == onp.float32(0.0)   # warm-up starts at 0
    optimizer.global_step[0] = 2
    assert optimizer.get_lr() == onp.float32(0.25)
    optimizer((ms.Tensor([2.0]),))
    onp.testing.assert_allclose(w.asnumpy(), [0.5])


def test_a_subclass_from_the_schedule_module_may_return_a_one_element_rate():
    # BERT's schedule subclasses nn.learning_rate_schedule.LearningRateSchedule (importable
    # there in MindSpore, though not in its __all__) and returns a [1]-shaped rate
    from minpy_compat.nn.learning_rate_schedule import LearningRateSchedule, WarmUpLR

    class ShapedWarmUp(LearningRateSchedule):
        def __init__(self):
            super().__init__()
            self.warmup = WarmUpLR(0.4, 4)

        def construct(self, global_step):
            return self.warmup(global_step).reshape(1)

    by_shaped = _steps(OPTIMIZERS["SGD"], ShapedWarmUp())
    by_list = _steps(OPTIMIZERS["SGD"], [0.0, 0.1, 0.2])   # 0.4 * step / 4
    for got, want in zip(by_shaped, by_list):
        onp.testing.assert_allclose(got, want, rtol=1e-6)
