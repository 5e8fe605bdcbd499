"""The batches ``Solver`` reads: how many each epoch has, which iterator
``check_accuracy`` walks, another library's batches as our Arrays, class indices from
index or one-hot labels, and a batch without its padding."""
import copy

import numpy as onp

from ..array import to_numpy, wrap
from .io import DataBatch, NDArrayIter


def epoch_sizes(dataiter, num_epochs):
    """The number of batches in each of the next ``num_epochs`` epochs (None: unknown).
    With 'roll_over' it changes from epoch to epoch: a copy of ``dataiter`` walks them."""
    count = getattr(dataiter, "getnumiterations", None)
    if count is None:
        return None
    if getattr(dataiter, "last_batch_handle", None) != "roll_over" or \
            not isinstance(dataiter, NDArrayIter):
        return [count()] * num_epochs
    probe, sizes = copy.copy(dataiter), []
    for _ in range(num_epochs):  # as Solver does: reset, then read to the end
        probe.reset()
        sizes.append(probe.getnumiterations())
        while probe.iter_next():
            pass
    return sizes


def evaluation_iter(dataiter, num_samples):
    """What ``check_accuracy`` iterates: a random subset, every sample once, or
    ``dataiter`` itself (an iterator of another kind).
    """
    if isinstance(dataiter, NDArrayIter):
        if num_samples is not None and num_samples < dataiter.num_source:
            return dataiter.getsubiter(num_samples)
        return dataiter.every_sample()
    if num_samples is not None and hasattr(dataiter, "getsubiter") and \
            num_samples < getattr(dataiter, "num_data", num_samples):
        return dataiter.getsubiter(num_samples)
    return dataiter


def own_batch(batch):
    """``batch`` with our Arrays in it: another library's iterator (MXNet's, which
    ``nn.io`` re-exports as ``MNISTIter``, ``CSVIter``, ...) hands out its own arrays."""
    if all(isinstance(a, onp.ndarray) for a in list(batch.data) + list(batch.label or [])):
        return batch
    return DataBatch([wrap(to_numpy(d)) for d in batch.data],
                     [wrap(to_numpy(y)) for y in batch.label or []],
                     pad=getattr(batch, "pad", 0) or 0, index=getattr(batch, "index", None))


def classes(label):
    """Class indices from index labels (N,) or one-hot / soft labels (N, C)."""
    label = onp.asarray(label)
    return onp.argmax(label, axis=1) if label.ndim == 2 and label.shape[1] > 1 \
        else label.reshape(len(label))


def trimmed(batch, valid):
    """``batch`` without its padding."""
    return DataBatch([d[:valid] for d in batch.data], [y[:valid] for y in batch.label],
                     pad=0, index=None if batch.index is None else batch.index[:valid])
