"""ops.NonMaxSuppressionWithOverlaps and ops.CombinedNonMaxSuppression (properties of the
greedy selection, output sizes and dtypes, errors) and nn.FractionalMaxPool3d (the Cell
form of ops.fractional_max_pool3d: same values, gradient, errors naming the Cell)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 7), st.integers(0, 8),
       st.floats(0.05, 0.95), st.floats(0.0, 0.6))
def test_overlap_selection_is_greedy_and_within_thresholds(seed, n, limit, thresh, floor):
    rng = onp.random.RandomState(seed)
    table = rng.rand(n, n).astype(onp.float32)
    table = (table + table.T) / 2
    scores = rng.permutation(n).astype(onp.float32) / n + 0.01
    got = ops.NonMaxSuppressionWithOverlaps()(
        ms.Tensor(table), ms.Tensor(scores), ms.Tensor(onp.int32(limit)),
        ms.Tensor(onp.float32(thresh)), ms.Tensor(onp.float32(floor)))
    kept = got.asnumpy().tolist()
    assert got.dtype == ms.int32 and len(kept) <= limit
    assert kept == sorted(kept, key=lambda i: -scores[i])
    assert all(scores[i] > onp.float32(floor) for i in kept)
    assert all(table[i, j] < onp.float32(thresh) for a, i in enumerate(kept) for j in kept[:a])
    if len(kept) < limit:  # every candidate left out was suppressed by a better kept one
        for i in set(range(n)) - set(kept):
            assert scores[i] <= onp.float32(floor) or any(
                table[i, j] >= onp.float32(thresh) and scores[j] > scores[i] for j in kept)


def _combined(pad=False, clip=True, per=2, total=5, iou=0.5, floor=0.1):
    boxes = onp.array([[[[0, 0, 1, 1]], [[0, .05, 1, 1.05]], [[.5, .5, 2, 2]]]], onp.float32)
    scores = onp.array([[[.9, .2], [.8, .7], [.3, .05]]], onp.float32)
    return ops.CombinedNonMaxSuppression(pad, clip)(
        ms.Tensor(boxes), ms.Tensor(scores), ms.Tensor(onp.int32(per)),
        ms.Tensor(onp.int32(total)), ms.Tensor(onp.float32(iou)), ms.Tensor(onp.float32(floor)))


def test_combined_selection_sizes_dtypes_and_order():
    boxes, scores, classes, valid = _combined()
    assert [t.dtype for t in (boxes, scores, classes, valid)] == [ms.float32] * 3 + [ms.int32]
    assert boxes.shape == (1, 5, 4) and valid.asnumpy().tolist() == [3]
    assert scores.asnumpy()[0].tolist() == pytest.approx([.9, .7, .3, 0, 0])  # as MindSpore
    assert classes.asnumpy()[0].tolist() == [0, 1, 0, 0, 0]
    assert boxes.asnumpy()[0, 2].tolist() == [.5, .5, 1, 1]            # clipped to [0, 1]
    assert _combined(clip=False)[0].asnumpy()[0, 2].tolist() == [.5, .5, 2, 2]
    assert _combined(pad=True, per=1, total=5)[0].shape == (1, 2, 4)   # min(5, 1 * classes)


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.CombinedNonMaxSuppression(1), CellTypeError,
     "CombinedNonMaxSuppression pad_per_class"),
    (lambda: _combined(iou=1.5), CellArgumentError, "CombinedNonMaxSuppression iou_threshold"),
    (lambda: _combined(per=0), CellArgumentError,
     "CombinedNonMaxSuppression max_output_size_per_class"),
    (lambda: ops.CombinedNonMaxSuppression()(
        ms.Tensor(onp.ones((1, 3, 1, 4), onp.float32)),
        ms.Tensor(onp.ones((2, 3, 2), onp.float32)), 2, 5, 0.5, 0.1), CellArgumentError,
     "CombinedNonMaxSuppression boxes: expected shape"),
    (lambda: ops.CombinedNonMaxSuppression()(
        ms.Tensor(onp.ones((1, 3, 1, 4), onp.float32)),
        ms.Tensor(onp.ones((1, 3, 2), onp.float32)), ms.Tensor(onp.int64(2)), 5, 0.5, 0.1),
     CellTypeError, "CombinedNonMaxSuppression max_output_size_per_class"),
    (lambda: ops.NonMaxSuppressionWithOverlaps()(
        ms.Tensor(onp.ones((3, 3), onp.float32)), ms.Tensor(onp.ones(2, onp.float32)),
        2, 0.5, 0.0), CellArgumentError, "NonMaxSuppressionWithOverlaps overlaps"),
    (lambda: ops.NonMaxSuppressionWithOverlaps()(
        ms.Tensor(onp.ones((2, 2))), ms.Tensor(onp.ones(2)), 2, 0.5, 0.0),
     CellTypeError, "NonMaxSuppressionWithOverlaps overlaps: expected a float16 or float32"),
    (lambda: ops.NonMaxSuppressionWithOverlaps()(
        ms.Tensor(onp.ones((2, 2), onp.float32)), ms.Tensor(onp.ones(2, onp.float32)),
        -1, 0.5, 0.0), CellArgumentError, "NonMaxSuppressionWithOverlaps max_output_size"),
])
def test_suppression_errors_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


def _volume(dtype=onp.float64):
    return onp.random.RandomState(6).rand(2, 3, 5, 6, 7).astype(dtype)


def test_fractional_max_pool3d_cell_matches_the_function():
    x, samples = _volume(), ms.Tensor(onp.random.RandomState(7).rand(2, 3, 3))
    cell = nn.FractionalMaxPool3d((2, 2, 3), output_size=(3, 4, 3), return_indices=True,
                                  _random_samples=samples)
    y, index = cell(ms.Tensor(x))
    want, want_index = ops.fractional_max_pool3d(ms.Tensor(x), (2, 2, 3), (3, 4, 3), None, True,
                                                 samples)
    assert onp.array_equal(y.asnumpy(), want.asnumpy()) and index.dtype == ms.int64
    assert onp.array_equal(index.asnumpy(), want_index.asnumpy())
    half = nn.FractionalMaxPool3d(2, output_ratio=0.5)(ms.Tensor(_volume(onp.float32)[0]))
    assert half.shape == (3, 2, 3, 3) and half.dtype == ms.float32


def test_fractional_max_pool3d_cell_gradient_matches_finite_differences():
    samples = ms.Tensor(onp.random.RandomState(8).rand(2, 3, 3))
    cell = nn.FractionalMaxPool3d(2, output_size=(2, 3, 3), _random_samples=samples)
    check_grads(lambda x: cell(x), modes=["rev"], order=1)(_volume())


@pytest.mark.parametrize("kwargs, error, match", [
    ({}, CellArgumentError, "FractionalMaxPool3d output_size"),
    ({"output_ratio": 1.5}, CellArgumentError, "FractionalMaxPool3d output_ratio"),
    ({"output_ratio": (0.5, 0.5)}, CellArgumentError, "FractionalMaxPool3d output_ratio"),
    ({"output_size": 2, "return_indices": 1}, CellTypeError,
     "FractionalMaxPool3d return_indices"),
])
def test_fractional_max_pool3d_cell_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        nn.FractionalMaxPool3d(2, **kwargs)
