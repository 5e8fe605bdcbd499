"""MindSpore's dtype rules on ``ops`` and Tensor operators, beyond the recorded probe
(``test_ops_binary_dtypes_oracle.py``): gradients keep the input's dtype and match finite
differences, refusals name the caller, and NumPy 1.x's value-based casting of 0-d arrays is
gone from Tensor operators (``weak_scalars.py``) in both envs."""
import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import ops

from conftest import check_grad

RNG = onp.random.RandomState(19)
BINARY = [ops.add, ops.sub, ops.mul, ops.div, ops.pow, ops.maximum, ops.minimum]


@pytest.mark.parametrize("op", BINARY, ids=lambda op: op.__name__)
@pytest.mark.parametrize("other", [2.5, 3, "0d", "nd"])
def test_binary_op_gradients_match_finite_differences_in_float64(op, other):
    x = RNG.uniform(0.5, 1.5, (2, 3))
    if other in ("0d", "nd"):
        y = RNG.uniform(0.5, 1.5, () if other == "0d" else (3,))
        check_grad(lambda a, b: op(a, b), x, y)
    else:
        check_grad(lambda a: op(a, other), x)


@pytest.mark.parametrize("op", BINARY, ids=lambda op: op.__name__)
@pytest.mark.parametrize("dtype", [onp.float16, onp.float32])
def test_zero_d_float_tensor_with_python_number_keeps_its_dtype_and_gradient(op, dtype):
    """MindSpore: Float32 (NumPy 1.x alone would give float64 for 0-d arrays)."""
    x = ms.Tensor(onp.array(1.25, dtype))
    for number in (2.5, 2, True):
        if op in (ops.sub, ops.pow, ops.minimum) and number is True:
            number = 2.0  # Bool operands are fine beside floats; keep the values away from 1
        assert op(x, number).dtype == dtype
        assert ms.grad(lambda a, number=number: op(a, number))(x).dtype == dtype


@pytest.mark.parametrize("symbol", ["+", "-", "*", "/", "**", "//", "%"])
def test_tensor_operators_rank_0d_like_nd(symbol):
    """``0-d float32 Tensor op 2.5`` stays float32, and ``float16 (n-d) op 0-d float32``
    is float32, as in MindSpore and NumPy 2; the values are NumPy's (float64) ones."""
    run = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
           "/": lambda a, b: a / b, "**": lambda a, b: a ** b, "//": lambda a, b: a // b,
           "%": lambda a, b: a % b}[symbol]
    x = ms.Tensor(onp.float32(1.75))
    for got in (run(x, 2.5), run(2.5, x), run(x, 3), run(3, x)):
        assert got.dtype == onp.float32 and got.shape == ()
    onp.testing.assert_allclose(float(run(x, 2.5)), run(1.75, 2.5), rtol=1e-6)
    h = ms.Tensor(onp.array([1.5, 2.5], onp.float16))
    for got in (run(h, x), run(x, h)):
        assert got.dtype == onp.float32 and got.shape == (2,)
    onp.testing.assert_allclose(onp.asarray(run(h, x)), run(onp.array([1.5, 2.5]), 1.75),
                                rtol=1e-3)


def test_facade_follows_numpy_2_promotion_in_both_envs():
    """The facade's 0-d arrays meet Python numbers as NumPy 2 has them (NEP 50)."""
    a = np.array(2.0, dtype=np.float32)
    assert (a * 2.5).dtype == onp.float32 and (a + 1).dtype == onp.float32
    assert (np.array(2, dtype=np.int8) + 3).dtype == onp.int8
    assert (np.array([1, 2], dtype=np.int32) / 2).dtype == onp.float64  # NumPy, not MindSpore


@pytest.mark.parametrize("name", ["tan", "sin", "exp", "log", "tanh", "sigmoid", "erf"])
def test_unary_float_functions_refuse_ints_naming_the_caller(name):
    x = ms.Tensor([1, 2], ms.int32)
    with pytest.raises(TypeError, match=rf"^ops\.{name} input: expected .*float.*got int32"):
        getattr(ops, name)(x)
    if hasattr(x, name):
        with pytest.raises(TypeError, match=rf"^Tensor\.{name} input: .*got int32"):
            getattr(x, name)()


def test_sqrt_and_reciprocal_still_promote_ints_to_float32():
    x = ms.Tensor([1, 4], ms.int32)
    assert ops.sqrt(x).dtype == onp.float32 and ops.reciprocal(x).dtype == onp.float32
    onp.testing.assert_allclose(onp.asarray(ops.sqrt(x)), [1.0, 2.0])


def test_add_of_unbroadcastable_shapes_names_op_shapes_and_rule():
    a, b = ms.Tensor(onp.ones((2, 3), onp.float32)), ms.Tensor(onp.ones(4, onp.float32))
    with pytest.raises(ValueError) as info:  # MindSpore raises ValueError too
        ops.add(a, b)
    text = str(info.value)
    assert text.startswith("ops.add input/other:")
    assert "(2, 3)" in text and "(4,)" in text and "equal or one of them 1" in text


@pytest.mark.parametrize("op", [ops.add, ops.sub, ops.pow, ops.minimum],
                         ids=lambda op: op.__name__)
def test_two_bools_are_refused_but_maximum_takes_them(op):
    t = ms.Tensor([True, False])
    for other in (t, True):
        with pytest.raises(TypeError, match=rf"ops\.{op.__name__}: .*Bool"):
            op(t, other)
    assert ops.maximum(t, True).dtype == onp.bool_


def test_equal_and_less_refuse_a_python_number_first():
    t = ms.Tensor([1.0, 2.0])
    for op in (ops.equal, ops.less):
        with pytest.raises(TypeError, match="input: expected a Tensor, got float"):
            op(1.0, t)
    assert onp.asarray(ops.greater(1.5, t)).tolist() == [True, False]


TRACED = [lambda x: x * 2.5, lambda x: 2.5 / x, lambda x: x ** 2, lambda x: 3 - x,
          lambda x: (x * x) % 2.0, lambda x: 2.0 ** x]


@pytest.mark.parametrize("f", TRACED, ids=["mul", "rtruediv", "pow", "rsub", "mod", "rpow"])
def test_traced_zero_d_float32_operators_keep_float32(f):
    """Inside grad too (NumPy 1.x's autograd operators would give a float64 value)."""
    value, gradient = ms.value_and_grad(f)(ms.Tensor(onp.float32(1.5)))
    assert value.dtype == gradient.dtype == onp.float32
    check_grad(f, onp.array(1.5))  # float64: the values and gradients themselves
    onp.testing.assert_allclose(float(gradient), float(ms.grad(f)(onp.array(1.5))), rtol=1e-6)
