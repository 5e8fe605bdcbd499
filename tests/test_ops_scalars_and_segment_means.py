"""The scalar functions, ``tuple_to_array``/``scalar_to_tensor`` and ``sparse_segment_mean``
(``ops/scalar_functions.py``, ``ops/segment_means.py``): values MindSpore 2.10 gives
(its oracle replay is ``test_cell_oracle_ops_opsmath.py``), float64 finite differences,
dtypes kept, and the errors each bad argument raises."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import MinpyError

I32 = onp.int32


def _ids(values, dtype=I32):
    return ms.Tensor(onp.array(values, dtype))


def _reference_mean(x, indices, segment_ids):
    out = onp.zeros((segment_ids[-1] + 1,) + x.shape[1:], x.dtype)
    for segment in range(out.shape[0]):
        rows = [x[i] for i, s in zip(indices, segment_ids) if s == segment]
        if rows:
            out[segment] = onp.mean(rows, axis=0)
    return out


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=8), st.data())
def test_sparse_segment_mean_matches_a_loop(indices, data):
    steps = data.draw(st.lists(st.integers(0, 2), min_size=len(indices), max_size=len(indices)))
    segment_ids = onp.cumsum(steps) - steps[0]
    x = onp.random.RandomState(len(indices)).randn(5, 3)
    got = ops.sparse_segment_mean(ms.Tensor(x), _ids(indices), _ids(segment_ids))
    onp.testing.assert_allclose(onp.asarray(got), _reference_mean(x, indices, segment_ids))


def test_sparse_segment_mean_float64_gradient_by_finite_differences():
    x = onp.random.RandomState(0).randn(4, 2, 3)
    indices, segment_ids = _ids([3, 3, 0, 1, 2], onp.int64), _ids([0, 1, 1, 1, 3], onp.int64)
    check_grads(lambda a: ops.sparse_segment_mean(a, indices, segment_ids),
                modes=["rev"], order=1)(x)


@pytest.mark.parametrize("dtype", [onp.float16, onp.float32, onp.float64])
def test_sparse_segment_mean_keeps_the_dtype_through_gradients(dtype):
    x = ms.Tensor(onp.ones((3, 2), dtype))
    fn = lambda a: ops.sparse_segment_mean(a, _ids([0, 2]), _ids([0, 0])).sum()  # noqa: E731
    assert ops.sparse_segment_mean(x, _ids([0, 2]), _ids([1, 1])).dtype == dtype
    grad = ops.grad(fn)(x)
    assert grad.dtype == dtype
    onp.testing.assert_allclose(onp.asarray(grad, onp.float64), [[0.5] * 2, [0] * 2, [0.5] * 2])


F64, F32 = onp.ones((2, 2)), onp.float32(1.0)


@pytest.mark.parametrize("x, indices, segment_ids, error, match", [
    (onp.ones((2, 2), I32), [0], [0], TypeError, "sparse_segment_mean x: expected a float"),
    (F32, [0], [0], ValueError, "sparse_segment_mean x: expected a Tensor of rank >= 1"),
    (F64, [0.0], [0], TypeError, "sparse_segment_mean indices: expected an int32 or int64"),
    (F64, [0], [[0]], ValueError, "sparse_segment_mean segment_ids: expected a 1-D Tensor"),
    (F64, [0, 1], [0], ValueError, "sparse_segment_mean segment_ids: expected 2 ids"),
    (F64, [0, 2], [0, 1], ValueError, r"sparse_segment_mean indices: expected values in \[0, 2\)"),
    (F64, [0, 1], [1, 0], ValueError, "sparse_segment_mean segment_ids: expected sorted"),
    (F64, [0, 1], [-1, 0], ValueError, "sparse_segment_mean segment_ids: expected sorted non-"),
])
def test_sparse_segment_mean_bad_arguments(x, indices, segment_ids, error, match):
    index_dtype = onp.float32 if isinstance(indices[0], float) else I32
    with pytest.raises(error, match=match) as info:
        ops.sparse_segment_mean(ms.Tensor(onp.asarray(x)), _ids(indices, index_dtype),
                                _ids(segment_ids))
    assert isinstance(info.value, MinpyError)


def test_sparse_segment_mean_index_dtypes_must_agree():
    with pytest.raises(TypeError, match="sparse_segment_mean segment_ids: expected the dtype of "
                       "indices"):
        ops.sparse_segment_mean(ms.Tensor(onp.ones((2, 2))), _ids([0], onp.int64), _ids([0]))


def test_sparse_segment_mean_of_no_indices_is_empty():
    got = ops.sparse_segment_mean(ms.Tensor(onp.ones((2, 3), onp.float32)), _ids([]), _ids([]))
    assert got.shape == (0, 3) and got.dtype == onp.float32
