"""MindSpore 2.10's ``Categorical(probs)`` distribution over the classes 0..C-1 of the
last axis of ``probs``, on the ``Distribution`` base. As in MindSpore, ``mean``/``var``/
``sd`` keep the class axis as size 1, values in (-1, 0) count as class 0, an
out-of-range class has log-probability NaN, and ``cdf`` clips the class to 0..C-1.

>>> import minpy_compat as ms
>>> from minpy_compat.nn.probability.distribution import Categorical
>>> Categorical(ms.Tensor([0.2, 0.8])).prob(ms.Tensor(1.0))
array(0.8, dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .... import numpy as np
from ....errors import message
from .discrete import _Discrete, check_prob
from . import _utils as U


def _check_sums_to_one(cls_name, probs):
    data = onp.asarray(getval(probs))
    total = data.sum(axis=-1)
    eps = onp.finfo(data.dtype).eps
    if not onp.allclose(total, 1.0, rtol=eps * 10, atol=eps):
        raise ValueError(message(f"{cls_name} probs", "rows that sum to 1",
                                 f"sums {total}", "Normalize probs along the last axis."))


class Categorical(_Discrete):
    """``Categorical(probs=None, seed=None, dtype=ms.int32, name='Categorical')``: class k
    with probability ``probs[..., k]``."""

    def __init__(self, probs=None, seed=None, dtype=onp.int32, name="Categorical"):
        param = dict(locals())
        param["param_dict"] = {"probs": probs}
        super().__init__(probs, seed, dtype, name, param)
        if self._value is not None:
            if onp.ndim(getval(self._value)) == 0:
                raise ValueError(message(f"{name} probs", "rank >= 1", "a scalar",
                                         "Pass one probability per class."))
            check_prob(name, "probs", self._value)
            _check_sums_to_one(name, self._value)
            self._is_scalar_batch = onp.ndim(getval(self._value)) == 1
            self._broadcast_shape = self._broadcast_shape[:-1]

    probs = property(lambda self: self._value, doc="The class probabilities (last axis).")

    def _get_dist_type(self):
        return "Categorical"

    @staticmethod
    def _index(probs):
        return onp.arange(onp.shape(getval(probs))[-1], dtype=getval(probs).dtype)

    def _mean(self, probs=None):
        probs = self._check_param_type(probs)
        return np.sum(self._index(probs) * probs, axis=-1, keepdims=True)

    def _mode(self, probs=None):
        probs = self._check_param_type(probs)
        return onp.argmax(getval(probs), axis=-1).astype(self.dtype)

    def _var(self, probs=None):
        probs = self._check_param_type(probs)
        index = self._index(probs)
        return np.sum(np.square(index) * probs, axis=-1, keepdims=True) - np.square(
            np.sum(index * probs, axis=-1, keepdims=True))

    def _entropy(self, probs=None):
        probs = self._check_param_type(probs)
        return np.squeeze(-np.sum(np.log(probs) * probs, axis=-1, keepdims=True))

    def _kl_loss(self, dist, probs_b, probs=None):
        U.check_dist_name(f"{self.name}.kl_loss", dist, "Categorical")
        probs_b = self._check_value(probs_b, "probs_b").astype(self.parameter_type)
        probs_a = self._check_param_type(probs)
        log_a = np.log(probs_a) - np.log(np.sum(probs_a, axis=-1, keepdims=True))
        log_b = np.log(probs_b) - np.log(np.sum(probs_b, axis=-1, keepdims=True))
        return np.squeeze(np.sum(np.exp(log_a) * (log_a - log_b), axis=-1, keepdims=True))

    def _cross_entropy(self, dist, probs_b, probs=None):
        U.check_dist_name(f"{self.name}.cross_entropy", dist, "Categorical")
        return self._entropy(probs) + self._kl_loss(dist, probs_b, probs)

    def _pick(self, value, table, probs):
        """``table[..., class]`` for each class in ``value`` (probs' batch broadcast with
        value's shape), with whether the class was out of 0..C-1."""
        value = getval(self._check_value(value, "value")).astype(probs.dtype)
        value = onp.where((value < 0) & (value > -1), 0.0, onp.floor(value))
        drop = value.ndim == 0 and onp.ndim(getval(probs)) == 1
        value = value[..., None, None] if drop else value[..., None]
        classes = onp.shape(getval(probs))[-1]
        shape = onp.broadcast_shapes(value.shape, onp.shape(getval(table)))
        labels = onp.broadcast_to(value, shape)[..., 0]
        chosen = onp.clip(labels, 0, classes - 1).astype(onp.int64)
        one_hot = (onp.arange(classes) == chosen[..., None]).astype(probs.dtype)
        picked = np.sum(table * one_hot, axis=-1)
        outside = (labels < 0) | (labels > classes - 1)
        if drop:
            return picked[0], labels[0], outside[0]
        return picked, labels, outside

    def _log_prob(self, value, probs=None):
        probs = self._check_param_type(probs)
        picked, _, outside = self._pick(value, np.log(probs), getval(probs))
        return np.where(outside, onp.nan, picked)

    def _cdf(self, value, probs=None):
        probs = self._check_param_type(probs)
        picked, labels, _ = self._pick(value, np.cumsum(probs, axis=-1), getval(probs))
        return np.where(labels < 0, 0.0 * picked, picked)

    def _sample(self, shape=(), probs=None):
        probs = onp.asarray(getval(self._check_param_type(probs)), onp.float64)
        full = U.check_shape(f"{self.name}.sample", shape) + probs.shape[:-1]
        cumulative = onp.cumsum(probs, axis=-1)
        noise = self._draw("random_sample", full)[..., None] * cumulative[..., -1:]
        classes = onp.minimum((noise >= cumulative).sum(axis=-1), probs.shape[-1] - 1)
        return np.asarray(classes.astype(self.dtype))
