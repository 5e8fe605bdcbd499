"""The mint fixes the fuzz replay (``test_cell_oracle_fuzzmint.py``) found, as plain tests:
each error names the function and argument, and the answers MindSpore 2.10 gives."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import mint, ops
from minpy_compat.errors import MinpyError

F = mint.nn.functional


@pytest.mark.parametrize("call, match", [
    (lambda x: mint.argmax(x, 2), r"mint\.argmax dim: expected an int in \[-2, 2\), got 2"),
    (lambda x: mint.cumprod(x, -3), r"mint\.cumprod dim: expected an int in \[-2, 2\)"),
    (lambda x: mint.cummax(x[0, 0], 0), r"mint\.cummax dim: expected an int in \[0, 0\)"),
    (lambda x: mint.cummin(x[0, 0], 0), r"mint\.cummin dim: expected an int in \[0, 0\)"),
    (lambda x: F.normalize(x, 2.0, 2), r"normalize dim: expected an int in \[-2, 2\)"),
    (lambda x: mint.cat((), 0), r"mint\.cat tensors: expected a non-empty tuple"),
    (lambda x: mint.stack([], 0), r"mint\.stack tensors: expected a non-empty tuple"),
    (lambda x: mint.cat((x[0, 0], x[0, 1])),
     r"mint\.cat tensors\[0\]: expected a Tensor of 1 or more dimensions, got a 0-D one"),
    (lambda x: mint.stack((x, x[:1])), r"mint\.stack tensors\[1\]: expected shape \(2, 3\)"),
    (lambda x: mint.max(x[:0], 1), r"mint\.max input: expected a non-empty Tensor"),
    (lambda x: mint.median(x[:0], 0), r"mint\.median input: expected a non-empty Tensor"),
])
def test_bad_dims_and_empty_inputs_raise_value_errors_naming_the_function(call, match):
    x = ms.Tensor(onp.arange(6.0, dtype=onp.float32).reshape(2, 3))
    with pytest.raises(ValueError, match=match) as info:
        call(x)
    assert isinstance(info.value, MinpyError)


def test_a_0d_input_reduces_over_dim_0():
    x = ms.Tensor(onp.float32(1.5))
    assert mint.mean(x, 0).shape == () and float(mint.mean(x, -1, True)) == 1.5
    values, index = mint.max(x, 0)
    assert float(values) == 1.5 and index.dtype == onp.int64 and index.shape == ()
    assert float(mint.min(x, dim=0, keepdim=True)[0]) == 1.5
    assert ms.grad(lambda a: mint.max(a, 0)[0] * 3.0)(x).tolist() == 3.0


def test_mint_add_and_sub_of_bools_are_or_and_xor():
    a, b = ms.Tensor([True, True, False, False]), ms.Tensor([True, False, True, False])
    assert mint.add(a, b).tolist() == [True, True, True, False]
    assert mint.sub(a, b).tolist() == [False, True, True, False]
    assert mint.sub(a, True).tolist() == [False, False, True, True]
    assert mint.add(a, b).dtype == onp.bool_
    with pytest.raises(TypeError, match=r"ops\.add: expected number Tensors"):
        ops.add(a, b)  # ops.Add refuses them, as MindSpore's


@pytest.mark.parametrize("dtype", [onp.int8, onp.uint8, onp.bool_])
def test_one_byte_ints_take_float32_sqrt_and_refuse_exp_sin_cos_tanh(dtype):
    """sqrt computes in float32 (NumPy: float16); MindSpore 2.10 refuses int and Bool inputs
    to exp, sin, cos and tanh (recorded in oracle/binary_dtypes_fixture.json)."""
    data = onp.array([1, 2, 3], dtype) if dtype != onp.bool_ else onp.array([True, False])
    x = ms.Tensor(data)
    got = ops.sqrt(x)
    assert got.dtype == onp.float32
    onp.testing.assert_allclose(got, onp.sqrt(data.astype(onp.float32)), rtol=1e-6)
    for fn in (ops.exp, ops.sin, ops.cos, ops.tanh):
        with pytest.raises(TypeError, match="input: expected a float16, float32 or float64"):
            fn(x)


def test_reductions_on_0d_and_the_fixed_ops_have_float64_gradients():
    check_grads(lambda a: mint.mean(ms.Tensor(a), 0), modes=["rev"], order=1)(onp.array(0.7))
    check_grads(lambda a: mint.max(ms.Tensor(a), 0)[0], modes=["rev"], order=1)(
        onp.array(-0.4))
    check_grads(lambda a: ops.sqrt(ms.Tensor(a)), modes=["rev"], order=1)(
        onp.array([0.5, 2.0]))
    check_grads(lambda a: mint.cumprod(ms.Tensor(a), -1), modes=["rev"], order=1)(
        onp.array([[0.5, 2.0, -1.0]]))


@pytest.mark.parametrize("name", ["add", "sub"])
@pytest.mark.parametrize("operands", [([1.0], [2.0]), ("FLOATS", "a")])
def test_mint_add_and_sub_refuse_lists_and_strings_naming_the_operand(name, operands):
    x = ms.Tensor([1.0, 2.0])
    first, second = (x if v == "FLOATS" else v for v in operands)
    which = "input" if isinstance(first, list) else "other"
    with pytest.raises(TypeError, match=rf"^mint\.{name} {which}: expected a Tensor or a number"):
        getattr(mint, name)(first, second)
