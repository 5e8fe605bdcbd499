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
import numpy as onp
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops

CI = settings(max_examples=12, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
BATCH = 3


# ---- layers the strategy draws from ---------------------------------------------------------
class Cube(nn.Cell):
    """A correct hand-written bprop."""

    def construct(self, x):
        return x * x * x

    def bprop(self, x, out, dout):
        return (3 * x * x * dout,)


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
            left, right = ops.split(ops.concat((x, ops.exp(x * 0.2)), 1), 2, 1)
            return left - right
        if self.kind == 3:
            return ops.transpose(ops.transpose(x, (1, 0)) * 2, (1, 0)) + ops.mean(x, 1, True)
        return ops.reshape(ops.gelu(ops.reshape(x, (-1,))), ops.shape(x))


class StopBranch(nn.Cell):
    """``x + stop_gradient(x * x)``: the frozen branch is a constant for finite differences."""

    frozen = None  # set by the finite-difference run: the branch values to replay

    def construct(self, x):
        branch = ops.stop_gradient(x * x * 0.3)
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
        return Cube()
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


def numeric_gradients(head, x, eps=1e-6):
    """Central differences of ``head`` w.r.t. a float ``x`` and every trainable Parameter."""
    StopBranch.frozen = {}
    try:
        _loss(head, x)  # records the stop_gradient branches at the point itself
        targets = [x] if x.dtype.kind == "f" else []
        grads = []
        for target in targets + list(head.trainable_params()):
            flat, grad = target.view(onp.ndarray).reshape(-1), onp.zeros(target.size)
            for i in range(target.size):
                keep = flat[i]
                flat[i] = keep + eps
                up = _loss(head, x)
                flat[i] = keep - eps
                down = _loss(head, x)
                flat[i] = keep
                grad[i] = (up - down) / (2 * eps)
            grads.append(grad.reshape(target.shape))
        return grads
    finally:
        StopBranch.frozen = None


def assert_close(got, expected):
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert onp.asarray(g).dtype == onp.float64
        onp.testing.assert_allclose(onp.asarray(g), e, rtol=1e-5, atol=1e-6)


# ---- the properties -------------------------------------------------------------------------
@CI
@given(networks())
def test_every_gradient_api_matches_finite_differences(case):
    net, x = case
    head = Head(net)
    params = head.trainable_params()
    expected = numeric_gradients(head, x)
    n_x = 1 if x.dtype.kind == "f" else 0
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head, params)(x)
    assert_close(list(inputs)[:n_x] + list(weights), expected)
    assert_close(list(ops.GradOperation(get_by_list=True)(head)(x)), expected[n_x:])
    grads = ms.grad(head, grad_position=0 if n_x else None, weights=params)(x)
    got = (list(grads[0:1]) + list(grads[1])) if n_x else list(grads)
    assert_close(got, expected)
    aux_head = Head(net, aux=True)
    (value, out), grads = ms.value_and_grad(aux_head, None, params, has_aux=True)(x)
    assert abs(float(value.asnumpy()) - _loss(head, x)) < 1e-9
    onp.testing.assert_allclose(out.asnumpy(), net(x).asnumpy())
    assert_close(list(grads), expected[n_x:])
