"""Random MindSpore-style networks, round 2 (training): several ``TrainOneStepCell`` steps
with Adam, Nesterov Momentum, SGD with dampening, weight decay, ``loss_scale`` and ``sens``
against the updates written by hand; a step failing anywhere (a forward or backward hook, the
optimizer, around the step) changes no Parameter nor optimizer state; hooks on shared and
nested Cells removed mid-training. Networks from round 1's strategy."""
import copy

import numpy as onp
import pytest
from hypothesis import given, strategies as st

import minpy_compat as ms
from minpy_compat import nn
from tests.cell_network_helpers import BATCH, CI, networks
from tests.test_cell_random_networks_round2 import SeededOut


# ---- (4) several training steps, and failing ones ---------------------------------------------
OPTIMIZERS = {
    "adam": lambda ps: nn.Adam(ps, 0.0625, weight_decay=0.1, loss_scale=4.0),
    "adam-nesterov": lambda ps: nn.Adam(ps, 0.0625, use_nesterov=True),
    "nesterov": lambda ps: nn.Momentum(ps, 0.125, 0.9, use_nesterov=True, weight_decay=0.05,
                                       loss_scale=4.0),
    "sgd": lambda ps: nn.SGD(ps, 0.125, momentum=0.8, dampening=0.3, weight_decay=0.1,
                             loss_scale=4.0),
}


# the momentum as the optimizers hold it, like MindSpore's: a float32 Parameter
NESTEROV_MOMENTUM, SGD_MOMENTUM = float(onp.float32(0.9)), float(onp.float32(0.8))


def _by_hand(kind, params, grads, state, t):
    """One step of the named optimizer written out (the documented update rules)."""
    decay = {"adam": 0.1, "nesterov": 0.05, "sgd": 0.1}.get(kind, 0.0)
    for i, (p, g) in enumerate(zip(params, grads)):
        w, g = p.asnumpy(), g.asnumpy()
        if "beta" not in p.name and "gamma" not in p.name:
            g = g + decay * w
        if kind.startswith("adam"):
            m, v = state.get(i, (0.0, 0.0))
            m, v = 0.9 * m + 0.1 * g, 0.999 * v + 0.001 * g * g
            state[i] = (m, v)
            d = 0.9 * m + 0.1 * g if kind == "adam-nesterov" else m
            w = w - 0.0625 * onp.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t) * d / (onp.sqrt(v) + 1e-8)
        elif kind == "nesterov":
            state[i] = NESTEROV_MOMENTUM * state.get(i, 0.0) + g
            w = w - 0.125 * (g + NESTEROV_MOMENTUM * state[i])
        else:
            state[i] = g if t == 1 else SGD_MOMENTUM * state[i] + 0.7 * g
            w = w - 0.125 * state[i]
        p.set_data(ms.Tensor(w.astype(p.dtype)))


def _label():
    return ms.Tensor(onp.random.RandomState(2).normal(size=(BATCH, 2)))


@CI
@given(networks(), st.sampled_from(sorted(OPTIMIZERS)), st.booleans())
def test_several_steps_are_the_updates_by_hand(case, kind, train):
    net, x = case
    net.set_train(train)
    sens = 1.0 if kind == "adam-nesterov" else 4.0  # the optimizers' loss_scale undoes it
    mine = nn.WithLossCell(SeededOut(copy.deepcopy(net)), nn.MSELoss())
    params = mine.trainable_params()
    step = nn.TrainOneStepCell(nn.WithLossCell(SeededOut(net), nn.MSELoss()),
                               OPTIMIZERS[kind](net.trainable_params()), sens=sens)
    state = {}
    for t in (1, 2, 3):
        loss, grads = ms.value_and_grad(mine, None, params)(x, _label())
        _by_hand(kind, params, grads, state, t)
        assert float(step(x, _label()).asnumpy()) == pytest.approx(float(loss.asnumpy()),
                                                                   rel=1e-9)
    for (name, p), q in zip(net.parameters_and_names(), mine.get_parameters()):
        onp.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-9, atol=1e-10,
                                    err_msg=name)


class Boom(FloatingPointError):
    """What the failing hooks raise (a NaN check, say)."""


def _raise(*args):
    raise Boom("nan")


def _arm(step, where, seed):
    """A hook that fails the step: in a random sub-Cell's forward or backward, in the
    optimizer after it wrote its update, or around the whole step."""
    cells = [c for _, c in step.network.cells_and_names()][1:]
    cell = cells[seed % len(cells)]
    if where == "forward":
        return cell.register_forward_hook(_raise)
    if where == "backward":  # the loss: a Cell whose input has a gradient
        return step.network._loss_fn.register_backward_hook(_raise)
    return (step.optimizer if where == "optimizer" else step).register_forward_hook(_raise)


@CI
@given(networks(), st.sampled_from(sorted(OPTIMIZERS)),
       st.sampled_from(["forward", "backward", "optimizer", "step"]), st.integers(0, 99))
def test_a_step_failing_anywhere_changes_no_state(case, kind, where, seed):
    net, x = case
    net.set_train(bool(seed % 2))

    def build(network):
        return nn.TrainOneStepCell(nn.WithLossCell(SeededOut(network), nn.MSELoss()),
                                   OPTIMIZERS[kind](network.trainable_params()))
    step, clean = build(net), build(copy.deepcopy(net))
    for cell in (step, clean):
        cell(x, _label())  # moments and step counts away from zero
    before = {name: p.asnumpy().copy() for name, p in step.parameters_and_names()}
    handle = _arm(step, where, seed)
    with pytest.raises(Boom):
        step(x, _label())
    for name, p in step.parameters_and_names():
        onp.testing.assert_array_equal(p.asnumpy(), before[name], err_msg=name)
    handle.remove()
    for cell in (step, clean):  # and the next step is the one it would have been
        cell(x, _label())
    for (name, p), q in zip(step.parameters_and_names(), clean.get_parameters()):
        onp.testing.assert_array_equal(p.asnumpy(), q.asnumpy(), err_msg=name)


# ---- (5) hooks on shared and nested Cells, removed mid-training -------------------------------
@CI
@given(networks(), st.integers(0, 2 ** 16))
def test_hooks_removed_mid_training(case, seed):
    net, x = case
    rng = onp.random.RandomState(seed)
    mine = copy.deepcopy(net)
    handles, logs = [], ([], [])
    for model, log in zip((net, mine), logs):
        cells = [c for _, c in model.cells_and_names()]
        picks = [cells[i] for i in rng.randint(0, len(cells), 3)]
        handles.append([
            picks[0].register_forward_pre_hook(lambda c, args: tuple(a * 0.75 for a in args)
                                               if args[0].dtype.kind == "f" else None),
            picks[1].register_forward_hook(lambda c, args, out: out * 1.25),
            picks[2].register_backward_hook(lambda c, gin, gout, log=log: log.append(len(gin))),
        ])
        rng = onp.random.RandomState(seed)  # the same picks in the copy
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               nn.SGD(net.trainable_params(), 0.125))
    with_loss = nn.WithLossCell(mine, nn.MSELoss())
    for t, drop in enumerate(rng.permutation(3)):
        loss, grads = ms.value_and_grad(with_loss, None, with_loss.trainable_params())(
            x, _label())
        for p, g in zip(with_loss.trainable_params(), grads):
            p.set_data(ms.Tensor(p.asnumpy() - 0.125 * g.asnumpy()))
        assert float(step(x, _label()).asnumpy()) == pytest.approx(float(loss.asnumpy()),
                                                                   rel=1e-12)
        for hooks in handles:
            hooks[drop].remove()
        assert logs[0] == logs[1]
    for (name, p), q in zip(net.parameters_and_names(), mine.get_parameters()):
        onp.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-12, atol=1e-12,
                                    err_msg=name)


# ---- regressions the fuzzer found -------------------------------------------------------------
@pytest.mark.parametrize("make", [
    lambda ps: nn.Adam(ps, 0.125),
    lambda ps: nn.SGD(ps, 0.125, momentum=0.9, dampening=0.5),
], ids=["Adam", "SGD-dampening"])
def test_a_step_undone_by_a_hook_is_undone_in_the_optimizer_too(make):
    """A forward hook raising after TrainOneStepCell's update put the Parameters back (the
    moments and global_step too), but Adam kept its advanced beta powers and SGD its "first
    step done" flag, so every later step differed from a run without the failure."""
    def build():
        net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        return net, nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                        make(net.trainable_params()))
    (net, step), (clean_net, clean) = build(), build()
    x, y = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[0.5]])
    handle = step.register_forward_hook(_raise)
    with pytest.raises(Boom):
        step(x, y)
    handle.remove()
    for _ in range(2):
        step(x, y), clean(x, y)
    onp.testing.assert_array_equal(net.weight.asnumpy(), clean_net.weight.asnumpy())
