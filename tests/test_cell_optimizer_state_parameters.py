"""The optimizers' state Parameters against MindSpore 2.10
(``tests/oracle/make_optimizer_state_fixture.py``): Momentum and SGD keep ``momentum`` as
a 0-d float32 Parameter (SGD also ``stat.*``), Adam keeps ``beta1_power`` and
``beta2_power``; each optimizer registers ``global_step`` and ``learning_rate`` before the
parameters, so ``get_parameters`` and a checkpoint list the same names in the same order.
The beta powers step as MindSpore's, times beta in float32, so they match it exactly."""
import json
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn

with open(os.path.join(os.path.dirname(__file__), "oracle",
                       "optimizer_state_fixture.json")) as _handle:
    ORACLE = json.load(_handle)
X, Y = onp.ones((4, 3), onp.float32), onp.zeros((4, 2), onp.float32)
MAKERS = {"adam": lambda ps: nn.Adam(ps, learning_rate=0.01, beta1=0.8, beta2=0.95),
          "amsgrad": lambda ps: nn.Adam(ps, use_amsgrad=True),
          "momentum": lambda ps: nn.Momentum(ps, learning_rate=0.01, momentum=0.9),
          "sgd": lambda ps: nn.SGD(ps, momentum=0.5)}


def _net():
    return nn.Dense(3, 2, weight_init="ones", bias_init="zeros")


def _train(net, opt, steps):
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    for _ in range(steps):
        step(ms.Tensor(X), ms.Tensor(Y))
    return step


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_state_parameter_names_order_and_steps_match_mindspore(name):
    want = ORACLE[name]
    net = _net()
    opt = MAKERS[name](net.trainable_params())
    assert [p.name for p in opt.get_parameters()] == want["optimizer"]
    step = _train(net, opt, 2)
    assert [p.name for p in step.get_parameters()] == want["step_cell"]
    onp.testing.assert_allclose(net.weight.asnumpy(), want["weight"], rtol=1e-6)


def test_adam_beta_powers_are_float32_parameters_that_advance_each_step():
    first, shape, beta1_power, beta2_power = ORACLE["adam_powers"]
    net = _net()
    opt = nn.Adam(net.trainable_params(), beta1=0.8, beta2=0.95)
    assert float(opt.beta1_power.asnumpy()) == first
    assert list(opt.beta1_power.shape) == shape and opt.beta1_power.dtype == ms.float32
    _train(net, opt, 3)
    assert float(opt.beta1_power.asnumpy()) == beta1_power
    assert float(opt.beta2_power.asnumpy()) == beta2_power


def test_momentum_set_data_changes_the_next_steps():
    want = ORACLE["momentum_set_data"]
    net = _net()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    opt.momentum.set_data(ms.Tensor(0.5, ms.float32))
    _train(net, opt, 2)
    assert float(opt.momentum.asnumpy()) == want["momentum"]
    onp.testing.assert_allclose(net.weight.asnumpy(), want["weight"], rtol=1e-6)


def test_a_checkpoint_of_the_step_cell_keeps_the_adam_state(tmp_path):
    """Saved mid-train and loaded into a fresh copy, Adam goes on as if never stopped."""
    net, fresh = _net(), _net()
    step = _train(net, MAKERS["adam"](net.trainable_params()), 2)
    path = str(tmp_path / "adam.ckpt")
    ms.save_checkpoint(step, path)
    saved = ms.load_checkpoint(path)
    assert sorted(saved) == sorted(ORACLE["adam"]["step_cell"])
    resumed = _train(fresh, MAKERS["adam"](fresh.trainable_params()), 0)
    assert ms.load_param_into_net(resumed, saved) == ([], [])
    for cell in (step, resumed):
        cell(ms.Tensor(X), ms.Tensor(Y))
    onp.testing.assert_array_equal(fresh.weight.asnumpy(), net.weight.asnumpy())
    assert float(resumed.optimizer.beta1_power.asnumpy()) == pytest.approx(0.8 ** 3, rel=1e-6)


def test_a_group_list_of_rates_steps_on_with_global_step():
    """A group's ``lr`` list was cut to its first rate: every step ran at 0.3."""
    want = ORACLE["group_dynamic_lr"]
    net = _net()
    ps = net.trainable_params()
    opt = nn.Momentum([{"params": ps[:1], "lr": [0.3, 0.2, 0.1]}, {"params": ps[1:]}],
                      learning_rate=0.05, momentum=0.0)
    _train(net, opt, 3)
    onp.testing.assert_allclose(net.weight.asnumpy(), want["weight"], rtol=1e-5)
    onp.testing.assert_allclose(net.bias.asnumpy(), want["bias"], rtol=1e-5)


def test_get_lr_parameter_names_and_values_match_mindspore():
    net = nn.SequentialCell([nn.Dense(3, 2), nn.BatchNorm1d(2)])
    ps = net.trainable_params()
    opt = nn.Momentum([{"params": ps[:1]}, {"params": ps[1:3], "lr": 0.3},
                       {"params": ps[3:], "lr": [0.1, 0.2]}], learning_rate=0.1, momentum=0.9)
    got = [[r.name, r.asnumpy().tolist()] for r in opt.get_lr_parameter(ps)]
    assert [name for name, _ in got] == [name for name, _ in ORACLE["get_lr_parameter"]]
    for (_, ours), (_, theirs) in zip(got, ORACLE["get_lr_parameter"]):
        onp.testing.assert_allclose(ours, theirs, rtol=1e-7)
    assert opt.get_lr_parameter(ps[1]) is opt.get_lr_parameter(ps[2])


@pytest.mark.parametrize("param, error, words", [
    (3, ms.errors.OptimizerTypeError, "a Parameter or a list of them"),
    (ms.Parameter(ms.Tensor(1.0), name="zz"), ms.errors.OptimizerError, "'zz'")])
def test_get_lr_parameter_names_a_wrong_argument(param, error, words):
    opt = nn.Momentum(_net().trainable_params(), learning_rate=0.1, momentum=0.9)
    with pytest.raises(error, match=words):
        opt.get_lr_parameter(param)


@pytest.mark.parametrize("flag", ["use_lazy", "use_offload"])
def test_adam_takes_use_lazy_and_use_offload_and_steps_as_mindspore(flag):
    """They were a TypeError (unexpected keyword); with dense gradients both step as plain
    Adam in MindSpore."""
    net = _net()
    opt = nn.Adam(net.trainable_params(), learning_rate=0.1, **{flag: True})
    _train(net, opt, 3)
    assert getattr(opt, flag) is True
    onp.testing.assert_allclose(net.weight.asnumpy(), ORACLE["adam_flags"][flag], rtol=1e-5)
    with pytest.raises(ms.errors.OptimizerTypeError, match=f"Adam {flag}: expected a bool"):
        nn.Adam(net.trainable_params(), **{flag: "yes"})
