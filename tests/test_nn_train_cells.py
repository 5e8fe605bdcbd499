"""The new losses, adaptive optimizers and learning-rate schedules: float64
finite-difference gradients, float32 kept, argument errors naming the Cell, schedules and
lists driving an optimizer, all-or-nothing steps, docstrings."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn

RNG = onp.random.default_rng(7)
X = RNG.standard_normal((3, 4))
Y = RNG.standard_normal((3, 4))
UNIT = RNG.uniform(0.1, 0.9, (3, 4))
SIGN = onp.where(RNG.random((3, 4)) < 0.5, -1.0, 1.0)
POS = RNG.uniform(0.5, 2.0, (3, 4))
LOGP = onp.log(onp.full((3, 4), 0.25)) + 0.1 * X
LABELS = onp.array([0, 3, 1], onp.int32)

# (Cell, the float inputs it is differentiated in, the fixed ones after them)
LOSSES = [
    (nn.BCELoss(weight=ms.Tensor(onp.array([1.0, 2.0, 0.5, 1.0]))), (UNIT, UNIT[::-1]), ()),
    (nn.BCEWithLogitsLoss(pos_weight=ms.Tensor(onp.array([2.0, 1.0, 0.5, 1.0]))),
     (X, UNIT), ()),
    (nn.NLLLoss(weight=ms.Tensor(onp.array([1.0, 2.0, 0.5, 1.0])), ignore_index=1),
     (LOGP,), (LABELS,)),
    (nn.KLDivLoss(reduction="batchmean"), (LOGP, POS / POS.sum(1, keepdims=True)), ()),
    (nn.HuberLoss(delta=0.7, reduction="sum"), (X, Y), ()),
    (nn.SoftMarginLoss(), (X, SIGN), ()),
    (nn.CosineEmbeddingLoss(margin=-0.9), (X, Y), (SIGN[:, 0],)),
    (nn.MarginRankingLoss(margin=0.3), (X, Y, SIGN), ()),
    (nn.MultiMarginLoss(p=2, weight=ms.Tensor(onp.array([1.0, 2.0, 0.5, 1.0]))),
     (X,), (LABELS.astype(onp.int64),)),
    (nn.PoissonNLLLoss(full=True), (X, POS * 2), ()),
    (nn.PoissonNLLLoss(log_input=False), (POS, POS[::-1]), ()),
    (nn.GaussianNLLLoss(full=True), (X, Y, POS), ()),
]
IDS = [f"{type(c).__name__}{i}" for i, (c, _, _) in enumerate(LOSSES)]


@pytest.mark.parametrize("case", LOSSES, ids=IDS)
def test_loss_gradients_match_finite_differences_in_float64(case):
    cell, floats, fixed = case
    check_grads(lambda *xs: cell(*xs, *fixed), modes=["rev"], order=1)(*floats)


@pytest.mark.parametrize("case", LOSSES, ids=IDS)
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_loss_keeps_float32(case, reduction):
    cell, floats, fixed = case
    cell.reduction, cell.reduce, cell.average = reduction, reduction != "none", \
        reduction == "mean"
    out = cell(*[ms.Tensor(x.astype(onp.float32)) for x in floats], *fixed)
    assert onp.asarray(out).dtype == onp.float32
    grads = ms.ops.GradOperation(get_all=True)(lambda *xs: cell(*xs, *fixed))(
        *[ms.Tensor(x.astype(onp.float32)) for x in floats])
    assert all(onp.asarray(g).dtype == onp.float32 for g in grads)


@pytest.mark.parametrize("build, error, match", [
    (lambda: nn.BCELoss(weight=[1.0]), TypeError, "BCELoss weight"),
    (lambda: nn.BCEWithLogitsLoss(pos_weight=ms.Parameter(ms.Tensor([1.0]), name="p")),
     TypeError, "BCEWithLogitsLoss pos_weight"),
    (lambda: nn.NLLLoss(ignore_index=0.5), TypeError, "NLLLoss ignore_index"),
    (lambda: nn.KLDivLoss(reduction="avg"), ValueError, "KLDivLoss reduction"),
    (lambda: nn.HuberLoss(delta=0), ValueError, "HuberLoss delta"),
    (lambda: nn.SoftMarginLoss(reduction=None), ValueError, "SoftMarginLoss reduction"),
    (lambda: nn.CosineEmbeddingLoss(margin=2.0), ValueError, "CosineEmbeddingLoss margin"),
    (lambda: nn.MarginRankingLoss(margin=1), TypeError, "MarginRankingLoss margin"),
    (lambda: nn.MultiMarginLoss(p=3), ValueError, "MultiMarginLoss p"),
    (lambda: nn.PoissonNLLLoss(full=1), TypeError, "PoissonNLLLoss full"),
    (lambda: nn.GaussianNLLLoss(eps=-1.0), ValueError, "GaussianNLLLoss eps"),
    (lambda: nn.RMSProp(nn.Dense(2, 1).trainable_params(), decay=1), TypeError, "RMSProp decay"),
    (lambda: nn.Adagrad(nn.Dense(2, 1).trainable_params(), accum=-1.0), ValueError,
     "Adagrad accum"),
    (lambda: nn.Adadelta(nn.Dense(2, 1).trainable_params(), rho=2.0), ValueError,
     "Adadelta rho"),
    (lambda: nn.AdamWeightDecay(nn.Dense(2, 1).trainable_params(), beta2=1.0), ValueError,
     "AdamWeightDecay beta2"),
    (lambda: nn.ExponentialDecayLR(0.1, 0.9, 0), ValueError, "ExponentialDecayLR decay_steps"),
    (lambda: nn.CosineDecayLR(0.2, 0.1, 3), ValueError, "CosineDecayLR max_lr"),
    (lambda: nn.PolynomialDecayLR(0.1, 0.0, 3, 1), TypeError, "PolynomialDecayLR power"),
    (lambda: nn.WarmUpLR(1, 3), TypeError, "WarmUpLR learning_rate"),
    (lambda: nn.natural_exp_decay_lr(0.1, 0.5, 4, 1, 2, is_stair=1), TypeError,
     "natural_exp_decay_lr is_stair"),
    (lambda: nn.inverse_decay_lr(0.1, -0.5, 4, 1, 2), ValueError, "inverse_decay_lr decay_rate"),
    (lambda: nn.polynomial_decay_lr(0.1, 0.0, 4, 1.0, 2, 1.0), TypeError,
     "polynomial_decay_lr step_per_epoch"),
])
def test_bad_arguments_name_the_cell(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_loss_shape_mistake_names_the_cell():
    with pytest.raises(ValueError, match="HuberLoss labels: expected shape"):
        nn.HuberLoss()(ms.Tensor(X), ms.Tensor(Y[:2]))
    with pytest.raises(TypeError, match="NLLLoss labels: expected int class indices"):
        nn.NLLLoss()(ms.Tensor(LOGP), ms.Tensor(LABELS.astype(onp.float32)))
    with pytest.raises(ValueError, match="NLLLoss labels: expected class indices in"):
        nn.NLLLoss()(ms.Tensor(LOGP), ms.Tensor(onp.array([0, 4, 1], onp.int32)))


def _net(value):
    net = nn.Dense(2, 1, weight_init="zeros", bias_init="zeros")
    net.weight.set_data(onp.full((1, 2), value, onp.float32))
    return net


@pytest.mark.parametrize("schedule", [nn.ExponentialDecayLR(0.1, 0.5, 1),
                                      nn.WarmUpLR(0.2, 2), nn.CosineDecayLR(0.0, 0.1, 2),
                                      nn.PolynomialDecayLR(0.1, 0.01, 2, 1.0)])
def test_schedule_cell_drives_the_optimizer_step_by_step(schedule):
    net = _net(1.0)
    opt = nn.Adagrad(net.trainable_params(), accum=0.0, learning_rate=schedule)
    grads = (ms.Tensor(onp.ones((1, 2), onp.float32)), ms.Tensor(onp.ones(1, onp.float32)))
    for step in range(3):
        before = onp.asarray(net.weight).copy()
        opt(grads)
        rate = float(schedule(ms.Tensor(step, ms.int32)))
        # accum after step t is t + 1, so the step is rate / sqrt(t + 1)
        onp.testing.assert_allclose(before - onp.asarray(net.weight),
                                    rate / onp.sqrt(step + 1), rtol=1e-5)


def test_failing_step_changes_nothing():
    net = _net(1.0)
    for opt in (nn.RMSProp(net.trainable_params(), centered=True),
                nn.Adagrad(net.trainable_params()), nn.Adadelta(net.trainable_params()),
                nn.AdamWeightDecay(net.trainable_params(), weight_decay=0.1)):
        state = [onp.asarray(p).copy() for p in opt.get_parameters()]
        with pytest.raises(ValueError, match=f"{type(opt).__name__} gradient 1"):
            opt((ms.Tensor(onp.ones((1, 2), onp.float32)), ms.Tensor(onp.ones(3, onp.float32))))
        assert all(onp.array_equal(s, p) for s, p in zip(state, opt.get_parameters()))


def test_every_new_name_is_exported_with_a_docstring():
    names = ["BCELoss", "BCEWithLogitsLoss", "NLLLoss", "KLDivLoss", "HuberLoss",
             "SoftMarginLoss", "CosineEmbeddingLoss", "MarginRankingLoss", "MultiMarginLoss",
             "PoissonNLLLoss", "GaussianNLLLoss", "RMSProp", "Adagrad", "AdamWeightDecay",
             "Adadelta", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
             "cosine_decay_lr", "polynomial_decay_lr", "piecewise_constant_lr", "warmup_lr",
             "LearningRateSchedule", "ExponentialDecayLR", "CosineDecayLR",
             "PolynomialDecayLR", "WarmUpLR"]
    for name in names:
        assert name in nn.__all__ and getattr(nn, name).__doc__.strip(), name
