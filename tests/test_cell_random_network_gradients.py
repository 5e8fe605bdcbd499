"""Random MindSpore-style networks (cell_network_helpers.networks): every gradient API against
finite differences.

For each network ``GradOperation``, ``ms.grad`` and ``ms.value_and_grad`` (with ``has_aux``)
must match central finite differences in float64, float32 networks must give float32
gradients, one ``TrainOneStepCell`` step with ``SGD`` / ``Momentum`` must equal the update
written by hand, and a step that fails part-way must leave every Parameter as it was."""
import numpy as onp
import pytest
from hypothesis import given, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops
from cell_network_helpers import BATCH, CI, Head, _in_dtype, _loss, assert_matches, networks


# ---- the properties -------------------------------------------------------------------------
@CI
@given(networks())
def test_every_gradient_api_matches_finite_differences(case):
    net, x = case
    head = Head(net)
    params = head.trainable_params()
    n_x = 1 if x.dtype.kind == "f" else 0
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head, params)(x)
    assert_matches(head, x, list(inputs)[:n_x] + list(weights))
    assert_matches(head, x, list(inputs)[:n_x] + list(ops.GradOperation(get_by_list=True)(head)(x)))
    grads = ms.grad(head, grad_position=0 if n_x else None, weights=params)(x)
    assert_matches(head, x, (list(grads[0:1]) + list(grads[1])) if n_x else list(grads))
    aux_head = Head(net, aux=True)
    (value, out), grads = ms.value_and_grad(aux_head, None, params, has_aux=True)(x)
    assert abs(float(value.asnumpy()) - _loss(head, x)) < 1e-9
    onp.testing.assert_allclose(out.asnumpy(), net(x).asnumpy())
    assert_matches(head, x, list(inputs)[:n_x] + list(grads))


@CI
@given(networks())
def test_float32_networks_give_float32_gradients(case):
    net, x = case
    net = _in_dtype(net, onp.float32)
    x = ms.Tensor(x.asnumpy().astype(onp.float32)) if x.dtype.kind == "f" else x
    head = Head(net)
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head)(x)
    (value, _), grads = ms.value_and_grad(Head(net, aux=True), 0, head.trainable_params(),
                                          has_aux=True)(x)
    assert value.dtype == onp.float32
    for g in list(inputs) + list(weights) + [grads[0]] + list(grads[1]):
        assert onp.asarray(g).dtype == (onp.float32 if g.dtype.kind == "f" else x.dtype)
    for g, w in zip(weights, grads[1]):
        onp.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def _optimizer(params, kind):
    if kind == "sgd":
        return nn.SGD(params, 0.25)
    if kind == "sgd-momentum":
        return nn.SGD(params, 0.25, momentum=0.9)
    return nn.Momentum(params, 0.25, 0.9)


@CI
@given(networks(), st.sampled_from(["sgd", "sgd-momentum", "momentum"]))
def test_one_training_step_is_the_update_by_hand(case, kind):
    net, x = case
    label = ms.Tensor(onp.random.RandomState(2).normal(size=(BATCH, 2)))
    with_loss = nn.WithLossCell(net, nn.MSELoss())
    params = with_loss.trainable_params()
    loss, grads = ms.value_and_grad(with_loss, None, params)(x, label)
    expected = [p.asnumpy() - 0.25 * g.asnumpy() for p, g in zip(params, grads)]
    step = nn.TrainOneStepCell(with_loss, _optimizer(params, kind))
    got = step(x, label)
    assert float(got.asnumpy()) == pytest.approx(float(loss.asnumpy()), rel=1e-12)
    for param, want in zip(params, expected):
        onp.testing.assert_allclose(param.asnumpy(), want, rtol=1e-12, atol=1e-12)


@CI
@given(networks(), st.sampled_from(["sgd", "sgd-momentum", "momentum"]), st.booleans())
def test_a_failing_step_changes_no_parameter(case, kind, train):
    net, x = case
    with_loss = nn.WithLossCell(net, nn.MSELoss())
    step = nn.TrainOneStepCell(with_loss, _optimizer(with_loss.trainable_params(), kind))
    step(x, ms.Tensor(onp.zeros((BATCH, 2))))  # momentum and global_step are not at zero
    step.set_train(train)
    before = {name: p.asnumpy().copy() for name, p in step.parameters_and_names()}
    with pytest.raises(ValueError):
        step(x, ms.Tensor(onp.zeros((BATCH, 3))))  # the loss fails after the forward ran
    for name, p in step.parameters_and_names():
        onp.testing.assert_array_equal(p.asnumpy(), before[name], err_msg=name)
