"""MindSpore 2.10's random function ops: ``rand``/``randn``/``randint`` (and ``*_like``),
``uniform``, ``standard_normal``, ``normal``, ``laplace``, ``standard_laplace``,
``random_gamma``, ``random_poisson``, ``multinomial``, ``random_categorical``,
``bernoulli``, ``shuffle``, ``randperm``.

``seed=None`` draws from NumPy's global stream (``ms.set_seed`` seeds it, so a run
repeats); an int seed gives its own stream. Values need not equal MindSpore's; shapes,
dtypes, ranges and distributions do. Samples carry no gradient (as in MindSpore).

>>> from minpy_compat import ops
>>> ops.rand(2, 3).shape, ops.randint(0, 5, (4,)).dtype
((2, 3), dtype('int64'))
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..array import Array
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor


def _rng(where, seed):
    if seed is None:
        return onp.random
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise CellTypeError(message(f"ops.{where} seed", "an int or None", describe(seed)))
    return onp.random.RandomState(int(seed) % 2 ** 32)


def _shape(where, shape, name="shape"):
    """A tuple of ints >= 0 from ints, a tuple/list of ints or an int Tensor."""
    if is_tensor(shape):
        shape = onp.asarray(getval(shape)).ravel().tolist()
    if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
        shape = (shape,)
    ok = isinstance(shape, (tuple, list)) and all(
        isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in shape)
    if not ok:
        raise CellTypeError(message(f"ops.{where} {name}", "a tuple of ints", describe(shape)))
    if any(s < 0 for s in shape):
        raise CellArgumentError(message(f"ops.{where} {name}", "sizes >= 0", repr(shape)))
    return tuple(int(s) for s in shape)


def _sizes(where, size):
    return _shape(where, size[0] if len(size) == 1 and not isinstance(
        size[0], numbers.Integral) else size, "size")


def _kind(where, dtype, kinds, default):
    dtype = onp.dtype(default if dtype is None else dtype)
    if dtype.kind not in kinds:
        wanted = "a float dtype" if kinds == "f" else "an int dtype"
        raise CellArgumentError(message(f"ops.{where} dtype", wanted, str(dtype)))
    return dtype


def _out(values, dtype):
    return onp.asarray(values).astype(dtype).view(Array)


def _data(x):
    return onp.asarray(getval(x))


def _float_dtype(x):
    data = _data(x)
    return data.dtype if data.dtype.kind == "f" else onp.dtype(onp.float32)


# ---- uniform and normal ------------------------------------------------------------------
def rand(*size, dtype=None, seed=None):
    """Floats uniform in [0, 1) of ``size`` (Float32 unless ``dtype``)."""
    dtype = _kind("rand", dtype, "f", onp.float32)
    return _out(_rng("rand", seed).random_sample(_sizes("rand", size)), dtype)


def rand_like(input, seed=None, *, dtype=None):
    """Floats uniform in [0, 1) of ``input``'s shape (and float dtype unless ``dtype``)."""
    dtype = _kind("rand_like", dtype if dtype is not None else _data(input).dtype, "f", None)
    return _out(_rng("rand_like", seed).random_sample(_data(input).shape), dtype)


def randn(*size, dtype=None, seed=None):
    """Floats from N(0, 1) of ``size`` (Float32 unless ``dtype``)."""
    dtype = _kind("randn", dtype, "f", onp.float32)
    return _out(_rng("randn", seed).standard_normal(_sizes("randn", size)), dtype)


def randn_like(input, seed=None, *, dtype=None):
    """Floats from N(0, 1) of ``input``'s shape (Float32 unless ``dtype``, as MindSpore)."""
    dtype = _kind("randn_like", dtype, "f", onp.float32)
    return _out(_rng("randn_like", seed).standard_normal(_data(input).shape), dtype)


def _bounds(where, low, high):
    for name, value in (("low", low), ("high", high)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise CellTypeError(message(f"ops.{where} {name}", "an int", describe(value)))
    if low >= high:
        raise CellArgumentError(message(f"ops.{where} low", f"less than high {high}", low))
    return int(low), int(high)


def randint(low, high, size, seed=None, *, dtype=None):
    """Ints uniform in [low, high) of ``size`` (Int64 unless ``dtype``)."""
    dtype = _kind("randint", dtype, "iu", onp.int64)
    low, high = _bounds("randint", low, high)
    return _out(_rng("randint", seed).randint(low, high, _shape("randint", size, "size")), dtype)


def randint_like(input, low, high, seed=None, *, dtype=None):
    """Ints uniform in [low, high) of ``input``'s shape and (int) dtype unless ``dtype``."""
    dtype = _kind("randint_like", dtype if dtype is not None else _data(input).dtype, "iu", None)
    low, high = _bounds("randint_like", low, high)
    return _out(_rng("randint_like", seed).randint(low, high, _data(input).shape), dtype)


def _tensor(where, name, value, kinds="f"):
    if not is_tensor(value):
        raise CellTypeError(message(f"ops.{where} {name}", "a Tensor", describe(value)))
    data = _data(value)
    if data.dtype.kind not in kinds:
        raise CellTypeError(message(f"ops.{where} {name}", "a float Tensor", str(data.dtype)))
    return data


def uniform(shape, minval, maxval, seed=None, dtype=onp.float32):
    """Values uniform in [minval, maxval) (Tensors), of ``shape`` broadcast with theirs;
    ``dtype`` float32 or int32 (then ints in [minval, maxval))."""
    dtype = onp.dtype(dtype)
    if dtype not in (onp.float32, onp.int32):
        raise CellTypeError(message("ops.uniform dtype", "float32 or int32", str(dtype)))
    kinds = "f" if dtype.kind == "f" else "iu"
    low = _tensor("uniform", "minval", minval, kinds)
    high = _tensor("uniform", "maxval", maxval, kinds)
    shape = onp.broadcast_shapes(_shape("uniform", shape), low.shape, high.shape)
    rng = _rng("uniform", seed)
    if dtype.kind == "f":
        return _out(low + (high - low) * rng.random_sample(shape), dtype)
    if (low >= high).any():
        raise CellArgumentError(message("ops.uniform minval", "less than maxval",
                                        f"{low} and {high}"))
    return _out(rng.randint(onp.broadcast_to(low, shape), onp.broadcast_to(high, shape)), dtype)


def standard_normal(shape, seed=None):
    """Float32 values from N(0, 1) of ``shape``."""
    shape = _shape("standard_normal", shape)
    return _out(_rng("standard_normal", seed).standard_normal(shape), onp.float32)


def _param(where, name, value):
    data = onp.asarray(getval(value))
    if data.dtype.kind not in "biuf":
        raise CellTypeError(message(f"ops.{where} {name}", "a Tensor or number",
                                    describe(value)))
    return data


def normal(shape, mean, stddev, seed=None):
    """Values from N(mean, stddev**2), ``shape`` broadcast with the parameters' shapes."""
    mu, sigma = _param("normal", "mean", mean), _param("normal", "stddev", stddev)
    shape = onp.broadcast_shapes(_shape("normal", shape), mu.shape, sigma.shape)
    noise = _rng("normal", seed).standard_normal(shape)
    return _out(mu + sigma * noise, _float_dtype(mean) if is_tensor(mean) else onp.float32)


def laplace(shape, mean, lambda_param, seed=None):
    """Float32 values from Laplace(mean, lambda_param), ``shape`` broadcast with theirs."""
    mu, scale = _param("laplace", "mean", mean), _param("laplace", "lambda_param", lambda_param)
    shape = onp.broadcast_shapes(_shape("laplace", shape), mu.shape, scale.shape)
    return _out(mu + scale * _rng("laplace", seed).laplace(size=shape), onp.float32)


def standard_laplace(shape, seed=None):
    """Float32 values from Laplace(0, 1) of ``shape``."""
    shape = _shape("standard_laplace", shape)
    return _out(_rng("standard_laplace", seed).laplace(size=shape), onp.float32)


def random_gamma(shape, alpha, seed=None):
    """Gamma(alpha, 1) samples of shape ``shape + alpha.shape``, in alpha's float dtype."""
    concentration = _tensor("random_gamma", "alpha", alpha)
    if (concentration <= 0).any():
        raise CellArgumentError(message("ops.random_gamma alpha", "values > 0",
                                        str(concentration.min())))
    shape = _shape("random_gamma", shape) + concentration.shape
    samples = _rng("random_gamma", seed).standard_gamma(
        onp.broadcast_to(concentration, shape).astype(onp.float64))
    return _out(samples, concentration.dtype)


def random_poisson(shape, rate, seed=None, dtype=onp.float32):
    """Poisson(rate) counts of shape ``shape + rate.shape``, as ``dtype``."""
    lam = _tensor("random_poisson", "rate", rate)
    dtype = onp.dtype(dtype)
    if dtype.kind not in "iuf":
        raise CellTypeError(message("ops.random_poisson dtype", "a number dtype", str(dtype)))
    if (lam < 0).any():
        raise CellArgumentError(message("ops.random_poisson rate", "values >= 0",
                                        str(lam.min())))
    shape = _shape("random_poisson", shape) + lam.shape
    return _out(_rng("random_poisson", seed).poisson(onp.broadcast_to(lam, shape)), dtype)


# ---- picking -----------------------------------------------------------------------------
def _draw(rng, weights, count, replacement):
    probs = weights / weights.sum()
    return rng.choice(len(probs), size=count, replace=replacement, p=probs)


def multinomial(input, num_samples, replacement=True, seed=None):
    """Int32 indices drawn from each row of the non-negative weights ``input`` (1-D or
    2-D); without replacement, num_samples must not exceed a row's length."""
    weights = _tensor("multinomial", "input", input, "biuf").astype(onp.float64)
    if weights.ndim not in (1, 2) or (weights < 0).any():
        raise CellArgumentError(message("ops.multinomial input", "non-negative 1-D or 2-D "
                                        "weights", f"shape {weights.shape}"))
    if not replacement and num_samples > weights.shape[-1]:
        raise CellArgumentError(message(
            "ops.multinomial num_samples", f"at most {weights.shape[-1]} without "
            "replacement", num_samples, "Pass replacement=True or fewer samples."))
    rng = _rng("multinomial", seed)
    rows = weights.reshape(-1, weights.shape[-1])
    picked = [_draw(rng, row, num_samples, replacement or (row > 0).sum() < num_samples)
              for row in rows]
    return _out(onp.reshape(picked, weights.shape[:-1] + (num_samples,)), onp.int32)


def random_categorical(logits, num_sample, seed=0, dtype=onp.int64):
    """``num_sample`` class indices per row of the 2-D ``logits`` (softmax weights)."""
    data = _tensor("random_categorical", "logits", logits)
    if data.ndim != 2:
        raise CellArgumentError(message("ops.random_categorical logits", "a 2-D Tensor",
                                        f"shape {data.shape}"))
    dtype = _kind("random_categorical", dtype, "iu", None)
    weights = onp.exp(data - data.max(axis=1, keepdims=True))
    rng = _rng("random_categorical", seed or None)
    return _out([_draw(rng, row, num_sample, True) for row in weights], dtype)


def bernoulli(input, p=0.5, seed=None):
    """0/1 draws of ``input``'s shape and dtype, each 1 with probability ``p`` (a number,
    or a Tensor of ``input``'s shape or of size 1)."""
    data = _data(input)
    prob = _param("bernoulli", "p", p).astype(onp.float64)
    if prob.size != 1 and prob.shape != data.shape:
        raise CellArgumentError(message("ops.bernoulli p", f"size 1 or shape {data.shape}",
                                        f"shape {prob.shape}"))
    if ((prob < 0) | (prob > 1)).any():
        raise CellArgumentError(message("ops.bernoulli p", "probabilities in [0, 1]",
                                        str(prob.ravel()[:4])))
    hits = _rng("bernoulli", seed).random_sample(data.shape) < prob.reshape(
        prob.shape if prob.size != 1 else ())
    return _out(hits, data.dtype)


def shuffle(x, seed=None):
    """``x`` with its first axis randomly permuted (a scalar is returned as is)."""
    data = _data(x)
    if data.ndim == 0:
        return _out(data, data.dtype)
    return _out(data[_rng("shuffle", seed).permutation(data.shape[0])], data.dtype)


def randperm(n, seed=0, offset=0, dtype=onp.int64):
    """A random permutation of 0..n-1 (Int64 unless ``dtype``)."""
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
        raise CellArgumentError(message("ops.randperm n", "an int >= 0", describe(n)))
    rng = _rng("randperm", seed + offset if seed else None)
    return _out(rng.permutation(int(n)), onp.dtype(dtype))
