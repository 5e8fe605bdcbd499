"""Tensor(shape=, dtype=) without data (tensor_specs.py), Parameter.requires_grad_ and
Primitive.recompute: what they give and how they refuse bad input (MindSpore's outcomes
are replayed in test_compile_hints_replay.py)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops


def test_static_shape_gives_zeros_of_the_dtype():
    t = ms.Tensor(shape=(2, 3), dtype=ms.float16)
    assert t.dtype == onp.float16 and t.shape == (2, 3)
    onp.testing.assert_array_equal(t.asnumpy(), onp.zeros((2, 3), onp.float16))


def test_dynamic_shape_describes_and_has_no_values():
    spec = ms.Tensor(shape=[None, 4], dtype=ms.int32)
    assert spec.shape == (-1, 4) and spec.ndim == 2 and spec.dtype == onp.int32
    with pytest.raises(ValueError, match="Tensor.asnumpy: expected a Tensor with values"):
        spec.asnumpy()
    assert ms.Tensor(shape=None, dtype=ms.float32).shape == (-2,)


def test_set_inputs_keeps_the_description_and_the_cell_still_runs():
    net = nn.Dense(4, 2)
    spec = ms.Tensor(shape=[None, 4], dtype=ms.float32)
    net.set_inputs(spec)
    assert net.get_inputs() == (spec,)
    assert net(ms.Tensor(onp.ones((5, 4), onp.float32))).shape == (5, 2)


def test_refusals_name_what_is_missing():
    with pytest.raises(ValueError, match="dynamic shape: expected a dtype and no init"):
        ms.Tensor(shape=(None, 2), dtype=ms.float32, init="ones")
    with pytest.raises(ValueError, match="dynamic shape: expected a dtype"):
        ms.Tensor(shape=(None, 2))
    with pytest.raises(TypeError, match="a dtype with shape="):
        ms.Tensor(shape=(2, 2))
    with pytest.raises(TypeError, match="input_data"):
        ms.Tensor()


def test_requires_grad_in_place_and_its_refusal():
    param = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    assert param.requires_grad_(False) is None and param.requires_grad is False
    net = nn.Dense(2, 1)
    net.weight.requires_grad_(False)
    assert [p.name for p in net.trainable_params()] == ["bias"]
    with pytest.raises(TypeError, match="Parameter 'w' requires_grad: expected a bool"):
        param.requires_grad_("yes")


def test_primitive_recompute_is_recorded_and_checked():
    relu = ops.ReLU()
    assert relu.recompute() is relu and relu.attrs["recompute"] is True
    assert relu.recompute(False).attrs["recompute"] is False
    x = ms.Tensor([-1.0, 2.0])
    onp.testing.assert_array_equal(relu(x).asnumpy(), [0.0, 2.0])
    with pytest.raises(TypeError, match="ReLU.recompute mode: expected a bool"):
        relu.recompute(1)
