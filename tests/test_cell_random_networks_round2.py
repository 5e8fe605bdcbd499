"""Random MindSpore-style networks, round 2: training mode, bprop Cells with Parameters of
their own, sensitivities and weight lists, several-step training, failing steps, hooks.

The networks come from round 1's strategy (``cell_network_helpers.networks``) run in
training mode (BatchNorm on batch statistics, Dropout with a seed fixed per forward), or
from a strategy of hand-written-bprop Cells (``internal_params``, default arguments,
nesting, one Cell shared by two parents). Every gradient is checked against central
finite differences in float64 (round 1's ``assert_matches``); training steps against the
update written by hand from those gradients.
"""
import copy

import numpy as onp
import pytest
from hypothesis import given, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops
from tests.cell_network_helpers import BATCH, CI, Head, _in_dtype, _seed_params, \
    assert_matches, networks


class Seeded(Head):
    """Round 1's head, Dropout's mask drawn from one seed on every forward, and a chosen
    sensitivity (``scale``) for the output."""

    def __init__(self, net, aux=False, scale=None):
        super().__init__(net, aux)
        if scale is not None:
            self.scale = scale

    def construct(self, x):
        ms.set_seed(11)
        return super().construct(x)


class SeededOut(nn.Cell):
    """``net(x)`` itself (for a sensitivity), Dropout seeded as in ``Seeded``."""

    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net

    def construct(self, x):
        ms.set_seed(11)
        return self.net(x)


def _moving(net):
    return {name: p.asnumpy().copy() for name, p in net.parameters_and_names()
            if not p.requires_grad}


def _restore(net, values):
    for name, p in net.parameters_and_names():
        if name in values:
            p.set_data(ms.Tensor(values[name]))


# ---- (1) training mode ------------------------------------------------------------------------
@CI
@given(networks())
def test_training_mode_gradients_match_finite_differences(case):
    net, x = case
    net.set_train(True)
    head = Seeded(net)
    before = _moving(net)
    n_x = 1 if x.dtype.kind == "f" else 0
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(
        head, head.trainable_params())(x)
    after_grad = _moving(net)
    _restore(net, before)
    head(x)  # one plain forward moves the statistics exactly as the gradient pass did
    for name, value in _moving(net).items():
        onp.testing.assert_allclose(after_grad[name], value, rtol=1e-12, atol=1e-12,
                                    err_msg=name)
    assert_matches(head, x, list(inputs)[:n_x] + list(weights))


# ---- (3) sensitivities, weight lists, aux tuples ----------------------------------------------
@CI
@given(networks(), st.integers(0, 2 ** 16), st.booleans())
def test_sens_and_weight_lists_in_any_order(case, seed, train):
    net, x = case
    net.set_train(train)
    rng = onp.random.RandomState(seed)
    sens = rng.normal(size=(BATCH, 2))
    head = Seeded(net, scale=sens)  # the sens folded into a scalar head, for the check
    params = list(head.trainable_params())
    order = list(rng.permutation(len(params))) + list(rng.randint(0, len(params), 2))
    chosen = ms.ParameterTuple([params[i] for i in order])
    n_x = 1 if x.dtype.kind == "f" else 0
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)(
        SeededOut(net), chosen)(x, ms.Tensor(sens))
    by_param = {}
    for i, g in zip(order, weights):
        by_param.setdefault(i, g)
        onp.testing.assert_array_equal(g, by_param[i])  # a Parameter listed twice: same grads
    assert sorted(by_param) == list(range(len(params)))
    assert_matches(head, x, list(inputs)[:n_x] + [by_param[i] for i in range(len(params))])


@CI
@given(networks(), st.integers(1, 3))
def test_has_aux_with_tuple_aux_outputs(case, width):
    net, x = case
    head = Seeded(net)

    def fn(x):
        loss = head(x)
        out = net(x)
        return (loss,) + tuple((out * k, (out + k,)) for k in range(width))

    grads, aux = ms.grad(fn, None, head.trainable_params(), has_aux=True)(x)
    assert len(aux) == width
    for k, (scaled, (shifted,)) in enumerate(aux):
        onp.testing.assert_allclose(scaled.asnumpy(), net(x).asnumpy() * k)
        onp.testing.assert_allclose(shifted.asnumpy(), net(x).asnumpy() + k)
    n_x = 1 if x.dtype.kind == "f" else 0
    inputs = ops.GradOperation(get_all=True)(head)(x)
    assert_matches(head, x, list(inputs)[:n_x] + list(grads))


# ---- (2) bprop Cells with Parameters, defaults, nesting, sharing ------------------------------
class Scale(nn.Cell):
    """``x * w``; ``w`` is in internal_params and gets its gradient from bprop's dict."""

    def __init__(self, width, seed):
        super().__init__()
        rng = onp.random.RandomState(seed)
        self.w = ms.Parameter(ms.Tensor(rng.uniform(0.5, 1.5, width)), name="w")
        self.internal_params = [self.w]

    def construct(self, x):
        return x * self.w

    def bprop(self, x, out, dout):
        return (dout * self.w,), {self.w: (dout * x).sum(0)}


class Squash(nn.Cell):
    """``tanh(x * scale) + shift`` with defaults for scale and shift; bprop returns a
    gradient for each of them too."""

    def construct(self, x, scale=ms.Tensor(0.7), shift=0.5):
        return ops.tanh(x * scale) + shift

    def bprop(self, x, scale, shift, out, dout):
        inner = dout * (1 - ops.tanh(x * scale) ** 2)
        return inner * scale, (inner * x).sum(), 0


class Keyworded(nn.Cell):
    """Passes its own Parameter to a bprop Cell by keyword: the Parameter's gradient comes
    from that bprop's slot."""

    def __init__(self, seed):
        super().__init__()
        self.scale = ms.Parameter(ms.Tensor(onp.float64(0.5 + seed % 7 / 10)), name="scale")
        self.squash = Squash()

    def construct(self, x):
        return self.squash(x, scale=self.scale)


class Outer(nn.Cell):
    """A bprop Cell whose construct calls a bprop Cell (``2 * inner(x)``)."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def construct(self, x):
        return self.inner(x) * 2

    def bprop(self, x, out, dout):
        return (4 * ops.cos(x * 2) * dout,)


class Parent(nn.Cell):
    """``tanh(child(x))``: two Parents may hold the same child."""

    def __init__(self, child):
        super().__init__()
        self.child = child

    def construct(self, x):
        return ops.tanh(self.child(x))


def _sine():
    from tests.cell_network_helpers import Sine
    return Sine()


def _bprop_layers(kind, width, seed):
    if kind == "scale":
        return [Scale(width, seed)]
    if kind == "squash":
        return [Squash()]
    if kind == "keyword":
        return [Keyworded(seed)]
    if kind == "outer":
        return [Outer(_sine())]
    shared = Scale(width, seed) if seed % 2 else _sine()
    return [Parent(shared), nn.Dense(width, width), Parent(shared)]


@st.composite
def bprop_networks(draw):
    seed, width = draw(st.integers(0, 2 ** 16)), draw(st.integers(2, 4))
    kinds = draw(st.lists(st.sampled_from(["scale", "squash", "keyword", "outer", "shared"]),
                          min_size=1, max_size=4))
    layers = [nn.Dense(width, width)]
    for i, kind in enumerate(kinds):
        layers += _bprop_layers(kind, width, seed + i)
    net = _in_dtype(nn.SequentialCell(layers + [nn.Dense(width, 2)]), onp.float64)
    _seed_params(net, seed)
    return net, ms.Tensor(onp.random.RandomState(seed).normal(size=(BATCH, width)))


@CI
@given(bprop_networks())
def test_bprop_cells_with_parameters_match_finite_differences(case):
    net, x = case
    head = Seeded(net)
    params = head.trainable_params()
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head, params)(x)
    assert_matches(head, x, list(inputs) + list(weights))
    value, (gx, gw) = ms.value_and_grad(head, 0, params)(x)
    assert_matches(head, x, [gx] + list(gw))


# ---- regressions the fuzzer found -------------------------------------------------------------
class Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([2.0, 3.0]), name="w")
        self.b = ms.Parameter(ms.Tensor([1.0]), name="b")

    def construct(self, x):
        return (x * self.w + self.b).sum()


def test_a_parameter_listed_twice_gets_its_gradient_twice():
    """A weight list holding one Parameter twice gave the first listing zeros; MindSpore 2.10
    gives each listing the gradient (``(w, w)`` -> ``([1, 4], [1, 4])``)."""
    net, x = Affine(), ms.Tensor([1.0, 4.0])
    for weights in ((net.w, net.w), ms.ParameterTuple([net.b, net.w, net.b])):
        want = [[1.0, 4.0] if p is net.w else [2.0] for p in weights]
        got = ops.GradOperation(get_by_list=True)(net, weights)(x)
        assert [g.tolist() for g in got] == want
        assert [g.tolist() for g in ms.grad(net, None, weights)(x)] == want
