"""Cell-layer divergences from MindSpore 2.10, second fuzz round.

Each test ran the same program on real MindSpore 2.10 (CPU, PyNative) first; the comment
above an assertion quotes what MindSpore printed.
"""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import context, nn
from minpy_compat.errors import ContextError


def tensor(values, dtype=onp.float32):
    return ms.Tensor(onp.array(values, dtype))


@pytest.fixture
def restore_settings():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


# ---- Python numbers from one-element Tensors ------------------------------------------------
def test_float_and_int_read_a_one_element_tensor():
    # MindSpore 2.10: float(Tensor([2.5])) -> 2.5, int(Tensor([3])) -> 3 (NumPy 2.4 refused)
    assert float(tensor([2.5])) == 2.5
    assert float(tensor([[2.5]])) == 2.5
    assert int(tensor([3], onp.int32)) == 3
    assert int(ms.Parameter(tensor([3.0]), name="p")) == 3
    assert complex(tensor([1.5])) == 1.5
    # MindSpore 2.10: ValueError "Only one element tensors can be converted to Python scalars";
    # minpy_compat keeps NumPy's TypeError (Tensor is a NumPy array here)
    with pytest.raises(TypeError, match="arrays can be converted to Python scalars"):
        float(tensor([2.5, 1.0]))
    with pytest.raises(TypeError, match="arrays can be converted to Python scalars"):
        int(tensor([], onp.int32))


# ---- from mindspore import context --------------------------------------------------------
def test_mindspore_context_module_spelling_runs(restore_settings):
    # MindSpore 2.10: context.GRAPH_MODE, PYNATIVE_MODE == 0, 1; set_context(mode=...) -> None;
    # get_context("mode") -> the mode; get_context("device_target") -> 'CPU'
    assert (context.GRAPH_MODE, context.PYNATIVE_MODE) == (0, 1)
    assert context.set_context(mode=context.GRAPH_MODE) is None
    assert context.get_context("mode") == context.GRAPH_MODE
    context.set_context(mode=context.PYNATIVE_MODE, device_target="CPU")
    assert context.get_context("mode") == context.PYNATIVE_MODE
    assert context.get_context("device_target") == "CPU"
    assert ms.get_context("mode") == context.PYNATIVE_MODE
    # ... and MinPy's device API of the same module still works
    context.set_context(context.cpu())
    assert context.current_context() == context.cpu()
    with context.gpu(1):
        assert context.current_context() == context.Context("gpu", 1)
    assert context.current_context() == context.cpu()
    with pytest.raises(ContextError, match="set_context: expected a Context"):
        context.set_context(1)


def test_setting_the_mode_leaves_the_device_alone(restore_settings):
    # MindSpore's set_context(mode=...) changes only the mode; here it used to reset the
    # current device to the CPU, also inside a `with gpu(0):` block
    with context.gpu(0):
        context.set_context(mode=context.GRAPH_MODE)
        assert context.current_context() == context.gpu(0)


def test_context_errors_name_the_setting(restore_settings):
    # MindSpore 2.10: mode=5 -> ValueError "... 'mode' should be context.GRAPH_MODE (0) or
    # context.PYNATIVE_MODE (1), but got 5."
    with pytest.raises(ContextError, match=r"set_context mode: expected GRAPH_MODE \(0\)"):
        context.set_context(mode=5)
    with pytest.raises(ContextError, match="set_context device_target: expected 'CPU' or 'GPU'"):
        context.set_context(device_target="Ascend")
    with pytest.raises(ContextError, match="get_context: expected one of"):
        context.get_context("no_such_setting")


# ---- Cell traversal and printing ----------------------------------------------------------
class Shared(nn.Cell):
    """fc1 held twice (fc1 and fc2) beside a ReLU."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(2, 3)
        self.relu = nn.ReLU()
        self.fc2 = self.fc1

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def test_name_cells_lists_a_twice_held_cell_once():
    # MindSpore 2.10: list(name_cells()) -> ['fc1', 'relu']; len(cells()) -> 2;
    # cells_and_names -> ['', 'fc1', 'relu']
    net = Shared()
    assert list(net.name_cells()) == ["fc1", "relu"]
    assert net.cells() == [net.fc1, net.relu]
    assert [name for name, _ in net.cells_and_names()] == ["", "fc1", "relu"]


def test_repr_follows_mindspore_layout():
    # MindSpore 2.10 printed exactly these
    assert repr(nn.ReLU()) == "ReLU()"
    assert repr(nn.MSELoss()) == "MSELoss()"
    assert repr(nn.Dense(2, 3)) == "Dense(input_channels=2, output_channels=3, has_bias=True)"
    assert repr(nn.Dropout(p=0.3)) == "Dropout(p=0.3)"
    assert repr(nn.Dropout(keep_prob=0.9)) == "Dropout(keep_prob=0.9)"
    assert repr(nn.Dropout()) == "Dropout(keep_prob=0.5)"
    assert repr(Shared()) == (
        "Shared(\n"
        "  (fc1): Dense(input_channels=2, output_channels=3, has_bias=True)\n"
        "  (relu): ReLU()\n"
        "  (fc2): Dense(input_channels=2, output_channels=3, has_bias=True)\n"
        ")")
    assert repr(nn.Dense(2, 3, has_bias=False, activation="relu")) == (
        "Dense(\n"
        "  input_channels=2, output_channels=3, activation=ReLU()\n"
        "  (activation): ReLU()\n"
        ")")
    assert str(nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])) == (
        "SequentialCell(\n"
        "  (0): Dense(input_channels=2, output_channels=3, has_bias=True)\n"
        "  (1): ReLU()\n"
        ")")


def test_nested_repr_indents_each_level():
    # MindSpore 2.10: WithLossCell(\n  (_backbone): Dense(...)\n  (_loss_fn): MSELoss()\n)
    outer = nn.SequentialCell([nn.WithLossCell(nn.Dense(1, 1), nn.MSELoss())])
    assert repr(outer) == (
        "SequentialCell(\n"
        "  (0): WithLossCell(\n"
        "    (_backbone): Dense(input_channels=1, output_channels=1, has_bias=True)\n"
        "    (_loss_fn): MSELoss()\n"
        "  )\n"
        ")")


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
