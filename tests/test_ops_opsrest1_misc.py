"""Area opsrest1's remaining primitives and functions (``ops/prims_rest1.py``,
``ops/fn_rest1.py``): float64 finite-difference checks, float32 stays float32, and a bad
argument's error names the op and the argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import numpy as np
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError, NonFiniteError

A = onp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.5]])
R = onp.random.RandomState(16).uniform(-1, 1, (3, 4))


def _grad_check(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


def test_orgqr_rebuilds_q_and_differentiates():
    y, tau = ops.geqrf(ms.Tensor(A))
    q = ops.orgqr(y, tau)
    onp.testing.assert_allclose(q, onp.linalg.qr(A)[0], atol=1e-12)
    assert ops.Orgqr()(y, tau).tolist() == q.tolist()
    _grad_check(lambda a, t: ops.orgqr(a, t) ** 2, onp.array(y), onp.array(tau))
    y32, tau32 = ops.geqrf(ms.Tensor(A.astype(onp.float32)))
    assert ops.orgqr(y32, tau32).dtype == onp.float32
    with pytest.raises(CellTypeError, match="orgqr input2: expected a float32 Tensor"):
        ops.orgqr(y32, tau)
    with pytest.raises(CellArgumentError, match="Orgqr: expected m >= n"):
        ops.Orgqr()(ms.Tensor(A.T), tau)


@pytest.mark.parametrize("name", ["hfft2", "hfftn", "ihfft2", "ihfftn"])
def test_hermitian_ffts_match_their_definition_and_differentiate(name):
    if name.startswith("i"):
        want = onp.conj(onp.fft.rfftn(R, axes=(-2, -1))) / R.size
    else:
        want = onp.fft.irfftn(onp.conj(R), axes=(-2, -1)) * (2 * (R.shape[-1] - 1)) * 3
    got = getattr(ops, name)(ms.Tensor(R))
    onp.testing.assert_allclose(got, want, atol=1e-12)
    part = (lambda y: np.real(y) + np.imag(y)) if name.startswith("i") else (lambda y: y)
    _grad_check(lambda x: part(getattr(ops, name)(x, norm="ortho")) ** 2, R)
    single = getattr(ops, name)(ms.Tensor(R.astype(onp.float32)))
    assert single.dtype == (onp.complex64 if name.startswith("i") else onp.float32)
    with pytest.raises(CellArgumentError, match=f"ops.{name} norm: expected None"):
        getattr(ops, name)(ms.Tensor(R), norm="bad")


def test_ihfft2_gradient_is_that_of_its_conjugate_forward():
    """MindSpore 2.10's gradient drops the conjugate; ours matches finite differences."""
    x = ms.Tensor(R.astype(onp.float32))
    g = ms.grad(lambda a: ops.real(ops.ihfft2(a)).sum() + ops.imag(ops.ihfft2(a)).sum())(x)
    assert onp.round(onp.asarray(g)[0], 4).tolist() == [0.75, 0.25, 0.25, -0.25]


def test_small_functions_differentiate():
    m = onp.array([[2.0, 0.5], [0.1, -3.0]])
    _grad_check(lambda a: ops.matrix_determinant(a), m)
    _grad_check(lambda a: ops.log_matrix_determinant(a)[1], m)
    _grad_check(lambda a: ops.identity(a) ** 2, m)
    _grad_check(lambda a: ops.diff_ext(a, 1, 0) ** 2, R)
    _grad_check(lambda a: ops.float_power_ext(a, 3), R)
    _grad_check(lambda a: ops.view_as_real(a * (1 + 2j)) ** 2, R)
    _grad_check(lambda a, b: ops.ParallelConcat()((a, b)) ** 2, R[:1], R[1:2])
    assert ops.ParallelConcat()((ms.Tensor(R[:1].astype(onp.float32)),)).dtype == onp.float32
    assert ops.view_as_real(ms.Tensor(onp.array([1 + 2j], onp.complex64))).dtype == onp.float32


def test_function_errors_name_the_op_and_argument():
    with pytest.raises(CellTypeError, match="ops.view_as_real input: expected a complex"):
        ops.view_as_real(ms.Tensor(R))
    with pytest.raises(CellArgumentError, match="MatrixDeterminant input: expected square"):
        ops.matrix_determinant(ms.Tensor(R))
    with pytest.raises(CellTypeError, match="ParallelConcat values\\[1\\]: expected a float64"):
        ops.ParallelConcat()((ms.Tensor(R[:1]), ms.Tensor(onp.ones((1, 4), onp.int32))))
    with pytest.raises(CellArgumentError, match="ParallelConcat values\\[0\\]: expected shape "
                                                "\\(1, ...\\)"):
        ops.ParallelConcat()((ms.Tensor(R),))


def test_ragged_range_equal_count_and_check_numerics():
    splits, values = ops.RaggedRange(ms.int64)(ms.Tensor(onp.array([2, 5, 8], onp.int32)),
                                               ms.Tensor(onp.array([3, 5, 12], onp.int32)),
                                               ms.Tensor(onp.array([1, 1, 1], onp.int32)))
    assert splits.tolist() == [0, 1, 1, 5] and splits.dtype == onp.int64
    assert values.tolist() == [2, 8, 9, 10, 11] and values.dtype == onp.int32
    one = ms.Tensor(onp.array([1], onp.int32))
    with pytest.raises(CellTypeError, match="RaggedRange Tsplits: expected ms.int32"):
        ops.RaggedRange(ms.float32)
    with pytest.raises(CellArgumentError, match="RaggedRange deltas: expected nonzero steps"):
        ops.RaggedRange(ms.int32)(one, one, one * 0)
    x = ms.Tensor(onp.array([1.0, 2.0, 3.0], onp.float32))
    count = ops.EqualCount()(x, ms.Tensor(onp.array([1.0, 0.0, 3.0], onp.float32)))
    assert count.tolist() == [2.0] and count.dtype == onp.float32
    with pytest.raises(CellArgumentError, match="EqualCount y: expected the shape of x"):
        ops.EqualCount()(x, x[:2])
    assert ops.CheckNumerics()(x) is x
    with pytest.raises(NonFiniteError, match="CheckNumerics x: expected finite values, got "
                                             "NaN"):
        ops.CheckNumerics()(ms.Tensor(onp.array([1.0, onp.nan], onp.float32)))
    with pytest.raises(CellTypeError, match="CheckNumerics x: expected a float16"):
        ops.CheckNumerics()(one)


def test_data_format_ops_and_matrix_logarithm():
    dims = ms.Tensor(onp.array([-4, -1, 0, 1, 2, 3], onp.int64))
    assert ops.DataFormatDimMap()(dims).tolist() == [0, 2, 0, 3, 1, 2]
    vec = ms.Tensor(onp.array([[1, 2], [3, 4], [5, 6], [7, 8]], onp.int32))
    assert ops.DataFormatVecPermute("NCHW", "NHWC")(vec).tolist() == [[1, 2], [5, 6],
                                                                      [7, 8], [3, 4]]
    with pytest.raises(CellArgumentError, match="DataFormatDimMap dst_format: expected 'NHWC'"):
        ops.DataFormatDimMap("NHWC", "NCWH")
    with pytest.raises(CellArgumentError, match="DataFormatVecPermute input: expected shape"):
        ops.DataFormatVecPermute()(vec[:3])
    with pytest.raises(CellTypeError, match="DataFormatDimMap input: expected an int32"):
        ops.DataFormatDimMap()(ms.Tensor(R))
    m = onp.array([[2.0, 0.5], [0.1, 3.0]], onp.complex128)
    logged = ops.MatrixLogarithm()(ms.Tensor(m))
    w, v = onp.linalg.eig(onp.asarray(logged))
    onp.testing.assert_allclose((v * onp.exp(w)) @ onp.linalg.inv(v), m, atol=1e-12)
    with pytest.raises(CellTypeError, match="MatrixLogarithm x: expected a complex64"):
        ops.MatrixLogarithm()(ms.Tensor(m.real))
