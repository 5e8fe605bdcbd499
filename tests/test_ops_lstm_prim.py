"""The ``LSTM`` primitive and ``ops.conv_transpose2d``: float64 finite-difference
gradients, float32 kept, the flat weight layout against ``nn.LSTM``-style steps, and the
errors for bad arguments (each names the op and the argument)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

rng = onp.random.RandomState(3)


def _fd(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


def _size(inp, hidden, layers, directions, bias=True):
    per = [inp] + [hidden * directions] * (layers - 1)
    return sum(directions * 4 * hidden * (i + hidden + (2 if bias else 0)) for i in per)


@pytest.mark.parametrize("layers, bidirectional, bias",
                         [(1, False, True), (2, True, True), (2, False, False)])
def test_lstm_gradients(layers, bidirectional, bias):
    d = 2 if bidirectional else 1
    op = ops.LSTM(3, 2, layers, bias, bidirectional, 0.0)
    x, h, c = rng.randn(3, 2, 3), rng.randn(layers * d, 2, 2), rng.randn(layers * d, 2, 2)
    w = rng.uniform(-0.5, 0.5, (_size(3, 2, layers, d, bias), 1, 1))
    _fd(lambda *a: op(*a)[0], x, h, c, w)
    _fd(lambda *a: op(*a)[2], x, h, c, w)


def test_lstm_layout_one_layer_matches_the_step_equations():
    """Blocks: w_ih (4H, in), w_hh (4H, H), one (4H,) bias; gates i, f, g, o."""
    def sig(z):
        return 1 / (1 + onp.exp(-z))
    x, h, c = rng.randn(2, 1, 3), rng.randn(1, 1, 2), rng.randn(1, 1, 2)
    w = rng.randn(_size(3, 2, 1, 1), 1, 1)
    w_ih, w_hh, b = w[:24, 0, 0].reshape(8, 3), w[24:40, 0, 0].reshape(8, 2), w[40:48, 0, 0]
    hh, cc = h[0], c[0]
    for t in range(2):
        i, f, g, o = onp.split(x[t] @ w_ih.T + hh @ w_hh.T + b, 4, -1)
        cc = sig(f) * cc + sig(i) * onp.tanh(g)
        hh = sig(o) * onp.tanh(cc)
    y, h_n, c_n, _, _ = ops.LSTM(3, 2, 1, True, False, 0.0)(*map(ms.Tensor, (x, h, c, w)))
    assert onp.allclose(y.asnumpy()[-1], hh) and onp.allclose(c_n.asnumpy()[0], cc)


def test_lstm_keeps_float32():
    x, h = ms.Tensor(rng.randn(2, 1, 3).astype(onp.float32)), ms.Tensor(
        onp.zeros((1, 1, 2), onp.float32))
    w = ms.Tensor(rng.randn(_size(3, 2, 1, 1), 1, 1).astype(onp.float32))
    out = ops.LSTM(3, 2, 1, True, False, 0.0)(x, h, h, w)
    assert all(o.dtype == ms.float32 for o in out)
    assert [o.shape for o in out] == [(2, 1, 2), (1, 1, 2), (1, 1, 2), (7168, 1), (1, 1)]


def test_conv_transpose2d_is_conv2d_input_gradient():
    x, w = rng.randn(2, 3, 4, 5), rng.randn(3, 2, 3, 2)
    y = ops.conv_transpose2d(ms.Tensor(x), ms.Tensor(w), None, 2, 1, 1)
    size = y.shape
    g = ops.grad(lambda t: (ops.conv2d(t, ms.Tensor(w), None, 2, "pad", 1) * ms.Tensor(x))
                 .sum())(ms.Tensor(onp.zeros(size)))
    assert onp.allclose(y.asnumpy(), g.asnumpy())
    _fd(lambda a, b: ops.conv_transpose2d(a, b, stride=2, padding=1), x, w)
    y32 = ops.conv_transpose2d(ms.Tensor(x.astype(onp.float32)), ms.Tensor(w.astype(
        onp.float32)))
    assert y32.dtype == ms.float32


BAD = [
    (lambda: ops.LSTM(0, 2, 1, True, False, 0.0), ValueError, "LSTM input_size"),
    (lambda: ops.LSTM(3, 2.0, 1, True, False, 0.0), TypeError, "LSTM hidden_size"),
    (lambda: ops.LSTM(3, 2, 1, 1, False, 0.0), TypeError, "LSTM has_bias"),
    (lambda: ops.LSTM(3, 2, 1, True, False, 2.0), ValueError, "LSTM dropout"),
    (lambda: ops.LSTM(3, 2, 1, True, False, 0.0, proj_size=1), ValueError, "LSTM proj_size"),
    (lambda: ops.LSTM(3, 2, 1, True, False, 0.0)(
        ms.Tensor(onp.ones((2, 1, 4))), ms.Tensor(onp.ones((1, 1, 2))),
        ms.Tensor(onp.ones((1, 1, 2))), ms.Tensor(onp.ones((48, 1, 1)))),
     ValueError, r"LSTM x: expected shape \(T, N, 3\)"),
    (lambda: ops.LSTM(3, 2, 1, True, False, 0.0)(
        ms.Tensor(onp.ones((2, 1, 3))), ms.Tensor(onp.ones((2, 1, 2))),
        ms.Tensor(onp.ones((1, 1, 2))), ms.Tensor(onp.ones((48, 1, 1)))),
     ValueError, r"LSTM h: expected shape \(1, 1, 2\)"),
    (lambda: ops.LSTM(3, 2, 1, True, False, 0.0)(
        ms.Tensor(onp.ones((2, 1, 3))), ms.Tensor(onp.ones((1, 1, 2))),
        ms.Tensor(onp.ones((1, 1, 2))), ms.Tensor(onp.ones((30, 1, 1)))),
     ValueError, "LSTM w: expected at least 48 values"),
    (lambda: ops.LSTM(3, 2, 1, True, False, 0.0)(
        ms.Tensor(onp.ones((2, 1, 3), int)), ms.Tensor(onp.ones((1, 1, 2))),
        ms.Tensor(onp.ones((1, 1, 2))), ms.Tensor(onp.ones((48, 1, 1)))),
     TypeError, "LSTM x: expected a float Tensor"),
    (lambda: ops.conv_transpose2d(ms.Tensor(onp.ones((1, 2, 3, 3))),
                                  ms.Tensor(onp.ones((3, 2, 3, 3)))),
     ValueError, "ops.conv_transpose2d weight"),
]


@pytest.mark.parametrize("make, kind, match", BAD, ids=[m for _, _, m in BAD])
def test_bad_arguments_name_the_op_and_argument(make, kind, match):
    with pytest.raises(kind, match=match):
        make()


def test_every_name_has_a_docstring():
    from minpy_compat.ops import prims_lstm
    for name in prims_lstm.__all__:
        assert getattr(ops, name).__doc__.strip()
