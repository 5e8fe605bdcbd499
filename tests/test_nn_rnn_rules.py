"""nn.RNN/LSTM/GRU and the step Cells: errors that name the Cell (MindSpore's exception
classes), the variable-length rules, dropout between layers, and docstrings."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn

RNG = onp.random.default_rng(3)


def _t(shape, dtype=onp.float32):
    return ms.Tensor(RNG.standard_normal(shape).astype(dtype))


BAD_CONSTRUCTORS = [
    (lambda: nn.RNN(3, 0), ValueError, "RNN hidden_size: expected a positive int"),
    (lambda: nn.LSTM(3, 2, num_layers=1.5), TypeError, "LSTM num_layers"),
    (lambda: nn.GRU(3, 2, dropout=1.0), ValueError, r"GRU dropout: expected a number in \[0, 1\)"),
    (lambda: nn.GRU(3, 2, dropout="0.2"), TypeError, "GRU dropout: expected a float"),
    (lambda: nn.LSTM(3, 2, batch_first=1), TypeError, "LSTM batch_first: expected a bool"),
    (lambda: nn.RNN(3, 2, bidirectional=None), TypeError, "RNN bidirectional"),
    (lambda: nn.RNN(3, 2, nonlinearity="gelu"), ValueError, "RNN nonlinearity"),
    (lambda: nn.RNNCell(3, 2, nonlinearity=1), TypeError, "RNNCell nonlinearity"),
    (lambda: nn.LSTMCell(3, 2, has_bias="no"), TypeError, "LSTMCell has_bias"),
    (lambda: nn.GRUCell(-1, 2), ValueError, "GRUCell input_size"),
]


@pytest.mark.parametrize("make, error, match", BAD_CONSTRUCTORS,
                         ids=[m for _, _, m in BAD_CONSTRUCTORS])
def test_bad_constructor_argument_names_the_cell(make, error, match):
    with pytest.raises(error, match=match):
        make()


BAD_CALLS = [
    (lambda: nn.RNN(3, 2)(_t((4, 3))), ValueError, r"RNN x: expected a rank-3 \(seq, batch"),
    (lambda: nn.GRU(3, 2, batch_first=True)(_t((2, 4, 5))), ValueError,
     r"GRU x: expected a rank-3 \(batch, seq, input_size\)"),
    (lambda: nn.RNN(3, 2)(_t((2, 1, 3)), _t((1, 1, 2), onp.float16)), TypeError,
     "RNN hx: expected x's dtype float32"),
    (lambda: nn.RNN(3, 2, 2)(_t((2, 1, 3)), _t((1, 1, 2))), ValueError,
     r"RNN hx: expected shape \(2, 1, 2\)"),
    (lambda: nn.LSTM(3, 2)(_t((2, 1, 3)), _t((1, 1, 2))), TypeError,
     r"LSTM hx: expected a tuple \(h0, c0\)"),
    (lambda: nn.LSTM(3, 2)(_t((2, 1, 3)), (_t((1, 1, 2)), _t((1, 2, 2)))), ValueError,
     r"LSTM hx\[1\]: expected shape \(1, 1, 2\)"),
    (lambda: nn.GRU(3, 2)(_t((2, 2, 3)), None, ms.Tensor([2.0, 1.0])), TypeError,
     "GRU seq_length: expected an int32 or int64 Tensor"),
    (lambda: nn.GRU(3, 2)(_t((2, 2, 3)), None, ms.Tensor(onp.array([2, 1, 1], "int32"))),
     ValueError, r"GRU seq_length: expected shape \(2,\) \(batch\)"),
    (lambda: nn.RNNCell(3, 2)(_t((1, 3), onp.int32), _t((1, 2))), TypeError,
     "RNNCell x: expected a float16, float32 or float64 Tensor"),
    (lambda: nn.GRUCell(3, 2)(_t((1, 3)), _t((2, 2))), ValueError,
     r"GRUCell hx: expected shape \(1, 2\)"),
    (lambda: nn.LSTMCell(3, 2)(_t((1, 3)), _t((1, 2))), TypeError,
     r"LSTMCell hx: expected a tuple \(h, c\)"),
]


@pytest.mark.parametrize("call, error, match", BAD_CALLS, ids=[m for _, _, m in BAD_CALLS])
def test_bad_call_names_the_cell(call, error, match):
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("name", ["RNN", "LSTM", "GRU"])
def test_variable_lengths_freeze_the_state_and_zero_the_outputs(name):
    cell, x = getattr(nn, name)(3, 2), _t((4, 3, 3))
    lengths = onp.array([4, 1, 2], onp.int32)
    out, state = cell(x, seq_length=ms.Tensor(lengths))
    h_n = state[0] if name == "LSTM" else state
    for b, n in enumerate(lengths):
        assert not onp.asarray(out)[n:, b].any()
        onp.testing.assert_allclose(onp.asarray(h_n)[0, b], onp.asarray(out)[n - 1, b])
        alone = cell(x[:n, b:b + 1])[0]  # a sequence cut to its length gives the same steps
        onp.testing.assert_allclose(onp.asarray(out)[:n, b], onp.asarray(alone)[:, 0],
                                    rtol=1e-5, atol=1e-6)


def test_bidirectional_variable_lengths_read_each_sequence_backwards_from_its_end():
    cell, x = nn.GRU(3, 2, bidirectional=True), _t((4, 2, 3))
    out, h_n = cell(x, seq_length=ms.Tensor(onp.array([2, 4], onp.int32)))
    alone, h_alone = cell(x[:2, 0:1])
    onp.testing.assert_allclose(onp.asarray(out)[:2, 0], onp.asarray(alone)[:, 0], rtol=1e-5,
                                atol=1e-6)
    onp.testing.assert_allclose(onp.asarray(h_n)[:, 0], onp.asarray(h_alone)[:, 0],
                                rtol=1e-5, atol=1e-6)


def test_dropout_acts_between_layers_in_training_only():
    cell, x = nn.LSTM(3, 4, num_layers=2, dropout=0.5), _t((3, 2, 3))
    cell.set_train(False)
    first, second = cell(x)[0], cell(x)[0]
    onp.testing.assert_array_equal(onp.asarray(first), onp.asarray(second))
    cell.set_train(True)
    assert not onp.allclose(onp.asarray(cell(x)[0]), onp.asarray(first))


def test_hx_defaults_to_zeros_and_batch_first_transposes():
    cell, x = nn.RNN(3, 2, 2, batch_first=True, bidirectional=True), _t((2, 4, 3))
    out, h_n = cell(x)
    out0, h0 = cell(x, ms.Tensor(onp.zeros((4, 2, 2), onp.float32)))
    onp.testing.assert_array_equal(onp.asarray(out), onp.asarray(out0))
    assert out.shape == (2, 4, 4) and h_n.shape == (4, 2, 2)


@pytest.mark.parametrize("name", ["RNNCell", "LSTMCell", "GRUCell", "RNN", "LSTM", "GRU"])
def test_public_names_are_exported_with_a_docstring(name):
    assert name in nn.__all__ and getattr(nn, name).__doc__.strip()
