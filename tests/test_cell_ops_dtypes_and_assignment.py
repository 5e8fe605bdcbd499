"""ops' result dtypes and gradients on the edges, assigning to a name that holds a Parameter or
a Cell, and gradients of dict outputs, against MindSpore 2.10.

Each test ran the same program on real MindSpore 2.10 (CPU, PyNative) first; the comment
above an assertion quotes what MindSpore printed."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn
from cell_divergence_helpers import tensor


# ---- ops: result dtypes and gradients on the edges ----------------------------------------
INT32 = onp.array([1, 2], onp.int32)
OFF_THE_KINKS = onp.array([-0.7, 0.4, 2.5, 5.2, 6.9])  # float64, away from 0, 6 and the bounds


@pytest.mark.parametrize("call, expected_dtype", [
    # MindSpore 2.10: each of these gave Float32 (NumPy's promotion gave float64)
    (lambda i: ms.ops.div(i, 2), onp.float32),
    (lambda i: ms.ops.div(i, i), onp.float32),
    (lambda i: ms.ops.add(i, 1.5), onp.float32),
    (lambda i: ms.ops.add(1.5, i), onp.float32),
    (lambda i: ms.ops.sub(i, onp.float64(0.5)), onp.float32),
    (lambda i: ms.ops.mul(i, tensor([0.5, 0.5])), onp.float32),
    (lambda i: ms.ops.add(i.astype(onp.int64), tensor([0.5, 0.5])), onp.float32),
    (lambda i: ms.ops.pow(i, 0.5), onp.float32),
    (lambda i: ms.ops.pow(2.0, i), onp.float32),
    (lambda i: ms.ops.minimum(i, 1.5), onp.float32),
    (lambda i: ms.ops.sqrt(i), onp.float32),
    (lambda i: ms.ops.RealDiv()(i, 2), onp.float32),
    # MindSpore 2.10: Float16 with Int32 stays Float16
    (lambda i: ms.ops.add(i, tensor([1.5, 2.5], onp.float16)), onp.float16),
    (lambda i: ms.ops.div(tensor([1.5, 2.5], onp.float16), i), onp.float16),
])
def test_ops_keep_mindspore_float_types_for_int_inputs(call, expected_dtype):
    i = ms.Tensor(INT32)
    out = call(i)
    assert out.dtype == expected_dtype
    expected = call(INT32.astype(onp.float64))
    onp.testing.assert_allclose(out, expected, rtol=1e-3)


def test_ops_keep_float64_only_when_a_float64_tensor_takes_part():
    i = ms.Tensor(INT32)
    # MindSpore 2.10: Float32 / Int32 -> Float32
    assert ms.ops.div(tensor([3.0]), i[:1]).dtype == onp.float32
    assert ms.ops.add(i, tensor([0.5, 0.5], onp.float64)).dtype == onp.float64
    assert ms.ops.div(tensor([1.0], onp.float64), 2).dtype == onp.float64
    # and the cast is differentiable: d(x / 2)/dx of a float32 x is float32 1/2
    grad = ms.grad(lambda x: ms.ops.div(x, ms.Tensor(onp.array([2], onp.int32))))(tensor([3.0]))
    assert grad.dtype == onp.float32 and grad.tolist() == [0.5]


def test_relu6_gradient_is_one_at_six():
    # MindSpore 2.10: grad of relu6 / ops.ReLU6() / nn.ReLU6() at [-1, 0, 3, 6, 7] ->
    # [0, 0, 1, 1, 0]
    x = tensor([-1.0, 0.0, 3.0, 6.0, 7.0])
    for fn in (ms.ops.relu6, ms.ops.ReLU6(), nn.ReLU6()):
        assert ms.ops.grad(lambda v, fn=fn: fn(v))(x).tolist() == [0, 0, 1, 1, 0]
    assert ms.ops.relu6(x).tolist() == [0, 0, 3, 6, 6]
    assert ms.ops.relu6(x).dtype == onp.float32
    check_grads(ms.ops.relu6, modes=["rev"], order=2)(OFF_THE_KINKS)


def test_clip_by_value_gradient_is_half_on_a_bound():
    # MindSpore 2.10: grad of clip_by_value(x, -1, 1) at [-2, -1, 0, 1, 2] ->
    # [0, 0.5, 1, 0.5, 0]; with only a minimum at [-2, -1, 0] -> [0, 0.5, 1]
    x = tensor([-2.0, -1.0, 0.0, 1.0, 2.0])
    grad = ms.ops.grad(lambda v: ms.ops.clip_by_value(v, -1.0, 1.0))(x)
    assert grad.tolist() == [0, 0.5, 1, 0.5, 0] and grad.dtype == onp.float32
    assert ms.ops.grad(lambda v: ms.ops.clip_by_value(v, -1.0))(x[:3]).tolist() == [0, 0.5, 1]
    assert ms.ops.clip_by_value(x, -1.0, 1.0).tolist() == [-1, -1, 0, 1, 1]
    check_grads(lambda v: ms.ops.clip_by_value(v, -0.5, 3.0), modes=["rev"], order=2)(
        OFF_THE_KINKS)


# ---- assigning to a name that holds a Parameter or a Cell ---------------------------------
class Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        self.w = ms.Parameter(tensor([2.0]), name="w")

    def construct(self, x):
        return self.fc(x) * self.w


def test_assigning_a_tensor_to_a_parameter_name_sets_its_data():
    # MindSpore 2.10: net.w = Tensor([5.0]) keeps w a Parameter (trainable_params ['w',
    # 'fc.weight', 'fc.bias']) whose value is now [5.]
    net = Scaled()
    param = net.w
    net.w = tensor([5.0])
    assert net.w is param and param.tolist() == [5.0]
    assert [p.name for p in net.trainable_params()] == ["w", "fc.weight", "fc.bias"]
    assert net(tensor([[1.0, 2.0]])).tolist() == [[15.0]]
    # gradients still reach it
    gw = ms.grad(net, None, net.w)(tensor([[1.0, 2.0]]))
    assert gw.tolist() == [3.0]


def test_assigning_a_non_tensor_to_a_parameter_or_cell_name_is_refused():
    # MindSpore 2.10: TypeError "Parameter 'w' already exists in network, can not assign
    # this type: '<class 'str'>' as a parameter."; "Sub cell 'fc' already exists ..."
    net = Scaled()
    with pytest.raises(TypeError, match=r"Scaled\.w: expected a Tensor .*got str"):
        net.w = "five"
    with pytest.raises(TypeError, match=r"Scaled\.fc: expected a Cell or None, got int"):
        net.fc = 3
    net.fc = None  # None clears the entry, as in MindSpore
    assert [p.name for p in net.trainable_params()] == ["w"]


def test_cell_records_set_grad_and_names_its_class():
    # MindSpore 2.10: requires_grad False, then True after set_grad(); cls_name 'Scaled'
    net = Scaled()
    assert net.requires_grad is False
    assert net.set_grad() is net and net.requires_grad is True
    assert net.cls_name == "Scaled"


# ---- gradients of dict outputs --------------------------------------------------------------
def test_grad_of_a_dict_output_sums_its_values():
    # MindSpore 2.10: ops.grad(lambda a: {'a': a * 2, 'b': a * a})(x=[1, 2]) -> [4. 6.];
    # ({'a': 2a}, [3a]) -> [5. 5.]; a Cell returning {'y': 4a} -> [4. 4.] (zeros before)
    x = tensor([1.0, 2.0])
    assert ms.ops.grad(lambda a: {"a": a * 2, "b": a * a})(x).tolist() == [4.0, 6.0]
    assert ms.ops.grad(lambda a: ({"a": a * 2}, [a * 3]))(x).tolist() == [5.0, 5.0]

    class DictOut(nn.Cell):
        def construct(self, a):
            return {"y": a * 4}
    grad = ms.ops.GradOperation()(DictOut())(x)
    assert grad.tolist() == [4.0, 4.0] and grad.dtype == onp.float32
