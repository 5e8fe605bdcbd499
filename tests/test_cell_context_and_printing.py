"""Python numbers from one-element Tensors, ``from mindspore import context``, Cell traversal
and printing, against MindSpore 2.10.

Each test ran the same program on real MindSpore 2.10 (CPU, PyNative) first; the comment
above an assertion quotes what MindSpore printed."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import context, nn
from minpy_compat.errors import ContextError
from cell_divergence_helpers import tensor


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
