"""Round 16's new ops on inputs the fuzzing round (area fuzzops16) found them wrong on,
beside the MindSpore replay ``test_cell_oracle_ops_fuzzops16.py``: the errors that remain
name the op and argument, gradients agree with finite differences in float64, and
Float16 solvers stay Float16."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellTypeError


def _t(values, dtype):
    return ms.Tensor(onp.array(values, dtype))


def test_xdivy_takes_an_int_input_beside_a_float_one():
    out = ops.xdivy(_t([0, 2, 3], onp.int32), _t([1.0, 4.0, 2.0], onp.float32))
    assert out.dtype == onp.float32 and onp.allclose(out, [0.0, 0.5, 1.5])


@pytest.mark.parametrize("op, argument", [("xdivy", "x"), ("approximate_equal", "x")])
def test_two_int_tensors_are_refused_naming_the_op(op, argument):
    with pytest.raises(CellTypeError, match=f"ops.{op} {argument}: expected a float"):
        getattr(ops, op)(_t([1, 2], onp.int32), _t([1, 3], onp.int32))


def test_approximate_equal_promotes_an_int_tensor():
    out = ops.approximate_equal(_t([1.0, 2.0], onp.float32), _t([1, 3], onp.int64))
    assert out.dtype == onp.bool_ and out.tolist() == [True, False]


@pytest.mark.parametrize("call", [lambda a, b: ops.NextAfter()(a, b), ops.nextafter])
def test_nextafter_passes_the_gradient_to_its_input(call):
    x, y = _t([1.0, -2.0, 3.0], onp.float32), _t([2.0, -3.0, 0.0], onp.float32)
    dx, dy = ops.grad(lambda a, b: call(a, b).sum(), grad_position=(0, 1))(x, y)
    assert dx.dtype == onp.float32 and dx.tolist() == [1.0, 1.0, 1.0]
    assert dy.tolist() == [0.0, 0.0, 0.0]
    assert onp.array_equal(call(x, y), onp.nextafter(onp.asarray(x), onp.asarray(y)))


def test_nextafter_gradient_matches_finite_differences():
    y = onp.array([[5.0, -5.0, 5.0]])
    check_grads(lambda x: ops.nextafter(x, y), modes=["rev"], order=1)(
        onp.array([[0.3, -1.2, 2.5], [1.0, 0.5, -0.7]]))


@pytest.mark.parametrize("x_dtype, src_dtype, want", [
    (onp.int32, onp.float16, onp.float16), (onp.int64, onp.float32, onp.float32),
    (onp.float32, onp.float64, onp.float64), (onp.int32, onp.int64, onp.int64)])
def test_diagonal_scatter_promotes_as_mindspore(x_dtype, src_dtype, want):
    out = ops.diagonal_scatter(ms.Tensor(onp.ones((2, 3), x_dtype)), _t([2, 3], src_dtype))
    assert out.dtype == want and out.tolist() == [[2, 1, 1], [1, 3, 1]]


def test_diagonal_scatter_gradient_matches_finite_differences():
    check_grads(lambda x, s: ops.diagonal_scatter(x, s, 1) * 1.5, modes=["rev"], order=1)(
        onp.arange(9.0).reshape(3, 3) / 7, onp.array([0.3, -0.4]))


def test_histogram_counts_float16_as_float32():
    assert ops.Histogram(4, 0.0, 4.0)(_t([0.5, 1.5, 3.9], onp.float16)).dtype == onp.float32
    assert ops.Histogram(4, 0.0, 4.0)(_t([0.5, 1.5, 3.9], onp.float32)).dtype == onp.float32


def test_float16_solvers_stay_float16():
    a = _t([[4.0, 1.0], [1.0, 3.0]], onp.float16)
    b = _t([[1.0], [2.0]], onp.float16)
    assert ops.MatrixSolve()(a, b).dtype == onp.float16
    assert ops.Lstsq()(a, b).dtype == onp.float16
    assert [t.dtype for t in ops.Qr()(a)] == [onp.float16] * 2
    assert [t.dtype for t in ops.Geqrf()(a)] == [onp.float16] * 2
    solved = ops.MatrixSolve()(a, b).astype(onp.float32)
    assert onp.allclose(onp.asarray(a, onp.float32) @ solved, [[1.0], [2.0]], atol=1e-2)


def test_float16_solver_gradient_stays_float16():
    a = _t([[4.0, 1.0], [1.0, 3.0]], onp.float16)
    da, db = ops.grad(lambda m, r: ops.MatrixSolve()(m, r).sum(), grad_position=(0, 1))(
        a, _t([[1.0], [2.0]], onp.float16))
    assert da.dtype == db.dtype == onp.float16


def test_matrix_solve_gradient_matches_finite_differences():
    check_grads(lambda a, b: ops.MatrixSolve()(a, b), modes=["rev"], order=1)(
        onp.array([[4.0, 1.0], [1.0, 3.0]]), onp.array([[1.0], [2.0]]))
