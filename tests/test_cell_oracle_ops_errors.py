"""The messages behind the oracle replay's fixes (``test_cell_oracle_ops.py``): each names
the op and argument, and float32 stays float32 for 0-d inputs under NumPy 1.x too."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops


@pytest.mark.parametrize("op, where", [(ops.gelu, "ops.gelu input"),
                                       (ops.softplus, "ops.softplus input"),
                                       (ops.elu, "ops.elu input_x"), (ops.mish, "ops.mish x"),
                                       (ops.relu6, "ops.relu6 input")])
def test_float_only_activations_refuse_ints(op, where):
    with pytest.raises(TypeError, match=f"{where}: expected a float16, float32 or float64"):
        op(ms.Tensor(onp.array([1, 2], onp.int32)))


@pytest.mark.parametrize("op, where", [(ops.selu, "ops.selu input_x"),
                                       (ops.hardsigmoid, "ops.hardsigmoid input")])
def test_bool_refused(op, where):
    with pytest.raises(TypeError, match=f"{where}: expected a number Tensor, got Bool"):
        op(ms.Tensor(onp.array([True, False])))


@pytest.mark.parametrize("op, where", [(ops.add, "ops.add"), (ops.sub, "ops.sub")])
def test_two_bools_refused(op, where):
    b = ms.Tensor(onp.array([True, False]))
    with pytest.raises(TypeError, match=f"{where}: expected number Tensors, got two Bool"):
        op(b, b)


@pytest.mark.parametrize("op, where", [(ops.amax, "ops.amax axis None"),
                                       (ops.ReduceMin(), "ReduceMin axis None")])
def test_max_min_over_nothing(op, where):
    with pytest.raises(ValueError, match=f"{where}: expected a non-empty axis, got an input"):
        op(ms.Tensor(onp.zeros((0, 3), onp.float32)))


def test_dtypes_follow_mindspore():
    assert ops.reduce_sum(ms.Tensor(onp.array([1, 2], onp.int32))).dtype == onp.int32
    assert ops.sqrt(ms.Tensor(onp.array([True, False]))).dtype == onp.float32
    assert ops.relu(ms.Tensor(onp.array([True, False]))).dtype == onp.bool_


@pytest.mark.parametrize("op", [ops.relu, ops.relu6, ops.gelu, ops.softplus, ops.elu, ops.selu,
                                ops.hardsigmoid, ops.hardswish, ops.logsigmoid, ops.mish])
def test_0d_float32_stays_float32(op):
    x = ms.Tensor(onp.array(-0.5, onp.float32))
    assert op(x).dtype == onp.float32
    assert ops.grad(op)(x).dtype == onp.float32
