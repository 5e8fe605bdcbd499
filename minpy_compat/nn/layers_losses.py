"""Losses (see ``nn.layers``): softmax, cross-entropy, L2, multiclass hinge and the
temporal softmax loss. Each is a mean over the batch (axis 0).

>>> import minpy_compat.numpy as np
>>> float(l2_loss(np.array([[1.0, 2.0]]), np.array([[0.0, 0.0]])))
5.0
"""
import numpy as onp
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..errors import message
from .layers_common import (_batch_mean, _broadcasts_to, _check_ndim, _float_dtype,
                            _log_softmax, _onehot, _plain)


# ---- losses ------------------------------------------------------------------------
def softmax_loss(x, label):
    """Mean cross-entropy of ``softmax(x)``; ``label`` is class indices or one-hot.

    >>> round(float(softmax_loss(np.zeros((2, 3)), np.array([0, 2]))), 6)  # log(3)
    1.098612
    """
    onehot = _onehot(label, x, "softmax_loss")  # first: it checks x is (N, C)
    return -_batch_mean(np.sum(_log_softmax(x) * onehot), x)


def softmax_cross_entropy(prob, label):
    """Mean cross-entropy of probabilities ``prob``; ``label`` is indices or one-hot.

    >>> round(float(softmax_cross_entropy(np.array([[0.5, 0.5, 0.0]]), np.array([0]))), 6)
    0.693147
    """
    onehot = _onehot(label, prob, "softmax_cross_entropy", "prob")
    # log(1) where the label weight is 0 and the probability is not positive: a wrong class
    # of probability 0 adds 0, not nan (elsewhere log(prob): a traced label's gradient).
    used = (getval(onehot) != 0) | (getval(prob) > 0)
    return -_batch_mean(np.sum(np.log(np.where(used, prob, 1.0)) * onehot), prob)


def l2_loss(x, label):
    """``sum((x - label) ** 2) / N``; integer class indices for scores ``x`` of shape
    (N, C) are one-hot encoded first. With one output column (C = 1) integer labels
    are target values, as one-hot encoding over a single class would turn every 0
    into a 1.

    >>> float(l2_loss(np.array([[1.0, 2.0]]), np.array([[0.0, 0.0]])))
    5.0
    >>> float(l2_loss(np.array([[1.0, 0.0]]), np.array([0])))
    0.0
    >>> float(l2_loss(np.array([[1.0], [2.0]]), np.array([1, 0])))  # values, C = 1
    2.0
    """
    if isbox(label) and onp.size(getval(label)) == onp.size(getval(x)):
        target = np.reshape(label, np.shape(x))  # a traced target keeps its gradient
        return _batch_mean(np.sum((x - target) ** 2), x)
    target = _plain(label)
    if target.ndim == 1 and np.ndim(x) == 2 and np.shape(x)[1] > 1 and \
            target.dtype.kind in "iu":
        target = _onehot(target, x, "l2_loss")
    elif target.size == onp.size(getval(x)):
        target = target.reshape(np.shape(x)).astype(_float_dtype(x), copy=False)
    else:
        raise ValueError(message("l2_loss argument 1 'label'", f"{np.shape(x)} values or "
                                 "integer class indices", f"shape {target.shape}"))
    return _batch_mean(np.sum((x - target) ** 2), x)


def svm_loss(x, label):
    """Multiclass hinge loss ``mean_i sum_{j != y_i} max(0, x_ij - x_iy_i + 1)``.

    >>> float(svm_loss(np.array([[1.0, 2.0, 0.0]]), np.array([0])))
    2.0
    """
    onehot = _onehot(label, x, "svm_loss")
    correct = np.sum(x * onehot, axis=1, keepdims=True)
    margins = np.maximum(0, x - correct + 1.0) * (1 - onehot)
    return _batch_mean(np.sum(margins), x)


def temporal_softmax_loss(x, y, mask=None):
    """Softmax loss over (N, T, V) scores and (N, T) labels, summed over time where
    ``mask`` is true, divided by N.

    >>> mask = np.array([[1, 1, 0], [1, 0, 0]])
    >>> loss = temporal_softmax_loss(np.zeros((2, 3, 4)), np.zeros((2, 3), dtype=int), mask)
    >>> round(float(loss), 6)  # three unmasked steps of log(4), over N = 2
    2.079442
    """
    where = "temporal_softmax_loss"
    _check_ndim(f"{where} argument 0 'x'", x, 3, "of scores (N, T, V)")
    N, T, V = np.shape(x)
    dtype = _float_dtype(x)
    onehot = _onehot(_per_step(where, "1 'y'", y, N, T, broadcast=False),
                     onp.empty((N * T, V), dtype), where)
    logp = np.sum(_log_softmax(np.reshape(x, (N * T, V))) * onehot, axis=1)
    weights = onp.ones(N * T, dtype) if mask is None else \
        _per_step(where, "2 'mask'", mask, N, T, broadcast=True).astype(dtype)
    return -_batch_mean(np.sum(logp * weights), x)


def _per_step(where, argument, value, N, T, broadcast):
    """One value per sample and step, (N, T), flattened to (N * T,); a ``broadcast``
    argument may be any shape that broadcasts to (N, T)."""
    value = _plain(value)
    fits = _broadcasts_to(value.shape, (N, T)) if broadcast else value.shape == (N, T)
    if not fits:
        wanted = f"shape ({N}, {T})" + (" or one that broadcasts to it" if broadcast else "")
        raise ValueError(message(f"{where} argument {argument}", wanted + ", one entry per "
                                 "sample and time step", f"shape {value.shape}"))
    return onp.broadcast_to(value, (N, T)).reshape(N * T)
