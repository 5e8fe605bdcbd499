"""The round-2 Parameter-writing primitives (``ScatterMul`` ... ``ScatterNdUpdate``, the
``Apply*`` optimizer steps): values as MindSpore 2.10 computes them (the numbers below were
recorded from it on CPU), return structures, and all-or-nothing writes."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

F = onp.float32
ROWS = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
UPDATES = ms.Tensor(onp.array([[2.0, 0.5], [3.0, 3.0], [4.0, -1.0]], F))


def _p(values, name="p", dtype=F):
    return ms.Parameter(ms.Tensor(onp.array(values, dtype)), name=name)


def _t(values):
    return ms.Tensor(onp.array(values, F))


GRAD = _t([0.3, -0.2])


@pytest.mark.parametrize("op, want", [
    (ops.ScatterMul(), [[8.0, -1.0], [3.0, 4.0], [15.0, 18.0]]),
    (ops.ScatterDiv(), [[0.125, -4.0], [3.0, 4.0], [5 / 3, 2.0]]),
    (ops.ScatterMax(), [[4.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
    (ops.ScatterMin(), [[1.0, -1.0], [3.0, 4.0], [3.0, 3.0]]),
])
def test_scatter_rows_apply_repeats_in_turn(op, want):
    x = _p(ROWS)
    out = op(x, ms.Tensor(onp.array([0, 2, 0], onp.int32)), UPDATES)
    assert out is x
    onp.testing.assert_allclose(x, want, rtol=1e-6)


def test_scatter_div_truncates_ints_and_refuses_zero():
    x = _p([7, 8, 9], dtype=onp.int32)
    ops.ScatterDiv()(x, ms.Tensor(onp.array([0, 1], onp.int32)),
                     ms.Tensor(onp.array([2, -3], onp.int32)))
    assert x.tolist() == [3, -2, 9]
    with pytest.raises(ValueError, match="ScatterDiv updates: expected no 0 values"):
        ops.ScatterDiv()(x, ms.Tensor(onp.array([2], onp.int32)),
                         ms.Tensor(onp.array([0], onp.int32)))
    assert x.tolist() == [3, -2, 9]


@pytest.mark.parametrize("op, rows, full", [
    (ops.ScatterNdAdd(), [[7.0, 1.5], [3.0, 4.0], [8.0, 9.0]],
     [[1.0, 12.0], [3.0, 4.0], [25.0, 6.0]]),
    (ops.ScatterNdSub(), [[-5.0, 2.5], [3.0, 4.0], [2.0, 3.0]],
     [[1.0, -8.0], [3.0, 4.0], [-15.0, 6.0]]),
    (ops.ScatterNdUpdate(), [[4.0, -1.0], [3.0, 4.0], [3.0, 3.0]],
     [[1.0, 10.0], [3.0, 4.0], [20.0, 6.0]]),
])
def test_scatter_nd_by_rows_and_by_elements(op, rows, full):
    x = _p(ROWS)
    op(x, ms.Tensor(onp.array([[0], [2], [0]], onp.int32)), UPDATES)
    assert x.tolist() == rows
    x = _p(ROWS)
    op(x, ms.Tensor(onp.array([[0, 1], [2, 0]], onp.int32)), _t([10.0, 20.0]))
    assert x.tolist() == full


def test_adagrad_returns_var_and_accum():
    var, accum = _p([1.0, 2.0], "var"), _p([0.5, 0.5], "accum")
    out = ops.ApplyAdagrad()(var, accum, _t(0.1), GRAD)
    assert out[0] is var and out[1] is accum
    onp.testing.assert_allclose(var, [0.960943341, 2.027216434], rtol=1e-6)
    onp.testing.assert_allclose(accum, [0.59, 0.54], rtol=1e-6)


def test_rms_props_match_mindspore():
    var, ms_, mom = _p([1.0, 2.0]), _p([0.5, 0.5]), _p([0.1, 0.1])
    assert ops.ApplyRMSProp()(var, ms_, mom, _t(0.1), GRAD, 0.9, 0.8, 1e-6) is var
    onp.testing.assert_allclose(var, [0.8757193, 1.9496826], rtol=1e-6)
    onp.testing.assert_allclose(mom, [0.12428071, 0.05031743], rtol=1e-6)
    var, mg, ms_, mom = _p([1.0, 2.0]), _p([0.1, 0.1]), _p([0.5, 0.5]), _p([0.1, 0.1])
    ops.ApplyCenteredRMSProp()(var, mg, ms_, mom, GRAD, _t(0.1), 0.9, 0.8, 1e-6)
    onp.testing.assert_allclose(var, [0.8750079, 1.9498441], rtol=1e-6)
    onp.testing.assert_allclose(mg, [0.12, 0.07], rtol=1e-6)
    onp.testing.assert_allclose(ms_, [0.459, 0.454], rtol=1e-6)


def test_adamax_adadelta_and_proximal_descent_match_mindspore():
    var, m, v = _p([1.0, 2.0]), _p([0.5, 0.5]), _p([0.1, 0.1])
    out = ops.ApplyAdaMax()(var, m, v, _t(0.9), _t(0.1), _t(0.9), _t(0.99), _t(1e-8), GRAD)
    assert len(out) == 3 and out[0] is var
    onp.testing.assert_allclose(var, [-0.5999995, -0.1499991], rtol=1e-5)
    onp.testing.assert_allclose(v, [0.3, 0.2], rtol=1e-6)
    var, a, au = _p([1.0, 2.0]), _p([0.5, 0.5]), _p([0.1, 0.1])
    ops.ApplyAdadelta()(var, a, au, _t(0.1), _t(0.9), _t(1e-6), GRAD)
    onp.testing.assert_allclose(var, [0.98599714, 2.0093865], rtol=1e-6)
    onp.testing.assert_allclose(au, [0.0919608, 0.09088106], rtol=1e-5)
    var = _p([1.0, -2.0])
    ops.ApplyProximalGradientDescent()(var, _t(0.1), _t(0.5), _t(0.2), GRAD)
    onp.testing.assert_allclose(var, [0.9019608, -1.892157], rtol=1e-6)


def test_a_bad_step_leaves_every_parameter_as_it_was():
    var, m, v = _p([1.0, 2.0]), _p([0.5, 0.5]), _p([0.1, 0.1])
    with pytest.raises(ValueError, match="ApplyAdaMax grad: expected the shape of var"):
        ops.ApplyAdaMax()(var, m, v, 0.9, 0.1, 0.9, 0.99, 1e-8, _t([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match="ApplyAdaMax lr: expected a scalar"):
        ops.ApplyAdaMax()(var, m, v, 0.9, _t([0.1, 0.1]), 0.9, 0.99, 1e-8, GRAD)
    assert var.tolist() == [1.0, 2.0] and m.tolist() == [0.5, 0.5]
    x = _p(ROWS)
    with pytest.raises(ValueError, match="ScatterNdAdd indices: expected indices within"):
        ops.ScatterNdAdd()(x, ms.Tensor(onp.array([[0], [5]], onp.int32)), UPDATES[:2])
    assert x.tolist() == ROWS


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.ScatterMul("a"), TypeError, "ScatterMul use_locking"),
    (lambda: ops.ScatterMax()(_t(ROWS), ms.Tensor(onp.array([0], onp.int32)), UPDATES[:1]),
     TypeError, "ScatterMax input_x: expected a Parameter"),
    (lambda: ops.ScatterMin()(_p(ROWS), ms.Tensor([0.0]), UPDATES[:1]), TypeError,
     "ScatterMin indices"),
    (lambda: ops.ScatterNdSub()(_p(ROWS), ms.Tensor(onp.array([[0, 1, 1]], onp.int32)),
                                _t([1.0])), ValueError, "ScatterNdSub indices"),
    (lambda: ops.ScatterNdUpdate()(_p(ROWS), ms.Tensor(onp.array([[0]], onp.int32)),
                                   _t([1.0])), ValueError, "ScatterNdUpdate updates"),
    (lambda: ops.ApplyAdagrad(1), TypeError, "ApplyAdagrad update_slots"),
    (lambda: ops.ApplyAdagrad()(_p([1.0]), _p([1.0, 2.0]), 0.1, _t([1.0])), ValueError,
     "ApplyAdagrad accum: expected the shape of var"),
    (lambda: ops.ApplyRMSProp(1), TypeError, "ApplyRMSProp use_locking"),
    (lambda: ops.ApplyCenteredRMSProp()(_p([1.0]), _p([1.0]), _p([1.0]), _p([1.0]),
                                        _t([1.0]).astype(onp.float64), 0.1, 0.9, 0.8, 1e-6),
     TypeError, "ApplyCenteredRMSProp grad"),
    (lambda: ops.ApplyAdadelta()(_t([1.0]), _p([1.0]), _p([1.0]), 0.1, 0.9, 1e-6,
                                 _t([1.0])), TypeError, "ApplyAdadelta var"),
    (lambda: ops.ApplyProximalGradientDescent()(_p([1.0]), 0.1, 0.5, 0.2, _t([1.0, 2.0])),
     ValueError, "ApplyProximalGradientDescent delta"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
