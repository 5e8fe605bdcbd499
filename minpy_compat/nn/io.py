"""Data iterators (MinPy's ``minpy.nn.io``): ``DataBatch``, ``DataIter``, ``NDArrayIter``
(``save_data_labels`` / ``load_data_labels``, from ``nn.io_files``, are importable here).

``last_batch_handle`` decides what happens to the samples that do not fill a batch:

* ``'pad'``: the last batch is filled up with samples from the start of the data,
  and ``batch.pad`` says how many of them are padding;
* ``'discard'``: they are dropped; every batch is full;
* ``'roll_over'``: they open the next epoch's first batch; every batch is full
  (with fewer samples than a batch, the batch goes on around the data).

>>> import numpy
>>> it = NDArrayIter(numpy.arange(10.0).reshape(5, 2), numpy.arange(5), batch_size=2)
>>> [(b.label[0].tolist(), b.pad) for b in it]
[([0, 1], 0), ([2, 3], 0), ([4, 0], 1)]
"""
import copy
import numbers

import numpy as onp

from ..array import to_numpy, wrap
from ..errors import UnknownOptionError, message
from .io_files import load_data_labels, save_data_labels
from .options import is_int

__all__ = ["DataBatch", "DataIter", "NDArrayIter", "LAST_BATCH_HANDLES", "save_data_labels",
           "load_data_labels"]

LAST_BATCH_HANDLES = ("pad", "discard", "roll_over")


class DataBatch:
    """One batch: lists ``data`` and ``label`` of arrays, ``pad`` and sample ``index``.

    >>> import numpy
    >>> DataBatch([numpy.zeros((4, 3))], [numpy.zeros(4)], pad=1)
    DataBatch(data shapes [(4, 3)], pad 1)
    """

    def __init__(self, data, label=None, pad=0, index=None):
        self.data, self.label, self.pad, self.index = data, label, pad, index

    def __repr__(self):
        shapes = [tuple(d.shape) for d in self.data]
        return f"DataBatch(data shapes {shapes}, pad {self.pad})"


class DataIter:
    """Base iterator: subclasses implement ``reset``, ``iter_next`` and the getters."""

    def __init__(self, batch_size=0):
        self.batch_size = batch_size

    def __iter__(self):
        return self

    def reset(self):
        pass

    def __next__(self):
        if not self.iter_next():
            raise StopIteration
        return DataBatch(self.getdata(), self.getlabel(), pad=self.getpad(),
                         index=self.getindex())

    next = __next__

    def iter_next(self):
        raise NotImplementedError(f"{type(self).__name__}.iter_next")

    def getdata(self):
        raise NotImplementedError(f"{type(self).__name__}.getdata")

    def getlabel(self):
        raise NotImplementedError(f"{type(self).__name__}.getlabel")

    def getindex(self):
        return None

    def getpad(self):
        return 0


def _named_arrays(value, default_name, where, allow_empty=False):
    """Data as a list of (name, plain ndarray): one array, a list, or a dict (sorted by name)."""
    if value is None:
        if allow_empty:
            return []
        raise ValueError(message(f"NDArrayIter argument {where!r}", "an array, list or dict",
                                 "None"))
    if isinstance(value, dict):
        pairs = sorted(value.items())
    elif isinstance(value, (list, tuple)) and not _all_numbers(value):
        pairs = [(default_name if len(value) == 1 else f"_{i}_{default_name}", v)
                 for i, v in enumerate(value)]
    else:  # one array (a list of numbers, such as class labels, is one array too)
        pairs = [(default_name, value)]
    if not pairs and not allow_empty:
        raise ValueError(message(f"NDArrayIter argument {where!r}", "at least one array",
                                 f"an empty {type(value).__name__}"))
    arrays = [(name, onp.asarray(to_numpy(array))) for name, array in pairs]
    for name, array in arrays:
        if array.ndim == 0:
            raise ValueError(message(f"NDArrayIter argument {where!r} ({name})",
                                     "an array with one entry per sample", "a 0-d value",
                                     "Pass one value per sample, e.g. a list of labels."))
    return arrays


def _common_length(named):
    """The number of samples shared by every (name, array); a data and a label array
    may share a name, so the sizes are compared as a list, not by name."""
    sizes = [(name, len(array)) for name, array in named]
    if len({size for _, size in sizes}) != 1:
        listed = ", ".join(f"{name!r}: {size}" for name, size in sizes)
        raise ValueError(message("NDArrayIter", "data and labels with one number of "
                                 "samples", "{" + listed + "}"))
    return sizes[0][1]


def _all_numbers(values):
    return len(values) > 0 and all(isinstance(v, (numbers.Number, onp.generic))
                                   for v in values)


class NDArrayIter(DataIter):
    """Iterate over in-memory arrays in batches (see the module docstring).

    ``data`` and ``label`` are arrays, lists or dicts of arrays with a common first
    dimension. ``shuffle=True`` permutes the samples once, here, with NumPy's
    global random state; a batch's ``index`` still numbers its samples as given.
    Batches hold ``Array`` copies.
    """

    def __init__(self, data, label=None, batch_size=1, shuffle=False,
                 last_batch_handle="pad", data_name="data", label_name="softmax_label"):
        super().__init__(batch_size)
        if not isinstance(last_batch_handle, str) or \
                last_batch_handle not in LAST_BATCH_HANDLES:  # a callable is no handle
            raise UnknownOptionError(message("NDArrayIter argument 'last_batch_handle'",
                                             "one of 'pad', 'discard', 'roll_over'",
                                             f"{last_batch_handle!r:.60}"))
        if not is_int(batch_size) or batch_size < 1:
            raise ValueError(message("NDArrayIter argument 'batch_size'", "an int >= 1",
                                     repr(batch_size)))
        batch_size = self.batch_size = int(batch_size)
        self.data = _named_arrays(data, data_name, "data")
        self.label = _named_arrays(label, label_name, "label", allow_empty=True)
        self.num_source = _common_length(self.data + self.label)
        self.sample_index = onp.arange(self.num_source)
        if shuffle:
            order = self.sample_index = onp.random.permutation(self.num_source)
            self.data = [(k, v[order]) for k, v in self.data]
            self.label = [(k, v[order]) for k, v in self.label]
        self.last_batch_handle = last_batch_handle
        self.num_data = self.num_source
        if last_batch_handle == "discard":
            self.num_data -= self.num_source % batch_size
        if self.num_data == 0:
            wanted = f"at least one full batch of {batch_size} with last_batch_handle=" \
                "'discard'" if self.num_source else "at least one sample"
            raise ValueError(message("NDArrayIter", wanted, f"{self.num_source} samples"))
        self.hard_reset()

    # ---- epochs --------------------------------------------------------------------
    def hard_reset(self):
        """Start over from the first sample, forgetting any rolled-over samples."""
        self._carry = self._leftover = onp.arange(0)
        self.reset()

    def reset(self):
        """Start the next epoch; with 'roll_over', the samples left over by the last
        finished epoch come first.

        >>> import numpy
        >>> it = NDArrayIter(numpy.arange(5.0), batch_size=2, last_batch_handle='roll_over')
        >>> [b.data[0].tolist() for b in it]
        [[0.0, 1.0], [2.0, 3.0]]
        >>> it.reset()
        >>> [b.data[0].tolist() for b in it]
        [[4.0, 0.0], [1.0, 2.0], [3.0, 4.0]]
        """
        order = onp.concatenate([self._carry, onp.arange(self.num_data)]).astype(onp.int64)
        self._carry = self._leftover = onp.arange(0)
        if self.last_batch_handle == "roll_over":
            order, self._leftover = self._rolled(order)
        self._pad = -len(order) % self.batch_size
        if self._pad:  # 'pad': wrap around to the start of the data
            order = onp.concatenate([order, onp.arange(self._pad) % self.num_source])
        self._order = order
        self._cursor = -self.batch_size

    def _rolled(self, order):
        """'roll_over': the full batches of ``order`` and the samples left over. With
        fewer samples than one batch, the batch goes on around the data, as a stream
        (MXNet's first batch; its first epoch has none), and the rest of that pass is
        left over: every epoch has a batch and each sample is seen equally often."""
        short = self.batch_size - len(order)
        if short > 0:
            wrapped = onp.arange(short) % self.num_source
            rest = onp.arange(short % self.num_source, self.num_source) \
                if short % self.num_source else onp.arange(0)
            return onp.concatenate([order, wrapped]), rest.astype(onp.int64)
        full = len(order) - len(order) % self.batch_size
        return order[:full], order[full:]

    def carried_over(self):
        """'roll_over': the positions of the samples that open the next epoch (a copy)."""
        return onp.array(self._carry, dtype=onp.int64)

    def carry_over(self, positions):
        """Open the next epoch with the samples at ``positions`` (from ``carried_over``)."""
        positions, last = onp.asarray(positions), self.num_data - 1
        if positions.ndim != 1 or positions.size and (
                positions.dtype.kind not in "iu" or not 0 <= positions.min() <= positions.max()
                <= last):
            raise ValueError(message("NDArrayIter.carry_over", f"sample positions 0..{last} in "
                                     "a 1-d int array", f"{positions!r:.60}", "Pass what "
                                     "carried_over() returned for the same data."))
        self._carry, self._leftover = positions.astype(onp.int64), onp.arange(0)

    def iter_next(self):
        self._cursor += self.batch_size
        if self._cursor < len(self._order):
            return True
        self._carry, self._leftover = onp.concatenate([self._carry, self._leftover]), \
            onp.arange(0)
        return False

    def getnumiterations(self):
        """The number of batches in the current epoch."""
        return len(self._order) // self.batch_size

    # ---- the current batch -----------------------------------------------------------
    def _positions(self):
        """Where the current batch's samples lie in the (shuffled) arrays."""
        return self._order[self._cursor:self._cursor + self.batch_size]

    def getindex(self):
        """The current batch's sample numbers in the data as given (before shuffling)."""
        return self.sample_index[self._positions()]

    def getdata(self):
        return [wrap(array[self._positions()]) for _, array in self.data]

    def getlabel(self):
        return [wrap(array[self._positions()]) for _, array in self.label]

    def getpad(self):
        last = self._cursor + self.batch_size >= len(self._order)
        return self._pad if last else 0

    @property
    def provide_data(self):
        return [(k, (self.batch_size,) + v.shape[1:]) for k, v in self.data]

    @property
    def provide_label(self):
        return [(k, (self.batch_size,) + v.shape[1:]) for k, v in self.label]

    def every_sample(self):
        """An iterator over every sample once, in order, the last batch padded; it shares
        this iterator's arrays and leaves this iterator's position alone."""
        other = copy.copy(self)
        other.last_batch_handle, other.num_data = "pad", self.num_source
        other.hard_reset()
        return other

    def getsubiter(self, num_samples):
        """An iterator over ``num_samples`` random samples (drawn without replacement).

        >>> import numpy
        >>> it = NDArrayIter(numpy.arange(5.0), numpy.arange(5), batch_size=2)
        >>> sub = it.getsubiter(3)
        >>> sub.num_source, len(set(sub.label[0][1].tolist()))  # three different samples
        (3, 3)
        """
        if not (is_int(num_samples) and 1 <= num_samples <= self.num_source):
            raise ValueError(message("NDArrayIter.getsubiter", f"1..{self.num_source} samples",
                                     repr(num_samples)))
        chosen = onp.arange(self.num_source) if num_samples == self.num_source else \
            onp.sort(onp.random.choice(self.num_source, num_samples, replace=False))
        sub = NDArrayIter({k: v[chosen] for k, v in self.data},
                          {k: v[chosen] for k, v in self.label} or None,
                          batch_size=min(self.batch_size, num_samples), last_batch_handle="pad")
        sub.sample_index = self.sample_index[chosen]
        sub.data, sub.label = ([(k, dict(made)[k]) for k, _ in own]  # not sorted by name
                               for own, made in ((self.data, sub.data), (self.label, sub.label)))
        return sub


def __getattr__(name):
    """MinPy re-exported MXNet's iterators (``MNISTIter``, ``CSVIter``, ...): load on use."""
    if name.endswith("Iter") and not name.startswith("_"):
        from ..backends.mxnet_backend import require_mxnet
        iterator = getattr(require_mxnet(f"minpy_compat.nn.io.{name}").io, name, None)
        if iterator is not None:
            return iterator
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
