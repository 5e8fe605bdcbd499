"""The kernel of ``nn.SoftmaxCrossEntropyWithLogits``: one cross entropy per row, and
MindSpore 2.10's gradient for it, ``softmax(logits) - labels`` for the logits and none for
the labels (the derivative only where a row of labels sums to 1, as MindSpore's is).
"""
import numpy as onp

from .. import numpy as np
from ..primitive import customop


@customop('numpy')
def softmax_cross_entropy(logits, labels):
    """``-sum(labels * log_softmax(logits))`` over the last axis, one value per row."""
    shifted = logits - onp.max(logits, axis=-1, keepdims=True)
    log_probs = shifted - onp.log(onp.sum(onp.exp(shifted), axis=-1, keepdims=True))
    return 0 - onp.sum(labels * log_probs, axis=-1)


def _softmax_minus_labels(ans, logits, labels):
    """MindSpore's kernel gradient, ``softmax(logits) - labels`` (exact where a row of labels
    sums to 1; for other rows it is MindSpore's, not the derivative)."""
    shifted = onp.exp(logits - onp.max(logits, axis=-1, keepdims=True))
    delta = shifted / onp.sum(shifted, axis=-1, keepdims=True) - labels
    return lambda g: np.expand_dims(g, -1) * delta


softmax_cross_entropy.def_grad(_softmax_minus_labels)
softmax_cross_entropy.def_grad(lambda ans, logits, labels: lambda g: onp.zeros_like(labels),
                               argnum=1)
