"""Random networks of the round-3 Cells, training: two ``TrainOneStepCell`` steps with
RMSProp (plain and centered), Adagrad, Adadelta and AdamWeightDecay, each at a fixed rate or
a ``LearningRateSchedule`` Cell, against the updates written by hand from ``ms.grad``'s
gradients; float32 networks train in float32; a step failing part-way (a bad label, a
forward or backward hook raising) changes no Parameter nor optimizer state; the new losses
on top of the networks against finite differences. Networks from
``test_cell_random_networks_round3.new_cell_networks``."""
import copy

import numpy as onp
import pytest
from hypothesis import assume, given, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops
from tests.cell_network_helpers import BATCH, CI, assert_matches
from tests.test_cell_random_networks_round3 import _public_cells, in_dtype, new_cell_networks

SCHEDULES = {
    "exponential": lambda: nn.ExponentialDecayLR(0.1, 0.5, 1),
    "cosine": lambda: nn.CosineDecayLR(0.01, 0.1, 3),
    "polynomial": lambda: nn.PolynomialDecayLR(0.1, 0.01, 3, 2.0),
    "warmup": lambda: nn.WarmUpLR(0.1, 2),
    "fixed": lambda: 0.0625,  # exact in float32, the dtype of the optimizer's rate
}
OPTIMIZERS = {
    "rmsprop": lambda ps, lr: nn.RMSProp(ps, lr, decay=0.8, momentum=0.5, epsilon=1e-6),
    "rmsprop-centered": lambda ps, lr: nn.RMSProp(ps, lr, centered=True, epsilon=1e-6),
    "adagrad": lambda ps, lr: nn.Adagrad(ps, 0.1, lr),
    "adadelta": lambda ps, lr: nn.Adadelta(ps, lr, rho=0.8, epsilon=1e-6),
    "adamweightdecay": lambda ps, lr: nn.AdamWeightDecay(ps, lr, weight_decay=0.01),
}


def _rate(schedule, step):
    rate = SCHEDULES[schedule]()
    return rate if isinstance(rate, float) else float(rate(ms.Tensor(onp.int32(step))))


def _by_hand(kind, param, g, s, lr):
    """One update of ``param`` (its state in the dict ``s``), from the documented rules."""
    w = param.asnumpy()
    if kind == "rmsprop":
        s["ms"] = 0.8 * s.get("ms", 1.0) + 0.2 * g * g
        s["mom"] = 0.5 * s.get("mom", 0.0) + lr * g / onp.sqrt(s["ms"] + 1e-6)
        w = w - s["mom"]
    elif kind == "rmsprop-centered":
        s["ms"] = 0.9 * s.get("ms", 1.0) + 0.1 * g * g
        s["mg"] = 0.9 * s.get("mg", 0.0) + 0.1 * g
        w = w - lr * g / onp.sqrt(s["ms"] - s["mg"] ** 2 + 1e-6)
    elif kind == "adagrad":
        s["accum"] = s.get("accum", 0.1) + g * g
        w = w - lr * g / onp.sqrt(s["accum"])
    elif kind == "adadelta":
        s["accum"] = 0.8 * s.get("accum", 0.0) + 0.2 * g * g
        update = onp.sqrt(s.get("update", 0.0) + 1e-6) / onp.sqrt(s["accum"] + 1e-6) * g
        s["update"] = 0.8 * s.get("update", 0.0) + 0.2 * update * update
        w = w - lr * update
    else:
        s["m"] = 0.9 * s.get("m", 0.0) + 0.1 * g
        s["v"] = 0.999 * s.get("v", 0.0) + 0.001 * g * g
        decay = 0.0 if "beta" in param.name or "gamma" in param.name else 0.01
        w = w - lr * (s["m"] / (onp.sqrt(s["v"]) + 1e-6) + decay * w)
    param.set_data(ms.Tensor(w.astype(param.dtype)))


def _label(dtype=onp.float64):
    return ms.Tensor(onp.random.RandomState(2).normal(size=(BATCH, 2)).astype(dtype))


@CI
@given(new_cell_networks(), st.sampled_from(sorted(OPTIMIZERS)), st.sampled_from(sorted(SCHEDULES)))
def test_two_steps_are_the_updates_by_hand(case, kind, schedule):
    net, x = case
    net.set_train(False)
    mine = nn.WithLossCell(copy.deepcopy(net), nn.MSELoss())
    params = mine.trainable_params()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               OPTIMIZERS[kind](net.trainable_params(), SCHEDULES[schedule]()))
    states = [{} for _ in params]
    for t in (0, 1):
        loss, grads = ms.value_and_grad(mine, None, params)(x, _label())
        for param, grad, state in zip(params, grads, states):
            _by_hand(kind, param, grad.asnumpy(), state, _rate(schedule, t))
        assert float(step(x, _label()).asnumpy()) == pytest.approx(float(loss.asnumpy()),
                                                                   rel=1e-9)
    for (name, p), q in zip(net.parameters_and_names(), mine.get_parameters()):
        onp.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-7, atol=1e-9,
                                    err_msg=name)


@CI
@given(new_cell_networks(), st.sampled_from(sorted(OPTIMIZERS)), st.sampled_from(sorted(SCHEDULES)),
       st.booleans())
def test_float32_networks_train_in_float32(case, kind, schedule, train):
    net, x = case
    net = in_dtype(net, onp.float32)
    net.set_train(train)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               OPTIMIZERS[kind](net.trainable_params(), SCHEDULES[schedule]()))
    for _ in range(2):
        assert step(ms.Tensor(x.asnumpy().astype(onp.float32)),
                    _label(onp.float32)).dtype == onp.float32
    for name, p in step.parameters_and_names():
        assert p.dtype != onp.float64 and onp.isfinite(p.asnumpy()).all(), name


class Boom(FloatingPointError):
    """What the failing hooks raise."""


def _raise(*args):
    raise Boom("nan")


@CI
@given(new_cell_networks(), st.sampled_from(sorted(OPTIMIZERS)), st.sampled_from(sorted(SCHEDULES)),
       st.sampled_from(["label", "forward", "backward"]), st.integers(0, 99))
def test_a_failing_step_changes_no_state(case, kind, schedule, where, seed):
    net, x = case
    net.set_train(bool(seed % 2))
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               OPTIMIZERS[kind](net.trainable_params(), SCHEDULES[schedule]()))
    step(x, _label())  # moments, accumulators and global_step away from their start
    before = {name: p.asnumpy().copy() for name, p in step.parameters_and_names()}
    cells = [cell for _, cell in _public_cells(net)]
    if where == "label":
        with pytest.raises(ValueError):
            step(x, ms.Tensor(onp.zeros((BATCH, 3))))
    else:
        if where == "backward":  # a Cell whose input has a gradient: the last Dense
            assume(any(c.trainable_params() for c in list(net)[:-1]))
            net[len(net) - 1].register_backward_hook(_raise)
        else:
            cells[seed % len(cells)].register_forward_hook(_raise)
        with pytest.raises(Boom):
            step(x, _label())
    for name, p in step.parameters_and_names():
        onp.testing.assert_array_equal(p.asnumpy(), before[name], err_msg=name)


# ---- the new losses on top ------------------------------------------------------------------
TARGET = onp.random.RandomState(5).uniform(0.1, 0.9, (BATCH, 2))
CLASSES = onp.array([0, 1, 1], onp.int32)


def _t(values, out):
    return ms.Tensor(onp.asarray(values), out.dtype)


LOSSES = {
    "BCELoss": lambda o: nn.BCELoss(weight=_t([0.5, 2.0], o), reduction="sum")(
        ops.sigmoid(o), _t(TARGET, o)),
    "BCEWithLogitsLoss": lambda o: nn.BCEWithLogitsLoss(pos_weight=_t([1.5, 0.5], o))(
        o, _t(TARGET, o)),
    "HuberLoss": lambda o: nn.HuberLoss(delta=0.3)(o, _t(TARGET, o)),
    "SoftMarginLoss": lambda o: nn.SoftMarginLoss()(o, _t(onp.sign(TARGET - 0.5), o)),
    "MarginRankingLoss": lambda o: nn.MarginRankingLoss(0.1)(o[:, 0], o[:, 1],
                                                             _t([1., -1., 1.], o)),
    "CosineEmbeddingLoss": lambda o: nn.CosineEmbeddingLoss(0.2)(
        o, _t(TARGET, o), ms.Tensor(onp.array([1, -1, 1], onp.int32))),
    "NLLLoss": lambda o: nn.NLLLoss(weight=_t([0.3, 1.0], o))(
        ops.log_softmax(o, 1), ms.Tensor(CLASSES)),
    "KLDivLoss": lambda o: nn.KLDivLoss("batchmean")(ops.log_softmax(o, 1), _t(TARGET, o)),
    "MultiMarginLoss": lambda o: nn.MultiMarginLoss(p=2, margin=0.7)(o, ms.Tensor(CLASSES)),
    "PoissonNLLLoss": lambda o: nn.PoissonNLLLoss()(o, _t(TARGET, o)),
    "GaussianNLLLoss": lambda o: nn.GaussianNLLLoss()(o, _t(TARGET, o), ops.exp(o[:, :1])),
}


class LossHead(nn.Cell):
    """``loss(net(x))`` with Dropout's mask drawn from one seed on every forward."""

    def __init__(self, net, kind):
        super().__init__(auto_prefix=False)
        self.net, self.kind = net, kind

    def construct(self, x):
        ms.set_seed(11)
        return LOSSES[self.kind](self.net(x))


@CI
@given(new_cell_networks(), st.sampled_from(sorted(LOSSES)), st.booleans())
def test_the_new_losses_on_top_match_finite_differences(case, kind, train):
    net, x = case
    net.set_train(train)
    head = LossHead(net, kind)
    params = head.trainable_params()
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head, params)(x)
    assert_matches(head, x, list(inputs) + list(weights))
    grads = ms.grad(head, grad_position=0, weights=params)(x)
    assert_matches(head, x, [grads[0]] + list(grads[1]))
    head32 = LossHead(in_dtype(net, onp.float32), kind)
    x32 = ms.Tensor(x.asnumpy().astype(onp.float32))
    assert head32(x32).dtype == onp.float32
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head32)(x32)
    assert {g.dtype for g in list(inputs) + list(weights)} == {onp.dtype(onp.float32)}
