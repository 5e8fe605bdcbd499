"""GradOperation(get_by_list=True) without get_all gives only the weights' gradients, so
it traces no input: an int input reaches the network as ints even after an op made a new
array of it (TextCNN's ExpandDims before its Embedding), as in MindSpore."""
import numpy as onp

import minpy_compat as ms
from minpy_compat import nn, ops


class ExpandThenEmbed(nn.Cell):
    def __init__(self, table):
        super().__init__()
        self.embedding = nn.Embedding(4, 2, embedding_table=ms.Tensor(table))
        self.seen = []

    def construct(self, ids):
        ids = ops.ExpandDims()(ids, 1)
        self.seen.append(ids.dtype)
        return (self.embedding(ids) ** 2).sum()


def test_weight_gradients_of_an_int_input_network_match_the_closed_form():
    table = onp.arange(8, dtype=onp.float32).reshape(4, 2) / 4
    ids = onp.array([[1, 3], [1, 0]], onp.int32)
    net = ExpandThenEmbed(table)
    weights = ms.ParameterTuple(net.trainable_params())
    grads = ops.GradOperation(get_by_list=True)(net, weights)(ms.Tensor(ids))
    counts = onp.bincount(ids.reshape(-1), minlength=4)[:, None]
    onp.testing.assert_allclose(grads[0].asnumpy(), 2 * table * counts, rtol=1e-6)
    assert grads[0].dtype == onp.float32
    with_sens = ops.GradOperation(get_by_list=True, sens_param=True)(net, weights)(
        ms.Tensor(ids), ms.Tensor(onp.float32(3.0)))
    onp.testing.assert_allclose(with_sens[0].asnumpy(), 6 * table * counts, rtol=1e-6)
    assert all(onp.dtype(d).kind == "i" for d in net.seen)


def test_get_all_with_get_by_list_still_gives_input_gradients():
    class Scale(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(onp.float32(2.0)), name="w")

        def construct(self, x):
            return (x * self.w).sum()

    net = Scale()
    w = net.w
    x = ms.Tensor(onp.array([1.0, -3.0], onp.float32))
    (dx,), (dw,) = ops.GradOperation(get_all=True, get_by_list=True)(
        net, ms.ParameterTuple([w]))(x)
    onp.testing.assert_allclose(dx.asnumpy(), [2.0, 2.0])
    onp.testing.assert_allclose(dw.asnumpy(), -2.0)
