"""nn.LogSoftmax against MindSpore 2.10, and the int inputs MindSpore refuses.

The expected numbers are what MindSpore 2.10 (CPU, PyNative) printed for the same inputs,
rounded to 6 decimals; each test's docstring names the call."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from minpy_compat import nn, ops
from minpy_compat.errors import CellTypeError
from cell_loss_helpers import RNG, T, close


X = onp.array([[1., -2., 3.], [-4., 5., -6.]], onp.float32)
XI = onp.array([[1, -2, 3], [-4, 5, -6]], onp.int32)
YI = onp.array([[1, 2, 3], [4, 5, 6]], onp.int32)


# ---- nn.LogSoftmax ------------------------------------------------------------------------
def test_log_softmax_cell_matches_mindspore():
    """MindSpore: nn.LogSoftmax()(X) -> Float32 [[-2.132842, -5.132842, -0.132842],
    [-9.000138, -0.000139, -11.000138]]; nn.LogSoftmax(0)(X) -> [[-0.006714, -7.00091,
    -0.000122], [-5.006714, -0.00091, -9.000122]]; float64 and float16 keep their dtype."""
    close(nn.LogSoftmax()(T(X)), [[-2.132842, -5.132842, -0.132842],
                                  [-9.000138, -0.000139, -11.000138]], atol=1e-5)
    close(nn.LogSoftmax(0)(T(X)), [[-0.006714, -7.00091, -0.000122],
                                   [-5.006714, -0.00091, -9.000122]], atol=1e-5)
    assert nn.LogSoftmax()(T(X, onp.float64)).dtype == onp.float64
    assert nn.LogSoftmax()(T(X, onp.float16)).dtype == onp.float16


def test_log_softmax_cell_gradient_matches_mindspore():
    """MindSpore: ops.grad(lambda a: (nn.LogSoftmax()(a) * [[1,2,3],[4,5,6]]).sum())(X) ->
    Float32 [[0.289, 1.964601, -2.25362], [3.998149, -9.99792, 5.99975]]."""
    scale = T([[1., 2., 3.], [4., 5., 6.]])
    got = ops.grad(lambda a: (nn.LogSoftmax()(a) * scale).sum())(T(X))
    close(got, [[0.289, 1.964601, -2.25362], [3.998149, -9.99792, 5.99975]], atol=2e-5)


@pytest.mark.parametrize("shape, axis", [((5,), -1), ((3, 4), 0), ((2, 3, 4), 1)])
def test_log_softmax_cell_matches_finite_differences(shape, axis):
    cell, scale = nn.LogSoftmax(axis), RNG.normal(size=shape)
    check_grads(lambda a: (cell(a) * scale).sum(), modes=["rev"], order=2)(
        RNG.normal(size=shape))


def test_log_softmax_cell_refuses_a_tuple_axis_and_is_a_dense_activation():
    """MindSpore: nn.LogSoftmax((0, 1)) -> TypeError; Dense(activation='logsoftmax') works."""
    with pytest.raises(CellTypeError, match="LogSoftmax axis: expected an int, got tuple"):
        nn.LogSoftmax((0, 1))
    dense = nn.Dense(2, 3, weight_init="ones", activation="logsoftmax")
    assert isinstance(dense.activation, nn.LogSoftmax)


# ---- int inputs MindSpore refuses ---------------------------------------------------------
@pytest.mark.parametrize("call, where", [
    (lambda x: nn.Softmax()(x), "Softmax input"),
    (lambda x: nn.LogSoftmax()(x), "LogSoftmax input"),
    (lambda x: nn.Sigmoid()(x), "Sigmoid input"),
    (lambda x: nn.Tanh()(x), "Tanh input"),
    (lambda x: ops.softmax(x), "ops.softmax input"),
    (lambda x: ops.Softmax()(x), "Softmax input"),
    (lambda x: ops.log_softmax(x), "ops.log_softmax input"),
    (lambda x: ops.LogSoftmax()(x), "LogSoftmax input"),
])
def test_int_inputs_are_refused_as_in_mindspore(call, where):
    """MindSpore: nn.Softmax()(Int32) -> TypeError 'must be a type of {BFloat16, Float16,
    Float32, Float64}, but got Int32'; Sigmoid/Tanh/LogSoftmax on Int32 -> TypeError
    'Unsupported data type' (here Softmax gave float64, Sigmoid/Tanh float32)."""
    with pytest.raises(CellTypeError, match=f"^{where}: expected a float16, float32 or "
                                            "float64 Tensor, got int32"):
        call(T(XI, onp.int32))


@pytest.mark.parametrize("loss, expected", [
    (nn.MSELoss(), 37), (nn.MSELoss("sum"), 224), (nn.L1Loss(), 4),
    (nn.MSELoss("none"), [[0, 16, 0], [64, 0, 144]])])
def test_int_losses_stay_int_as_in_mindspore(loss, expected):
    """MindSpore: nn.MSELoss()(XI, YI) -> Int32 37 (224 / 6 truncated); 'sum' -> Int32 224;
    'none' -> Int32 [[0, 16, 0], [64, 0, 144]]; nn.L1Loss()(XI, YI) -> Int32 4."""
    got = loss(T(XI, onp.int32), T(YI, onp.int32))
    assert got.dtype == onp.int32
    onp.testing.assert_array_equal(got, expected)
