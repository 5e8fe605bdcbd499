"""Round 15 (left-over gaps), checked against MindSpore 2.10: HSwish/HSigmoid on int
Tensors (MindSpore's int results; bool and unsigned refused), a float64 input to a float32
BatchNorm (refused) or to a float32 RNN given hx (refused), and ``Parameter.set_data`` of a
Python float into an int Parameter (refused)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

VALUES = [-100, -7, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 7, 100]
# MindSpore 2.10 (CPU) on VALUES for int8, int16, int32 and int64 alike
HSWISH = [0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 4, 5, 7, 100]
HSIGMOID = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]
ACTIVATIONS = [("hswish", nn.HSwish(), HSWISH, "ops.hardswish"),
               ("hsigmoid", nn.HSigmoid(), HSIGMOID, "ops.hardsigmoid"),
               ("ops.hardswish", ops.hardswish, HSWISH, "ops.hardswish"),
               ("ops.hardsigmoid", ops.hardsigmoid, HSIGMOID, "ops.hardsigmoid")]


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64"])
@pytest.mark.parametrize("name, op, expected, where", ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
def test_hard_activations_of_ints_are_mindspores(name, op, expected, where, dtype):
    out = op(ms.Tensor(onp.array(VALUES, dtype)))
    assert out.dtype == onp.dtype(dtype)
    assert out.tolist() == expected


@pytest.mark.parametrize("name, op, expected, where", ACTIVATIONS, ids=[a[0] for a in ACTIVATIONS])
def test_hard_activations_refuse_unsigned_ints_and_bools(name, op, expected, where):
    for dtype in ("uint8", "uint16", "uint64"):
        with pytest.raises(TypeError, match=rf"{where} input: expected a Tensor of float16, "
                                            rf"float32, float64, int8.*got UInt"):
            op(ms.Tensor(onp.array([1, 2], dtype)))
    with pytest.raises(TypeError, match=rf"{where} input: expected a number Tensor, got Bool"):
        op(ms.Tensor(onp.array([True, False])))


BATCH_NORMS = [("BatchNorm1d", lambda **k: nn.BatchNorm1d(4, **k), (3, 4)),
               ("BatchNorm2d", lambda **k: nn.BatchNorm2d(4, **k), (2, 4, 3, 3)),
               ("BatchNorm3d", lambda **k: nn.BatchNorm3d(4, **k), (2, 4, 2, 3, 3))]


@pytest.mark.parametrize("training", [True, False])
@pytest.mark.parametrize("name, make, shape", BATCH_NORMS, ids=[b[0] for b in BATCH_NORMS])
def test_float32_batch_norm_refuses_float64_as_mindspore(name, make, shape, training):
    cell = make().set_train(training)
    before = cell.trainable_params()[0].asnumpy().copy()
    with pytest.raises(TypeError, match=rf"{name} input: expected a float16 or float32 Tensor "
                                        r"\(a float32 BatchNorm.*got float64"):
        cell(ms.Tensor(onp.random.rand(*shape)))
    assert onp.array_equal(cell.trainable_params()[0].asnumpy(), before)
    wide = make(dtype=onp.float64).set_train(training)  # float64 checks: their own Cells
    assert wide(ms.Tensor(onp.random.rand(*shape))).dtype == onp.float64


RNNS = [("RNN", nn.RNN, False), ("GRU", nn.GRU, False), ("LSTM", nn.LSTM, True)]


@pytest.mark.parametrize("name, make, is_lstm", RNNS, ids=[r[0] for r in RNNS])
def test_float32_rnn_refuses_float64_x_with_hx(name, make, is_lstm):
    cell = make(4, 5, batch_first=True)
    h = ms.Tensor(onp.zeros((1, 2, 5), onp.float64))
    x = ms.Tensor(onp.random.rand(2, 3, 4))
    with pytest.raises(TypeError, match=rf"{name} x: expected float32 or float16 with hx given "
                                        rf"\(a float32 {name}.*got float64"):
        cell(x, (h, h) if is_lstm else h)


@pytest.mark.parametrize("name, make, is_lstm", RNNS, ids=[r[0] for r in RNNS])
def test_rnn_promotes_float64_without_hx_and_a_float64_cell_takes_hx(name, make, is_lstm):
    x = onp.random.rand(2, 3, 4)
    assert make(4, 5, batch_first=True)(ms.Tensor(x))[0].dtype == onp.float64
    h = ms.Tensor(onp.zeros((1, 2, 5)))
    cell = make(4, 5, batch_first=True, dtype=onp.float64)
    assert cell(ms.Tensor(x), (h, h) if is_lstm else h)[0].dtype == onp.float64


@pytest.mark.parametrize("dtype", [onp.int32, onp.int64, onp.uint8])
def test_set_data_refuses_a_python_float_into_an_int_parameter(dtype):
    p = ms.Parameter(ms.Tensor(onp.array([1, 2], dtype)), name="n")
    with pytest.raises(TypeError, match=r"Parameter 'n'.set_data: expected an int for an "
                                        r"u?int\d+ Parameter, got float 2.5"):
        p.set_data(2.5)
    assert p.tolist() == [1, 2]
    p.set_data(ms.Tensor(onp.array([3, 4], dtype)))
    assert p.tolist() == [3, 4]


@pytest.mark.parametrize("dtype", [onp.float64, onp.float16])
@pytest.mark.parametrize("name, make, is_lstm", RNNS, ids=[r[0] for r in RNNS])
def test_rnn_of_another_float_dtype_casts_its_weights_on_both_numpys(name, make, is_lstm, dtype):
    """``cast_weights`` called NumPy 2's ``np.astype``: NumPy 1.x raised for any float64 or
    float16 input to a float32 RNN; the weights' gradients come back float32."""
    cell = make(4, 3, batch_first=True)
    x = ms.Tensor(onp.random.rand(2, 3, 4).astype(dtype))
    assert cell(x)[0].dtype == dtype
    grads = ms.grad(lambda x: cell(x)[0].sum(), grad_position=None,
                    weights=cell.trainable_params())(x)
    assert all(g.dtype == onp.float32 and onp.isfinite(g).all() for g in grads)
