"""Cell layer against MindSpore 2.10, third round (continued from
``test_cell_fuzz_round3.py``): CellDict, layers together, gradients of keyword
arguments, hooks and CellList, and the new layer modules' docstring examples.
Expected values were printed by real MindSpore 2.10 (CPU, PyNative)."""
from collections import OrderedDict

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellTypeError

from test_cell_fuzz_round3 import close


# ---- CellDict ----------------------------------------------------------------------------------
def test_cell_dict_behaves_like_mindspore():
    cells = nn.CellDict({"conv": nn.Conv2d(1, 1, 1), "relu": nn.ReLU()})
    # MindSpore 2.10: keys ['conv', 'relu']; parameters_and_names [('conv.weight', 'conv.weight')];
    # cells_and_names ['', 'conv', 'relu']; iteration gives the keys
    assert list(cells.keys()) == ["conv", "relu"] and list(cells) == ["conv", "relu"]
    assert [(k, p.name) for k, p in cells.parameters_and_names()] == [("conv.weight",
                                                                      "conv.weight")]
    assert [k for k, _ in cells.cells_and_names()] == ["", "conv", "relu"]
    assert "conv" in cells and "x" not in cells and len(cells) == 2
    assert type(cells.conv).__name__ == "Conv2d"
    cells["pool"] = nn.MaxPool2d(2)
    assert type(cells.pop("pool")).__name__ == "MaxPool2d"
    del cells["relu"]
    cells.update({"a": nn.Tanh(), "b": nn.Sigmoid()})
    cells.update([("c", nn.ReLU())])
    # MindSpore 2.10: ['conv', 'a', 'b', 'c']
    assert list(cells.keys()) == ["conv", "a", "b", "c"]
    assert [type(v).__name__ for v in cells.values()] == ["Conv2d", "Tanh", "Sigmoid", "ReLU"]
    cells.clear()
    assert len(cells) == 0
    ordered = nn.CellDict(OrderedDict([("y", nn.ReLU()), ("x", nn.Tanh())]))
    assert list(ordered.keys()) == ["y", "x"]
    # MindSpore 2.10: ['0.a.weight', '0.a.bias']
    seq = nn.SequentialCell([nn.CellDict({"a": nn.Dense(1, 1)})])
    assert [p.name for p in seq.get_parameters()] == ["0.a.weight", "0.a.bias"]
    # MindSpore 2.10: CellDict(\n  (a): ReLU()\n)
    assert repr(nn.CellDict({"a": nn.ReLU()})) == "CellDict(\n  (a): ReLU()\n)"


def test_cell_dict_refuses_bad_keys_and_values():
    cells = nn.CellDict()
    # MindSpore 2.10: KeyError 'x'; TypeError "For 'CellDict', the type of cell should be Cell,
    # but got int."; TypeError "... the type of key should be string but got int."; KeyError
    # "key can not contain "."" and "key can not be empty string"
    with pytest.raises(KeyError):
        cells["x"]
    with pytest.raises(KeyError):
        cells.pop("x")
    with pytest.raises(CellTypeError, match=r"CellDict\['q'\]: expected a Cell, got int"):
        cells["q"] = 3
    with pytest.raises(CellTypeError, match="CellDict key: expected a str, got int"):
        cells[3] = nn.ReLU()
    with pytest.raises(KeyError, match="CellDict key: expected a non-empty str without"):
        cells["a.b"] = nn.ReLU()
    with pytest.raises(KeyError, match="CellDict key: expected a non-empty str without"):
        cells[""] = nn.ReLU()
    # MindSpore 2.10: TypeError "CellDict.update() should be called with an iterable of
    # key-value pairs, but got int" (and got ReLU for a Cell)
    with pytest.raises(CellTypeError, match="CellDict.update: expected a dict or an iterable"):
        nn.CellDict(3)
    with pytest.raises(CellTypeError, match="CellDict.update: expected a dict or an iterable"):
        nn.CellDict(nn.ReLU())


# ---- layers together ------------------------------------------------------------------------
def test_a_lenet_style_network_trains_in_float32():
    net = nn.SequentialCell([nn.Conv2d(1, 2, 3, pad_mode="valid"), nn.BatchNorm2d(2), nn.ReLU(),
                             nn.MaxPool2d(2, 2), nn.Flatten(), nn.Dense(8, 2)])
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               nn.Momentum(net.trainable_params(), 0.05, 0.9))
    net.set_train()
    x = ms.Tensor(onp.random.RandomState(0).normal(size=(4, 1, 6, 6)).astype(onp.float32))
    y = ms.Tensor(onp.ones((4, 2), onp.float32))
    losses = [float(step(x, y)) for _ in range(20)]
    assert losses[-1] < losses[0] / 4
    assert all(p.dtype == onp.float32 for p in net.get_parameters())


# ---- gradients of keyword arguments --------------------------------------------------------
def product(x, y=2, z=3):
    return x * y * z


def test_keyword_arguments_are_differentiated_after_the_positional_ones():
    x, five = ms.Tensor([1.0, 2.0]), ms.Tensor([5.0, 5.0])
    # MindSpore 2.10: grad(f, (0, 1))(x, y=[5, 5]) -> ([15, 15], [3, 6]) (this raised a
    # position-range error)
    dx, dy = ops.grad(product, (0, 1))(x, y=five)
    close(dx, [15, 15])
    close(dy, [3, 6])
    # MindSpore 2.10: position 1 is the first keyword given: grad(f, (0, 1))(x, z=[5, 5]) ->
    # ([10, 10], [2, 4]); GradOperation(get_all=True)(f)(x, z=5s, y=2s) ->
    # ([10, 10], [2, 4], [5, 10]) (keywords in call order)
    close(ops.grad(product, (0, 1))(x, z=five)[1], [2, 4])
    grads = ops.GradOperation(get_all=True)(product)(x, z=five, y=ms.Tensor([2.0, 2.0]))
    assert len(grads) == 3
    close(grads[1], [2, 4])
    close(grads[2], [5, 10])
    # MindSpore 2.10: keywords only: GradOperation()(f)(x=x, y=[2, 2]) -> [6, 6]
    close(ops.GradOperation()(product)(x=x, y=ms.Tensor([2.0, 2.0])), [6, 6])
    # MindSpore 2.10: the sens is the last positional argument: [10, 10]
    close(ops.GradOperation(sens_param=True)(product)(x, ms.Tensor([1.0, 1.0]), z=five),
          [10, 10])
    value, (gx, gy) = ops.value_and_grad(product, (0, 1))(x, y=five)
    close(value, [15, 30])
    close(gy, [3, 6])


def test_keyword_arguments_of_a_cell_are_differentiated():
    class Scale(nn.Cell):
        def construct(self, x, y=2):
            return x * y

    x = ms.Tensor([1.0, 2.0])
    # MindSpore 2.10: GradOperation(get_all=True)(cell)(x, y=[5, 5]) -> ([5, 5], [1, 2])
    grads = ops.GradOperation(get_all=True)(Scale())(x, y=ms.Tensor([5.0, 5.0]))
    close(grads[0], [5, 5])
    close(grads[1], [1, 2])


# ---- hooks and CellList -------------------------------------------------------------------------
def test_forward_pre_hook_list_is_one_argument():
    class Two(nn.Cell):
        def construct(self, x, y):
            return x * y

    two = Two()
    two.register_forward_pre_hook(lambda cell, args: [args[0], args[1] * 0])
    # MindSpore 2.10: TypeError "construct() missing 1 required positional argument: 'y'"
    # (only a tuple replaces the args; this returned zeros)
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'y'"):
        two(ms.Tensor([1.0]), ms.Tensor([2.0]))


def test_cell_list_insert_bounds_and_in_place_add():
    cells = nn.CellList([nn.ReLU(), nn.Tanh()])
    # MindSpore 2.10: IndexError "For 'CellList', the value of 'index' must be a number in
    # range [-2, 2], but got 100." (list.insert appended it)
    with pytest.raises(IndexError, match=r"CellList.insert index: expected an int in \[-2, 2\]"):
        cells.insert(100, nn.Sigmoid())
    cells.insert(2, nn.Sigmoid())
    cells.insert(-3, nn.Dense(1, 1))
    assert [type(c).__name__ for c in cells] == ["Dense", "ReLU", "Tanh", "Sigmoid"]
    # MindSpore 2.10: cells += [ReLU()] extends in place (AttributeError here before)
    cells += [nn.ReLU()]
    assert len(cells) == 5 and isinstance(cells, nn.CellList)


@pytest.mark.parametrize("name", ["minpy_compat.nn.conv_cells", "minpy_compat.nn.normalization",
                                  "minpy_compat.nn.embedding", "minpy_compat.nn.celldict"])
def test_docstring_examples_of_the_new_layer_modules(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
