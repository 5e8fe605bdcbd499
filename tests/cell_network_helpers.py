"""Random MindSpore-style networks, shared by the test_cell_random_network* files: a
hypothesis strategy draws a small network (Dense, activations, BatchNorm1d, LayerNorm,
Dropout in eval mode, Conv2d + pooling, Embedding, Cells with a hand-written bprop, ``ops.*``
calls, forward and backward hooks, ``ops.stop_gradient``, nested and shared sub-Cells, a
Parameter with ``requires_grad=False``) in float32 or float64, and ``assert_matches`` checks
gradients against central finite differences in float64."""
import os

import numpy as onp
from hypothesis import HealthCheck, assume, settings, strategies as st

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
