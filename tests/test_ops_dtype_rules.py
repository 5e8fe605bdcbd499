"""MindSpore's dtype rules on ``ops`` and Tensor operators, beyond the recorded probe
(``test_ops_binary_dtypes_oracle.py``): gradients keep the input's dtype and match finite
differences, refusals name the caller; Tensor operators give what the installed NumPy's
operators give (a Tensor is the facade's array, a drop-in NumPy): under NumPy 1.x a 0-d float32
Tensor times 2.5 is float64 (NumPy 1's value-based casting), where MindSpore gives Float32."""
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


OPERATORS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
             "/": lambda a, b: a / b, "**": lambda a, b: a ** b, "//": lambda a, b: a // b,
             "%": lambda a, b: a % b}


@pytest.mark.parametrize("symbol", sorted(OPERATORS))
def test_tensor_operators_give_numpys_dtypes_and_values(symbol):
    """0-d and n-d Tensors beside Python numbers and each other: the installed NumPy's
    dtype (NumPy 2: float32, as MindSpore; NumPy 1.x: float64 for a 0-d float32 Tensor
    beside 2.5) and NumPy's values."""
    run = OPERATORS[symbol]
    plain = [onp.array(1.75, onp.float32), onp.array([1.5, 2.5], onp.float16)]
    tensors = [ms.Tensor(value) for value in plain]
    pairs = [(0, 2.5), (2.5, 0), (0, 3), (3, 0), (1, 0), (0, 1)]
    for left, right in pairs:
        ours = run(*(tensors[s] if type(s) is int and s in (0, 1) else s for s in (left, right)))
        want = run(*(plain[s] if type(s) is int and s in (0, 1) else s for s in (left, right)))
        want = onp.asarray(want)
        assert ours.dtype == want.dtype and ours.shape == want.shape, (symbol, left, right)
        onp.testing.assert_allclose(onp.asarray(ours, onp.float64), want.astype(onp.float64),
                                    rtol=1e-3)


def test_facade_follows_the_installed_numpys_promotion():
    """The facade's 0-d arrays meet Python numbers as the installed NumPy has them."""
    for make, number in ((lambda: onp.array(2.0, dtype=onp.float32), 2.5),
                         (lambda: onp.array(2.0, dtype=onp.float32), 1),
                         (lambda: onp.array(2, dtype=onp.int8), 3),
                         (lambda: onp.array([1, 2], dtype=onp.int32), 2)):
        for run in OPERATORS.values():
            if run is OPERATORS["**"] and make().dtype.kind == "i":
                continue
            want = onp.asarray(run(make(), number)).dtype
            assert run(np.array(make()), number).dtype == want


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
def test_traced_zero_d_float32_gradients_keep_float32(f):
    """Inside grad the gradient keeps float32, and under NumPy 2 the value too. (Under
    NumPy 1.x the traced value follows its value-based casting and is float64, which
    MindSpore does not share: an accepted difference of the full env.)"""
    value, gradient = ms.value_and_grad(f)(ms.Tensor(onp.float32(1.5)))
    assert gradient.dtype == onp.float32
    if int(onp.__version__.split(".")[0]) >= 2:
        assert value.dtype == onp.float32
    check_grad(f, onp.array(1.5))  # float64: the values and gradients themselves
    onp.testing.assert_allclose(float(gradient), float(ms.grad(f)(onp.array(1.5))), rtol=1e-6)
