"""Regressions the random-network fuzzer found: int inputs under the gradient APIs stay
indices, labels or get their gradient."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops


# ---- regressions the fuzzer found -------------------------------------------------------------
IDS = ms.Tensor(onp.array([[1, 2], [2, 5]], onp.int32))


@pytest.mark.parametrize("make", [
    lambda: nn.Embedding(6, 2),
    lambda: (lambda ids: ops.gather(ms.Tensor(onp.ones((6, 2))), ids, 0)),
    lambda: (lambda ids: ops.one_hot(ids, 6, ms.Tensor(1.0), ms.Tensor(0.0))),
], ids=["Embedding", "ops.gather", "ops.one_hot"])
def test_int_ids_under_get_all_stay_indices(make):
    """GradOperation(get_all=True) traced Int32 ids as float64, and Embedding, ops.gather and
    ops.one_hot refused them ("expected int indices, got ... float64"); MindSpore gives the
    ids a zero Int32 gradient."""
    grads = ops.GradOperation(get_all=True)(make())(IDS)
    assert grads[0].dtype == onp.int32 and not grads[0].any()
    assert ops.grad(make())(IDS).dtype == onp.int32


def test_int_labels_of_cross_entropy_under_grad_positions():
    """ms.grad(CrossEntropyLoss(), (0, 1)) read the traced Int32 labels as float64
    probabilities and refused their shape; they are class indices, as without grad."""
    logits = ms.Tensor(onp.array([[1., 2., 3.], [3., 1., 0.]]))
    labels = ms.Tensor(onp.array([2, 0], onp.int32))
    dlogits, dlabels = ms.grad(nn.CrossEntropyLoss(), (0, 1))(logits, labels)
    onp.testing.assert_allclose(dlogits, ms.grad(nn.CrossEntropyLoss())(logits, labels))
    assert dlabels.dtype == onp.int32 and not dlabels.any()


def test_int_inputs_in_arithmetic_still_get_their_gradient():
    """The int stand-ins keep MindSpore's rule for arithmetic: x * x over Int32 gives 2x."""
    x = ms.Tensor(onp.array([1, 2], onp.int32))
    got = ops.grad(lambda a: a * a)(x)
    assert got.dtype == onp.int32 and got.tolist() == [2, 4]
    assert ops.GradOperation(get_all=True)(lambda a, i: ops.gather(a * a, i, 0).sum())(
        ms.Tensor(onp.array([1., 2., 3.])), ms.Tensor(onp.array([2, 2], onp.int32)))[0].tolist() \
        == [0, 0, 12]
