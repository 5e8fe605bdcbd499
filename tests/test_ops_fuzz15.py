"""Area fuzz15's fixes on their own: the error messages that now name the primitive and
its argument, float64 finite differences where a gradient changed (LpNorm at a zero
row, xlogy beside NaN, BCE at the clamp), and float32 kept where a float Tensor meets
an int one. Values against MindSpore 2.10 live in test_cell_oracle_ops_fuzz15.py."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

F = ms.Tensor(onp.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], onp.float32))
I32 = ms.Tensor(onp.array([[2, 1, 3], [1, 4, 2]], onp.int32))

BAD = [
    (lambda: ops.AddN()(()), CellArgumentError, r"AddN inputs: expected at least one Tensor"),
    (lambda: ops.AddN()((F, F[0])), CellArgumentError,
     r"AddN input 1: expected input 0's shape \(2, 3\), got shape \(3,\)"),
    (lambda: ops.AddN()((F, F.astype(onp.float64))), CellTypeError,
     r"AddN input 1: expected input 0's dtype float32, got float64"),
    (lambda: ops.AccumulateNV2()((F, F[0])), CellArgumentError, r"AccumulateNV2 input 1"),
    (lambda: ops.LinSpace()(ms.Tensor(0.0), ms.Tensor(1.0), 0), CellArgumentError,
     r"LinSpace num: expected an int > 0, got 0"),
    (lambda: ops.LinSpace()(ms.Tensor(0.0), ms.Tensor(1.0), 2.0), CellTypeError,
     r"LinSpace num: expected an int"),
    (lambda: ops.Pack(3)((F, F)), CellArgumentError, r"Pack axis: expected an axis in "
     r"\[-3, 3\), got 3"),
    (lambda: ops.ReduceAny()(F > 0, 5), CellArgumentError, r"ReduceAny axis: expected an "
     r"axis in \[-2, 2\), got 5"),
    (lambda: ops.ReduceStd(axis=-3)(F), CellArgumentError, r"ReduceStd axis"),
    (lambda: ops.LpNorm(2)(F), CellArgumentError, r"LpNorm axis: expected an axis in"),
    (lambda: ops.EuclideanNorm()(F, ms.Tensor([2])), CellArgumentError, r"EuclideanNorm axis"),
    (lambda: ops.NLLLoss()(F, ms.Tensor(onp.array([1, 3], onp.int32)),
                           ms.Tensor(onp.ones(3, onp.float32))), CellArgumentError,
     r"NLLLoss labels: expected class indices in \[0, 3\), got \[1, 3\]"),
    (lambda: ops.Xdivy()(I32, I32), CellTypeError, r"Xdivy input 0: expected a float Tensor"),
    (lambda: ops.atan2(I32, I32), CellTypeError, r"ops\.atan2 input: expected a float"),
    (lambda: ops.logaddexp(F, I32), CellTypeError, r"ops\.logaddexp other: expected a float"),
] + [(lambda op=op, n=n: getattr(ops, op)()(F, ms.Tensor(onp.array([0, 1], onp.int32)), n),
      CellArgumentError, rf"{op} num_segments: expected an int > 0, got {n}")
     for op in ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin",
                "UnsortedSegmentProd") for n in (0, -1)]


@pytest.mark.parametrize("call,error,words", BAD)
def test_bad_arguments_name_the_primitive_and_the_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("op", ["Xdivy", "DivNoNan", "MulNoNan", "TruncateDiv",
                                "SquaredDifference", "Fmax", "Fmin", "Atan2", "Hypot"])
def test_a_float32_tensor_beside_an_int_one_stays_float32(op):
    assert getattr(ops, op)()(F, I32).dtype == onp.float32
    assert getattr(ops, op)()(I32, F).dtype == onp.float32
    assert getattr(ops, op)()(F.astype(onp.float64), I32).dtype == onp.float64


def test_lp_norm_of_a_zero_row_is_epsilon_with_gradient_zero():
    x = ms.Tensor(onp.array([[0.0, 0.0], [3.0, 4.0]]))
    for p in (1, 2, 3):
        norm = ops.LpNorm(1, p, False, 0.5)
        assert norm(x).tolist()[0] == 0.5
        grad = ops.grad(lambda t: norm(t).sum())(x)
        assert onp.all(onp.isfinite(grad)) and grad.tolist()[0] == [0.0, 0.0]
    away = onp.array([[0.3, -0.7], [3.0, 4.0]])
    check_grads(lambda t: ops.LpNorm(1, 3)(t), modes=["rev"], order=1)(away)
    check_grads(lambda t: ops.LpNorm((0, 1))(t), modes=["rev"], order=2)(away)


def test_nan_propagates_through_xlogy_median_and_isclose():
    nan = float("nan")
    got = ops.xlogy(ms.Tensor([0.0, 0.0, 2.0]), ms.Tensor([nan, 3.0, nan])).tolist()
    assert onp.isnan(got[0]) and got[1] == 0.0 and onp.isnan(got[2])
    value, index = ops.Median(False, 1)(ms.Tensor([[3.0, nan, 2.0], [1.0, 2.0, 3.0]]))
    assert onp.isnan(value.tolist()[0]) and value.tolist()[1] == 2.0
    assert index.tolist() == [1, 1]
    inf = float("inf")
    assert ops.isclose(ms.Tensor([inf, -inf, 1.0, inf]),
                       ms.Tensor([inf, inf, inf, 1.0])).tolist() == [True, False, False, False]
    assert ops.Heaviside()(ms.Tensor([nan, 0.0, 2.0]), ms.Tensor([1.0, 0.5, 0.5])).tolist() \
        == [0.0, 0.5, 1.0]
    x = onp.array([0.5, 1.0, 2.0])
    check_grads(lambda t: ops.xlogy(t, onp.array([2.0, 3.0, 0.5])), modes=["rev"], order=1)(x)


def test_bce_clamps_the_logs_argument_at_1e_12_and_keeps_its_gradient():
    p, y = ms.Tensor([0.0, 1.0, 1e-20, 0.5]), ms.Tensor([1.0, 0.0, 1.0, 0.0])
    want = [-onp.log(onp.float32(1e-12))] * 3 + [onp.log(2.0)]
    onp.testing.assert_allclose(nn.BCELoss(reduction="none")(p, y).tolist(), want, rtol=1e-6)
    onp.testing.assert_allclose(ops.BinaryCrossEntropy("none")(p, y).tolist(), want, rtol=1e-6)
    check_grads(lambda t: ops.binary_cross_entropy(t, onp.array([1.0, 0.2])), modes=["rev"],
                order=1)(onp.array([0.3, 0.6]))


def test_unstack_of_a_zero_length_axis_is_empty_and_linspace_keeps_float64():
    assert ops.Unpack(0)(ms.Tensor(onp.zeros((0, 3), onp.float32))) == ()
    assert ops.unstack(ms.Tensor(onp.zeros((2, 0), onp.float32)), 1) == ()
    start, stop = ms.Tensor(onp.float64(1.0)), ms.Tensor(onp.float64(0.0))
    assert ops.LinSpace()(start, stop, 3).dtype == onp.float64
    assert ops.linspace(ms.Tensor(1.0), ms.Tensor(0.0), 3).dtype == onp.float32


@pytest.mark.parametrize("cell,call,words", [
    (lambda: nn.Norm(axis=2), lambda c: c(F), r"Norm axis: expected an axis in \[-2, 2\), got 2"),
    (lambda: nn.Moments(axis=-3), lambda c: c(F), r"Moments axis: expected an axis in"),
    (lambda: nn.ReduceLogSumExp(5), lambda c: c(F), r"ReduceLogSumExp axis"),
    (lambda: nn.ClipByNorm(axis=3), lambda c: c(F, ms.Tensor(1.0)), r"ClipByNorm axis"),
    (lambda: nn.Tril(), lambda c: c(F[0]), r"Tril x: expected a Tensor of rank >= 2, got "
     r"shape \(3,\)"),
    (lambda: nn.Triu(), lambda c: c(ms.Tensor(1.0)), r"Triu x: expected a Tensor of rank"),
])
def test_cells_refuse_an_axis_or_rank_they_would_silently_wrap(cell, call, words):
    with pytest.raises(CellArgumentError, match=words):
        call(cell())


def test_lp_pool_of_a_zero_window_has_gradient_zero_and_float64_fd():
    x = ms.Tensor(onp.array([[[[0.0, 0.0, 1.0], [0.0, 0.0, 2.0]]]], onp.float32))
    pool = nn.LPPool2d(2, (2, 1))
    assert pool(x).tolist() == [[[[0.0, 0.0, onp.sqrt(5.0).astype(onp.float32)]]]]
    grad = ops.grad(lambda t: pool(t).sum())(x)
    assert onp.all(onp.isfinite(grad)) and grad.tolist()[0][0][0][:2] == [0.0, 0.0]
    away = onp.random.RandomState(3).uniform(0.2, 1.0, (1, 2, 4, 4))
    check_grads(lambda t: ops.lp_pool2d(t, 3, 2), modes=["rev"], order=1)(away)
    check_grads(lambda t: ops.lp_pool1d(t, 2, 2), modes=["rev"], order=1)(away[0])


def test_l1_regularizer_of_int_weights_is_float32():
    # MindSpore 2.10: 1.5 (Float32); ours raised AttributeError (numpy.float32 has no .type)
    out = nn.L1Regularizer(0.5)(ms.Tensor(onp.array([1, -2], onp.int32)))
    assert out.dtype == onp.float32 and float(out) == 1.5
