"""SGD, Momentum, Adam, LazyAdam and AdamWeightDecay step in place (``nn/optimizer_in_place``):
the same values as the staged path bit for bit, the Parameters' own buffers, float32 kept,
and a refused gradient or a failure after the step still leaves everything as it was."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import OptimizerError, OptimizerTypeError
from minpy_compat.nn import optimizer as optimizer_module
from minpy_compat.nn import optimizer_in_place

SHAPES = [(3, 4), (4,), (2, 3)]
CONFIGS = {
    "sgd": lambda p: nn.SGD(p, 0.1),
    "sgd_momentum_decay": lambda p: nn.SGD(p, 0.1, momentum=0.9, weight_decay=0.01),
    "sgd_dampening": lambda p: nn.SGD(p, 0.1, momentum=0.8, dampening=0.3),
    "sgd_nesterov": lambda p: nn.SGD(p, 0.05, momentum=0.9, nesterov=True),
    "sgd_groups": lambda p: nn.SGD([{"params": p[:1], "lr": 0.3}, {"params": p[1:]}], 0.1,
                                   momentum=0.5),
    "sgd_group_rate_list": lambda p: nn.SGD([{"params": p[:1], "lr": [0.3, 0.2, 0.1]},
                                             {"params": p[1:]}], 0.1, momentum=0.5),
    "momentum": lambda p: nn.Momentum(p, 0.1, 0.9),
    "momentum_nesterov_decay": lambda p: nn.Momentum(p, 0.1, 0.9, weight_decay=0.02,
                                                     use_nesterov=True),
    "momentum_loss_scale": lambda p: nn.Momentum(p, 0.1, 0.9, loss_scale=4.0),
    "adam": lambda p: nn.Adam(p, 0.01),
    "adam_nesterov_decay": lambda p: nn.Adam(p, 0.01, use_nesterov=True, weight_decay=0.1),
    "adam_amsgrad": lambda p: nn.Adam(p, 0.01, use_amsgrad=True),
    "adam_group_rate_list": lambda p: nn.Adam([{"params": p[:1]},
                                               {"params": p[1:], "lr": [0.02, 0.01]}], 0.01),
    "lazy_adam": lambda p: nn.LazyAdam(p, 0.01),
    "adam_weight_decay": lambda p: nn.AdamWeightDecay(p, 0.01, weight_decay=0.05),
}


def make_params(dtype=onp.float32, seed=0):
    rng = onp.random.default_rng(seed)
    return [ms.Parameter(ms.Tensor(rng.standard_normal(s).astype(dtype)), name=f"p{i}")
            for i, s in enumerate(SHAPES)]


def make_grads(step, dtype=onp.float32):
    rng = onp.random.default_rng(100 + step)
    return tuple(ms.Tensor(rng.standard_normal(s).astype(dtype)) for s in SHAPES)


def state_of(optimizer):
    """Every Parameter the optimizer holds (weights, moments, learning rate, step count)."""
    return {name: p.asnumpy() for name, p in optimizer.parameters_and_names()}


class Counting:
    """Counts the staged writes and the journal copies the in-place path makes."""

    def __init__(self, monkeypatch):
        self.staged, self.copies = 0, 0
        staged, copy = optimizer_module.assign_all, optimizer_in_place.before_write
        monkeypatch.setattr(optimizer_module, "assign_all", lambda pairs: (
            setattr(self, "staged", self.staged + 1), staged(pairs))[1])
        monkeypatch.setattr(optimizer_in_place, "before_write", lambda p: (
            setattr(self, "copies", self.copies + 1), copy(p))[1])


def run_steps(name, in_place, monkeypatch, dtype=onp.float32, steps=3):
    params = make_params(dtype)
    optimizer = CONFIGS[name](params)
    with monkeypatch.context() as patch:
        if not in_place:  # the staged path: new arrays written by assign_all
            patch.setattr(optimizer_in_place, "_plain_gradients", lambda *a: None)
        for step in range(steps):
            assert optimizer(make_grads(step, dtype)) is True
    return state_of(optimizer)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_in_place_steps_equal_the_staged_steps_bit_for_bit(name, dtype, monkeypatch):
    counting = Counting(monkeypatch)
    fast = run_steps(name, True, monkeypatch, dtype)
    assert counting.staged == 0 and counting.copies == 0  # in place, no journal copy
    staged = run_steps(name, False, monkeypatch, dtype)
    assert counting.staged == 3
    assert sorted(fast) == sorted(staged)
    for key in fast:
        assert fast[key].dtype == staged[key].dtype, key
        onp.testing.assert_array_equal(fast[key], staged[key], err_msg=key)
        if key.startswith("p"):
            assert fast[key].dtype == dtype  # float32 stays float32


def run_with_state_set(name, in_place, monkeypatch, reset):
    """Three steps; before the third, ``momentum`` is set to 0.5 and (SGD) the first
    Parameter's ``stat`` flags back to ones, as a user or a loaded checkpoint may."""
    optimizer = CONFIGS[name](make_params())
    with monkeypatch.context() as patch:
        if not in_place:
            patch.setattr(optimizer_in_place, "_plain_gradients", lambda *a: None)
        for step in range(3):
            if step == 2 and reset:
                optimizer.momentum.set_data(ms.Tensor(onp.float32(0.5)))
                if hasattr(optimizer, "stat"):
                    optimizer.stat[0].set_data(ms.Tensor(onp.ones(SHAPES[0], onp.float32)))
            optimizer(make_grads(step))
    return state_of(optimizer)


@pytest.mark.parametrize("name", ["sgd_momentum_decay", "sgd_nesterov", "momentum"])
def test_in_place_steps_read_the_momentum_and_stat_parameters(name, monkeypatch):
    fast = run_with_state_set(name, True, monkeypatch, reset=True)
    staged = run_with_state_set(name, False, monkeypatch, reset=True)
    untouched = run_with_state_set(name, True, monkeypatch, reset=False)
    for key in fast:
        onp.testing.assert_array_equal(fast[key], staged[key], err_msg=key)
    assert fast["momentum"] == onp.float32(0.5)
    assert not onp.array_equal(fast["p0"], untouched["p0"])  # the new state took effect
    if "stat.p0" in fast:
        assert not fast["stat.p0"].any()  # the flags are zeros again after the step


@pytest.mark.parametrize("name", ["sgd_momentum_decay", "momentum", "adam", "adam_weight_decay"])
def test_a_step_keeps_each_parameter_and_its_buffer(name):
    params = make_params()
    optimizer = CONFIGS[name](params)
    buffers = [p.view(onp.ndarray) for _, p in optimizer.parameters_and_names()]
    before = [b.copy() for b in buffers]
    optimizer(make_grads(0))
    after = [p for _, p in optimizer.parameters_and_names()]
    assert all(a is p for a, p in zip(optimizer.parameters, params))
    for buffer, param, old in zip(buffers, after, before):
        assert onp.shares_memory(buffer, param.view(onp.ndarray))
        assert param.dtype == old.dtype
    weights = [b for b, (n, _) in zip(buffers, optimizer.parameters_and_names())
               if n.startswith("p")]
    assert all(not onp.array_equal(w, o) for w, o in zip(weights, before))  # written there


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("bad, error, words", [
    (onp.zeros((5,), onp.float32), OptimizerError, "shape (4,)"),
    (onp.zeros((4,), onp.complex64), OptimizerTypeError, "real numbers"),
])
def test_a_bad_gradient_in_the_middle_changes_nothing(name, bad, error, words):
    optimizer = CONFIGS[name](make_params())
    optimizer(make_grads(0))  # moments and step count already moved once
    before = state_of(optimizer)
    grads = list(make_grads(1))
    grads[1] = ms.Tensor(bad)
    with pytest.raises(error) as caught:
        optimizer(tuple(grads))
    assert "gradient 1 (Parameter 'p1')" in str(caught.value) and words in str(caught.value)
    for n, p in optimizer.parameters_and_names():
        onp.testing.assert_array_equal(p.asnumpy(), before[n], err_msg=n)
        assert p.asnumpy().dtype == before[n].dtype


@pytest.mark.parametrize("name", ["sgd_momentum_decay", "momentum", "adam",
                                  "adam_weight_decay"])
def test_a_failure_after_the_step_in_train_one_step_cell_undoes_it(name, monkeypatch):
    counting = Counting(monkeypatch)
    net = nn.Dense(4, 2)
    optimizer = CONFIGS[name](net.trainable_params())
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer)
    x, y = ms.Tensor(onp.ones((3, 4), onp.float32)), ms.Tensor(onp.zeros((3, 2), onp.float32))
    step(x, y)
    assert counting.staged == 0 and counting.copies == 0  # in place; the step ends the call
    before = state_of(optimizer)

    def refuse(cell, args, output):
        raise RuntimeError("refused after the update")
    step.register_forward_hook(refuse)
    with pytest.raises(RuntimeError, match="refused after the update"):
        step(x, y)
    assert counting.staged == 0 and counting.copies > 0  # a hook follows: the journal copies
    for n, p in optimizer.parameters_and_names():
        onp.testing.assert_array_equal(p.asnumpy(), before[n], err_msg=n)


class FailingTrainStep(nn.TrainOneStepCell):
    def construct(self, *inputs):
        super().construct(*inputs)
        raise KeyError("fails after the update")


class FailingAround(nn.Cell):
    def __init__(self, step):
        super().__init__()
        self.step = step

    def construct(self, *inputs):
        self.step(*inputs)
        raise KeyError("fails after the update")


@pytest.mark.parametrize("wrap", [
    lambda net, opt: FailingTrainStep(nn.WithLossCell(net, nn.MSELoss()), opt),
    lambda net, opt: FailingAround(nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)),
], ids=["subclass", "enclosing_cell"])
def test_a_failure_after_train_one_step_cell_undoes_the_in_place_step(wrap):
    net = nn.Dense(4, 2)
    optimizer = nn.Adam(net.trainable_params(), 0.01)
    step = wrap(net, optimizer)
    before = state_of(optimizer)
    with pytest.raises(KeyError):
        step(ms.Tensor(onp.ones((3, 4), onp.float32)), ms.Tensor(onp.zeros((3, 2), onp.float32)))
    for n, p in optimizer.parameters_and_names():
        onp.testing.assert_array_equal(p.asnumpy(), before[n], err_msg=n)


class FailingMomentum(nn.Momentum):
    def construct(self, gradients):
        super().construct(gradients)
        raise KeyError("fails after its update")


def test_a_subclass_failing_after_its_update_writes_nothing(monkeypatch):
    counting = Counting(monkeypatch)
    optimizer = FailingMomentum(make_params(), 0.1, 0.9)
    before = state_of(optimizer)
    with pytest.raises(KeyError):
        optimizer(make_grads(0))
    assert counting.staged == 1  # a subclass keeps the staged, journalled path
    for n, p in optimizer.parameters_and_names():
        onp.testing.assert_array_equal(p.asnumpy(), before[n], err_msg=n)


def test_gradients_that_alias_parameters_read_the_old_values():
    rng = onp.random.default_rng(3)
    a0, b0 = rng.standard_normal((2, 3)), rng.standard_normal((2, 3))
    a, b = ms.Parameter(ms.Tensor(a0), name="a"), ms.Parameter(ms.Tensor(b0), name="b")
    nn.SGD([a, b], 0.5)((b, a))  # each one's gradient is the other Parameter
    onp.testing.assert_allclose(a.asnumpy(), a0 - 0.5 * b0, rtol=1e-15)
    onp.testing.assert_allclose(b.asnumpy(), b0 - 0.5 * a0, rtol=1e-15)


def test_floating_point_errors_set_to_raise_leave_nothing_half_written():
    params = [ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)), name=f"w{i}") for i in range(2)]
    optimizer = nn.Momentum(params, 4.0, 0.9)  # 4 * max overflows
    grads = (ms.Tensor(onp.ones(2, onp.float32)),
             ms.Tensor(onp.full(2, onp.finfo(onp.float32).max, onp.float32)))
    with onp.errstate(over="raise"), pytest.raises(FloatingPointError):
        optimizer(grads)
    for p in params:
        onp.testing.assert_array_equal(p.asnumpy(), [1.0, 1.0])
    assert int(optimizer.global_step[0]) == 0
