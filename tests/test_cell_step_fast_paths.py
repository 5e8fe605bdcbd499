"""The Cell layer's shortcuts for a training step keep its behaviour: a ParameterTuple
attribute reads as itself unless a gradient pass traces its Parameters, Dense checks a
traced input's dtype and refuses a 0-d one, and an optimizer without weight decay passes
its gradients through untouched."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, OptimizerError

X = ms.Tensor(onp.array([1.0, 2.0], onp.float32))


class Pair(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = ms.Parameter(ms.Tensor(onp.ones(2, onp.float32)), name="scale")
        self.pair = ms.ParameterTuple([ms.Parameter(ms.Tensor([2.0]), name="ta"),
                                       ms.Parameter(ms.Tensor([5.0]), name="tb")])
        self.seen = []

    def construct(self, x):
        self.seen.append(self.pair)
        return (x * self.scale * self.pair[0] * self.pair[1]).sum()


def test_a_parameter_tuple_read_outside_a_pass_is_the_tuple_itself():
    cell = Pair()
    cell(X)
    assert cell.seen[-1] is cell.__dict__["_param_tuples"]["pair"][0]


def test_a_parameter_tuple_not_traced_by_the_pass_reads_as_itself():
    cell = Pair()
    grads = ms.grad(cell, None, [cell.scale])(X)
    assert cell.seen[-1] is cell.__dict__["_param_tuples"]["pair"][0]
    onp.testing.assert_allclose(grads[0], [10.0, 20.0])


def test_a_parameter_tuple_traced_by_the_pass_reads_as_its_stand_ins():
    cell = Pair()
    ta, tb = cell.pair
    grads = ms.grad(cell, None, [ta, tb])(X)
    assert type(cell.seen[-1]) is tuple and cell.seen[-1][0] is not ta
    onp.testing.assert_allclose([float(g[0]) for g in grads], [15.0, 6.0])


def test_dense_refuses_a_0d_input():
    with pytest.raises(CellArgumentError, match=r"Dense input: expected a last dimension of 3 "
                                                r"\(in_channels\), got shape \(\)"):
        nn.Dense(3, 2)(ms.Tensor(onp.float32(1.0)))


def test_dense_refuses_a_traced_input_of_another_dtype():
    dense = nn.Dense(2, 1)
    with pytest.raises(TypeError, match=r"Dense input: expected dtype float32 \(the "
                                        r"weight's\), got float64"):
        ms.grad(lambda x: dense(x).sum())(ms.Tensor(onp.ones((1, 2))))


def _sgd(weight_decay):
    params = [ms.Parameter(ms.Tensor(onp.array([1.0, 2.0], onp.float32)), name="w"),
              ms.Parameter(ms.Tensor(onp.array([3.0], onp.float32)), name="b")]
    return nn.SGD(params, 0.1, weight_decay=weight_decay)


def test_decay_weight_without_decay_gives_the_gradients_themselves():
    grads = [ms.Tensor(onp.array([1.0, 1.0], onp.float32)),
             ms.Tensor(onp.array([1.0], onp.float32))]
    out = _sgd(0.0).decay_weight(iter(grads))
    assert type(out) is tuple and all(a is b for a, b in zip(out, grads))


def test_decay_weight_with_decay_adds_it():
    grads = (onp.array([1.0, 1.0], onp.float32), onp.array([1.0], onp.float32))
    out = _sgd(0.5).decay_weight(grads)
    onp.testing.assert_allclose(out[0], [1.5, 2.0])
    onp.testing.assert_allclose(out[1], [2.5])


def test_a_gradient_of_the_wrong_shape_is_named_by_index_and_parameter():
    opt = _sgd(0.0)
    with pytest.raises(OptimizerError, match=r"^SGD gradient 0 \(Parameter 'w'\): expected "
                                             r"shape \(2,\), the Parameter's, got shape \(3,\)"):
        opt((onp.ones(3, onp.float32), onp.ones(1, onp.float32)))
    opt((onp.ones(1, onp.float32), onp.ones(1, onp.float32)))  # broadcasts: taken
    onp.testing.assert_allclose(opt.parameters[0].asnumpy(), [0.9, 1.9], rtol=1e-6)


@pytest.mark.parametrize("reduction, expected", [("mean", 2.0), ("sum", 6.0)])
def test_get_loss_with_the_default_weight_reduces_x_in_its_dtype(reduction, expected):
    x = ms.Tensor(onp.array([1.0, 2.0, 3.0], onp.float16))
    loss = nn.MSELoss(reduction=reduction).get_loss(x)
    assert loss.dtype == onp.float16 and float(loss) == expected
    assert float(nn.MSELoss(reduction=reduction).get_loss(x, 2.0)) == 2 * expected


def test_get_loss_without_reduction_gives_a_new_array():
    x = ms.Tensor(onp.array([1.0, 2.0], onp.float32))
    loss = nn.MSELoss(reduction="none").get_loss(x)
    assert loss is not x and loss.tolist() == [1.0, 2.0]
    loss[0] = 5.0
    assert x.tolist() == [1.0, 2.0]


def test_a_mean_loss_differentiates_to_one_over_n():
    grad = ms.grad(lambda x: nn.MSELoss().get_loss(x))(ms.Tensor(onp.ones(4, onp.float32)))
    assert grad.dtype == onp.float32 and grad.tolist() == [0.25] * 4


def test_a_0d_loss_and_its_value_come_back_in_float32():
    w = ms.Parameter(ms.Tensor(onp.array(3.0, onp.float32)), name="w")
    loss, grads = ms.value_and_grad(lambda x: (x * w).sum(), None, [w])(X)
    assert loss.dtype == onp.float32 and float(loss) == 9.0
    assert grads[0].dtype == onp.float32 and float(grads[0]) == 3.0
