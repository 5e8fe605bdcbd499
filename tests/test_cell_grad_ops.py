"""ms.grad / value_and_grad / GradOperation: MindSpore's output structure and errors."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import (CellArgumentError, GradPositionError, GradPositionRangeError,
                                 GradPositionTypeError)

A, B, C = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]), ms.Tensor([5.0, 6.0])


def product(x, y, z):
    return x * y * z


class Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([2.0, 3.0]), name="w")
        self.b = ms.Parameter(ms.Tensor([1.0]), name="b")

    def construct(self, x):
        return self.w * x + self.b


@pytest.mark.parametrize("grad_op", [ms.grad, ops.grad])
def test_positions_give_bare_or_tuple_in_the_requested_order(grad_op):
    g0 = grad_op(product)(A, B, C)
    onp.testing.assert_array_equal(g0, [15, 24])
    g20 = grad_op(product, grad_position=(2, 0))(A, B, C)
    assert type(g20) is tuple
    onp.testing.assert_array_equal(g20[0], [3, 8])
    onp.testing.assert_array_equal(g20[1], [15, 24])
    g1 = grad_op(product, grad_position=(1,))(A, B, C)  # a 1-tuple gives a bare gradient
    onp.testing.assert_array_equal(g1, [5, 12])


def test_non_tensor_positions_are_dropped():
    grads = ops.grad(lambda x, k: x * k, (0, 1))(A, 3)  # one Tensor left: bare (MindSpore 2.10)
    onp.testing.assert_array_equal(grads, [3, 3])
    assert ops.grad(lambda x, k: x * k, 1)(A, 3) == ()


def test_the_same_tensor_twice_gets_its_own_gradient_per_position():
    # MindSpore sums them (it keys gradients by object); positions are separate here.
    gx, gy = ops.grad(lambda x, y: x * y, (0, 1))(A, A)
    onp.testing.assert_array_equal(gx, [1, 2])
    onp.testing.assert_array_equal(gy, [1, 2])


def test_tuple_output_is_the_sum_and_int_input_gives_int_gradient():
    onp.testing.assert_array_equal(ops.grad(lambda x: (x * 2, x * 3))(A), [5, 5])
    grad = ops.grad(lambda x: x * x)(ms.Tensor(onp.array([1, 2], onp.int32)))
    assert grad.dtype == onp.int32
    onp.testing.assert_array_equal(grad, [2, 4])


def test_has_aux_differentiates_the_first_output_only():
    grad, aux = ops.grad(lambda x: (x * 2, x * 3, x), has_aux=True)(A)
    onp.testing.assert_array_equal(grad, [2, 2])
    assert type(aux) is tuple and len(aux) == 2
    onp.testing.assert_array_equal(aux[0], [3, 6])
    value, grad = ops.value_and_grad(lambda x: (x * 2, x * 3), has_aux=True)(A)
    onp.testing.assert_array_equal(value[0], [2, 4])
    onp.testing.assert_array_equal(value[1], [3, 6])
    onp.testing.assert_array_equal(grad, [2, 2])


def test_has_aux_needs_two_outputs():
    with pytest.raises(CellArgumentError, match=r"grad\(<lambda>\) has_aux=True: expected a "
                                                "function with more than one output"):
        ops.grad(lambda x: x * 2, has_aux=True)(A)


def test_weights_structure():
    net = Affine()
    params = net.trainable_params()
    gx, (gw, gb) = ms.grad(net, 0, params)(A)
    onp.testing.assert_array_equal(gx, [2, 3])
    onp.testing.assert_array_equal(gw, [1, 2])
    onp.testing.assert_array_equal(gb, [2])
    gw2, gb2 = ms.grad(net, None, params)(A)
    onp.testing.assert_array_equal(gw2, gw)
    onp.testing.assert_array_equal(ms.grad(net, None, net.w)(A), [1, 2])  # one Parameter: bare
    tuple_grads = ms.grad(net, None, ms.ParameterTuple(params))(A)
    assert type(tuple_grads) is tuple and len(tuple_grads) == 2
    value, (gw3, gb3) = ms.value_and_grad(net, None, params)(A)
    onp.testing.assert_array_equal(value, [3, 7])


def test_weights_of_a_function_that_calls_the_cell():
    net = Affine()
    loss, grads = ops.value_and_grad(lambda x: (net(x) ** 2).sum(), None,
                                     net.trainable_params())(A)
    assert float(loss) == 58.0
    onp.testing.assert_array_equal(grads[0], [6, 28])


def test_return_ids():
    net = Affine()
    gx, weights = ms.grad(net, 0, net.trainable_params(), return_ids=True)(A)
    assert gx[0] == 0 and [name for name, _ in weights] == ["w", "b"]


@pytest.mark.parametrize("position, error, match", [
    (3, GradPositionRangeError, r"grad_position: expected a position below 3 \(the number of "
                                r"inputs\), got 3"),
    (-1, GradPositionError, r"grad_position: expected positions >= 0, got -1"),
    ((0, 0), GradPositionError, r"grad_position: expected distinct positions, got \(0, 0\)"),
    (1.5, GradPositionTypeError, r"grad_position: expected an int or a non-empty tuple of ints, "
                                 r"got float 1.5"),
    ([0, 1], GradPositionTypeError, r"grad_position: .*, got list \[0, 1\]"),
])
def test_bad_grad_position(position, error, match):
    with pytest.raises(error, match=r"grad\(product\) " + match):
        ops.grad(product, position)(A, B, C)


def test_bad_grad_position_classes_are_mindspore_builtins():
    assert issubclass(GradPositionRangeError, RuntimeError)
    assert issubclass(GradPositionError, ValueError)
    assert issubclass(GradPositionTypeError, TypeError)


def test_no_positions_and_no_weights():
    with pytest.raises(ValueError, match=r"grad\(product\): expected grad_position or weights, "
                                         "got None for both"):
        ops.grad(product, None)


def test_bad_weights():
    with pytest.raises(TypeError, match="weights: expected a Parameter, a list or ParameterTuple"):
        ops.grad(product, 0, [A])


# ---- GradOperation -----------------------------------------------------------------------------
def test_grad_operation_structures():
    net = Affine()
    params = net.trainable_params()
    onp.testing.assert_array_equal(ops.GradOperation()(net)(A), [2, 3])
    all_grads = ops.GradOperation(get_all=True)(net)(A)
    assert type(all_grads) is tuple and len(all_grads) == 1
    by_list = ops.GradOperation(get_by_list=True)(net, params)(A)
    assert type(by_list) is tuple and len(by_list) == 2
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(net, params)(A)
    assert len(inputs) == 1 and len(weights) == 2
    onp.testing.assert_array_equal(ops.GradOperation(get_all=True)(product)(A, B, C)[2], [3, 8])


def test_grad_operation_sens_param():
    net = Affine()
    onp.testing.assert_array_equal(
        ops.GradOperation(sens_param=True)(net)(A, ms.Tensor([10.0, 100.0])), [20, 300])
    two = ops.GradOperation(sens_param=True)(lambda x: (x * 2, x * 3))
    onp.testing.assert_array_equal(two(A, (ms.Tensor([1.0, 1.0]), ms.Tensor([10.0, 10.0]))),
                                   [32, 32])
    with pytest.raises(CellArgumentError, match=r"GradOperation\(Affine\) sens for output 0: "
                                                r"expected shape \(2,\), got shape \(3,\)"):
        ops.GradOperation(sens_param=True)(net)(A, ms.Tensor([1.0, 1.0, 1.0]))


def test_grad_operation_flags_must_be_bools():
    with pytest.raises(TypeError, match="GradOperation get_all: expected a bool, got int 1"):
        ops.GradOperation(get_all=1)


def test_grad_operation_inside_construct():
    class GradNet(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.grad_op = ops.GradOperation(get_all=True)

        def construct(self, x, y):
            return self.grad_op(self.net)(x, y)

    class Mul(nn.Cell):
        def construct(self, x, y):
            return x * y
    gx, gy = GradNet(Mul())(A, B)
    onp.testing.assert_array_equal(gx, [3, 4])
    onp.testing.assert_array_equal(gy, [1, 2])


# ---- the top-level grad serves MinPy and MindSpore ------------------------------------------
def test_top_level_grad_is_minpys_for_plain_functions():
    assert float(ms.grad(lambda x: x ** 2)(4.0)) == 8.0  # Python floats are differentiated
    grads = ms.grad(lambda x, y: x * y, [0, 1])(A, B)
    assert type(grads) is list
    grads = ms.grad(lambda x, y: x * y, argnum=1)(A, B)
    onp.testing.assert_array_equal(grads, [1, 2])
    value, grad = ms.value_and_grad(lambda x: x ** 3)(2.0)
    assert (float(value), float(grad)) == (8.0, 12.0)


def test_top_level_grad_is_mindspore_for_cells_and_mindspore_arguments():
    net = Affine()
    onp.testing.assert_array_equal(ms.grad(net)(A), [2, 3])
    assert ms.grad(lambda x, k: x * k, grad_position=1)(A, 3) == ()
    grad, aux = ms.grad(lambda x: (x * 2, x), has_aux=True)(A)
    onp.testing.assert_array_equal(grad, [2, 2])


def test_primitive_objects_can_be_differentiated_directly():
    onp.testing.assert_array_equal(ms.grad(ops.ReLU6())(ms.Tensor([1.0, 7.0])), [1, 0])
