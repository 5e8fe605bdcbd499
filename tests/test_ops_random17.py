"""Area random17's random primitives: ``RandomChoiceWithMask``/``choice_with_mask``,
``ParameterizedTruncatedNormal`` and ``NonDeterministicInts``: supports, seeded
reproducibility, moments on large fixed-seed samples, dtypes and errors (the MindSpore
oracle replay is ``test_cell_oracle_ops_random17.py``)."""
import math

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError, OpInputError


def T(data, dtype=None):
    return ms.Tensor(onp.asarray(data, dtype=dtype))


# ---- RandomChoiceWithMask / choice_with_mask ----------------------------------------------
@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 12), st.integers(0, 2 ** 20))
def test_choices_are_distinct_true_places_then_padding(ndim, count, seed):
    mask = onp.random.RandomState(seed).rand(*[3] * ndim) > 0.5
    index, valid = ops.RandomChoiceWithMask(count=count, seed=seed + 1)(T(mask))
    index, valid = onp.asarray(index), onp.asarray(valid)
    assert index.dtype == onp.int32 and index.shape == (count, ndim) and valid.dtype == bool
    real = min(count, int(mask.sum()))
    assert valid.tolist() == [True] * real + [False] * (count - real)
    picked = [tuple(row) for row in index[:real]]
    assert len(set(picked)) == real and all(mask[p] for p in picked)
    assert not index[real:].any()


def test_choice_is_uniform_over_the_true_places():
    mask = onp.array([True, False, True, True, False, True])
    op = ops.RandomChoiceWithMask(count=1, seed=7)
    firsts = [int(op(T(mask))[0].asnumpy()[0, 0]) for _ in range(4000)]
    counts = onp.bincount(firsts, minlength=6)
    assert counts[[1, 4]].sum() == 0
    assert onp.allclose(counts[[0, 2, 3, 5]] / 4000, 0.25, atol=0.03)


def test_choice_seeds_repeat():
    mask = T(onp.ones((4, 5), bool))
    first = ops.RandomChoiceWithMask(6, seed=3, seed2=4)(mask)[0].asnumpy()
    assert (ops.RandomChoiceWithMask(6, seed=3, seed2=4)(mask)[0].asnumpy() == first).all()
    drawn = [ops.choice_with_mask(mask, 6, seed=11)[0].asnumpy() for _ in range(2)]
    assert (drawn[0] == drawn[1]).all()
    ms.set_seed(5)
    again = ops.choice_with_mask(mask, 6)[0].asnumpy()
    ms.set_seed(5)
    assert (ops.choice_with_mask(mask, 6)[0].asnumpy() == again).all()


@pytest.mark.parametrize("make, error, match", [
    (lambda: ops.RandomChoiceWithMask(count=0), CellArgumentError,
     "RandomChoiceWithMask count: expected an int > 0"),
    (lambda: ops.RandomChoiceWithMask(count=2.0), CellTypeError, "RandomChoiceWithMask count"),
    (lambda: ops.RandomChoiceWithMask(seed=-1), CellArgumentError, "RandomChoiceWithMask seed"),
    (lambda: ops.RandomChoiceWithMask(2)(T([1, 0])), CellTypeError,
     "RandomChoiceWithMask input_x: expected a bool Tensor"),
    (lambda: ops.RandomChoiceWithMask(2)(T(onp.ones((1,) * 6, bool))), CellArgumentError,
     "RandomChoiceWithMask input_x: expected rank 1 to 5, got rank 6"),
    (lambda: ops.choice_with_mask(T([True]), 2, seed=1.5), CellTypeError,
     "ops.choice_with_mask seed"),
    (lambda: ops.choice_with_mask(T([True]), -1), CellArgumentError,
     "ops.choice_with_mask count"),
])
def test_choice_errors(make, error, match):
    with pytest.raises(error, match=match):
        make()


# ---- ParameterizedTruncatedNormal -----------------------------------------------------------
def _phi(x):
    return math.exp(-x * x / 2) / math.sqrt(2 * math.pi)


def _cdf(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def _truncated_moments(mean, std, low, high):
    a, b = (low - mean) / std, (high - mean) / std
    mass = _cdf(b) - _cdf(a)
    shift = (_phi(a) - _phi(b)) / mass
    spread = 1 + (a * _phi(a) - b * _phi(b)) / mass - shift ** 2
    return mean + std * shift, std * math.sqrt(spread)


@pytest.mark.parametrize("mean, std, low, high", [
    (0.0, 1.0, -1.0, 2.0), (1.0, 2.0, -10.0, 10.0), (0.0, 1.0, 5.0, 6.0),
    (0.0, 1.0, -9.0, -4.0), (3.0, 0.5, 0.0, 3.2), (0.0, 1.0, 0.7, 30.0)])
def test_truncated_normal_moments_and_support(mean, std, low, high):
    op = ops.ParameterizedTruncatedNormal(seed=4)
    shape = T([2, 20000], onp.int64)
    params = [T([mean, 0.0], onp.float64), T([std, 1.0], onp.float64),
              T([low, -1.0], onp.float64), T([high, 1.0], onp.float64)]
    out = op(shape, *params).asnumpy()
    assert out.dtype == onp.float64 and out.shape == (2, 20000)
    for row, (m, s, lo, hi) in enumerate([(mean, std, low, high), (0.0, 1.0, -1.0, 1.0)]):
        want_mean, want_std = _truncated_moments(m, s, lo, hi)
        assert lo <= out[row].min() and out[row].max() <= hi
        assert abs(out[row].mean() - want_mean) < 0.03 * s
        assert abs(out[row].std() - want_std) < 0.03 * s


def test_truncated_normal_keeps_dtype_and_seeds():
    args = (T([3, 2, 2], onp.int32), T(0.5, onp.float32), T(1.0, onp.float32),
            T(0.0, onp.float32), T(1.0, onp.float32))
    first = ops.ParameterizedTruncatedNormal(seed=2, seed2=9)(*args)
    assert first.dtype == onp.float32 and first.shape == (3, 2, 2)
    again = ops.ParameterizedTruncatedNormal(seed=2, seed2=9)(*args)
    assert (first.asnumpy() == again.asnumpy()).all()
    half = ops.ParameterizedTruncatedNormal()(args[0], *[T(a.asnumpy(), onp.float16)
                                                         for a in args[1:]])
    assert half.dtype == onp.float16


@pytest.mark.parametrize("change, error, match", [
    ({0: T([2.0, 3.0])}, CellTypeError, "ParameterizedTruncatedNormal shape"),
    ({0: T([3], onp.int32)}, CellArgumentError, "ParameterizedTruncatedNormal shape: "
     "expected a 1-D Tensor of at least 2"),
    ({1: T([0.0, 1.0, 2.0], onp.float32)}, CellArgumentError,
     r"ParameterizedTruncatedNormal mean: expected a 0-d or \(2,\) Tensor"),
    ({3: T(-1.0, onp.float64)}, CellTypeError, "ParameterizedTruncatedNormal min: expected "
     "dtype float32"),
    ({4: T(1, onp.int32)}, CellTypeError, "ParameterizedTruncatedNormal max"),
    ({2: T(0.0, onp.float32)}, OpInputError, "ParameterizedTruncatedNormal stdevs"),
    ({4: T(-2.0, onp.float32)}, OpInputError, "ParameterizedTruncatedNormal max: expected "
     "values greater than min"),
])
def test_truncated_normal_errors(change, error, match):
    args = [T([2, 3], onp.int32), T(0.0, onp.float32), T(1.0, onp.float32),
            T(-1.0, onp.float32), T(1.0, onp.float32)]
    for position, value in change.items():
        args[position] = value
    with pytest.raises(error, match=match):
        ops.ParameterizedTruncatedNormal()(*args)
    assert issubclass(OpInputError, RuntimeError)  # MindSpore's kernels raise RuntimeError


# ---- NonDeterministicInts -------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.int32, onp.int64, onp.uint32, onp.uint64])
def test_nondeterministic_ints_span_the_dtype(dtype):
    out = ops.NonDeterministicInts(dtype)(T([200, 50], onp.int64)).asnumpy()
    assert out.dtype == dtype and out.shape == (200, 50)
    info = onp.iinfo(dtype)
    scaled = (out.astype(onp.float64) - float(info.min)) / (float(info.max) - float(info.min))
    assert abs(scaled.mean() - 0.5) < 0.01 and abs(scaled.std() - math.sqrt(1 / 12)) < 0.01
    ms.set_seed(8)
    first = ops.NonDeterministicInts(dtype)(T([2, 3], onp.int32)).asnumpy()
    ms.set_seed(8)
    assert (ops.NonDeterministicInts(dtype)(T([2, 3], onp.int32)).asnumpy() == first).all()


@pytest.mark.parametrize("make, error, match", [
    (lambda: ops.NonDeterministicInts(onp.float32), CellTypeError,
     "NonDeterministicInts dtype: expected int32, int64, uint32 or uint64, got float32"),
    (lambda: ops.NonDeterministicInts()((2, 3)), CellTypeError, "NonDeterministicInts shape"),
    (lambda: ops.NonDeterministicInts()(T([3], onp.int64)), CellArgumentError,
     "NonDeterministicInts shape: expected a 1-D Tensor of at least 2 sizes > 0, got"),
    (lambda: ops.NonDeterministicInts()(T([2, 0], onp.int64)), CellArgumentError,
     "NonDeterministicInts shape"),
])
def test_nondeterministic_ints_errors(make, error, match):
    with pytest.raises(error, match=match):
        make()
