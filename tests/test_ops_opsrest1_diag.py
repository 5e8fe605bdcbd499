"""``MatrixDiagV3``, ``MatrixDiagPartV3`` and ``MatrixSetDiagV3`` (``ops/prims_rest1_diag.py``):
the three agree with each other for every align, float64 finite differences, float32 stays
float32, and a bad argument names the primitive and the argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

X = onp.random.RandomState(16).uniform(-1, 1, (2, 3, 4))
K = ms.Tensor(onp.array([-1, 1], onp.int32))


def _n(value):
    return ms.Tensor(onp.array(value, onp.int32))


@pytest.mark.parametrize("align", ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"])
def test_part_set_and_build_agree(align):
    pad = ms.Tensor(onp.float64(0.0))
    band = ops.MatrixDiagPartV3(align)(ms.Tensor(X), K, pad)
    assert band.shape == (2, 3, 3)
    assert ops.MatrixSetDiagV3(align)(ms.Tensor(X), band, K).tolist() == X.tolist()
    banded = onp.where(onp.abs(onp.arange(3)[:, None] - onp.arange(4)) <= 1, X, 0)
    built = ops.MatrixDiagV3(align)(band, K, _n(3), _n(4), pad)
    onp.testing.assert_array_equal(built, banded)


def test_gradients_match_finite_differences():
    k0 = _n(0)
    check_grads(lambda x, p: ops.MatrixDiagPartV3()(x, K, p) ** 2, modes=["rev"],
                order=1)(X, onp.float64(0.5))
    check_grads(lambda x, d: ops.MatrixSetDiagV3("LEFT_LEFT")(x, d, K) ** 2, modes=["rev"],
                order=1)(X, X[..., :3])
    check_grads(lambda d, p: ops.MatrixDiagV3()(d, k0, _n(-1), _n(-1), p) ** 2,
                modes=["rev"], order=1)(X[0], onp.float64(2.0))


def test_float32_stays_float32():
    x, pad = ms.Tensor(X.astype(onp.float32)), ms.Tensor(onp.float32(0))
    band = ops.MatrixDiagPartV3()(x, K, pad)
    assert band.dtype == onp.float32
    assert ops.MatrixSetDiagV3()(x, band, K).dtype == onp.float32
    assert ops.MatrixDiagV3()(band, K, _n(-1), _n(-1), pad).dtype == onp.float32


def test_errors_name_the_primitive_and_argument():
    pad = ms.Tensor(onp.float64(0.0))
    with pytest.raises(CellArgumentError, match="MatrixDiagPartV3 align: expected one of"):
        ops.MatrixDiagPartV3("RIGHT")
    with pytest.raises(CellArgumentError, match="MatrixDiagPartV3 k: expected k\\[0\\] <= "
                                                "k\\[1\\]"):
        ops.MatrixDiagPartV3()(ms.Tensor(X), _n([1, -1]), pad)
    with pytest.raises(CellArgumentError, match="MatrixDiagPartV3 k: expected diagonals in"):
        ops.MatrixDiagPartV3()(ms.Tensor(X), _n([0, 4]), pad)
    with pytest.raises(CellTypeError, match="MatrixDiagPartV3 padding_value: expected a "
                                            "float64 Tensor"):
        ops.MatrixDiagPartV3()(ms.Tensor(X), K, ms.Tensor(onp.int32(1)))
    with pytest.raises(CellTypeError, match="MatrixSetDiagV3 k: expected an int32 Tensor"):
        ops.MatrixSetDiagV3()(ms.Tensor(X), ms.Tensor(X), ms.Tensor(onp.float32(0)))
    with pytest.raises(CellArgumentError, match="MatrixSetDiagV3 diagonal: expected a shape "
                                                "ending in \\(3, 3\\)"):
        ops.MatrixSetDiagV3()(ms.Tensor(X), ms.Tensor(X), K)
    with pytest.raises(CellArgumentError, match="MatrixDiagV3 num_rows, num_cols: expected"):
        ops.MatrixDiagV3()(ms.Tensor(X[0, 0]), _n(0), _n(2), _n(2), pad)
