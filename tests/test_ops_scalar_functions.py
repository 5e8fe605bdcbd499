"""The scalar functions and ``scalar_cast``/``scalar_to_tensor``/``tuple_to_array`` with
their primitive classes (``ops/scalar_functions.py``): Python's arithmetic (hypothesis
against ``operator``), result types, and the errors each bad argument raises."""
import math
import operator

import numpy as onp
import pytest
from hypothesis import given, strategies as st

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import MinpyError

NUMBERS = st.one_of(st.integers(-50, 50), st.floats(-50, 50).filter(lambda v: abs(v) > 1e-3),
                    st.booleans())
SAME_AS = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "eq": operator.eq,
           "lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge,
           "max": max, "min": min, "div": operator.truediv, "floordiv": operator.floordiv,
           "mod": operator.mod}


@pytest.mark.parametrize("name", sorted(SAME_AS))
@given(x=NUMBERS, y=NUMBERS)
def test_scalar_binary_is_pythons(name, x, y):
    if name in ("div", "floordiv", "mod") and y == 0:
        return
    want = SAME_AS[name](x, y)
    got = getattr(ops, "scalar_" + name)(x, y)
    assert type(got) is type(want) and (got == want or math.isnan(want))


@pytest.mark.parametrize("name", ["div", "floordiv", "mod"])
@pytest.mark.parametrize("zero", [0, 0.0, False])
def test_scalar_division_by_zero_names_the_divisor(name, zero):
    with pytest.raises(ValueError, match=f"scalar_{name} y: expected a non-zero divisor"):
        getattr(ops, "scalar_" + name)(3, zero)


@pytest.mark.parametrize("name", ["add", "pow", "lt"])
def test_scalar_binary_refuses_a_string(name):
    with pytest.raises(TypeError, match=f"scalar_{name} x: expected a bool, int, float or "
                       "Tensor, got str"):
        getattr(ops, "scalar_" + name)("a", 2)


def test_scalar_unary():
    assert ops.scalar_log(8) == math.log(8) and ops.scalar_uadd(2.5) == 2.5
    assert ops.scalar_usub(True) == -1 and type(ops.scalar_usub(True)) is int
    for bad in (0, -1.0, False):
        with pytest.raises(ValueError, match="scalar_log x: expected a positive number"):
            ops.scalar_log(bad)
    with pytest.raises(TypeError, match="scalar_usub x: expected a bool, int, float"):
        ops.scalar_usub(None)


@pytest.mark.parametrize("cast", [ops.scalar_cast, ops.ScalarCast()])
def test_scalar_cast(cast):
    assert cast(-3.7, ms.int64) == -3 and type(cast(-3.7, ms.int64)) is int
    assert cast(2, ms.float64) == 2.0 and type(cast(2, ms.float64)) is float
    assert cast(0.0, ms.bool_) is False
    with pytest.raises(ValueError, match="scalar_cast input_y: expected ms.int64, ms.float64"):
        cast(1.5, ms.float32)
    with pytest.raises(ValueError, match="scalar_cast input_x: expected a value in int64's range"):
        cast(1e300, ms.int64)
    with pytest.raises(TypeError, match="scalar_cast input_x: expected a bool or number"):
        cast(ms.Tensor(1.0), ms.int64)


@pytest.mark.parametrize("convert", [ops.scalar_to_tensor, ops.ScalarToTensor()])
def test_scalar_to_tensor(convert):
    assert convert(3).dtype == onp.float32 and convert(3).shape == ()
    assert int(convert(-1, ms.uint8)) == 255 and int(convert(300, ms.int8)) == 44
    assert bool(convert(2.5, ms.bool_)) and convert(2.5, ms.int64).dtype == onp.int64
    with pytest.raises(TypeError, match="scalar_to_tensor input_x: expected a bool, int or "
                       "float, got list"):
        convert([1])
    with pytest.raises(TypeError, match="scalar_to_tensor dtype: expected a number dtype"):
        convert(1, "float32")


def test_tuple_to_array_takes_its_dtype_from_the_first_item():
    assert ops.tuple_to_array((True, 2.5)).dtype == onp.int32
    assert ops.tuple_to_array((0.5, 2)).dtype == onp.float32
    assert ops.tuple_to_array(((1, 2), (3, 4))).shape == (2, 2)
    onp.testing.assert_array_equal(ops.tuple_to_array((2 ** 40 + 3, -1)), [3, -1])
    with pytest.raises(TypeError, match="tuple_to_array input_x: expected a tuple, got list"):
        ops.tuple_to_array([1, 2])
    with pytest.raises(ValueError, match=r"tuple_to_array input_x: expected a non-empty tuple"):
        ops.tuple_to_array(())
    with pytest.raises(TypeError, match="tuple_to_array input_x: expected a tuple of bools"):
        ops.tuple_to_array((1, None))


def test_tuple_to_array_primitive_wants_one_number_type():
    assert ops.TupleToArray()((1.5, 2.0)).dtype == onp.float32
    with pytest.raises(TypeError, match=r"TupleToArray input_x\[1\]: expected the type of "
                       r"input_x\[0\] \(float\), got int"):
        ops.TupleToArray()((1.5, 2))
    with pytest.raises(TypeError, match=r"TupleToArray input_x\[0\]: expected an int or float, "
                       "got bool"):
        ops.TupleToArray()((True,))
    with pytest.raises(MinpyError, match="TupleToArray input_x: expected a tuple, got list"):
        ops.TupleToArray()([1])
