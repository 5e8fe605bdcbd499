"""Random networks of the Cells added in round 3, every gradient API against finite
differences.

A hypothesis strategy (``new_cell_networks``) draws a small network over a sequence
(Conv1d, Conv1dTranspose, MaxPool1d/AvgPool1d, adaptive 1-d pools, GroupNorm,
InstanceNorm1d, the new activations, the 1-d padding Cells, Dropout1d, Identity), a plane
(Conv2dTranspose, adaptive 2-d pools, GroupNorm, InstanceNorm2d, the 2-d padding Cells,
Dropout2d, Unflatten) or a recurrent layer (RNN/LSTM/GRU, batch_first, bidirectional, two
layers, seq_length), ending in Dense to ``(BATCH, 2)`` so round 1's ``Head`` and
``assert_matches`` apply. Dropout runs in eval mode, or in training mode with its mask seeded
on every forward (round 2's ``Seeded``). Training steps, failing steps, losses and bad
inputs are in ``test_cell_random_networks_round3_training.py`` and ``..._inputs.py``.
"""
import numpy as onp
import pytest
from hypothesis import given, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops
from tests.cell_network_helpers import BATCH, CI, Head, _in_dtype, _seed_params, \
    assert_matches
from tests.test_cell_random_networks_round2 import Seeded

ACTS = [lambda s: nn.LeakyReLU(0.1 + s % 3 / 10), lambda s: nn.GELU(bool(s % 2)),
        lambda s: nn.ELU(0.5 + s % 2), nn.SiLU, nn.LogSigmoid, nn.Mish, nn.Tanhshrink,
        nn.Softsign, lambda s: nn.Softmin(-1 - s % 2), lambda s: nn.Hardtanh(-2.0, 2.0)]


def _act(seed, channels):
    if seed % 12 == 11:
        return nn.PReLU(channels, 0.3)
    if seed % 12 == 10:
        return nn.HSwish() if seed % 24 < 12 else nn.HSigmoid()
    make = ACTS[seed % len(ACTS)]
    return make(seed // 7) if make not in (nn.SiLU, nn.LogSigmoid, nn.Mish, nn.Tanhshrink,
                                           nn.Softsign) else make()


def _line_layer(kind, c, seed):
    """One layer over (batch, c, length); may change c (returned) and the length."""
    k = 1 + seed % 3
    if kind == "conv":
        mode = ["same", "valid", "pad"][seed % 3]
        out = 1 + seed % 3
        return nn.Conv1d(c, out, k, stride=1 + seed // 3 % 2, pad_mode=mode,
                         padding=seed % 2 if mode == "pad" else 0,
                         dilation=1 + seed // 5 % 2, has_bias=bool(seed // 2 % 2)), out
    if kind == "convT":
        mode = ["same", "valid", "pad"][seed % 3]
        out = 1 + seed % 3
        return nn.Conv1dTranspose(c, out, k, stride=1 + seed // 3 % 2, pad_mode=mode,
                                  padding=seed % 2 if mode == "pad" else 0,
                                  has_bias=bool(seed // 2 % 2)), out
    if kind == "pool":
        pool = nn.MaxPool1d if seed % 2 else nn.AvgPool1d
        return pool(2, 1 + seed // 2 % 2), c
    if kind == "adaptive":
        pool = nn.AdaptiveMaxPool1d if seed % 2 else nn.AdaptiveAvgPool1d
        return pool(1 + seed // 2 % 3), c
    if kind == "norm":
        if seed % 2 and c % 2 == 0:
            return nn.GroupNorm(2, c), c
        return nn.InstanceNorm1d(c, affine=bool(seed // 2 % 2)), c
    if kind == "act":
        return _act(seed, c), c
    if kind == "pad":
        pads = [nn.ConstantPad1d((seed % 2, 1), 0.5), nn.ReflectionPad1d(1),
                nn.ReplicationPad1d((1, seed % 3))]
        return pads[seed % 3], c
    if kind == "dropout":
        return nn.Dropout1d(0.5), c
    return nn.Identity(seed), c


def _plane_layer(kind, c, seed):
    """One layer over (batch, c, h, w)."""
    if kind == "convT":
        mode = ["same", "valid", "pad"][seed % 3]
        out = 1 + seed % 2
        return nn.Conv2dTranspose(c, out, 1 + seed % 2, stride=1 + seed // 3 % 2,
                                  pad_mode=mode, padding=seed % 2 if mode == "pad" else 0,
                                  has_bias=bool(seed // 2 % 2)), out
    if kind == "adaptive":
        pool = nn.AdaptiveMaxPool2d if seed % 2 else nn.AdaptiveAvgPool2d
        return pool((1 + seed // 2 % 2, 2)), c
    if kind == "norm":
        if seed % 2 and c % 2 == 0:
            return nn.GroupNorm(2, c, affine=bool(seed // 2 % 2)), c
        return nn.InstanceNorm2d(c, affine=bool(seed // 2 % 2)), c
    if kind == "act":
        return _act(seed, c), c
    if kind == "pad":
        pads = [nn.ZeroPad2d((1, 0, seed % 2, 1)), nn.ConstantPad2d(1, -0.5),
                nn.ReflectionPad2d((1, 1, 0, 1)), nn.ReplicationPad2d(1)]
        return pads[seed % 4], c
    if kind == "dropout":
        return nn.Dropout2d(0.5), c
    return Reshaped(), c


class Reshaped(nn.Cell):
    """Flatten the plane then ``Unflatten`` it back (axis counted from either end)."""

    def __init__(self):
        super().__init__()
        self.unflatten = None

    def construct(self, x):
        shape = x.shape
        if self.unflatten is None:
            self.unflatten = nn.Unflatten(-1 if shape[2] % 2 else 2, (shape[2], -1))
        return self.unflatten(ops.reshape(x, shape[:2] + (-1,)))


class Recurrent(nn.Cell):
    """An RNN/LSTM/GRU whose output and final states both reach the result."""

    def __init__(self, kind, features, seed, lengths):
        super().__init__()
        self.batch_first = bool(seed % 2)
        self.args = (kind, features, seed)
        self.rnn = self._make(onp.float64)
        self.lengths = lengths

    def _make(self, dtype):
        kind, features, seed = self.args
        return getattr(nn, kind)(features, 2, num_layers=1 + seed // 2 % 2,
                                 batch_first=self.batch_first, bidirectional=bool(seed // 4 % 2),
                                 has_bias=bool(seed // 8 % 4), dtype=dtype)

    def cast(self, dtype):
        """The RNN rebuilt in ``dtype`` with the same values (round 1's ``_in_dtype``
        replaces Parameters one by one, which leaves the RNN's ParameterTuples behind)."""
        old, self.rnn = self.rnn, self._make(dtype)
        for p, q in zip(self.rnn.get_parameters(), old.get_parameters()):
            p.set_data(ms.Tensor(q.asnumpy().astype(dtype)))

    def construct(self, x):
        if self.lengths is None:
            out, h = self.rnn(x)
        else:
            out, h = self.rnn(x, seq_length=ms.Tensor(self.lengths))
        h = h[0] + 0.5 * h[1] if isinstance(h, tuple) else h
        out = out if self.batch_first else ops.transpose(out, (1, 0, 2))
        return ops.reshape(out, (BATCH, -1)) + ops.tanh(ops.mean(h, 0)).sum(-1, keepdims=True)


def in_dtype(net, dtype):
    """Every Parameter of ``net`` in ``dtype``, RNNs included."""
    for _, cell in net.cells_and_names():
        if isinstance(cell, Recurrent):
            cell.cast(dtype)
    return _in_dtype(net, dtype)


LINE = ["conv", "convT", "pool", "adaptive", "norm", "act", "pad", "dropout", "identity"]
PLANE = ["convT", "adaptive", "norm", "act", "pad", "dropout", "reshape"]


@st.composite
def new_cell_networks(draw, families=("line", "line", "plane", "rnn")):
    """``(net, x)`` with float64 Parameters and input, output ``(BATCH, 2)``."""
    family = draw(st.sampled_from(families))
    seed = draw(st.integers(0, 2 ** 16))
    rng = onp.random.RandomState(seed)
    c = draw(st.integers(1, 3))
    if family == "rnn":
        kind = draw(st.sampled_from(["RNN", "LSTM", "GRU"]))
        length = draw(st.integers(1, 3))
        lengths = None
        if seed % 3 == 0:
            lengths = rng.randint(1, length + 1, BATCH).astype([onp.int32, onp.int64][seed % 2])
        body = Recurrent(kind, c, seed, lengths)
        x = rng.normal(size=(BATCH, length, c) if body.batch_first else (length, BATCH, c))
        layers = [body]
    else:
        shape = (BATCH, c) + ((draw(st.integers(3, 6)),) if family == "line" else
                              (draw(st.integers(2, 4)), draw(st.integers(2, 4))))
        x = rng.normal(size=shape)
        kinds = draw(st.lists(st.sampled_from(LINE if family == "line" else PLANE),
                              min_size=1, max_size=4))
        make, layers = (_line_layer if family == "line" else _plane_layer), []
        probe = ms.Tensor(x.astype(onp.float32))
        for i, kind in enumerate(kinds):
            step_seed = seed + 13 * i
            if kind == "convT" and step_seed % 3 == 2 and min(probe.shape[2:]) < 3:
                step_seed -= 1  # padding cut off a short output: MindSpore refuses it too
            if kind in ("conv", "pool", "pad") and min(probe.shape[2:]) < 5:
                kind = "act"  # a window wider than the input: refused as well
            layer, c = make(kind, c, step_seed)
            layer.set_train(False)
            probe = layer(probe)
            layers.append(layer)
        layers.append(nn.Flatten())
    net = nn.SequentialCell(layers)
    net.set_train(False)
    probe = ms.Tensor(x.astype(onp.float64 if family == "rnn" else onp.float32))
    width = int(onp.prod(net(probe).shape[1:]))
    net = nn.SequentialCell(layers + [nn.Dense(width, 2)])
    _seed_params(net, seed)
    return in_dtype(net, onp.float64), ms.Tensor(x)


# ---- the properties -------------------------------------------------------------------------
@CI
@given(new_cell_networks(), st.booleans())
def test_every_gradient_api_matches_finite_differences(case, train):
    net, x = case
    net.set_train(train)  # training: Dropout1d/2d masks drawn from one seed per forward
    head = Seeded(net)
    params = head.trainable_params()
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head, params)(x)
    assert_matches(head, x, list(inputs) + list(weights))
    grads = ms.grad(head, grad_position=0, weights=params)(x)
    assert_matches(head, x, [grads[0]] + list(grads[1]))
    assert_matches(head, x, [inputs[0]] + list(ops.GradOperation(get_by_list=True)(head)(x)))


@CI
@given(new_cell_networks(), st.booleans())
def test_float32_networks_give_float32_gradients(case, train):
    net, x = case
    net = in_dtype(net, onp.float32)
    net.set_train(train)
    x = ms.Tensor(x.asnumpy().astype(onp.float32))
    head = Seeded(net)
    assert head(x).dtype == onp.float32
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(head)(x)
    grads = ms.grad(head, 0, head.trainable_params())(x)
    for g in list(inputs) + list(weights) + [grads[0]] + list(grads[1]):
        assert onp.asarray(g).dtype == onp.float32
    for g, w in zip(weights, grads[1]):
        onp.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def _public_cells(net):
    """Every sub-Cell a user would hook (not an RNN's time loop, nor its unused Dropout)."""
    return [(name, cell) for name, cell in net.cells_and_names()
            if name and not type(cell).__name__.startswith("_")
            and not name.endswith("dropout_op")]


@CI
@given(new_cell_networks(), st.booleans())
def test_hooks_on_the_new_cells_fire_with_the_right_shapes(case, train):
    net, x = case
    net.set_train(train)
    forward, backward = {}, []
    for name, cell in _public_cells(net):
        def look(c, args, out, name=name):
            out = out[0] if isinstance(out, tuple) else out  # RNNs: (output, h_n)
            forward[name] = ([a.shape for a in args if a is not None], out.shape)

        def grad_look(c, grad_in, grad_out, name=name):
            backward.append((name, [g.shape for g in grad_in], grad_out[0].shape))
        cell.register_forward_hook(look)
        cell.register_backward_hook(grad_look)
    ops.GradOperation(get_all=True)(Seeded(net))(x)
    assert {name for name, _, _ in backward} == set(forward)
    for name, grad_in, grad_out in backward:
        assert (grad_in, grad_out) == forward[name], name


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_in_dtype_keeps_the_rnn_parameters_it_runs(dtype):
    """Round 1's ``_in_dtype`` replaces Parameters one by one: on an RNN that leaves the
    ParameterTuples the forward reads behind (so their gradients were never checked);
    ``in_dtype`` rebuilds the RNN, and the trainable Parameters are the ones it runs."""
    net = in_dtype(nn.SequentialCell([Recurrent("LSTM", 2, 6, None)]), dtype)
    rnn = net[0].rnn
    assert {id(p) for p in rnn.trainable_params()} == {
        id(p) for p in list(rnn.w_ih_list) + list(rnn.w_hh_list) + list(rnn.b_ih_list)
        + list(rnn.b_hh_list)}
    assert {p.dtype for p in rnn.trainable_params()} == {onp.dtype(dtype)}
