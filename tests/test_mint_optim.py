"""``mint.optim``'s rules beyond the oracle replay: AMSGrad's stored running maximum, dtypes
kept, all-or-nothing steps, groups added later, the learning-rate Parameters, and the error
messages naming the optimizer and argument."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import mint, nn
from minpy_compat.mint import optim

OPTIMIZERS = [("Adam", {}), ("AdamW", {}), ("FusedAdamW", {}), ("SGD", {"lr": 0.1})]


def _param(values, dtype=onp.float32, name="w"):
    return ms.Parameter(ms.Tensor(onp.array(values, dtype)), name=name)


def test_mint_exposes_optim_lazily():
    assert mint.optim.Adam is optim.Adam
    assert sorted(optim.__all__) == ["Adam", "AdamW", "FusedAdamW", "Optimizer", "SGD"]
    for name in optim.__all__:
        assert getattr(optim, name).__doc__.strip()


def test_amsgrad_keeps_the_running_maximum():
    w = _param([0.0, 0.0])
    opt = optim.Adam([w], lr=0.1, betas=(0.9, 0.5), amsgrad=True)
    opt((ms.Tensor([4.0, 1.0]),))
    opt((ms.Tensor([0.0, 3.0]),))
    maximum = opt.param_groups[0]["max_exp_avg_sq"][0]
    v1 = 0.5 * onp.array([16.0, 1.0])
    v2 = 0.5 * v1 + 0.5 * onp.array([0.0, 9.0])
    onp.testing.assert_allclose(onp.asarray(maximum), onp.maximum(v1, v2), rtol=1e-6)
    onp.testing.assert_allclose(onp.asarray(opt.exp_avg_sq[0]), v2, rtol=1e-6)


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
@pytest.mark.parametrize("cls,kwargs", OPTIMIZERS)
def test_each_optimizer_keeps_the_parameter_dtype(cls, kwargs, dtype):
    w = _param([1.0, -2.0], dtype)
    opt = getattr(optim, cls)([w], amsgrad=True, **kwargs) if cls != "SGD" else \
        optim.SGD([w], momentum=0.9, **kwargs)
    for _ in range(2):
        opt((ms.Tensor(onp.array([0.5, 0.25], dtype)),))
    assert onp.asarray(w).dtype == dtype
    assert onp.all(onp.asarray(w) != onp.array([1.0, -2.0]))


@pytest.mark.parametrize("cls,kwargs", OPTIMIZERS)
def test_a_bad_gradient_changes_nothing(cls, kwargs):
    w, b = _param([1.0, 2.0]), _param([3.0], name="b")
    opt = getattr(optim, cls)([w, b], **kwargs)
    before = {n: onp.asarray(p).copy() for n, p in opt.parameters_and_names()}
    with pytest.raises(ValueError, match=rf"{cls} gradient 1 \(Parameter 'b'\)"):
        opt((ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, 2.0, 3.0])))
    with pytest.raises(ValueError, match=rf"{cls}: expected 2 gradients"):
        opt((ms.Tensor([1.0, 1.0]),))
    for name, param in opt.parameters_and_names():
        onp.testing.assert_array_equal(onp.asarray(param), before[name])


def test_a_group_added_later_gets_its_own_state():
    w, b = _param([1.0]), _param([2.0, 3.0], name="b")
    opt = optim.Adam([w], lr=0.1)
    opt.add_param_group({"params": [b], "lr": 0.5})
    assert {"exp_avg.b", "exp_avg_sq.b"} <= {n for n, _ in opt.parameters_and_names()}
    assert opt.param_groups[1]["lr"].name == "learning_rate_group_1"
    opt((ms.Tensor([1.0]), ms.Tensor([1.0, -1.0])))
    onp.testing.assert_allclose(onp.asarray(b), [1.5, 3.5], rtol=1e-6)
    onp.testing.assert_allclose(onp.asarray(w), [0.9], rtol=1e-6)


def test_the_group_learning_rate_parameter_drives_adam():
    w = _param([1.0])
    opt = optim.Adam([w], lr=0.1)
    opt.param_groups[0]["lr"].set_data(ms.Tensor(onp.float32(0.25)))
    opt((ms.Tensor([2.0]),))
    onp.testing.assert_allclose(onp.asarray(w), [0.75], rtol=1e-6)
    assert "lr: 0.25" in repr(opt) and repr(opt).startswith("Adam (\nParameter Group 0")


def test_a_training_loop_as_mindspores_docs_show():
    net = nn.Dense(3, 1)
    opt = optim.AdamW(net.trainable_params(), lr=0.05)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)
    x = ms.Tensor(onp.random.default_rng(0).standard_normal((8, 3)).astype(onp.float32))
    y = ms.Tensor(onp.ones((8, 1), onp.float32))
    losses = []
    for _ in range(30):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(float(loss))
    assert losses[-1] < losses[0] / 2
    assert int(onp.asarray(opt.state_step)[0]) == 29  # MindSpore's AdamW counts from -1


@pytest.mark.parametrize("cls,kwargs,error,pattern", [
    ("Adam", {"lr": -1.0}, ValueError, r"Adam lr: expected a value >= 0.0, got -1.0"),
    ("Adam", {"lr": 1}, TypeError, r"Adam lr: expected a float, got int"),
    ("AdamW", {"betas": (0.9, 1.0)}, ValueError,
     r"AdamW betas\[1\]: expected a value in \[0, 1\), got 1.0"),
    ("Adam", {"betas": [0.9, 0.99]}, TypeError, r"Adam betas: expected a tuple"),
    ("FusedAdamW", {"betas": (0.9,)}, ValueError, r"FusedAdamW betas: expected 2 values"),
    ("AdamW", {"eps": -1e-8}, ValueError, r"AdamW eps: expected a value >= 0.0"),
    ("SGD", {"lr": "a"}, TypeError, r"SGD lr: expected a float, int, bool or Tensor"),
    ("SGD", {"lr": 0.1, "momentum": -1}, ValueError, r"SGD momentum: expected a value >= 0"),
    ("SGD", {"lr": 0.1, "nesterov": True}, ValueError,
     r"SGD nesterov=True: expected momentum > 0 and dampening == 0"),
])
def test_bad_hyper_parameters_name_the_optimizer_and_argument(cls, kwargs, error, pattern):
    with pytest.raises(error, match=pattern):
        getattr(optim, cls)([_param([1.0])], **kwargs)


def test_bad_params_name_the_optimizer():
    w = _param([1.0])
    with pytest.raises(TypeError, match=r"Adam params\[1\]: expected a Parameter, got Array"):
        optim.Adam([w, ms.Tensor([1.0])])
    with pytest.raises(ValueError, match=r"SGD params: expected at least one Parameter"):
        optim.SGD([], lr=0.1)
    with pytest.raises(TypeError, match=r"AdamW params: expected an iterable"):
        optim.AdamW(w)
    with pytest.raises(ValueError, match=r"Adam.add_param_group: expected each Parameter in "
                                         r"one group only"):
        optim.Adam([{"params": [w]}, {"params": [w]}])
    with pytest.raises(ValueError, match=r"FusedAdamW params: expected one amsgrad setting"):
        optim.FusedAdamW([{"params": [w], "amsgrad": True}, {"params": [_param([2.0])]}])
