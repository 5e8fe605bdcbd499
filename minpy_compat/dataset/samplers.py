"""``mindspore.dataset`` samplers: which rows of a random-access source each epoch reads.

>>> import numpy
>>> from minpy_compat import dataset as ds
>>> data = ds.NumpySlicesDataset(numpy.arange(10), sampler=ds.DistributedSampler(3, 1, False))
>>> [int(row[0]) for row in data.create_tuple_iterator(output_numpy=True)]
[1, 4, 7, 0]
"""
import numbers

import numpy as onp

from ..errors import (CellArgumentError, CellTypeError, DatasetPipelineError, describe,
                      message)
from . import config


def _int(where, value, low=None, allow_none=False):
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, "an int" + (" or None" if allow_none else ""),
                                    describe(value)))
    if low is not None and value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", str(value)))
    return int(value)


def _bool(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "True or False", describe(value)))
    return value


class Sampler:
    """The base of every sampler: ``num_samples`` caps how many rows one epoch reads."""

    def __init__(self, num_samples=None):
        where = f"{type(self).__name__} 'num_samples'"
        self.num_samples = _int(where, num_samples, low=0, allow_none=True) or None
        self._rng = None

    def get_num_samples(self):
        return self.num_samples

    def _cap(self, count):
        return count if self.num_samples is None else min(count, self.num_samples)

    def _random(self):
        if self._rng is None:
            self._rng = onp.random.default_rng(config.get_seed())
        return self._rng

    def _bind(self, length, where):
        """Check the sampler fits a source of ``length`` rows (``where`` names the source);
        a sampler of your own reads that length as ``self.dataset_size`` in ``__iter__``."""
        self.dataset_size = length

    def _count(self, length):
        return self._cap(len(self._indices(length)))

    def _indices(self, length):
        """A sampler of your own: the indices its ``__iter__`` yields, checked."""
        if not hasattr(self, "__iter__"):
            raise CellTypeError(message(type(self).__name__, "a Sampler subclass that "
                                        "defines __iter__ (yielding row indices)",
                                        "no __iter__"))
        indices = _index_list(f"{type(self).__name__}.__iter__", list(iter(self)))
        bad = [i for i in indices if not 0 <= i < length]
        if bad:
            raise DatasetPipelineError(message(f"{type(self).__name__}.__iter__",
                                               f"indices in [0, {length})", str(bad[:5])))
        return indices[:self._cap(len(indices))]


class _Builtin(Sampler):
    def _count(self, length):
        return self._cap(length)


class _IterSampler(Sampler):
    """Any iterable of row indices given as ``sampler=`` (read afresh each epoch)."""

    def __init__(self, indices):
        super().__init__()
        self._source = indices

    def __iter__(self):
        return iter(self._source)


class SequentialSampler(_Builtin):
    """Rows ``start_index, start_index + 1, ...`` in order."""

    def __init__(self, start_index=None, num_samples=None):
        super().__init__(num_samples)
        self.start_index = _int("SequentialSampler 'start_index'", start_index,
                                allow_none=True) or 0

    def _bind(self, length, where):
        super()._bind(length, where)
        if not 0 <= self.start_index < max(length, 1):
            raise DatasetPipelineError(message(
                f"{where} SequentialSampler 'start_index'", f"an index in [0, {length})",
                str(self.start_index)))

    def _count(self, length):
        return self._cap(max(length - self.start_index, 0))

    def _indices(self, length):
        return range(self.start_index, self.start_index + self._count(length))


class RandomSampler(_Builtin):
    """A fresh random order each epoch (or draws with ``replacement=True``)."""

    def __init__(self, replacement=False, num_samples=None):
        super().__init__(num_samples)
        self.replacement = _bool("RandomSampler 'replacement'", replacement)

    def _indices(self, length):
        if self.replacement:
            return self._random().integers(length, size=self._count(length))
        return self._random().permutation(length)[:self._count(length)]


def _index_list(where, indices):
    if isinstance(indices, numbers.Integral) and not isinstance(indices, bool):
        indices = [indices]
    if not isinstance(indices, (list, tuple, onp.ndarray)):
        raise CellTypeError(message(where, "a list of row indices", describe(indices)))
    for i, index in enumerate(list(indices)):
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise CellTypeError(message(f"{where} item {i}", "an int", describe(index)))
    return [int(i) for i in indices]


class SubsetSampler(_Builtin):
    """The rows at ``indices``, in that order."""

    def __init__(self, indices, num_samples=None):
        super().__init__(num_samples)
        self.indices = _index_list(f"{type(self).__name__} 'indices'", indices)

    def _bind(self, length, where):
        super()._bind(length, where)
        bad = [i for i in self.indices if not 0 <= i < length]
        if bad:
            raise DatasetPipelineError(message(
                f"{where} {type(self).__name__} 'indices'", f"indices in [0, {length})",
                str(bad[:5])))

    def _count(self, length):
        return self._cap(len(self.indices))

    def _indices(self, length):
        return self.indices[:self._count(length)]


class SubsetRandomSampler(SubsetSampler):
    """The rows at ``indices``, in a fresh random order each epoch."""

    def _indices(self, length):
        order = self._random().permutation(len(self.indices))[:self._count(length)]
        return [self.indices[i] for i in order]


class WeightedRandomSampler(_Builtin):
    """Rows ``0 .. len(weights) - 1`` drawn with probability proportional to ``weights``."""

    def __init__(self, weights, num_samples=None, replacement=True):
        super().__init__(num_samples)
        where = "WeightedRandomSampler 'weights'"
        if not isinstance(weights, (list, tuple, onp.ndarray)) or not all(
                isinstance(w, numbers.Real) and not isinstance(w, bool) for w in weights):
            raise CellTypeError(message(where, "a list of numbers", describe(weights)))
        self.weights = onp.asarray(weights, onp.float64)
        if not self.weights.size or (self.weights < 0).any() or not self.weights.any():
            raise DatasetPipelineError(message(
                where, "non-negative weights, not all zero", str(list(weights)[:5])))
        self.replacement = _bool("WeightedRandomSampler 'replacement'", replacement)

    def _count(self, length):
        count = self._cap(length)
        return count if self.replacement else min(count, self.weights.size)

    def _indices(self, length):
        rng, count = self._random(), self._count(length)
        if self.replacement:
            return rng.choice(self.weights.size, count, p=self.weights / self.weights.sum())
        # without replacement: order by u ** (1 / w); zero weights come last, at random
        keys = onp.where(self.weights > 0, rng.random(self.weights.size) **
                         (1 / onp.maximum(self.weights, 1e-300)), -rng.random(self.weights.size))
        return onp.argsort(-keys, kind="stable")[:count]


class DistributedSampler(_Builtin):
    """Shard ``shard_id`` of ``num_shards``: every ``num_shards``-th row, the last rows padded
    from the start so each shard has as many (``offset >= 0``: no padding, row ``k`` goes to
    shard ``(k + offset) % num_shards``). ``shuffle`` permutes the rows the same way on every
    shard (a seed from ``dataset.config`` and the epoch), a new order each epoch."""

    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        super().__init__(num_samples)
        self.num_shards = _int("DistributedSampler 'num_shards'", num_shards)
        self.shard_id = _int("DistributedSampler 'shard_id'", shard_id)
        if self.num_shards < 1:
            raise DatasetPipelineError(message("DistributedSampler 'num_shards'",
                                               "an int >= 1", str(num_shards)))
        if not 0 <= self.shard_id < self.num_shards:
            raise DatasetPipelineError(message(
                "DistributedSampler 'shard_id'", f"an int in [0, {self.num_shards})",
                str(shard_id)))
        self.shuffle = _bool("DistributedSampler 'shuffle'", shuffle)
        self.offset = _int("DistributedSampler 'offset'", offset, low=-1)
        self._epoch = 0

    def _positions(self, length):
        if self.offset >= 0:
            return [k for k in range(length)
                    if (k + self.offset) % self.num_shards == self.shard_id]
        per_shard = -(-length // self.num_shards)
        return [(self.shard_id + j * self.num_shards) % max(length, 1)
                for j in range(per_shard)]

    def _count(self, length):
        return self._cap(len(self._positions(length)))

    def _indices(self, length):
        order = onp.arange(length)
        if self.shuffle:
            seed = config.get_seed() or 0
            order = onp.random.default_rng([seed, self._epoch]).permutation(length)
            self._epoch += 1
        return [int(order[k]) for k in self._positions(length)[:self._count(length)]]


def select_sampler(where, random_access, num_samples, shuffle, sampler, num_shards, shard_id):
    """The sampler a source uses, from its arguments by MindSpore's rules."""
    if sampler is not None:
        given = {"num_samples": num_samples, "shuffle": shuffle, "num_shards": num_shards,
                 "shard_id": shard_id}
        if any(v is not None for v in given.values()):
            raise CellArgumentError(message(
                f"{where} 'sampler'", "no num_samples, shuffle, num_shards or shard_id with it",
                ", ".join(f"{k}={v!r}" for k, v in given.items() if v is not None),
                "Give those to the sampler instead."))
        if isinstance(sampler, (list, tuple, onp.ndarray)):
            sampler = SubsetSampler(sampler)
        elif not isinstance(sampler, Sampler) and hasattr(sampler, "__iter__"):
            sampler = _IterSampler(sampler)
        if not isinstance(sampler, Sampler):
            raise CellTypeError(message(f"{where} 'sampler'",
                                        "a dataset sampler or a list of row indices",
                                        describe(sampler)))
        return sampler
    if (num_shards is None) != (shard_id is None):
        raise CellArgumentError(message(f"{where} 'num_shards'/'shard_id'", "both or neither",
                                        f"num_shards={num_shards!r}, shard_id={shard_id!r}"))
    if shuffle is not None:
        _bool(f"{where} 'shuffle'", shuffle)
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle is not False, num_samples)
    if shuffle is False:
        return SequentialSampler(num_samples=num_samples)
    return RandomSampler(num_samples=num_samples)
