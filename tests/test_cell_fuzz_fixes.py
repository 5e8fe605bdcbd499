"""Cell-layer divergences from MindSpore 2.10 found by running the same programs on both.

Every expected value here was first observed on real MindSpore 2.10 (CPU, PyNative) and
is written as a NumPy computation or a constant that says so.
"""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellTypeError, OptimizerError

X = ms.Tensor(onp.array([3.0, 4.0], onp.float32))
W = onp.array([1.0, 2.0], onp.float32)
B = onp.array([0.5], onp.float32)
F = onp.array([3.0], onp.float32)


class Net(nn.Cell):
    """sum(x * w) + sum(b * frozen), with a frozen Parameter."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(W), name="w")
        self.b = ms.Parameter(ms.Tensor(B), name="b")
        self.frozen = ms.Parameter(ms.Tensor(F), name="frozen", requires_grad=False)

    def construct(self, x):
        return (x * self.w).sum() + (self.b * self.frozen).sum()


# ---- gradients ---------------------------------------------------------------------------
def test_a_frozen_parameter_gets_a_zero_gradient():
    # MindSpore 2.10: requires_grad=False Parameters are not differentiated (zeros)
    net = Net()
    gf, gw = ms.grad(net, None, [net.frozen, net.w])(X)
    onp.testing.assert_array_equal(gf, onp.zeros_like(F))
    onp.testing.assert_array_equal(gw, X.asnumpy())
    assert gf.dtype == onp.float32 and gf.shape == (1,)
    onp.testing.assert_array_equal(ms.grad(net, None, net.frozen)(X), [0.0])
    value, (gf2, gb) = ms.value_and_grad(net, None, [net.frozen, net.b])(X)
    assert float(value) == float((X.asnumpy() * W).sum() + B[0] * F[0])
    onp.testing.assert_array_equal(gf2, [0.0])
    onp.testing.assert_array_equal(gb, F)
    (gx,), (gf3,) = ops.GradOperation(get_all=True, get_by_list=True)(net, [net.frozen])(X)
    onp.testing.assert_array_equal(gx, W)
    onp.testing.assert_array_equal(gf3, [0.0])


def test_get_by_list_without_weights_takes_the_cells_trainable_parameters():
    # MindSpore 2.10: GradOperation(get_by_list=True)(net) differentiates net.trainable_params()
    net = Net()
    gw, gb = ops.GradOperation(get_by_list=True)(net)(X)
    onp.testing.assert_array_equal(gw, X.asnumpy())
    onp.testing.assert_array_equal(gb, F)
    (gx,), (gw2, gb2) = ops.GradOperation(get_all=True, get_by_list=True)(net)(X)
    onp.testing.assert_array_equal(gx, W)
    onp.testing.assert_array_equal(gb2, F)
    assert ops.GradOperation(get_by_list=True)(lambda a: a * 2)(X) == ()


def test_get_by_list_with_one_parameter_gives_a_bare_gradient():
    net = Net()
    gw = ops.GradOperation(get_by_list=True)(net, net.w)(X)
    assert not isinstance(gw, tuple)
    onp.testing.assert_array_equal(gw, X.asnumpy())
    inputs, gw2 = ops.GradOperation(get_all=True, get_by_list=True)(net, net.w)(X)
    assert type(inputs) is tuple and not isinstance(gw2, tuple)


def test_a_one_tuple_sens_fits_a_single_output():
    sens = ms.Tensor(onp.array([10.0, 100.0], onp.float32))
    want = 2 * sens.asnumpy()
    for fn, given in [(lambda a: a * 2, (sens,)), (lambda a: a * 2, [sens]),
                      (lambda a: (a * 2,), (sens,)), (lambda a: (a * 2,), sens)]:
        onp.testing.assert_array_equal(ops.GradOperation(sens_param=True)(fn)(X, given), want)


def test_one_tensor_left_among_the_positions_is_bare():
    # MindSpore 2.10: grad_position=(0, 1) over (Tensor, int) gives the Tensor's gradient bare
    def scale(x, k):
        return x * k
    onp.testing.assert_array_equal(ops.grad(scale, (0, 1))(X, 3), [3.0, 3.0])
    value, g = ops.value_and_grad(scale, (0, 1))(X, 3)
    onp.testing.assert_array_equal(g, [3.0, 3.0])
    net = Net()
    gx, (gw, gb) = ms.grad(lambda x, k: net(x) * k, (0, 1), net.trainable_params())(X, 2)
    onp.testing.assert_array_equal(gx, 2 * W)
    onp.testing.assert_array_equal(gb, 2 * F)
    assert ops.grad(scale, (0, 1), weights=[])(X, 3)[1] == ()


# ---- Parameter registration and names ----------------------------------------------------------
class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)), name="custom")
        self.pair = ms.ParameterTuple([ms.Parameter(ms.Tensor([2.0]), name="ta"),
                                       ms.Parameter(ms.Tensor([5.0]), name="tb")])

    def construct(self, x):
        return x * self.scale * self.pair[0] * self.pair[1]


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blk = Block()

    def construct(self, x):
        return self.blk(x)


def test_a_parameter_tuple_attribute_registers_its_parameters():
    block = Block()
    assert [p.name for p in block.trainable_params()] == ["custom", "ta", "tb"]
    assert isinstance(block.pair, ms.ParameterTuple)
    g_scale, g_ta, g_tb = ms.grad(block, None, block.trainable_params())(X)
    x = X.asnumpy()
    onp.testing.assert_array_equal(g_scale, x * 10)
    onp.testing.assert_array_equal(g_ta, [(x * 5).sum()])
    onp.testing.assert_array_equal(g_tb, [(x * 2).sum()])
    # reassigning replaces them (MindSpore 2.10 keeps ta and tb registered too: not copied)
    block.pair = ms.ParameterTuple([ms.Parameter(ms.Tensor([1.0]), name="tc")])
    assert [p.name for p in block.trainable_params()] == ["custom", "tc"]
    block.pair = None
    assert [p.name for p in block.trainable_params()] == ["custom"]


def test_nested_parameters_are_named_by_their_path():
    # MindSpore 2.10 names them prefix + attribute path: 'blk.scale', not 'blk.custom'
    assert [p.name for p in Outer().trainable_params()] == ["blk.scale", "blk.ta", "blk.tb"]
    assert [p.name for p in Block().trainable_params()][0] == "custom"  # top level keeps it


def test_a_cell_registered_again_takes_the_new_path_not_both():
    dense = nn.Dense(1, 1)
    nn.SequentialCell([dense, nn.ReLU()])
    nn.SequentialCell([nn.ReLU(), dense])
    assert [p.name for p in dense.trainable_params()] == ["1.weight", "1.bias"]


# ---- SequentialCell and CellList ---------------------------------------------------------------
def _names(cell):
    return [p.name for p in cell.trainable_params()]


def test_slices_are_cells_of_the_same_kind():
    seq = nn.SequentialCell([nn.Dense(1, 1), nn.ReLU(), nn.Dense(1, 2)])
    tail = seq[1:]
    assert type(tail) is nn.SequentialCell and list(tail.name_cells()) == ["1", "2"]
    assert _names(tail) == ["2.weight", "2.bias"]
    out = tail(ms.Tensor([[1.0]]))
    assert out.shape == (1, 2)
    cells = nn.CellList([nn.Dense(1, 1), nn.ReLU(), nn.Dense(1, 2)])
    rest = cells[1:]
    assert type(rest) is nn.CellList and list(rest.name_cells()) == ["0", "1"]
    assert _names(cells) == ["0.weight", "0.bias", "1.weight", "1.bias"]  # as MindSpore renames


def test_item_assignment_deletion_insertion_and_extend():
    seq = nn.SequentialCell([nn.Dense(1, 1), nn.ReLU(), nn.Dense(1, 2)])
    del seq[0]
    assert list(seq.name_cells()) == ["0", "1"] and _names(seq) == ["1.weight", "1.bias"]
    seq[0] = nn.Dense(1, 1)
    assert _names(seq) == ["0.weight", "0.bias", "1.weight", "1.bias"]
    cells = nn.CellList([nn.Dense(1, 1), nn.ReLU(), nn.Dense(1, 2)])
    cells.insert(0, nn.Dense(1, 1))
    assert _names(cells) == ["0.weight", "0.bias", "1.weight", "1.bias", "3.weight", "3.bias"]
    del cells[1]
    assert _names(cells) == ["0.weight", "0.bias", "2.weight", "2.bias"]
    cells[0] = nn.Tanh()
    assert [type(c).__name__ for c in cells] == ["Tanh", "ReLU", "Dense"]
    assert cells.extend([nn.ReLU()]) is cells and len(cells) == 4


def test_bad_indexes_are_refused():
    seq = nn.SequentialCell([nn.ReLU(), nn.Tanh(), nn.ReLU()])
    with pytest.raises(IndexError, match=r"SequentialCell index: expected an int in \[-3, 3\), "
                                         r"got 10"):
        seq[10]
    with pytest.raises(CellTypeError, match="CellList index: expected an int or a slice, got "
                                            "str 'a'"):
        nn.CellList([nn.ReLU()])["a"]
    with pytest.raises(CellTypeError, match="SequentialCell item 0: expected a Cell, got int 3"):
        seq[0] = 3
    assert issubclass(CellTypeError, TypeError)


# ---- training wrappers and optimizers ----------------------------------------------------------
def test_train_one_step_returns_gradients_by_parameter_name():
    net = nn.Dense(1, 1, weight_init="ones", bias_init="zeros")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(),
                                                                          0.1), return_grad=True)
    loss, grads = step(ms.Tensor([[1.0]]), ms.Tensor([[2.0]]))
    # MindSpore 2.10: (1.0, {'weight': [[-2.]], 'bias': [-2.]})
    assert float(loss) == 1.0 and list(grads) == ["weight", "bias"]
    onp.testing.assert_array_equal(grads["weight"], [[-2.0]])
    onp.testing.assert_array_equal(grads["bias"], [-2.0])


def test_sgd_nesterov_needs_momentum_and_no_dampening():
    params = nn.Dense(1, 1).trainable_params()
    with pytest.raises(OptimizerError, match=r"SGD nesterov=True: expected momentum > 0 and "
                                             r"dampening == 0, got momentum=0.0, dampening=0.0"):
        nn.SGD(params, 0.1, nesterov=True)
    with pytest.raises(ValueError, match="dampening=0.5"):
        nn.SGD(params, 0.1, momentum=0.9, dampening=0.5, nesterov=True)


# ---- bprop ---------------------------------------------------------------------------------------
class Pair(nn.Cell):
    def construct(self, x):
        return [x * 2, x * 3]

    def bprop(self, x, out, dout):
        return (dout[0] * 100 + dout[1],)


def test_a_bprop_cell_returning_a_list_gives_a_list():
    out = Pair()(X)
    assert type(out) is list
    onp.testing.assert_array_equal(out[1], X.asnumpy() * 3)
    onp.testing.assert_array_equal(ms.grad(Pair())(X), [101.0, 101.0])

    def first(x):
        parts = Pair()(x)
        assert type(parts) is list
        return parts[0] * 5
    onp.testing.assert_array_equal(ms.grad(first)(X), [500.0, 500.0])
