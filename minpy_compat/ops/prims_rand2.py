"""MindSpore 2.10's further random primitives: ``RandpermV2``, ``TruncatedNormal``,
``StandardLaplace``, ``RandomGamma``, ``RandomPoisson``, ``Cauchy``, ``LogNormalReverse``
and ``MultinomialWithReplacement`` (with ``ops.multinomial_with_replacement``).

Seeds work as in ``prims_random.py``: nonzero ``seed``/``seed2`` give a repeatable stream
per op object, zero draws from NumPy's global stream (``ms.set_seed`` seeds it). The
distributions and their parameters are MindSpore's; the values need not equal its.

>>> from minpy_compat import ops
>>> ops.Cauchy([2, 3], median=1.0)().shape
(2, 3)
"""
import numpy as onp
from autograd.tracer import getval

from ..array import wrap
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from . import fn_random as R
from .prims_base import AttrPrimitive, check_int, check_number
from .prims_random import _Random

_FLOATS = (onp.float16, onp.float32, onp.float64)


def _shape_tensor(where, shape):
    data = onp.asarray(getval(shape))
    if not is_tensor(shape) or data.dtype not in (onp.int32, onp.int64) or data.ndim != 1:
        raise CellTypeError(message(where, "a 1-D int32 or int64 Tensor", describe(shape)))
    if (data <= 0).any():
        raise CellArgumentError(message(where, "sizes > 0", str(data.tolist())))
    return tuple(int(n) for n in data)


def _float_dtype(where, dtype):
    if onp.dtype(dtype) not in _FLOATS:
        raise CellTypeError(message(where, "float16, float32 or float64", str(dtype)))
    return onp.dtype(dtype)


class RandpermV2(AttrPrimitive):
    """``RandpermV2(seed=0, offset=0, dtype=int64)(n)``: a random permutation of 0..n-1."""

    def __init__(self, seed=0, offset=0, dtype=onp.int64):
        super().__init__()
        dtype = onp.dtype(dtype)
        if dtype.kind not in "iuf":
            raise CellTypeError(message("RandpermV2 dtype", "a number dtype", str(dtype)))
        self._keep(seed=check_int("RandpermV2 seed", seed),
                   offset=check_int("RandpermV2 offset", offset), dtype=dtype)

    def __call__(self, n):
        if is_tensor(n):
            n = onp.asarray(getval(n)).reshape(())
            n = int(n) if n.dtype.kind in "iu" else n
        n = check_int("RandpermV2 n", n)
        if n <= 0:
            raise CellArgumentError(message("RandpermV2 n", "an int > 0", str(n)))
        top = onp.finfo(self.dtype).max if self.dtype.kind == "f" else \
            onp.iinfo(self.dtype).max
        if n - 1 > top:
            raise CellArgumentError(message("RandpermV2 n", f"at most {int(top) + 1} for "
                                            f"dtype {self.dtype}", str(n)))
        rng = onp.random.RandomState((self.seed, self.offset)) if self.seed >= 0 and \
            (self.seed or self.offset) else onp.random
        return wrap(rng.permutation(n).astype(self.dtype))


class TruncatedNormal(_Random):
    """``TruncatedNormal(dtype=float32, seed=0, seed2=0)(shape)``: N(0, 1) values
    redrawn until within two standard deviations; ``shape`` a 1-D int Tensor."""

    def __init__(self, dtype=onp.float32, seed=0, seed2=0):
        self.dtype = _float_dtype("TruncatedNormal dtype", dtype)
        super().__init__(seed, seed2)

    def __call__(self, shape):
        shape = _shape_tensor("TruncatedNormal shape", shape)
        if len(shape) < 2:
            raise CellArgumentError(message("TruncatedNormal shape", "at least 2 sizes",
                                            str(list(shape))))
        values = self._rng.standard_normal(shape)
        outside = onp.abs(values) > 2
        while outside.any():
            values[outside] = self._rng.standard_normal(int(outside.sum()))
            outside = onp.abs(values) > 2
        return wrap(values.astype(self.dtype))


class StandardLaplace(_Random):
    """``StandardLaplace(seed=0, seed2=0)(shape)``: float32 Laplace(0, 1) values; ``shape``
    a tuple of ints or a 1-D int Tensor."""

    def __call__(self, shape):
        if is_tensor(shape):
            shape = _shape_tensor("StandardLaplace shape", shape)
        shape = R._shape("StandardLaplace", shape)
        if any(n <= 0 for n in shape):
            raise CellArgumentError(message("StandardLaplace shape", "sizes > 0", repr(shape)))
        return wrap(self._rng.laplace(size=shape).astype(onp.float32))


class RandomGamma(_Random):
    """``RandomGamma(seed=0, seed2=0)(shape, alpha)``: Gamma(alpha, 1) samples of shape
    ``shape + alpha.shape`` in alpha's dtype; ``shape`` a 1-D int Tensor."""

    def __call__(self, shape, alpha):
        shape = _shape_tensor("RandomGamma shape", shape)
        if onp.asarray(getval(alpha)).dtype not in _FLOATS:
            raise CellTypeError(message("RandomGamma alpha", "a float Tensor", describe(alpha)))
        return R.random_gamma(shape, alpha, seed=self._seed())

    def _seed(self):
        return None if self._rng is onp.random else int(self._rng.randint(2 ** 31))


class RandomPoisson(RandomGamma):
    """``RandomPoisson(seed=0, seed2=0, dtype=int64)(shape, rate)``: Poisson(rate) counts
    of shape ``shape + rate.shape`` as ``dtype``; ``shape`` a 1-D int Tensor."""

    def __init__(self, seed=0, seed2=0, dtype=onp.int64):
        dtype = onp.dtype(dtype)
        if dtype not in (onp.int32, onp.int64) + _FLOATS:
            raise CellTypeError(message("RandomPoisson dtype", "an int32/int64 or float dtype",
                                        str(dtype)))
        self.dtype = dtype
        super().__init__(seed, seed2)

    def __call__(self, shape, rate):
        shape = _shape_tensor("RandomPoisson shape", shape)
        if onp.asarray(getval(rate)).dtype not in (onp.int32, onp.int64) + _FLOATS:
            raise CellTypeError(message("RandomPoisson rate", "an int or float Tensor",
                                        describe(rate)))
        rate = wrap(onp.asarray(getval(rate), onp.float64))  # int rates count as floats
        return R.random_poisson(shape, rate, seed=self._seed(), dtype=self.dtype)


class Cauchy(AttrPrimitive):
    """``Cauchy(size, median=0.0, sigma=1.0)()``: float32 Cauchy(median, sigma) values of
    shape ``size`` (a list of ints > 0)."""

    def __init__(self, size, median=0.0, sigma=1.0):
        super().__init__()
        if not isinstance(size, list):
            raise CellTypeError(message("Cauchy size", "a list of ints", describe(size)))
        for i, n in enumerate(size):
            if check_int(f"Cauchy size[{i}]", n) <= 0:
                raise CellArgumentError(message(f"Cauchy size[{i}]", "an int > 0", str(n)))
        self._keep(size=size, median=float(check_number("Cauchy median", median, (int, float))),
                   sigma=float(check_number("Cauchy sigma", sigma, (int, float))))

    def __call__(self):
        draws = onp.random.standard_cauchy(tuple(self.size))
        return wrap((self.median + self.sigma * draws).astype(onp.float32))


class LogNormalReverse(AttrPrimitive):
    """``LogNormalReverse(mean=1.0, std=2.0)(input)``: log-normal values exp(N(mean, std))
    of ``input``'s shape and float dtype."""

    def __init__(self, mean=1.0, std=2.0):
        super().__init__()
        self._keep(mean=float(check_number("LogNormalReverse mean", mean, (int, float))),
                   std=float(check_number("LogNormalReverse std", std, (int, float))))

    def __call__(self, input):
        data = onp.asarray(getval(input))
        if not is_tensor(input) or data.dtype not in _FLOATS:
            raise CellTypeError(message("LogNormalReverse input", "a float Tensor",
                                        describe(input)))
        return wrap(onp.random.lognormal(self.mean, self.std, data.shape).astype(data.dtype))


def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False):
    """Int64 category indices, ``numsamples`` per row of the non-negative weights ``x``
    (1-D or 2-D), drawn with replacement when ``replacement``."""
    where = "ops.multinomial_with_replacement"
    weights = onp.asarray(getval(x))
    if not is_tensor(x) or weights.dtype not in _FLOATS:
        raise CellTypeError(message(f"{where} x", "a float Tensor", describe(x)))
    if weights.ndim not in (1, 2) or (weights < 0).any() or not (weights.sum(-1) > 0).all():
        raise CellArgumentError(message(f"{where} x", "1-D or 2-D weights >= 0 with a "
                                        "positive sum per row", str(weights.tolist())[:80]))
    numsamples = check_int(f"{where} numsamples", numsamples)
    if numsamples <= 0 or (not replacement and numsamples > weights.shape[-1]):
        raise CellArgumentError(message(f"{where} numsamples", f"an int in 1..{weights.shape[-1]}"
                                        " (without replacement)", str(numsamples)))
    seed = int(onp.asarray(getval(seed))) if is_tensor(seed) else seed
    offset = int(onp.asarray(getval(offset))) if is_tensor(offset) else offset
    rng = onp.random.RandomState((check_int(f"{where} seed", seed) % 2 ** 32,
                                  check_int(f"{where} offset", offset) % 2 ** 32))
    rows = weights.reshape(-1, weights.shape[-1]).astype(onp.float64)
    picked = [rng.choice(row.size, numsamples, replace=bool(replacement), p=row / row.sum())
              for row in rows]
    return wrap(onp.reshape(picked, weights.shape[:-1] + (numsamples,)).astype(onp.int64))


class MultinomialWithReplacement(AttrPrimitive):
    """``MultinomialWithReplacement(numsamples, replacement=False)(x, seed, offset)``:
    ``ops.multinomial_with_replacement``."""

    def __init__(self, numsamples, replacement=False):
        super().__init__()
        self._keep(numsamples=check_int("MultinomialWithReplacement numsamples", numsamples),
                   replacement=check_number("MultinomialWithReplacement replacement",
                                            replacement, (bool,)))

    def __call__(self, x, seed, offset):
        return multinomial_with_replacement(x, seed, offset, self.numsamples, self.replacement)
