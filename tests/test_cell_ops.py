"""MindSpore-style function and primitive ops: values, dtypes, gradients, errors."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

from conftest import check_grad

rng = onp.random.RandomState(0)
MATRIX = rng.normal(size=(3, 4))
VECTOR = rng.normal(size=4)


def test_threshold_ops():
    x = ms.Tensor([0.1, 0.2, 0.3], ms.float32)
    cond = ops.gt(x, 0.1)
    assert cond.dtype == onp.bool_
    filled = ops.fill(x.dtype, x.shape, 20)
    assert filled.dtype == onp.float32 and filled.shape == (3,)
    out = ops.select(cond, x, filled)
    onp.testing.assert_allclose(out, [20, 0.2, 0.3], rtol=1e-7)
    onp.testing.assert_array_equal(ops.select(cond, x, 0.0), [0, x[1], x[2]])


def test_comparisons_give_bool():
    x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0])
    for op, want in [(ops.gt, [0, 0]), (ops.ge, [0, 1]), (ops.lt, [1, 0]), (ops.le, [1, 1]),
                     (ops.eq, [0, 1]), (ops.ne, [1, 0]), (ops.Greater(), [0, 0])]:
        got = op(x, y)
        assert got.dtype == onp.bool_
        onp.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("op", [ops.ReLU(), ops.relu])
def test_relu_gradient_is_zero_at_zero(op):
    onp.testing.assert_array_equal(ms.grad(op)(ms.Tensor([-1.0, 0.0, 2.0])), [0, 0, 1])


def test_relu6_values_and_every_order():
    x = ms.Tensor([[-0.5, 0.6, 7.0], [1.2, -1.3, 1.1]])
    onp.testing.assert_allclose(ops.ReLU6()(x), [[0, 0.6, 6], [1.2, 0, 1.1]], rtol=1e-6)
    onp.testing.assert_array_equal(ops.grad(ops.ReLU6())(x), [[0, 1, 0], [1, 0, 1]])
    onp.testing.assert_array_equal(ops.grad(ops.grad(ops.ReLU6()))(x), onp.zeros((2, 3)))


def test_sigmoid_is_stable_and_keeps_float32():
    x = ms.Tensor([-1000.0, 0.0, 1000.0])
    with onp.errstate(all="raise"):
        out = ops.Sigmoid()(x)
    onp.testing.assert_allclose(out, [0, 0.5, 1])
    assert out.dtype == onp.float32


def test_matmul_transposes():
    a, b = ms.Tensor(MATRIX), ms.Tensor(MATRIX)
    onp.testing.assert_allclose(ops.MatMul(transpose_b=True)(a, b), MATRIX @ MATRIX.T)
    onp.testing.assert_allclose(ops.MatMul(transpose_a=True)(a, b), MATRIX.T @ MATRIX)
    onp.testing.assert_allclose(ops.MatMul()(a, ms.Tensor(MATRIX.T)), MATRIX @ MATRIX.T)


# ---- finite differences for the differentiable ops (float64) -------------------------------
UNARY = [ops.abs, ops.exp, ops.relu, ops.relu6, ops.sigmoid, ops.tanh, ops.square, ops.sin,
         ops.cos, ops.neg, ops.softmax, ops.log_softmax, ops.ReLU(), ops.ReLU6(), ops.Sigmoid(),
         ops.Exp(), ops.Abs(), ops.Softmax(), ops.Tanh(), ops.Square(), ops.Neg()]
BINARY = [ops.add, ops.sub, ops.mul, ops.div, ops.maximum, ops.minimum, ops.Add(), ops.Mul(),
          ops.Sub(), ops.Div(), ops.Maximum(), ops.Minimum()]


@pytest.mark.parametrize("op", UNARY, ids=repr)
@pytest.mark.parametrize("x", [onp.array(0.7), VECTOR, MATRIX],
                         ids=["scalar", "vector", "matrix"])
def test_unary_op_matches_finite_differences(op, x):
    x = x + 0.01 * onp.sign(x)  # keep away from the kinks of abs/relu
    check_grad(op, x)


@pytest.mark.parametrize("op", BINARY, ids=repr)
def test_binary_op_matches_finite_differences_under_broadcasting(op):
    check_grad(op, MATRIX, VECTOR + 3.0)


@pytest.mark.parametrize("make", [
    lambda: (ops.MatMul(), (MATRIX, MATRIX.T)),
    lambda: (ops.MatMul(transpose_b=True), (MATRIX, MATRIX)),
    lambda: (lambda c, x, y: ops.select(ops.gt(c, 0), x, y), (VECTOR, VECTOR * 2, VECTOR - 1)),
    lambda: (lambda x: ops.reduce_sum(x, 1, True) * x, (MATRIX,)),
    lambda: (lambda x: ops.mean(x, 0) * ops.sum(x), (MATRIX,)),
    lambda: (lambda x: ops.reshape(ops.transpose(x, (1, 0)), (2, 6)), (MATRIX,)),
    lambda: (lambda x, y: ops.concat((x, y), 0) * ops.stack((y, y), 0).sum(), (MATRIX, MATRIX)),
    lambda: (lambda x: ops.ReduceSum(keep_dims=True)(x, (0,)) + ops.ReduceMean()(x), (MATRIX,)),
])
def test_composite_ops_match_finite_differences(make):
    fn, args = make()
    check_grad(fn, *args)


def test_the_checker_bites():
    off = ms.ops.Custom(lambda x: x * 2, bprop=lambda x, out, dout: (dout * 2.002,))
    with pytest.raises(AssertionError):
        check_grad(off, VECTOR)


@settings(max_examples=25, deadline=None)
@given(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3))
def test_binary_gradients_have_their_input_shapes(shapes):
    x, y = (ms.Tensor(onp.ones(s, onp.float32)) for s in shapes.input_shapes)
    gx, gy = ops.grad(ops.mul, (0, 1))(x, y)
    assert gx.shape == x.shape and gy.shape == y.shape
    assert gx.dtype == onp.float32 and gy.dtype == onp.float32


@settings(max_examples=25, deadline=None)
@given(hnp.arrays(onp.float32, hnp.array_shapes(max_dims=2, max_side=4),
                  elements=st.floats(-10, 10, width=32)))
def test_ops_equal_numpy_and_keep_float32(values):
    x = ms.Tensor(values)
    for op, reference in [(ops.abs, onp.abs), (ops.relu, lambda v: onp.maximum(v, 0)),
                          (ops.relu6, lambda v: onp.clip(v, 0, 6)), (ops.exp, onp.exp)]:
        got = op(x)
        assert got.dtype == onp.float32
        onp.testing.assert_allclose(got, reference(values), rtol=1e-6)
        assert ms.grad(op)(x).dtype == onp.float32


# ---- assign, cast, shapes ----------------------------------------------------------------
def test_assign_writes_a_parameter_in_place():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    assert ops.assign(p, ms.Tensor([3.0, 4.0])) is p
    onp.testing.assert_array_equal(p, [3.0, 4.0])
    ops.Assign()(p, 0.5)
    onp.testing.assert_array_equal(p, [0.5, 0.5])
    with pytest.raises(CellTypeError, match="ops.assign variable: expected a Parameter"):
        ops.assign(ms.Tensor([1.0]), ms.Tensor([2.0]))
    with pytest.raises(CellArgumentError, match=r"ops.assign to Parameter 'w': expected a value "
                                                r"of shape \(2,\), got shape \(3,\)"):
        ops.assign(p, ms.Tensor([1.0, 2.0, 3.0]))


def test_small_ops():
    x = ms.Tensor([[1.0, 2.0]])
    assert ops.shape(x) == (1, 2) and ops.Shape()(x) == (1, 2)
    assert ops.cast(x, ms.int32).dtype == onp.int32
    assert ops.ones((2,), ms.float32).dtype == onp.float32
    onp.testing.assert_array_equal(ops.zeros_like(x), [[0, 0]])
    onp.testing.assert_array_equal(ops.ones_like(x), [[1, 1]])
    assert ops.expand_dims(x, 0).shape == (1, 1, 2) and ops.squeeze(x).shape == (2,)
    assert ops.depend(x, None) is x
    onp.testing.assert_array_equal(ms.grad(lambda v: ops.stop_gradient(v) * v)(x), x)


# ---- Dropout2D, nn.Dropout ------------------------------------------------------------------
def test_dropout2d_drops_whole_channels():
    ms.set_seed(3)
    out, mask = ops.Dropout2D(0.5)(ms.Tensor(onp.ones((4, 6, 2, 2), onp.float32)))
    assert mask.dtype == onp.bool_ and mask.shape == (4, 6, 2, 2)
    per_channel = mask.reshape(4, 6, 4)
    assert (per_channel.all(axis=2) | ~per_channel.any(axis=2)).all()
    onp.testing.assert_array_equal(out, mask * 2.0)
    assert out.dtype == onp.float32


def test_dropout2d_checks_its_arguments():
    with pytest.raises(CellArgumentError, match=r"Dropout2D keep_prob: expected a number in "
                                                r"\[0, 1\], got 1.5"):
        ops.Dropout2D(1.5)
    with pytest.raises(ValueError, match=r"Dropout2D input: expected a rank-4 \(N, C, H, W\) "
                                         r"tensor, got shape \(2, 3\)"):
        ops.Dropout2D(0.5)(ms.Tensor(onp.ones((2, 3))))
    out, mask = ops.Dropout2D(0.0)(ms.Tensor(onp.ones((1, 2, 1, 1))))
    assert not mask.any() and not out.any()


def test_nn_dropout_only_in_training():
    drop = nn.Dropout(p=0.5)
    x = ms.Tensor(onp.ones((50, 50), onp.float32))
    assert drop(x) is x
    drop.set_train()
    out = drop(x)
    assert set(onp.unique(out).tolist()) == {0.0, 2.0}
    assert nn.Dropout(keep_prob=0.8).p == pytest.approx(0.2)
    with pytest.raises(ValueError, match=r"Dropout p: expected a number in \[0, 1\), got 1.0"):
        nn.Dropout(p=1.0)
    with pytest.raises(ValueError, match=r"Dropout keep_prob: expected a number in \(0, 1\]"):
        nn.Dropout(keep_prob=2)


def test_where_gradients_stay_float32_before_a_custom_op_checks_them():
    # autograd.numpy.where wraps its primitive; its gradient must still keep float32.
    @ms.customop("numpy")
    def identity(x):
        return x
    identity.def_grad(lambda ans, x: lambda g: g)
    x = ms.Tensor([1.0, -2.0])
    grad = ms.core.grad(lambda x: ms.numpy.sum(ms.numpy.where(x.asnumpy() > 0, identity(x), 0)))(x)
    onp.testing.assert_array_equal(grad, [1, 0])
