"""nn.Cell: registration of Parameters and sub-cells, traversal, names, modes, calling."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellTypeError, ConstructMissingError


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)))
        self.w2 = ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)), name="explicit",
                               requires_grad=False)
        self.fc1 = nn.Dense(2, 3)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(3, 1)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x * self.w)))


def test_parameters_are_registered_with_attribute_path_names():
    net = Net()
    assert [(path, p.name) for path, p in net.parameters_and_names()] == [
        ("w", "w"), ("w2", "explicit"), ("fc1.weight", "fc1.weight"), ("fc1.bias", "fc1.bias"),
        ("fc2.weight", "fc2.weight"), ("fc2.bias", "fc2.bias")]
    assert [p.name for p in net.trainable_params()] == [
        "w", "fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    assert [p.name for p in net.untrainable_params()] == ["explicit"]
    assert list(net.parameters_dict()) == ["w", "explicit", "fc1.weight", "fc1.bias",
                                           "fc2.weight", "fc2.bias"]
    assert len(list(net.get_parameters())) == 6


def test_nested_cells_get_the_full_prefix():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.body = Net()

        def construct(self, x):
            return self.body(x)
    names = [p.name for p in Outer().trainable_params()]
    assert names[:2] == ["body.w", "body.fc1.weight"]


def test_cells_and_names_visits_each_cell_once():
    net = Net()
    net.again = net.relu  # the same Cell twice
    assert [name for name, _ in net.cells_and_names()] == ["", "fc1", "relu", "fc2"]
    # MindSpore 2.10: name_cells() and cells() list a Cell held twice once, by its first name
    assert list(net.name_cells()) == ["fc1", "relu", "fc2"]
    assert len(net.cells()) == 3


def test_shared_parameter_is_listed_once():
    net = Net()
    net.fc2.weight_alias = net.fc1.weight
    assert len(net.trainable_params()) == 5


def test_reassigning_an_attribute_unregisters_it():
    net = Net()
    net.w = None
    assert "w" not in [name for name, _ in net.parameters_and_names()]
    del net.fc2
    assert "fc2" not in net.name_cells()
    with pytest.raises(AttributeError):
        net.fc2


def test_assignment_before_super_init_is_explained():
    class Early(nn.Cell):
        def __init__(self):
            self.w = ms.Parameter(ms.Tensor([1.0]))
            super().__init__()
    with pytest.raises(AttributeError, match=r"Early.__init__: expected super\(\).__init__\(\)"):
        Early()


def test_set_train_propagates_and_returns_self():
    net = Net()
    assert net.training is False and net.fc1.training is False
    assert net.set_train() is net
    assert net.fc1.training and net.relu.training
    net.set_train(False)
    assert not net.fc2.training


def test_bprop_debug_is_a_bool_property():
    net = Net()
    assert net.bprop_debug is False
    net.bprop_debug = True
    assert net.bprop_debug is True
    with pytest.raises(CellTypeError, match="Net.bprop_debug: expected a bool, got int 1"):
        net.bprop_debug = 1
    assert isinstance(pytest.raises(TypeError, setattr, net, "bprop_debug", "yes").value,
                      TypeError)


def test_calling_a_cell_without_construct():
    with pytest.raises(ConstructMissingError, match="Cell: expected a construct method"):
        nn.Cell()(ms.Tensor([1.0]))
    assert issubclass(ConstructMissingError, AttributeError)


def test_call_runs_construct_with_args_and_kwargs():
    class Scale(nn.Cell):
        def construct(self, x, factor=2.0):
            return x * factor
    scale = Scale()
    onp.testing.assert_array_equal(scale(ms.Tensor([1.0])), [2.0])
    onp.testing.assert_array_equal(scale(ms.Tensor([1.0]), factor=5.0), [5.0])


def test_gradients_through_cells_without_bprop_come_from_construct():
    net = Net()
    x = ms.Tensor(onp.array([[0.5, -0.3]], onp.float32))
    gx, (gw, *rest) = ms.grad(net, 0, net.trainable_params())(x)
    assert gx.shape == (1, 2) and gw.shape == (2,) and len(rest) == 4
    assert gx.dtype == onp.float32

    def by_hand(x):
        return net.fc2(net.relu(net.fc1(x * net.w)))
    onp.testing.assert_allclose(gx, ops.grad(by_hand)(x), rtol=1e-6)


def test_repr_lists_sub_cells():
    text = repr(Net())
    assert text.startswith("Net(\n  (fc1): Dense(input_channels=2, output_channels=3")
    assert "(relu): ReLU" in text
