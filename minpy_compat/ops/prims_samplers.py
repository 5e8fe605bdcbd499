"""MindSpore 2.10's candidate samplers for sampled losses: ``UniformCandidateSampler`` and
``LogUniformCandidateSampler`` (with ``ops.uniform_candidate_sampler`` and
``ops.log_uniform_candidate_sampler``).

Each call draws ``num_sampled`` class ids in [0, range_max) and returns them with the
expected counts of the true classes and of the sampled ones: ``p * num_sampled`` when
drawing with repeats, ``1 - (1 - p) ** tries`` when ``unique`` (``tries`` the draws it
took). A nonzero ``seed`` gives a repeatable stream per op object; zero draws from NumPy's
global stream (``ms.set_seed`` seeds it). The draws need not equal MindSpore's.

>>> import numpy as onp
>>> from minpy_compat import ops, Tensor
>>> ids, true_count, sampled_count = ops.UniformCandidateSampler(1, 3, False, 10, seed=2)(
...     Tensor(onp.array([[4]])))
>>> ids.shape, true_count.tolist()
((3,), [[0.30000001192092896]])
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from .primitives import Primitive


def _int(where, value, low):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise CellTypeError(message(where, f"an int >= {low}", describe(value)))
    if value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", str(value)))
    return int(value)


def _bool(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return value


class _CandidateSampler(Primitive):
    _ID_DTYPES = (onp.int32, onp.int64)

    def __init__(self, num_true, num_sampled, unique, range_max, seed,
                 remove_accidental_hits=False):
        super().__init__()
        name = type(self).__name__
        self.num_true = _int(f"{name} num_true", num_true, 1)
        self.num_sampled = _int(f"{name} num_sampled", num_sampled, 1)
        self.unique = _bool(f"{name} unique", unique)
        self.range_max = _int(f"{name} range_max", range_max, 1)
        self.seed = _int(f"{name} seed", seed, 0)
        self.remove_accidental_hits = _bool(f"{name} remove_accidental_hits",
                                            remove_accidental_hits)
        if unique and num_sampled > range_max:
            raise CellArgumentError(message(f"{name} num_sampled", f"at most range_max "
                                            f"{range_max} when unique", str(num_sampled)))
        self._rng = onp.random.RandomState(seed) if seed else onp.random

    def probability(self, ids):
        """The chance that one draw gives each class id in ``ids`` (a float64 array)."""
        raise NotImplementedError

    def draw(self, count):
        """``count`` independent class ids (an int64 array)."""
        raise NotImplementedError

    def _classes(self, true_classes):
        where = f"{type(self).__name__} true_classes"
        ids = onp.asarray(getval(true_classes))
        if not is_tensor(true_classes) or ids.dtype not in self._ID_DTYPES:
            wanted = " or ".join(onp.dtype(d).name for d in self._ID_DTYPES)
            raise CellTypeError(message(where, f"an {wanted} Tensor", describe(true_classes)))
        if ids.ndim != 2 or ids.shape[1] != self.num_true:
            raise CellArgumentError(message(where, f"shape (batch, num_true={self.num_true})",
                                            f"shape {ids.shape}"))
        return ids

    def _sample(self, banned):
        if not self.unique:
            picked = self.draw(self.num_sampled)
            while banned.size and onp.isin(picked, banned).any():
                hit = onp.isin(picked, banned)
                picked[hit] = self.draw(int(hit.sum()))
            return picked, None
        picked, tries, banned = [], 0, set(banned.tolist())
        while len(picked) < self.num_sampled:
            for value in self.draw(self.num_sampled).tolist():
                tries += 1
                if value not in picked and value not in banned:
                    picked.append(value)
                    if len(picked) == self.num_sampled:
                        break
        return onp.array(picked, onp.int64), tries

    def _expected(self, ids, tries):
        p = self.probability(ids)
        counts = p * self.num_sampled if tries is None else -onp.expm1(tries * onp.log1p(-p))
        return wrap(counts.astype(onp.float32))

    def __call__(self, true_classes):
        ids = self._classes(true_classes)
        banned = onp.unique(ids) if self.remove_accidental_hits else onp.zeros(0, onp.int64)
        free = self.range_max - int(((banned >= 0) & (banned < self.range_max)).sum())
        if free <= 0 or (self.unique and free < self.num_sampled):
            raise CellArgumentError(message(
                f"{type(self).__name__} true_classes", f"at least num_sampled="
                f"{self.num_sampled if self.unique else 1} classes in [0, {self.range_max}) "
                "outside the true classes (remove_accidental_hits)", f"{free}"))
        picked, tries = self._sample(banned)
        return (wrap(picked.astype(ids.dtype)), self._expected(ids, tries),
                self._expected(picked, tries))


class UniformCandidateSampler(_CandidateSampler):
    """``UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed=0,
    remove_accidental_hits=False)(true_classes)``: ``num_sampled`` ids drawn uniformly from
    [0, range_max) (without repeats when ``unique``, never a true class when
    ``remove_accidental_hits``), the true classes' and the samples' expected counts."""

    def __init__(self, num_true, num_sampled, unique, range_max, seed=0,
                 remove_accidental_hits=False):
        super().__init__(num_true, num_sampled, unique, range_max, seed,
                         remove_accidental_hits)

    def probability(self, ids):
        return onp.full(onp.shape(ids), 1.0 / self.range_max)

    def draw(self, count):
        return self._rng.randint(0, self.range_max, size=count).astype(onp.int64)


class LogUniformCandidateSampler(_CandidateSampler):
    """``LogUniformCandidateSampler(num_true=1, num_sampled=5, unique=True, range_max=5,
    seed=0)(true_classes)``: ids drawn with P(k) = log((k + 2) / (k + 1)) /
    log(range_max + 1) (small ids, frequent words first), and the expected counts."""

    _ID_DTYPES = (onp.int64,)

    def __init__(self, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
        super().__init__(num_true, num_sampled, unique, range_max, seed)

    def probability(self, ids):
        ids = onp.asarray(ids, onp.float64)
        return onp.log((ids + 2.0) / (ids + 1.0)) / onp.log(self.range_max + 1.0)

    def draw(self, count):
        spread = onp.exp(self._rng.random_sample(count) * onp.log(self.range_max + 1.0))
        return onp.clip(onp.floor(spread).astype(onp.int64) - 1, 0, self.range_max - 1)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    """``UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed,
    remove_accidental_hits)(true_classes)``."""
    return UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed,
                                   remove_accidental_hits)(true_classes)


def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True,
                                  range_max=5, seed=0):
    """``LogUniformCandidateSampler(num_true, num_sampled, unique, range_max,
    seed)(true_classes)``."""
    return LogUniformCandidateSampler(num_true, num_sampled, unique, range_max,
                                      seed)(true_classes)
