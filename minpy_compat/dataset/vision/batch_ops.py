"""Vision transforms of a whole batch: MixUpBatch (MindSpore 2.10's: one weight ``lam``
drawn from Beta(alpha, alpha) per batch, each row mixed with a row of a shuffled copy)."""
import numpy as onp

from ...errors import DatasetPipelineError, message
from . import _checks
from .adjust import rounded

__all__ = ["MixUpBatch"]


def mix_up(images, labels, lam, order):
    """``lam * row + (1 - lam) * partner`` for images (float32, back to their dtype with
    integers rounded) and labels (float32); row ``i``'s partner is row ``order[i]``."""
    f32 = onp.float32
    lam = f32(lam)
    mixed = images.astype(f32) * lam + images[order].astype(f32) * (f32(1) - lam)
    out_labels = labels.astype(f32) * lam + labels[order].astype(f32) * (f32(1) - lam)
    return rounded(mixed, images.dtype), out_labels


class MixUpBatch(_checks.Random):
    """Mix each image and its one-hot label with another of the batch (a shuffle), by one
    weight drawn from Beta(``alpha``, ``alpha``) per batch. Runs after ``batch``, on the
    image and label columns: <N,H,W,C> or <N,C,H,W> images, <N,classes> labels."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = float(_checks.number("MixUpBatch 'alpha'", alpha, 0, _checks.MAX_SIZE,
                                          low_open=True))

    def __call__(self, images, labels):
        images = onp.asarray(images)
        if images.ndim != 4 or images.dtype.kind not in "biuf":
            raise DatasetPipelineError(message(
                "MixUpBatch: the images", "a batch of numbers <N,H,W,C> or <N,C,H,W>",
                f"shape {images.shape} {images.dtype}", "Batch the dataset before this map."))
        labels = onp.asarray(labels)
        if labels.ndim not in (2, 3) or labels.shape[0] != images.shape[0]:
            raise DatasetPipelineError(message(
                "MixUpBatch: the labels", f"one-hot rows <N,classes> for the {images.shape[0]} "
                "images", f"shape {labels.shape}", "One-hot encode the labels and batch first."))
        order = self._rng.permutation(images.shape[0])
        return mix_up(images, labels, self._rng.beta(self.alpha, self.alpha), order)
