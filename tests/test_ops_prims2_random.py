"""The round-2 random primitives (``RandomCategorical``, ``Multinomial``,
``RandomShuffle``): shapes, dtypes, statistics and repeatable seeds (values need not equal
MindSpore's), and an error naming the op and argument for each."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops


def test_random_categorical_follows_the_softmax_of_each_row():
    probs = onp.array([[0.2, 0.8, 0.0001], [0.5, 0.25, 0.25]], onp.float32)
    out = ops.RandomCategorical()(ms.Tensor(onp.log(probs)), 20000, 3)
    assert out.shape == (2, 20000) and out.dtype == onp.int64
    freq = onp.stack([onp.bincount(row, minlength=3) / 20000 for row in onp.asarray(out)])
    onp.testing.assert_allclose(freq, probs / probs.sum(1, keepdims=True), atol=0.015)
    again = ops.RandomCategorical(ms.int32)(ms.Tensor(onp.log(probs)), 5, 3)
    assert again.dtype == onp.int32  # the same seed draws the same stream
    assert again[0].tolist() == onp.asarray(out)[0, :5].tolist()


def test_multinomial_normalises_weights_per_row():
    weights = ms.Tensor(onp.array([[1.0, 3.0, 0.0], [2.0, 2.0, 4.0]], onp.float32))
    out = onp.asarray(ops.Multinomial(seed=2)(weights, 20000))
    assert out.shape == (2, 20000) and out.dtype == onp.int32
    freq = onp.stack([onp.bincount(row, minlength=3) / 20000 for row in out])
    onp.testing.assert_allclose(freq, [[0.25, 0.75, 0.0], [0.25, 0.25, 0.5]], atol=0.015)
    one = ops.Multinomial(seed=2, dtype=ms.int64)(ms.Tensor([0.0, 1.0]), 4)
    assert one.dtype == onp.int64 and one.tolist() == [1, 1, 1, 1]


def test_random_shuffle_permutes_the_first_axis_and_carries_the_gradient():
    x = ms.Tensor(onp.arange(12.0).reshape(6, 2))
    out = ops.RandomShuffle(seed=4)(x)
    assert sorted(out[:, 0].tolist()) == list(range(0, 12, 2))
    onp.testing.assert_array_equal(out[:, 1] - out[:, 0], 1)
    assert ops.RandomShuffle(seed=4)(x).tolist() == out.tolist()
    grad = ops.grad(lambda z: ms.numpy.sum(ops.RandomShuffle(1)(z)[0] * 3.0))(x)
    assert grad.sum() == 6.0 and sorted(grad.ravel().tolist())[-2:] == [3.0, 3.0]


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.RandomCategorical(ms.float32), TypeError, "RandomCategorical dtype"),
    (lambda: ops.RandomCategorical()(ms.Tensor([0.2, 0.8]), 5, 0), ValueError,
     "RandomCategorical logits: expected a 2-D"),
    (lambda: ops.RandomCategorical()(ms.Tensor([[0.2, 0.8]]), 0, 0), ValueError,
     "RandomCategorical num_sample"),
    (lambda: ops.RandomCategorical()(ms.Tensor([[0.2, 0.8]]), 2, 0.5), TypeError,
     "RandomCategorical seed"),
    (lambda: ops.Multinomial(dtype=ms.float32), TypeError, "Multinomial dtype"),
    (lambda: ops.Multinomial()(ms.Tensor([-0.2, 0.8]), 3), ValueError,
     "Multinomial x: expected weights >= 0"),
    (lambda: ops.Multinomial()(ms.Tensor(onp.ones((2, 2, 2))), 3), ValueError,
     "Multinomial x: expected a 1-D or 2-D"),
    (lambda: ops.Multinomial()(ms.Tensor([0.2, 0.8]), 1.5), TypeError,
     "Multinomial num_samples"),
    (lambda: ops.RandomShuffle(-1), ValueError, "RandomShuffle seed"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
