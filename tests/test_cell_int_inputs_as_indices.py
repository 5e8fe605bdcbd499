"""An int input at a differentiated position (``grad_position=(0, 1)`` over ``(labels, x)``)
is traced as a float64 stand-in (``ops/int_inputs.py``, as MindSpore differentiates Int32
inputs); indexing a Tensor with it (``w[labels]``, a Parameter or a constant, traced or
not) reads its ints, as outside the pass, and its gradient is int zeros, as MindSpore's
Gather bprop gives indices."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from conftest import numeric_grad

TABLE = onp.arange(6.0).reshape(3, 2)
LABELS = onp.array([0, 2, 2], onp.int32)
Y = onp.array([[1.0, -2.0], [0.5, 3.0], [2.0, 1.0]])


class Lookup(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(TABLE), name="w")
        self.table = ms.Tensor(TABLE * 2.0)

    def construct(self, labels, y):
        return (self.w[labels] * y).sum() + (self.table[labels] * y * y).sum()


def _loss(w, y):
    return onp.sum(w[LABELS] * y) + onp.sum(TABLE[LABELS] * 2.0 * y * y)


def test_indexing_by_an_int_input_at_a_grad_position():
    net = Lookup()
    g_labels, g_y = ms.grad(net, grad_position=(0, 1))(ms.Tensor(LABELS), ms.Tensor(Y))
    assert g_labels.dtype == onp.int32
    onp.testing.assert_array_equal(g_labels, onp.zeros(3, onp.int32))
    onp.testing.assert_allclose(g_y, numeric_grad(_loss, (TABLE, Y), 1), rtol=1e-6)


def test_indexing_a_traced_parameter_by_an_int_input():
    net = Lookup()
    value, ((g_labels, g_y), (g_w,)) = ms.value_and_grad(
        net, grad_position=(0, 1), weights=net.trainable_params())(ms.Tensor(LABELS),
                                                                   ms.Tensor(Y))
    assert float(value) == pytest.approx(_loss(TABLE, Y))
    onp.testing.assert_array_equal(g_labels, onp.zeros(3, onp.int32))
    onp.testing.assert_allclose(g_w, numeric_grad(_loss, (TABLE, Y), 0), rtol=1e-6)
    onp.testing.assert_allclose(g_y, numeric_grad(_loss, (TABLE, Y), 1), rtol=1e-6)


def test_get_all_over_int_labels_and_gather():
    class Gathered(Lookup):
        def construct(self, labels, y):
            return (ops.gather(self.w, labels, 0) * y).sum()
    g_labels, g_y = ops.GradOperation(get_all=True)(Gathered())(ms.Tensor(LABELS), ms.Tensor(Y))
    onp.testing.assert_array_equal(g_labels, onp.zeros(3, onp.int32))
    onp.testing.assert_allclose(g_y, TABLE[LABELS])


def test_a_traced_float_index_is_still_refused():
    import minpy_compat.numpy as np
    from minpy_compat import grad
    from minpy_compat.errors import TracedValueError
    table = np.array(TABLE)
    with pytest.raises(TracedValueError, match="numpy.asarray on a traced value"):
        grad(lambda i: np.sum(table[i]))(np.array([0.0, 1.0]))
