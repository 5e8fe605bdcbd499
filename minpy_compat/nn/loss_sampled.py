"""MindSpore 2.10's ``nn.SampledSoftmaxLoss``: softmax cross-entropy over the true classes
and a small sample of the others, for a classifier with very many classes.

The sample comes from ``ops.UniformCandidateSampler`` (unique draws, seeded by ``seed``)
unless ``sampled_values`` fixes it. Logits are corrected by the log of each class's
expected count; with ``remove_accidental_hits`` a sampled class that is one of a row's
true classes is left out of that row. Unlike MindSpore 2.10 (which ignores both with a
fixed sample, and ignores ``reduction`` always) ours applies them as documented.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> loss = nn.SampledSoftmaxLoss(num_sampled=2, num_classes=5, seed=1)
>>> loss(ms.Tensor(onp.ones((5, 3), onp.float32)), ms.Tensor(onp.zeros(5, onp.float32)),
...      ms.Tensor(onp.array([[0], [1]])), ms.Tensor(onp.ones((2, 3), onp.float32))).shape
(2,)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.prims_samplers import UniformCandidateSampler
from ..tensor import is_tensor
from .loss import LossBase


def _at_least(where, value, low):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, f"an int >= {low}", describe(value)))
    if value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", str(value)))
    return int(value)


class SampledSoftmaxLoss(LossBase):
    """``SampledSoftmaxLoss(num_sampled, num_classes, num_true=1, sampled_values=None,
    remove_accidental_hits=True, seed=0, reduction='none')(weights, biases, labels,
    logits)``: the sampled softmax cross-entropy of each row of ``logits``."""

    def __init__(self, num_sampled, num_classes, num_true=1, sampled_values=None,
                 remove_accidental_hits=True, seed=0, reduction="none"):
        super().__init__(reduction)
        where = "SampledSoftmaxLoss"
        self.num_true = _at_least(f"{where} num_true", num_true, 1)
        self.seed = _at_least(f"{where} seed", seed, 0)
        self.num_sampled = _at_least(f"{where} num_sampled", num_sampled, 1)
        self.num_classes = _at_least(f"{where} num_classes", num_classes, 1)
        for name, value in (("num_sampled", num_sampled), ("num_true", num_true)):
            if value > num_classes:
                raise CellArgumentError(message(f"{where} {name}", f"at most num_classes "
                                                f"{num_classes}", str(value)))
        if sampled_values is not None:
            if not isinstance(sampled_values, (list, tuple)):
                raise CellTypeError(message(f"{where} sampled_values", "a tuple (sampled, "
                                            "true_expected_count, sampled_expected_count)",
                                            describe(sampled_values)))
            if len(sampled_values) != 3:
                raise CellArgumentError(message(f"{where} sampled_values", "3 items",
                                                f"{len(sampled_values)}"))
        if not isinstance(remove_accidental_hits, bool):
            raise CellTypeError(message(f"{where} remove_accidental_hits", "a bool",
                                        describe(remove_accidental_hits)))
        self.sampled_values = sampled_values
        self.remove_accidental_hits = remove_accidental_hits
        self.sampler = UniformCandidateSampler(num_true, num_sampled, True, num_classes, seed,
                                               remove_accidental_hits)

    def _labels(self, labels):
        data = onp.asarray(getval(labels))
        if not is_tensor(labels) or data.dtype not in (onp.int32, onp.int64):
            raise CellTypeError(message("SampledSoftmaxLoss labels", "an int32 or int64 Tensor",
                                        describe(labels)))
        return data.reshape(-1, self.num_true)

    def construct(self, weights, biases, labels, logits):
        for name, value in (("weights", weights), ("biases", biases), ("logits", logits)):
            if not is_tensor(value):
                raise CellTypeError(message(f"SampledSoftmaxLoss {name}", "a Tensor",
                                            describe(value)))
        ids = self._labels(labels)
        values = self.sampled_values
        if values is None:
            values = self.sampler(ids.astype(onp.int64))
        sampled, true_count, sampled_count = values
        sampled = onp.asarray(getval(sampled)).astype(onp.int64).ravel()
        true_w = np.take(weights, ids.ravel(), axis=0).reshape(ids.shape + (-1,))
        true_logits = np.sum(np.expand_dims(logits, 1) * true_w, axis=2) \
            + np.take(biases, ids.ravel(), axis=0).reshape(ids.shape) - np.log(true_count)
        sampled_logits = np.dot(logits, np.take(weights, sampled, axis=0).T) \
            + np.take(biases, sampled, axis=0) - np.log(sampled_count)
        if self.remove_accidental_hits:
            hits = (ids[:, :, None] == sampled[None, None, :]).any(axis=1)
            lowest = onp.finfo(getval(sampled_logits).dtype).min
            sampled_logits = np.where(hits, lowest, sampled_logits)
        out = np.concatenate([true_logits, sampled_logits], axis=1)
        shifted = np.exp(out - np.max(out, axis=1, keepdims=True))
        pred = shifted / np.sum(shifted, axis=1, keepdims=True)
        loss = -np.sum(np.log(pred[:, :self.num_true] + 1.0e-20), axis=1) / self.num_true
        return self.get_loss(loss)
