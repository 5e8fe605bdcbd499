"""nn.SoftmaxCrossEntropyWithLogits as MindSpore 2.10's kernel (checked under /tmp/msvenv):
the logits' gradient is ``softmax(logits) - labels`` (the derivative where a row of labels
sums to 1; for other rows MindSpore's own), labels get none; a sparse label outside
[0, classes) is an all-zero row (loss 0, gradient softmax) under 'none' and 'sum', and an
error under 'mean'; labels of the wrong kind, dtype or shape are refused by name."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

X = onp.random.RandomState(0).randn(4, 3)
SOFT = onp.exp(X) / onp.exp(X).sum(1, keepdims=True)
UNNORMED = onp.array([[0.5, 0.2, 0.1], [1, 1, 0], [0, 0, 0], [0.2, 0.3, 0.5]])


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_gradient_is_softmax_minus_labels(dtype):
    x, labels = ms.Tensor(X.astype(dtype)), ms.Tensor(UNNORMED.astype(dtype))
    fn = lambda z: nn.SoftmaxCrossEntropyWithLogits(reduction="sum")(z, labels)  # noqa: E731
    value, grad = fn(x), ops.grad(fn)(x).asnumpy()
    assert value.dtype == dtype and grad.dtype == dtype
    tol = 1e-6 if dtype == onp.float32 else 1e-12
    onp.testing.assert_allclose(float(value.asnumpy()), -(UNNORMED * onp.log(SOFT)).sum(),
                                rtol=tol)
    onp.testing.assert_allclose(grad, SOFT - UNNORMED, rtol=tol, atol=tol)
    label_grad = ops.grad(lambda q: nn.SoftmaxCrossEntropyWithLogits()(x, q).sum())(labels)
    assert not label_grad.asnumpy().any()


def test_float64_gradient_matches_finite_differences_for_probability_rows():
    labels = ms.Tensor(UNNORMED[[0, 1, 3]] / UNNORMED[[0, 1, 3]].sum(1, keepdims=True))
    loss = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")
    check_grads(lambda z: loss(z, labels), modes=["rev"], order=1)(ms.Tensor(X[:3]))


@pytest.mark.parametrize("reduction", ["none", "sum"])
def test_sparse_labels_outside_the_classes_are_zero_rows(reduction):
    x = ms.Tensor(X.astype(onp.float32))
    labels = ms.Tensor(onp.array([0, 1, 3, -1], onp.int32))
    fn = lambda z: nn.SoftmaxCrossEntropyWithLogits(True, reduction)(z, labels)  # noqa: E731
    per_row = -onp.log(SOFT[[0, 1], [0, 1]])
    value = fn(x).asnumpy()
    if reduction == "none":
        onp.testing.assert_allclose(value, [per_row[0], per_row[1], 0, 0], rtol=1e-6)
    else:
        onp.testing.assert_allclose(value, per_row.sum(), rtol=1e-6)
    expected = SOFT - onp.eye(3)[[0, 1, 0, 0]] * [[1], [1], [0], [0]]
    onp.testing.assert_allclose(ops.grad(lambda z: fn(z).sum())(x).asnumpy(), expected,
                                rtol=1e-5, atol=1e-6)


def test_mean_refuses_sparse_labels_outside_the_classes():
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    with pytest.raises(CellArgumentError, match=r"labels: expected class indices in \[0, 3\)"):
        loss(ms.Tensor(X), ms.Tensor(onp.array([0, 1, 3, 0], onp.int32)))


@pytest.mark.parametrize("sparse, labels, error, words", [
    (False, onp.ones((4, 3), onp.int32), CellTypeError, "expected float64 .the logits' dtype"),
    (False, onp.ones((4, 2)), CellArgumentError, r"expected shape \(4, 3\)"),
    (True, onp.zeros(4), CellTypeError, "expected int class indices"),
    (True, onp.zeros((4, 1), onp.int32), CellArgumentError, r"expected shape \(4,\)"),
])
def test_bad_labels_are_refused_by_name(sparse, labels, error, words):
    with pytest.raises(error, match="SoftmaxCrossEntropyWithLogits labels: " + words):
        nn.SoftmaxCrossEntropyWithLogits(sparse=sparse)(ms.Tensor(X), ms.Tensor(labels))
