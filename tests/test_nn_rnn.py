"""nn.RNNCell/LSTMCell/GRUCell and nn.RNN/LSTM/GRU: float64 finite differences through
3 steps (inputs and Parameters), float32 stays float32, argument errors naming the Cell,
MindSpore's initialisation range, and the variable-length rules."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

F64 = onp.float64
RNG = onp.random.default_rng(7)


def _tensors(shapes, dtype):
    return [ms.Tensor(RNG.standard_normal(s).astype(dtype)) for s in shapes]


def _flat(out):
    if isinstance(out, (tuple, list)):
        return [leaf for item in out for leaf in _flat(item)]
    return [out]


def _loss_fn(cell, call, weights_out):
    def loss(*inputs):
        return sum((leaf * w).sum() for leaf, w in zip(_flat(call(cell, *inputs)), weights_out))
    return loss


def _check_fd(cell, call, inputs, eps=1e-6):
    """Analytic gradients (GradOperation) of a random projection of every output against
    central differences, for each input and each Parameter, in float64."""
    outs = _flat(call(cell, *inputs))
    loss = _loss_fn(cell, call, [RNG.standard_normal(onp.shape(o)) for o in outs])
    params = list(cell.trainable_params())
    grads_in, grads_p = ops.GradOperation(get_all=True, get_by_list=True)(
        loss, ms.ParameterTuple(params))(*inputs)
    values = lambda: float(onp.asarray(loss(*inputs)))  # noqa: E731
    targets = [(x, g) for x, g in zip(inputs, grads_in)] + list(zip(params, grads_p))
    for target, analytic in targets:
        base = onp.array(target, dtype=F64)
        direction = RNG.standard_normal(base.shape)
        _assign(target, base + eps * direction)
        up = values()
        _assign(target, base - eps * direction)
        down = values()
        _assign(target, base)
        numeric = (up - down) / (2 * eps)
        onp.testing.assert_allclose(numeric, onp.sum(onp.asarray(analytic) * direction),
                                    rtol=1e-6, atol=1e-7)


def _assign(target, value):
    if hasattr(target, "set_data"):
        target.set_data(value)
    else:
        target[...] = value


def _cell_call(cell, x, *state):
    return cell(x, tuple(state) if len(state) == 2 else state[0])


def _seq_call(lengths=None):
    def call(cell, x, *state):
        hx = tuple(state) if len(state) == 2 else (state[0] if state else None)
        return cell(x, hx, None if lengths is None else ms.Tensor(onp.array(lengths, "int32")))
    return call


B, S, IN, H = 2, 3, 3, 2
CELL_CASES = [
    ("rnncell_tanh", lambda: nn.RNNCell(IN, H, dtype=F64), 1),
    ("rnncell_relu", lambda: nn.RNNCell(IN, H, nonlinearity="relu", dtype=F64), 1),
    ("lstmcell", lambda: nn.LSTMCell(IN, H, dtype=F64), 2),
    ("grucell_nobias", lambda: nn.GRUCell(IN, H, has_bias=False, dtype=F64), 1),
]
SEQ_CASES = [
    ("rnn_bi_two_layers", lambda: nn.RNN(IN, H, 2, bidirectional=True, dtype=F64), 4, 1, None),
    ("rnn_relu_batch_first", lambda: nn.RNN(IN, H, batch_first=True, dtype=F64,
                                            nonlinearity="relu"), 1, 1, None),
    ("lstm_bi_two_layers_batch_first", lambda: nn.LSTM(IN, H, 2, batch_first=True,
                                                       bidirectional=True, dtype=F64),
     4, 2, None),
    ("lstm_seq", lambda: nn.LSTM(IN, H, dtype=F64), 1, 2, [3, 1]),
    ("gru_bi_seq", lambda: nn.GRU(IN, H, bidirectional=True, dtype=F64), 2, 1, [2, 3]),
    ("gru_two_layers_nobias", lambda: nn.GRU(IN, H, 2, has_bias=False, dtype=F64), 2, 1, None),
]


@pytest.mark.parametrize("case", CELL_CASES, ids=[c[0] for c in CELL_CASES])
def test_step_cells_match_finite_differences(case):
    _, make, states = case
    _check_fd(make(), _cell_call, _tensors([(B, IN)] + [(B, H)] * states, F64))


@pytest.mark.parametrize("case", SEQ_CASES, ids=[c[0] for c in SEQ_CASES])
def test_sequence_cells_match_finite_differences(case):
    case_id, make, layers, states, lengths = case
    cell = make()
    x_shape = (B, S, IN) if cell.batch_first else (S, B, IN)
    inputs = _tensors([x_shape] + [(layers, B, H)] * states, F64)
    _check_fd(cell, _seq_call(lengths), inputs)


ALL = [("RNNCell", {}), ("LSTMCell", {}), ("GRUCell", {}), ("RNN", {"bidirectional": True}),
       ("LSTM", {"num_layers": 2}), ("GRU", {"batch_first": True})]


@pytest.mark.parametrize("name, kwargs", ALL, ids=[a[0] for a in ALL])
def test_float32_stays_float32(name, kwargs):
    cell = getattr(nn, name)(IN, H, **kwargs)
    x = _tensors([(B, IN) if name.endswith("Cell") else (S, B, IN)], onp.float32)[0]
    hx = ms.Tensor(onp.zeros((B, H), onp.float32))
    call = (lambda x: cell(x, (hx, hx) if name == "LSTMCell" else hx)) \
        if name.endswith("Cell") else cell
    assert all(onp.asarray(o).dtype == onp.float32 for o in _flat(call(x)))
    grads = ops.GradOperation(get_all=True, get_by_list=True)(
        call, ms.ParameterTuple(cell.trainable_params()))(x)
    assert all(onp.asarray(g).dtype == onp.float32 for g in _flat(grads))


@pytest.mark.parametrize("name, kwargs", ALL, ids=[a[0] for a in ALL])
def test_default_init_is_uniform_within_one_over_sqrt_hidden(name, kwargs):
    cell = getattr(nn, name)(4, 9, **kwargs)
    values = onp.concatenate([onp.asarray(p).ravel() for p in cell.trainable_params()])
    assert onp.abs(values).max() <= 1 / 3 and onp.abs(values).max() > 0.25
    assert all(onp.asarray(p).dtype == onp.float32 for p in cell.trainable_params())
