"""Dense and Flatten, Tensor and Parameter construction, against MindSpore 2.10.

Each test ran the same program on real MindSpore 2.10 (CPU, PyNative) first; the comment
above an assertion quotes what MindSpore printed."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from cell_divergence_helpers import tensor


# ---- layers --------------------------------------------------------------------------------
def test_dense_without_bias_has_bias_none():
    # MindSpore 2.10: nn.Dense(2, 1, has_bias=False).bias -> None; trainable_params -> weight
    dense = nn.Dense(2, 1, has_bias=False)
    assert dense.bias is None
    assert [p.name for p in dense.trainable_params()] == ["weight"]


@pytest.mark.parametrize("shape, kwargs, expected", [
    ((2, 3, 4), {"start_dim": 0}, (24,)),
    ((2, 3, 4, 5), {"end_dim": 1}, (2, 3, 4, 5)),
    ((2, 3, 4, 5), {"start_dim": 1, "end_dim": 2}, (2, 12, 5)),
    ((2, 3, 4, 5), {"start_dim": -3, "end_dim": -2}, (2, 12, 5)),
    ((), {"start_dim": 0}, (1,)),
    ((3,), {"start_dim": 0}, (3,)),
    ((2, 0, 4), {"start_dim": 0, "end_dim": 1}, (0, 4)),
])
def test_flatten_merges_start_dim_to_end_dim(shape, kwargs, expected):
    # MindSpore 2.10 gave each expected shape
    x = ms.Tensor(onp.ones(shape, onp.float32))
    out = nn.Flatten(**kwargs)(x)
    assert out.shape == expected and out.dtype == onp.float32
    grad = ms.grad(lambda v: nn.Flatten(**kwargs)(v) * 2)(x)
    onp.testing.assert_array_equal(grad, onp.full(shape, 2.0, onp.float32))


def test_flatten_refuses_axes_outside_the_input():
    # MindSpore 2.10: a 1-D input with the default start_dim=1 -> ValueError "'start_dim' or
    # 'end_dim' out of range."; start_dim=2, end_dim=1 -> "'start_dim' cannot come after
    # 'end_dim'"; start_dim=1.0 -> TypeError "both 'start_dim' and 'end_dim' must be int"
    with pytest.raises(ValueError, match=r"Flatten start_dim: expected an axis in \[-1, 1\)"):
        nn.Flatten()(tensor([1.0, 2.0]))
    with pytest.raises(ValueError, match=r"Flatten end_dim: expected an axis in \[-2, 2\)"):
        nn.Flatten(end_dim=2)(tensor([[1.0]]))
    with pytest.raises(ValueError, match="Flatten: expected start_dim at or before end_dim"):
        nn.Flatten(start_dim=2, end_dim=1)(ms.Tensor(onp.ones((2, 3, 4, 5), onp.float32)))
    with pytest.raises(TypeError, match="Flatten start_dim: expected an int, got float"):
        nn.Flatten(start_dim=1.0)(tensor([[1.0]]))


# ---- Tensor and Parameter construction ---------------------------------------------------
def test_tensor_of_a_numpy_scalar_keeps_its_dtype():
    # MindSpore 2.10: Tensor(np.float64(1.5)) -> Float64; Tensor(1.5) -> Float32
    assert ms.Tensor(onp.float64(1.5)).dtype == onp.float64
    assert ms.Tensor(onp.float16(1.5)).dtype == onp.float16
    assert ms.Tensor(1.5).dtype == onp.float32
    assert ms.Tensor([1.5]).dtype == onp.float32


def test_parameter_of_python_numbers_is_32_bit():
    # MindSpore 2.10: Parameter(3) -> Int32; Parameter(np.float64(3.0)) -> Float32
    assert ms.Parameter(3, name="i").dtype == onp.int32
    assert ms.Parameter(onp.float64(3.0), name="f").dtype == onp.float32
    assert ms.Parameter(3.0, name="f").dtype == onp.float32
    assert ms.Parameter(onp.array([3.0]), name="f").dtype == onp.float64


def test_parameter_without_a_name_gets_an_automatic_one():
    # MindSpore 2.10: Parameter(t, name='').name -> 'Parameter#4'; p.name = None -> 'Parameter#2'
    assert ms.Parameter(tensor([1.0]), name="").name.startswith("Parameter#")
    param = ms.Parameter(tensor([1.0]), name="q")
    param.name = None
    assert param.name.startswith("Parameter#")

    class Holder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(tensor([1.0]), name="")

        def construct(self, x):
            return x * self.w
    assert [p.name for p in Holder().trainable_params()] == ["w"]


def test_parameter_requires_grad_must_be_a_bool():
    # MindSpore 2.10: requires_grad='yes', 1 or numpy.bool_ -> TypeError "The argument
    # `requires_grad` must be bool type", in the constructor and the setter
    with pytest.raises(TypeError, match="Parameter 'q' requires_grad: expected a bool, got str"):
        ms.Parameter(tensor([1.0]), name="q", requires_grad="yes")
    param = ms.Parameter(tensor([1.0]), name="w")
    with pytest.raises(TypeError, match="Parameter 'w' requires_grad: expected a bool, got int"):
        param.requires_grad = 1
    param.requires_grad = False
    assert param.requires_grad is False and param.clone().requires_grad is False
    with pytest.raises(TypeError, match="Parameter.name: expected a str or None, got int"):
        param.name = 3
