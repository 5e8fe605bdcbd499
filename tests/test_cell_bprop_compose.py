"""Cell.bprop (continued from ``test_cell_bprop.py``): compositions of bprop, plain and
Parameter Cells (MindSpore's own cell-bprop system tests), gradients inside a bprop
Cell's construct, nested and traced multi-output Cells, copy and pickle."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops

from test_cell_bprop import X


# ---- compositions (MindSpore's own cell-bprop system tests, graph-mode values) ----------------
ONES = ms.Tensor(onp.ones((2, 2), onp.float32))


def test_mixed_bprop_plain_and_parameter_cells_add_up():
    class Fake(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return 5 * x, 8 * y

    class Plain(nn.Cell):
        def construct(self, x, y):
            return x * y

    class Shifted(nn.Cell):
        def __init__(self):
            super().__init__()
            self.shift = ms.Parameter(ms.Tensor(onp.ones((2, 2), onp.float32)), name="shift")

        def construct(self, x, y):
            return (self.shift + x) * y

    class Mix(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a, self.b, self.c, self.d = Fake(), Plain(), Shifted(), Fake()

        def construct(self, x, y):
            return self.a(x, y) + self.b(x, y) + self.c(x, y) + self.d(x, y)
    gx, gy = ops.GradOperation(get_all=True)(Mix())(ONES, ONES)
    onp.testing.assert_array_equal(gx, onp.full((2, 2), 12))
    onp.testing.assert_array_equal(gy, onp.full((2, 2), 19))


def test_inputs_and_parameters_through_a_bprop_sub_cell():
    class MulAdd(nn.Cell):
        def construct(self, x, y):
            return 2 * x + y

        def bprop(self, x, y, out, dout):
            return 2 * dout, 2 * y

    class WithParam(nn.Cell):
        def __init__(self):
            super().__init__()
            self.mul_add = MulAdd()
            self.param = ms.Parameter(ms.Tensor(onp.array([[3, 2]], onp.float32)), "param")

        def construct(self, x):
            return self.mul_add(self.param, x)
    net = WithParam()
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(
        net, ms.ParameterTuple(net.trainable_params()))(ms.Tensor([2.0, 2.0]))
    onp.testing.assert_array_equal(inputs[0], [4, 4])
    onp.testing.assert_array_equal(weights[0], [[2, 2]])


def _gradient_in_construct(inner_bprop=None, outer_bprop=None):
    grad_all = ops.GradOperation(get_all=True)

    class Inner(nn.Cell):
        def construct(self, x, y):
            return ops.relu(x)
    if inner_bprop:
        Inner.bprop = inner_bprop

    class Middle(nn.Cell):
        def __init__(self):
            super().__init__()
            self.f = Inner()

        def construct(self, x, y):
            return self.f(x, y), grad_all(self.f)(x, y)

        def bprop(self, x, y, out, dout):
            return out[1][0], grad_all(self.f)(x, y)[1]

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.f = Middle()

        def construct(self, x, y):
            return self.f(x, y)
    if outer_bprop:
        Outer.bprop = outer_bprop
    return grad_all(Outer())(ONES, ONES)


@pytest.mark.parametrize("inner_bprop, outer_bprop, want_x, want_y", [
    (None, None, 1, 0),
    (lambda self, x, y, out, dout: (x * y, y + x), None, 1, 2),
    (None, lambda self, x, y, out, dout: (x + y + y + out[0], x + x + y + y + dout[0]), 4, 5),
])
def test_gradients_taken_inside_a_bprop_cells_construct(inner_bprop, outer_bprop, want_x,
                                                        want_y):
    # MindSpore 2.10 PyNative refuses this ("In no_grad context"); its graph mode gives these.
    gx, gy = _gradient_in_construct(inner_bprop, outer_bprop)
    onp.testing.assert_array_equal(gx, onp.full((2, 2), want_x))
    onp.testing.assert_array_equal(gy, onp.full((2, 2), want_y))


def test_nested_tuple_outputs_are_seeded_with_ones():
    class Nested(nn.Cell):
        def construct(self, x):
            return x, (x * 2, (x * 3,))
    onp.testing.assert_array_equal(ms.grad(Nested())(X), [6, 6])


def test_second_order_through_a_multi_output_bprop_whose_dout_is_traced():
    class ExpAndSquare(nn.Cell):
        def construct(self, x):
            return ops.exp(x), x * x

        def bprop(self, x, out, dout):
            return (out[0] * dout[0] + 2 * x * dout[1],)
    net = ExpAndSquare()
    x = ms.Tensor(onp.array([0.3, 1.1]))
    first = ops.grad(lambda x: (net(x)[0] * x).sum())  # d/dx x e^x = e^x + x e^x
    onp.testing.assert_allclose(first(x), onp.exp(x) * (1 + x), rtol=1e-12)
    onp.testing.assert_allclose(ops.grad(first)(x), onp.exp(x) * (2 + x), rtol=1e-12)


def test_cells_copy_and_pickle_with_their_parameters():
    import copy
    import pickle
    dense = nn.Dense(2, 3)
    for twin in (copy.deepcopy(dense), pickle.loads(pickle.dumps(dense))):
        assert twin.weight is not dense.weight and isinstance(twin.weight, ms.Parameter)
        assert [p.name for p in twin.trainable_params()] == ["weight", "bias"]
        onp.testing.assert_array_equal(twin.weight, dense.weight)
        gw, gb = ms.grad(twin, None, twin.trainable_params())(ms.Tensor([[1.0, 2.0]]))
        assert gw.shape == (3, 2)


def test_traced_multi_output_out_and_dout_arrive_as_tuples():
    kinds = []

    class Pair(nn.Cell):
        def construct(self, x):
            return x * 2, x * 3

        def bprop(self, x, out, dout):
            kinds.append((type(out), type(dout)))
            return (dout[0] * 2 + dout[1] * 3,)
    net = Pair()
    ops.grad(ops.grad(lambda x: (net(x)[0] * x).sum()))(X)
    assert kinds and all(k == (tuple, tuple) for k in kinds)
