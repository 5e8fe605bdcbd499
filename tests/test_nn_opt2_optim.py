"""The opt2 optimizers beyond the MindSpore oracle (whose CPU build has no Lamb or
LARSUpdate kernel): Lamb and LARS against their documented rules over three steps,
float32 Parameters kept float32, a bad gradient changing nothing, bad arguments."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import OptimizerError, OptimizerTypeError

rng = onp.random.default_rng(1)
START = [rng.standard_normal((2, 3)).astype(onp.float32),
         rng.standard_normal(2).astype(onp.float32)]
GRADS = [[rng.standard_normal(s.shape).astype(onp.float32) for s in START] for _ in range(3)]


def _params(names=("weight", "bias")):
    return [ms.Parameter(ms.Tensor(v.copy()), name=n) for v, n in zip(START, names)]


def _run(optimizer, params):
    for grads in GRADS:
        optimizer(tuple(ms.Tensor(g) for g in grads))
    return [onp.asarray(p) for p in params]


def _lamb_reference(lr, decays, b1=0.9, b2=0.999, eps=1e-6):
    w = [v.astype(onp.float64) for v in START]
    m, v = [onp.zeros_like(x) for x in w], [onp.zeros_like(x) for x in w]
    for t, grads in enumerate(GRADS, 1):
        for i, g in enumerate(grads):
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            r = m[i] / (1 - b1 ** t) / (onp.sqrt(v[i] / (1 - b2 ** t)) + eps) + decays[i] * w[i]
            trust = onp.linalg.norm(w[i]) / onp.linalg.norm(r)
            w[i] = w[i] - lr * trust * r
    return w


def test_lamb_follows_its_documented_rule_with_decay_skipping_beta():
    params = _params(("weight", "beta"))
    ours = _run(nn.Lamb(params, learning_rate=0.05, weight_decay=0.1), params)
    for got, want in zip(ours, _lamb_reference(0.05, [0.1, 0.0])):
        onp.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-6)
        assert got.dtype == onp.float32


def _lars_reference(lr, momentum, decay, coefficient, eps=1e-5, clip=False):
    w = [v.astype(onp.float64) for v in START]
    moments = [onp.zeros_like(x) for x in w]
    for grads in GRADS:
        for i, g in enumerate(grads):
            if i == 0:  # the default filter skips Parameters named *bias*
                w_norm, g_norm = onp.linalg.norm(w[i]), onp.linalg.norm(g)
                trust = coefficient * w_norm / (g_norm + decay * w_norm + eps)
                trust = min(trust / lr, 1.0) if clip else trust
                g = trust * (g + decay * w[i])
            moments[i] = momentum * moments[i] + g
            w[i] = w[i] - lr * moments[i]
    return w


@pytest.mark.parametrize("decay, coefficient, clip", [(0.0, 0.001, False), (0.1, 0.5, False),
                                                      (0.1, 0.05, True)])
def test_lars_follows_its_documented_rule(decay, coefficient, clip):
    params = _params()
    inner = nn.Momentum(params, 0.1, 0.9, weight_decay=decay)
    ours = _run(nn.LARS(inner, coefficient=coefficient, use_clip=clip), params)
    for got, want in zip(ours, _lars_reference(0.1, 0.9, decay, coefficient, clip=clip)):
        onp.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-6)


def _build(name, params):
    if name == "LARS":
        return nn.LARS(nn.SGD(params, 0.1))
    return getattr(nn, name)(params, learning_rate=0.1)


@pytest.mark.parametrize("name", ["AdaMax", "ProximalAdagrad", "Lamb", "LARS", "LazyAdam",
                                  "ASGD", "Rprop"])
def test_float32_kept_and_a_bad_gradient_changes_nothing(name):
    params = _params()
    optimizer = _build(name, params)
    _run(optimizer, params)
    before = [onp.asarray(p).copy() for p in params] + \
        [onp.asarray(p).copy() for p in optimizer.get_parameters()]
    with pytest.raises(OptimizerError, match="gradient 1"):
        optimizer((ms.Tensor(GRADS[0][0]), ms.Tensor(onp.ones(5, onp.float32))))
    after = [onp.asarray(p) for p in params] + [onp.asarray(p) for p in optimizer.get_parameters()]
    assert all(a.dtype == b.dtype and onp.array_equal(a, b) for a, b in zip(before, after))
    assert all(onp.asarray(p).dtype == onp.float32 for p in params)


def test_bad_arguments_name_the_optimizer():
    params = _params()
    with pytest.raises(OptimizerTypeError, match="LARS optimizer"):
        nn.LARS(params)
    with pytest.raises(OptimizerTypeError, match="LARS use_clip"):
        nn.LARS(nn.SGD(params, 0.1), use_clip=1)
    with pytest.raises(OptimizerError, match="Rprop step_sizes"):
        nn.Rprop(params, step_sizes=(0.1, 0.2, 0.3))
    with pytest.raises(OptimizerTypeError, match="ASGD t0"):
        nn.ASGD(params, t0=10)
    with pytest.raises(OptimizerError, match="ProximalAdagrad accum"):
        nn.ProximalAdagrad(params, accum=-0.5)
    with pytest.raises(OptimizerError, match="AdaMax beta2"):
        nn.AdaMax(params, beta2=0.0)


@pytest.mark.parametrize("cls", ["NLLLoss", "CrossEntropyLoss"])
def test_a_parameter_class_weight_given_to_the_loss_cell_gets_its_gradient(cls):
    weight = ms.Parameter(ms.Tensor(onp.array([0.5, 1.0, 2.0])), name="w")
    loss = getattr(nn, cls)(weight=weight)
    assert [n for n, _ in loss.parameters_and_names()] == ["weight"]  # as MindSpore's
    x = rng.standard_normal((4, 3))
    y = ms.Tensor(onp.array([0, 1, 2, 1], onp.int32))
    grad = ms.ops.GradOperation(get_by_list=True)(loss, ms.ParameterTuple([weight]))(
        ms.Tensor(x), y)[0]
    step = 1e-6
    for i in range(3):
        bump = onp.eye(3)[i] * step
        plus = getattr(nn, cls)(weight=ms.Tensor(onp.array([0.5, 1.0, 2.0]) + bump))
        minus = getattr(nn, cls)(weight=ms.Tensor(onp.array([0.5, 1.0, 2.0]) - bump))
        numeric = (float(plus(ms.Tensor(x), y)) - float(minus(ms.Tensor(x), y))) / (2 * step)
        onp.testing.assert_allclose(grad[i], numeric, rtol=1e-5, atol=1e-8)
