"""``to_float`` with int inputs and ``nn.Dropout``'s refusals, against MindSpore 2.10."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError
from cell_write_helpers import F16, F32, F64, I32, T, same


# ---- to_float with int inputs ------------------------------------------------------------
class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T(onp.array([0.5, 1.5, 2.5], F32)), name="w")

    def construct(self, x):
        return (x * self.w).sum(), x + 1


@pytest.mark.parametrize("dtype", [F16, F32])
def test_to_float_int_input_meeting_a_weight_gives_the_float_type(dtype):
    """MindSpore: to_float(float16) -> (Float16 11.0, Int32 [2 3 4]); to_float(float32) ->
    (Float32 11.0, Int32 [2 3 4]); the weight's gradient Float32 [1. 2. 3.] in both."""
    net = Scale().to_float(dtype)
    x = T(onp.array([1, 2, 3], I32))
    total, shifted = net(x)
    same(total, 11.0, dtype)
    same(shifted, [2, 3, 4], I32)
    (grad_w,) = ms.grad(net, grad_position=None, weights=net.trainable_params())(x)
    same(grad_w, [1.0, 2.0, 3.0], F32)


def test_to_float_int_input_in_a_sub_cell_and_in_a_list_output():
    """MindSpore: an int32 input times a float64 Tensor in a to_float(float16) Cell ->
    Float16 (without to_float: Float64); list outputs are cast item by item."""
    class Mixed(nn.Cell):
        def construct(self, x):
            return [x * T(onp.ones(3, F64)), x]

    outer = nn.SequentialCell([Mixed()]).to_float(F16)
    got = outer(T(onp.array([1, 2, 3], I32)))
    assert type(got) is list
    same(got[0], [1, 2, 3], F16)
    same(got[1], [1, 2, 3], I32)
    same(Mixed()(T(onp.array([1, 2, 3], I32)))[0], [1, 2, 3], F64)


# ---- nn.Dropout --------------------------------------------------------------------------
def test_dropout_keep_prob_zero_is_refused_by_its_own_name():
    """MindSpore: ValueError "For 'Dropout', the 'keep_prob' must be a number in range
    (0, 1], but got 0.0." (p=1.0: "the 'p' must be a number in range [0, 1)")."""
    with pytest.raises(CellArgumentError, match=r"Dropout keep_prob: expected a number in "
                                                r"\(0, 1\], got 0.0\. keep_prob is the "
                                                r"probability of keeping"):
        nn.Dropout(keep_prob=0.0)
    with pytest.raises(CellArgumentError, match=r"Dropout p: expected a number in \[0, 1\), "
                                                r"got -0.1"):
        nn.Dropout(p=-0.1)
    assert repr(nn.Dropout(keep_prob=1.0)) == "Dropout(keep_prob=1.0)"
    assert nn.Dropout(keep_prob=1.0).p == 0.0


def test_dropout_in_training_refuses_an_int_tensor():
    """MindSpore: TypeError "For primitive[Dropout], the input argument[x] must be a type of
    {Tensor[BFloat16], Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got
    Tensor[Int32]" (it was float64 NaN/inf here: 1 / int32(0.5))."""
    drop = nn.Dropout(p=0.5).set_train()
    with pytest.raises(CellTypeError, match=r"Dropout input: expected a Tensor of float16, "
                                            r"float32, float64, got int32"):
        drop(T(onp.ones((4, 4), I32)))
    # MindSpore: Int32 passes through in eval mode and with p=0; Float16 -> Float16 and
    # Float64 -> Float64 in training, the kept values x / (1 - p)
    assert nn.Dropout(p=0.5)(T(onp.ones(2, I32))).dtype == I32
    assert nn.Dropout(p=0.0).set_train()(T(onp.ones(2, I32))).dtype == I32
    for dtype in (F16, F32, F64):
        out = drop(T(onp.ones((8, 8), dtype)))
        assert out.dtype == dtype and set(onp.unique(out.asnumpy()).tolist()) <= {0.0, 2.0}


def test_dropout_in_training_refuses_a_python_number():
    """MindSpore: TypeError 'Failed calling Dropout with ... (x=float)' (AttributeError here)."""
    with pytest.raises(CellTypeError, match=r"Dropout input: expected a Tensor, got float 2.0"):
        nn.Dropout(p=0.5).set_train()(2.0)
