"""Cell.bprop (continued from ``test_cell_bprop.py``): Parameters through
``internal_params`` and higher-order gradients through a bprop."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import BpropError, CellTypeError

from test_cell_bprop import X, cell_with


# ---- Parameters: internal_params ---------------------------------------------------------------
class WithParams(nn.Cell):
    def __init__(self, make_grads, listed=True):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([2.0]), name="w")
        self.b = ms.Parameter(ms.Tensor([0.5]), name="b")
        if listed:
            self.internal_params = [self.w, self.b]
        self.make_grads = make_grads

    def construct(self, x):
        return self.w * x + self.b

    def bprop(self, x, out, dout):
        return self.make_grads(self, x, dout)


def test_parameter_gradients_are_matched_by_key_not_by_dict_order():
    # MindSpore 2.10 maps the dict's values by position (a bug); we match the keys.
    net = WithParams(lambda self, x, dout: ((self.w * dout,), {self.b: dout * 7, self.w: x * dout}))
    gx, (gw, gb) = ms.grad(net, 0, net.trainable_params())(ms.Tensor([3.0]))
    onp.testing.assert_array_equal(gx, [2.0])
    onp.testing.assert_array_equal(gw, [3.0])
    onp.testing.assert_array_equal(gb, [7.0])


def test_missing_none_and_unknown_parameter_gradients():
    x = ms.Tensor([3.0])
    net = WithParams(lambda self, x, dout: ((dout,), {self.w: dout, self.b: None}))
    onp.testing.assert_array_equal(ms.grad(net, None, net.b)(x), [0.0])
    missing = WithParams(lambda self, x, dout: ((dout,), {self.w: dout}))
    with pytest.raises(BpropError, match=r"WithParams.bprop Parameter gradients: expected one "
                                         r"for every internal param \(b missing\)"):
        ms.grad(missing, None, missing.trainable_params())(x)
    stranger = ms.Parameter(ms.Tensor([1.0]), name="stranger")
    unknown = WithParams(lambda self, x, dout: ((dout,), {self.w: dout, self.b: dout,
                                                          stranger: dout}))
    with pytest.raises(RuntimeError, match="expected keys from internal_params .*got a key "
                                           "'stranger'"):
        ms.grad(unknown, None, unknown.trainable_params())(x)


def test_internal_params_need_the_dict():
    net = WithParams(lambda self, x, dout: (dout,))
    with pytest.raises(BpropError, match=r"WithParams.bprop: expected \(input_grads, \{param: "
                                         r"grad\}\) because the Cell sets internal_params"):
        ms.grad(net)(ms.Tensor([3.0]))


def test_internal_params_must_be_parameters():
    net = WithParams(lambda self, x, dout: (dout,), listed=False)
    net.internal_params = [ms.Tensor([1.0])]
    with pytest.raises(CellTypeError, match=r"WithParams.internal_params\[0\]: expected a "
                                            "Parameter"):
        ms.grad(net)(ms.Tensor([3.0]))


def test_parameters_without_internal_params_get_zero_gradients():
    net = WithParams(lambda self, x, dout: (self.w * dout,), listed=False)
    gw, gb = ms.grad(net, None, net.trainable_params())(ms.Tensor([3.0]))
    onp.testing.assert_array_equal(gw, [0.0])
    onp.testing.assert_array_equal(gb, [0.0])


def test_sub_cell_parameters_inside_a_bprop_cell_get_zero_gradients():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(1, 1)

        def construct(self, x):
            return self.dense(x)

        def bprop(self, x, out, dout):
            return (dout,)
    net = Outer()
    grads = ms.grad(net, None, net.trainable_params())(ms.Tensor([[3.0]]))
    assert all(not onp.any(g) for g in grads)


def test_bprop_reads_the_current_parameter_value():
    net = WithParams(lambda self, x, dout: ((self.w * dout,), {self.w: x, self.b: dout}))
    net.w.set_data(ms.Tensor([5.0]))
    onp.testing.assert_array_equal(ms.grad(net)(ms.Tensor([3.0])), [5.0])


def test_parameters_upstream_of_a_bprop_cell_get_gradients():
    class Hundred(nn.Cell):
        def construct(self, x):
            return x

        def bprop(self, x, out, dout):
            return (dout * 100,)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor([1.0, 1.0]), name="w")
            self.inner = Hundred()

        def construct(self, x):
            return self.inner(self.w * x)
    net = Net()
    onp.testing.assert_array_equal(ms.grad(net, None, net.w)(ms.Tensor([1.0, 1.0])), [100, 100])


def test_a_bprop_cell_called_twice_accumulates():
    net = cell_with(lambda self, x, out, dout: (dout * 3,), lambda self, x: x * 2)
    grad = ms.grad(lambda x: net(x) + net(x * x))(X)
    onp.testing.assert_array_equal(grad, 3 + 3 * 2 * onp.array([1.0, 2.0]))


# ---- higher order --------------------------------------------------------------------------------
def test_bprop_is_differentiated_including_out():
    exp_cell = cell_with(lambda self, x, out, dout: (dout * out,), lambda self, x: ops.exp(x))
    x = ms.Tensor([0.5, 1.0])
    onp.testing.assert_allclose(ops.grad(exp_cell)(x), onp.exp([0.5, 1.0]), rtol=1e-6)
    onp.testing.assert_allclose(ops.grad(ops.grad(exp_cell))(x), onp.exp([0.5, 1.0]), rtol=1e-6)


def test_third_order_through_bprop():
    cube = cell_with(lambda self, x, out, dout: (3 * x * x * dout,), lambda self, x: x * x * x)
    x = ms.Tensor([1.0, 2.0])
    onp.testing.assert_array_equal(ops.grad(ops.grad(cube))(x), [6, 12])
    onp.testing.assert_array_equal(ops.grad(ops.grad(ops.grad(cube)))(x), [6, 6])


def test_bprop_cell_under_minpy_grad_of_python_float():
    net = cell_with(lambda self, x, out, dout: (dout * 4,), lambda self, x: x * 2)
    assert float(ms.core.grad(lambda x: net(x))(3.0)) == 4.0


def test_construct_of_a_bprop_cell_must_not_return_outside_traced_values():
    holder = {}

    class Leaky(nn.Cell):
        def construct(self, x):
            return holder["traced"]

        def bprop(self, x, out, dout):
            return (dout,)

    def f(x):
        holder["traced"] = x * 2
        return Leaky()(ms.Tensor([1.0, 1.0]))
    with pytest.raises(TypeError, match="Leaky.construct \\(a Cell with bprop\\): expected a "
                                        "result computed from its inputs"):
        ms.grad(f)(X)
