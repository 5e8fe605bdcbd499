"""The nn toolkit's losses differentiate a traced target, and layers name a weight of the
wrong shape."""
import numpy as onp
import pytest

from minpy_compat import grad
from minpy_compat.nn import layers

from conftest import check_grad


rng = onp.random.RandomState(5)


# ---- losses: a traced target keeps its gradient ------------------------------------------
def randn(*shape):
    return rng.standard_normal(shape)


def soft(*shape):
    return onp.abs(randn(*shape)) + 0.1


@pytest.mark.parametrize("loss, scores", [
    (layers.l2_loss, lambda: randn(4, 3)),
    (layers.softmax_loss, lambda: randn(4, 3)),
    (layers.svm_loss, lambda: randn(4, 3)),
    (layers.softmax_cross_entropy, lambda: soft(4, 3) / 2),
], ids=["l2_loss", "softmax_loss", "svm_loss", "softmax_cross_entropy"])
def test_losses_differentiate_a_traced_target(loss, scores):
    # The target was read as a constant: its gradient came out as zeros, silently
    # (a regression target or a teacher's soft labels computed by the model).
    check_grad(loss, scores(), soft(4, 3))
    assert onp.abs(grad(loss, 1)(scores(), soft(4, 3))).sum() > 0


def test_l2_loss_of_a_traced_target_of_another_shape_with_the_same_size():
    x, target = randn(4, 1), randn(4)
    check_grad(layers.l2_loss, x, target)


def test_softmax_cross_entropy_label_gradient_at_zero_weights_is_minus_log_prob():
    prob, label = onp.array([[0.2, 0.8]]), onp.array([[0.0, 0.5]])
    # The zero-weight class was skipped (log 1), so its label gradient was 0, not -log 0.2.
    onp.testing.assert_allclose(grad(layers.softmax_cross_entropy, 1)(prob, label),
                                -onp.log(prob))
    check_grad(layers.softmax_cross_entropy, prob, label)
    # a wrong class of probability 0 still adds nothing, even a slightly negative one
    assert float(layers.softmax_cross_entropy(onp.array([[1.0, -1e-9]]), [0])) == 0.0


# ---- layers name a weight of the wrong shape ---------------------------------------------

@pytest.mark.parametrize("call, pattern", [
    (lambda: layers.affine(randn(4, 3), randn(4, 5), randn(5)),
     r"affine argument 'w': expected a matrix of 3 rows, the width of x, got shape \(4, 5\)\."),
    (lambda: layers.affine(randn(2, 3, 2), randn(5, 5), randn(5)),
     r"affine argument 'w': expected a matrix of 6 rows, the width of x, got shape \(5, 5\)\."),
    (lambda: layers.affine(randn(4, 3), randn(3, 5), randn(4)),
     r"affine argument 'b': expected a shape that broadcasts to \(4, 5\), the output's, got "
     r"shape \(4,\)\."),
    (lambda: layers.rnn_step(randn(2, 3), randn(2, 4), randn(3, 4), randn(5, 4), randn(4)),
     r"rnn_step argument 'Wh': expected a matrix of 4 rows, the width of h, got shape "
     r"\(5, 4\)\."),
    (lambda: layers.rnn_step(randn(2, 3), randn(2, 4), randn(2, 4), randn(4, 4), randn(4)),
     r"rnn_step argument 'Wx': expected a matrix of 3 rows, the width of x, got shape "
     r"\(2, 4\)\."),
    (lambda: layers.rnn_step(randn(2, 3), randn(2, 4), randn(3, 4), randn(4, 4), randn(3)),
     r"rnn_step argument 'b': expected H columns, with H = 4 from h, got shape \(3,\)\."),
    (lambda: layers.lstm_step(randn(2, 3), randn(2, 4), randn(2, 4), randn(2, 16),
                              randn(4, 16), randn(16)),
     r"lstm_step argument 'Wx': expected a matrix of 3 rows, the width of x"),
    (lambda: layers.gru_step(randn(2, 3), randn(2, 4), randn(3, 8), randn(4, 8), randn(8),
                             randn(3, 4), randn(3, 4), randn(4)),
     r"gru_step argument 'Whh': expected a matrix of 4 rows, the width of h, got shape "
     r"\(3, 4\)\."),
    (lambda: layers.gru_step(randn(2, 3), randn(2, 4), randn(3, 8), randn(4, 8), randn(8),
                             randn(5, 4), randn(4, 4), randn(4)),
     r"gru_step argument 'Wxh': expected a matrix of 3 rows, the width of x"),
    (lambda: layers.temporal_affine(randn(2, 5, 3), randn(4, 4), randn(4)),
     r"temporal_affine argument 'w': expected a matrix of 3 rows, the width of x, got shape "
     r"\(4, 4\)\."),
    (lambda: layers.temporal_affine(randn(2, 5, 3), randn(3, 4), randn(5)),
     r"temporal_affine argument 'b': expected a shape that broadcasts to \(2, 5, 4\)"),
], ids=["affine-w", "affine-w-flattened", "affine-b", "rnn-Wh", "rnn-Wx", "rnn-b", "lstm-Wx",
        "gru-Whh", "gru-Wxh", "temporal_affine-w", "temporal_affine-b"])
def test_layers_name_a_weight_of_the_wrong_shape(call, pattern):
    # NumPy's "shapes (4,3) and (4,5) not aligned" or a broadcasting error came out
    # (or, for a bias, a result of the wrong shape).
    with pytest.raises(ValueError, match=pattern):
        call()
