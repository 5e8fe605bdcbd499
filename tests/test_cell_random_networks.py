"""Random MindSpore-style networks: every gradient API against finite differences.

A hypothesis strategy draws a small network (Dense, activations, BatchNorm1d, LayerNorm,
Dropout in eval mode, Conv2d + pooling, Embedding, Cells with a hand-written bprop,
``ops.*`` calls, forward and backward hooks, ``ops.stop_gradient``, nested and shared
sub-Cells, a Parameter with ``requires_grad=False``) in float32 or float64. For each one
``GradOperation``, ``ms.grad`` and ``ms.value_and_grad`` (with ``has_aux``) must match
central finite differences in float64, float32 networks must give float32 gradients, one
``TrainOneStepCell`` step with ``SGD`` / ``Momentum`` must equal the update written by
hand, and a step that fails part-way must leave every Parameter as it was.
"""
import os

import numpy as onp
import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops

# hunting locally: CELL_FUZZ_EXAMPLES=2000 CELL_FUZZ_RANDOM=1 pytest this file
CI = settings(max_examples=int(os.environ.get("CELL_FUZZ_EXAMPLES", 12)), deadline=None,
              derandomize=not os.environ.get("CELL_FUZZ_RANDOM"),
              suppress_health_check=list(HealthCheck))
BATCH = 3


# ---- layers the strategy draws from ---------------------------------------------------------
class Sine(nn.Cell):
    """A correct hand-written bprop (bounded, so stacks of it stay well conditioned)."""

    def construct(self, x):
        return ops.sin(x * 2)

    def bprop(self, x, out, dout):
        return (2 * ops.cos(x * 2) * dout,)


class Frozen(nn.Cell):
    """A trainable shift next to a scale Parameter with requires_grad=False."""

    def __init__(self, width, seed):
        super().__init__()
        rng = onp.random.RandomState(seed)
        self.scale = ms.Parameter(ms.Tensor(rng.uniform(0.5, 1.5, width).astype(onp.float32)),
                                  requires_grad=False)
        self.shift = ms.Parameter(ms.Tensor(rng.normal(size=width).astype(onp.float32)))

    def construct(self, x):
        return ops.mul(x, self.scale) + self.shift


class Functional(nn.Cell):
    """A chain of ``ops.*`` calls that keeps the shape."""

    def __init__(self, kind):
        super().__init__()
        self.kind = kind

    def construct(self, x):
        if self.kind == 0:
            return ops.tanh(ops.add(ops.mul(x, 0.5), ops.square(x) * 0.1))
        if self.kind == 1:
            return ops.softmax(x, -1) * 3 + ops.sigmoid(x)
        if self.kind == 2:
            left, right = ops.chunk(ops.concat((x, ops.exp(x * 0.2)), 1), 2, 1)
            return left - right
        if self.kind == 3:
            return ops.transpose(ops.transpose(x, (1, 0)) * 2, (1, 0)) + ops.mean(x, 1, True)
        return ops.reshape(ops.gelu(ops.reshape(x, (-1,))), ops.shape(x))


class StopBranch(nn.Cell):
    """``x + stop_gradient(tanh(x * x))``: a constant branch for finite differences."""

    frozen = None  # set by the finite-difference run: the branch values to replay

    def construct(self, x):
        branch = ops.stop_gradient(ops.tanh(x * x))
        if StopBranch.frozen is not None:
            branch = StopBranch.frozen.setdefault(id(self), branch)
        return x + branch


class Residual(nn.Cell):
    """A nested SequentialCell plus its input."""

    def __init__(self, body):
        super().__init__()
        self.body = body

    def construct(self, x):
        return x + self.body(x)


class Twice(nn.Cell):
    """One sub-Cell called twice: its Parameters' gradients add up."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def construct(self, x):
        return self.inner(ops.tanh(self.inner(x)))


ACTIVATIONS = [nn.Tanh, nn.Sigmoid, lambda: nn.Softmax(), lambda: nn.LogSoftmax(),
               lambda: Functional(4)]


def _seed_params(cell, seed):
    """Give every float Parameter small random values (zeros and ones make gradients dull)."""
    rng = onp.random.RandomState(seed)
    for _, param in cell.parameters_and_names():
        if param.dtype.kind == "f" and param.requires_grad:
            param.set_data(ms.Tensor(rng.normal(0, 0.5, param.shape).astype(param.dtype)))


def _layer(kind, width, seed):
    """One shape-keeping layer over (batch, width)."""
    rng = onp.random.RandomState(seed)
    if kind == "dense":
        return nn.Dense(width, width, has_bias=bool(seed % 2),
                        activation=["tanh", "sigmoid", None][seed % 3])
    if kind == "act":
        return ACTIVATIONS[seed % len(ACTIVATIONS)]()
    if kind == "batchnorm":
        bn = nn.BatchNorm1d(width)
        bn.moving_mean.set_data(ms.Tensor(rng.normal(size=width).astype(onp.float32)))
        bn.moving_variance.set_data(ms.Tensor(rng.uniform(0.5, 2, width).astype(onp.float32)))
        return bn
    if kind == "layernorm":
        return nn.LayerNorm((width,))
    if kind == "dropout":
        return nn.Dropout(p=0.3)
    if kind == "bprop":
        return Sine()
    if kind == "frozen":
        return Frozen(width, seed)
    if kind == "ops":
        return Functional(seed % 5)
    if kind == "stop":
        return StopBranch()
    if kind == "residual":
        return Residual(nn.SequentialCell([nn.Dense(width, width, activation="tanh"),
                                           nn.Dense(width, width)]))
    if kind == "shared":
        return Twice(nn.Dense(width, width))
    raise ValueError(kind)


KINDS = ["dense", "act", "batchnorm", "layernorm", "dropout", "bprop", "frozen", "ops", "stop",
         "residual", "shared"]


def _add_hooks(net, seed, log):
    """Forward hooks that scale the output (part of the forward) and backward hooks that only
    look (so the gradient stays the forward's)."""
    cells = [cell for _, cell in net.cells_and_names()][1:]
    for i, cell in enumerate(cells):
        if (seed >> i) % 3 == 1 and getattr(type(cell), "bprop", None) is None:
            cell.register_forward_hook(lambda c, args, out: out * 1.5)
        elif (seed >> i) % 3 == 2:
            cell.register_backward_hook(lambda c, gin, gout: log.append(len(gin)))


def _in_dtype(net, dtype):
    """Every Parameter of ``net`` as ``dtype`` (the same values, names and requires_grad)."""
    for _, cell in net.cells_and_names():
        for key, param in list(cell._params.items()):
            if param.dtype.kind == "f" and param.dtype != dtype:
                setattr(cell, key, ms.Parameter(ms.Tensor(param.asnumpy().astype(dtype)),
                                                name=param.name,
                                                requires_grad=param.requires_grad))
    return net


@st.composite
def networks(draw):
    """``(net, input)``: a vector, image or token network with float64 Parameters."""
    family = draw(st.sampled_from(["vector", "vector", "image", "tokens"]))
    seed = draw(st.integers(0, 2 ** 16))
    rng = onp.random.RandomState(seed)
    width = draw(st.integers(2, 4))
    front, x = [], rng.normal(size=(BATCH, width))
    if family == "image":
        channels, size = draw(st.integers(1, 2)), draw(st.sampled_from([4, 5]))
        pool = nn.MaxPool2d(2, 2) if seed % 2 else nn.AvgPool2d(2, 2)
        front = [nn.Conv2d(channels, 2, 3, pad_mode=["same", "valid", "pad"][seed % 3],
                           padding=1 if seed % 3 == 2 else 0, has_bias=bool(seed % 5)),
                 pool, nn.Flatten()]
        side = (size - (2 if seed % 3 == 1 else 0)) // 2
        front.append(nn.Dense(2 * side * side, width))
        x = rng.normal(size=(BATCH, channels, size, size))
    elif family == "tokens":
        length = draw(st.integers(1, 3))
        front = [nn.Embedding(6, 2), nn.Flatten(), nn.Dense(2 * length, width)]
        x = rng.randint(0, 6, size=(BATCH, length)).astype(onp.int32)
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=4))
    layers = [_layer(kind, width, seed + i) for i, kind in enumerate(kinds)]
    net = nn.SequentialCell(front + [nn.SequentialCell(layers), nn.Dense(width, 2)])
    _seed_params(net, seed)
    _add_hooks(net, seed, [])
    return _in_dtype(net, onp.float64), ms.Tensor(x)


# ---- finite differences ---------------------------------------------------------------------
class Head(nn.Cell):
    """``(net(x) * scale).sum()`` (and the output as aux): a scalar with a rich gradient."""

    def __init__(self, net, aux=False):
        super().__init__(auto_prefix=False)
        self.net, self.aux = net, aux
        self.scale = onp.random.RandomState(0).normal(size=(BATCH, 2))

    def construct(self, x):
        out = self.net(x)
        loss = (out * ms.Tensor(self.scale, out.dtype)).sum()
        return (loss, out) if self.aux else loss


def _loss(head, x):
    value = head(x)
    return float((value[0] if isinstance(value, tuple) else value).asnumpy())


def _targets(head, x):
    return ([x] if x.dtype.kind == "f" else []) + list(head.trainable_params())


def directional(head, x, directions, eps=1e-3):
    """The derivative of ``head`` along ``directions`` (one array per input and trainable
    Parameter) by a five-point stencil, every stop_gradient branch held at its value at the
    point itself."""
    StopBranch.frozen = {}
    try:
        _loss(head, x)
        flats = [t.view(onp.ndarray) for t in _targets(head, x)]
        keep = [f.copy() for f in flats]
        values = {}
        for step in (2, 1, -1, -2):
            for flat, k, d in zip(flats, keep, directions):
                flat[...] = k + step * eps * d
            values[step] = _loss(head, x)
        for flat, k in zip(flats, keep):
            flat[...] = k
        return (8 * (values[1] - values[-1]) - (values[2] - values[-2])) / (12 * eps)
    finally:
        StopBranch.frozen = None


def assert_matches(head, x, grads):
    """``grads`` (float64, one per target) agree with finite differences along each target
    alone and along all of them together."""
    targets = _targets(head, x)
    assert len(grads) == len(targets)
    rng = onp.random.RandomState(1)
    zeros = [onp.zeros(t.shape) for t in targets]
    for i in list(range(len(targets))) + [None]:
        directions = [rng.normal(size=t.shape) if i in (None, k) else zeros[k]
                      for k, t in enumerate(targets)]
        want = directional(head, x, directions, 1e-5)
        # a max-pool window with a near tie: a wide stencil straddles the kink; skip the point
        assume(abs(want - directional(head, x, directions)) <= 1e-6 * (1 + abs(want)))
        got = sum(float(onp.sum(onp.asarray(g) * d)) for g, d in zip(grads, directions))
        assert abs(got - want) <= 1e-5 * (1 + abs(want)), (i, got, want)
    for g, t in zip(grads, targets):
        assert onp.asarray(g).dtype == onp.float64 and onp.shape(g) == t.shape


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


# ---- regressions the fuzzer found -------------------------------------------------------------
IDS = ms.Tensor(onp.array([[1, 2], [2, 5]], onp.int32))


@pytest.mark.parametrize("make", [
    lambda: nn.Embedding(6, 2),
    lambda: (lambda ids: ops.gather(ms.Tensor(onp.ones((6, 2))), ids, 0)),
    lambda: (lambda ids: ops.one_hot(ids, 6, ms.Tensor(1.0), ms.Tensor(0.0))),
], ids=["Embedding", "ops.gather", "ops.one_hot"])
def test_int_ids_under_get_all_stay_indices(make):
    """GradOperation(get_all=True) traced Int32 ids as float64, and Embedding, ops.gather and
    ops.one_hot refused them ("expected int indices, got ... float64"); MindSpore gives the
    ids a zero Int32 gradient."""
    grads = ops.GradOperation(get_all=True)(make())(IDS)
    assert grads[0].dtype == onp.int32 and not grads[0].any()
    assert ops.grad(make())(IDS).dtype == onp.int32


def test_int_labels_of_cross_entropy_under_grad_positions():
    """ms.grad(CrossEntropyLoss(), (0, 1)) read the traced Int32 labels as float64
    probabilities and refused their shape; they are class indices, as without grad."""
    logits = ms.Tensor(onp.array([[1., 2., 3.], [3., 1., 0.]]))
    labels = ms.Tensor(onp.array([2, 0], onp.int32))
    dlogits, dlabels = ms.grad(nn.CrossEntropyLoss(), (0, 1))(logits, labels)
    onp.testing.assert_allclose(dlogits, ms.grad(nn.CrossEntropyLoss())(logits, labels))
    assert dlabels.dtype == onp.int32 and not dlabels.any()


def test_int_inputs_in_arithmetic_still_get_their_gradient():
    """The int stand-ins keep MindSpore's rule for arithmetic: x * x over Int32 gives 2x."""
    x = ms.Tensor(onp.array([1, 2], onp.int32))
    got = ops.grad(lambda a: a * a)(x)
    assert got.dtype == onp.int32 and got.tolist() == [2, 4]
    assert ops.GradOperation(get_all=True)(lambda a, i: ops.gather(a * a, i, 0).sum())(
        ms.Tensor(onp.array([1., 2., 3.])), ms.Tensor(onp.array([2, 2], onp.int32)))[0].tolist() \
        == [0, 0, 12]
