"""MindSpore's functional in-place ops (``ops/fn_rest1_inplace.py``): each writes into its
input and returns it; dtypes stay; errors name the op; gradients flow as through the Tensor
methods (MindSpore 2.10 has no CPU kernel for these, so they are checked here by hand)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError


def _x(dtype=onp.float32):
    return ms.Tensor(onp.array([[0.5, -0.25, 2.0], [-1.5, 0.0, 0.75]], dtype))


@pytest.mark.parametrize("name,fn", [
    ("zero_", lambda a: onp.zeros_like(a)), ("tanh_", onp.tanh),
    ("inplace_sigmoid", lambda a: 1 / (1 + onp.exp(-a))),
    ("erfinv_", lambda a: onp.array([[0.476936, -0.225312, 0.0], [0.0, 0.0, 0.813420]])),
])
def test_unary_ops_write_and_return_their_input(name, fn):
    x = _x(onp.float64)
    if name == "erfinv_":
        x = ms.Tensor(onp.array([[0.5, -0.25, 0.0], [0.0, 0.0, 0.75]]))
    want = fn(onp.array(x))
    out = getattr(ops, name)(x)
    assert out is x and x.dtype == onp.float64
    onp.testing.assert_allclose(x, want, atol=1e-6)


def test_float32_and_int_inputs_keep_their_dtype():
    x = _x()
    assert ops.tanh_(x).dtype == onp.float32
    assert ops.clamp_(x, -0.5, 0.5).dtype == onp.float32
    i = ms.Tensor(onp.array([3, -2, 7], onp.int32))
    assert ops.clamp_(i, 0, 5).tolist() == [3, 0, 5] and i.dtype == onp.int32
    assert ops.zero_(i).tolist() == [0, 0, 0]


def test_clamp_put_and_errors_name_the_op():
    x = _x()
    assert ops.clamp_(x, ms.Tensor(onp.zeros(3, onp.float32)), ms.Tensor(onp.float32(1))) is x
    assert x.tolist() == [[0.5, 0.0, 1.0], [0.0, 0.0, 0.75]]
    with pytest.raises(CellTypeError, match="ops.clamp_ min, max: expected two numbers or two "
                                            "Tensors"):
        ops.clamp_(x, ms.Tensor(onp.zeros(3, onp.float32)), 1.0)
    with pytest.raises(CellTypeError, match="ops.zero_ input: expected a Tensor"):
        ops.zero_([1.0, 2.0])
    y = ms.Tensor(onp.array([1.0, 2.0, 3.0], onp.float32))
    assert ops.put_(y, ms.Tensor(onp.array([0, -1])), ms.Tensor(onp.array([9.0, 8.0],
                                                                          onp.float32))) is y
    assert y.tolist() == [9.0, 2.0, 8.0]
    ops.put_(y, ms.Tensor(onp.array([0, 0])), ms.Tensor(onp.array([1.0, 1.0], onp.float32)),
             True)
    assert y.tolist() == [11.0, 2.0, 8.0]
    with pytest.raises(CellArgumentError, match="put_ index: expected positions in"):
        ops.put_(y, ms.Tensor(onp.array([3])), ms.Tensor(onp.array([1.0], onp.float32)))


def test_random_fills_stay_in_range_and_check_their_arguments():
    x = ms.Tensor(onp.zeros((50,), onp.float32))
    assert ops.uniform_(x, 2, 3) is x and ((x >= 2) & (x < 3)).all()
    assert ops.normal_(x, 5.0, 0.0) is x and (x == 5).all()
    assert ops.random_(x, 4, 5) is x and (x == 4).all() and x.dtype == onp.float32
    assert ops.bernoulli_(x, 1.0) is x and (x == 1).all()
    assert ops.exponential_(x, 2.0) is x and (x >= 0).all()
    with pytest.raises(CellArgumentError, match="uniform_: expected from_ <= to"):
        ops.uniform_(x, 3, 2)
    with pytest.raises(CellArgumentError, match="normal_ std: expected a number >= 0"):
        ops.normal_(x, 0.0, -1.0)
    with pytest.raises(CellArgumentError, match="bernoulli_ p: expected probabilities"):
        ops.bernoulli_(x, 1.5)
    with pytest.raises(CellArgumentError, match="exponential_ lambd: expected a number > 0"):
        ops.exponential_(x, -2.0)
    with pytest.raises(CellTypeError, match="ops.random_ input: expected a Tensor"):
        ops.random_(3, 4, 5)


@pytest.mark.parametrize("name,args", [
    ("tanh_", ()), ("inplace_sigmoid", ()), ("erfinv_", ()), ("clamp_", (-0.3, 0.4)),
])
def test_gradients_match_finite_differences(name, args):
    x = onp.array([[0.5, -0.25, 0.2], [-0.6, 0.1, 0.75]])
    check_grads(lambda a: getattr(ops, name)(a * 1.0, *args) ** 2, modes=["rev"],
                order=1)(x)
