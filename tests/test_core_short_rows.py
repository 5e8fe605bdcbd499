"""Reductions along a short last axis (a softmax over ten classes), forward and backward.

* ``max``/``min`` along the last axis of many short rows run as the reduction of the
  transposed copy (``kernels.py``): the bytes must be NumPy's, zeros of either sign and
  NaNs included (NumPy 2.4 picks among them differently than the transposed reduction does).
* their gradient skips the count of ties where there is none (``to_the_chosen``): with
  ties and NaNs it must still split ``g`` as the count does.
* a gradient summed down to a keepdims column of short rows (``fast_shapes.py``) is summed
  along the transposed copy too: a sum in another order, so it is compared with tolerance
  and against finite differences.
"""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat.numpy as np
from minpy_compat import grad, grad_and_loss
from minpy_compat.array import Array
from minpy_compat.kernels import FASTER_CALLS
from minpy_compat.numpy.choice_gradients import to_the_chosen

RNG = onp.random.default_rng(11)
SPECIAL = onp.array([0.0, -0.0, -1.0, 1.0, 2.5, -3.0, onp.inf, -onp.inf, onp.nan, -onp.nan])
CHOOSERS = [onp.max, onp.min, onp.amax, onp.amin]


def _assert_same_bytes(ours, numpys):
    assert type(ours) is type(numpys) and ours.dtype == numpys.dtype
    assert ours.shape == numpys.shape and ours.tobytes() == numpys.tobytes()


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32, onp.float16])
@pytest.mark.parametrize("shape", [(256, 10), (300, 2), (128, 32), (4, 64, 7)])
@pytest.mark.parametrize("chooser", CHOOSERS, ids=lambda f: f.__name__)
def test_short_rows_give_numpys_bytes_with_signed_zeros_and_nans(chooser, shape, dtype):
    for trial in range(4):
        x = RNG.choice(SPECIAL, size=shape).astype(dtype) if trial else \
            RNG.standard_normal(shape).astype(dtype)  # trial 0: no special value at all
        for axis in (-1, len(shape) - 1):
            for keepdims in (False, True):
                _assert_same_bytes(FASTER_CALLS[chooser](x, axis=axis, keepdims=keepdims),
                                   chooser(x, axis=axis, keepdims=keepdims))


def test_the_facade_gives_numpys_values_inside_and_outside_grad(monkeypatch):
    x = RNG.standard_normal((256, 10)).astype(onp.float32)
    x[3, 4] = -0.0
    expected = x.max(axis=1, keepdims=True)
    seen = _transposes(monkeypatch)
    for ours in (np.max(x, axis=1, keepdims=True), np.amax(np.array(x), 1, keepdims=True)):
        assert type(ours) is Array and ours.dtype == onp.float32
        assert ours.tobytes() == expected.tobytes()
    assert seen == [(10, 256)] * 2  # an Array (what the facade returns) is taken too
    seen = []
    grad(lambda x: seen.append(np.max(x, axis=-1).asnumpy()) or np.sum(np.max(x, axis=-1)))(x)
    assert seen[0].tobytes() == x.max(axis=-1).tobytes()


def _transposes(monkeypatch):
    """The arrays ``ascontiguousarray`` is called with (the transposed copies taken)."""
    seen, real = [], onp.ascontiguousarray
    monkeypatch.setattr(onp, "ascontiguousarray", lambda a, *args, **kwargs:
                        seen.append(a.shape) or real(a, *args, **kwargs))
    return seen


def test_the_transposed_reduction_is_taken_only_where_it_pays(monkeypatch):
    seen = _transposes(monkeypatch)
    call, x = FASTER_CALLS[onp.max], RNG.standard_normal((256, 10))
    call(x, axis=1)
    call(x, -1)  # a positional axis
    assert seen == [(10, 256)] * 2
    seen.clear()
    for declined in (RNG.standard_normal((16, 10)),  # few rows
                     RNG.standard_normal((256, 64)),  # long rows
                     onp.asfortranarray(x), x[:, ::2],  # not C-contiguous
                     RNG.integers(0, 9, (256, 10))):  # integers
        assert onp.array_equal(call(declined, axis=-1), declined.max(axis=-1))
    assert call(x, 1, None, True).shape == (256, 1)  # positional past axis: NumPy's call
    for kwargs in ({"axis": 0}, {"axis": (1,)}, {"axis": 1, "initial": 0.0},
                   {"axis": 1, "where": x > 0, "initial": -9.0}):
        assert onp.array_equal(call(x, **kwargs), x.max(**kwargs))
    assert seen == []


def test_a_zero_or_nan_result_falls_back_to_numpys_reduction(monkeypatch):
    """Rows whose largest entry is 0.0 and -0.0 at once, or NaN and -NaN: the transposed
    reduction runs, sees a zero or a NaN, and NumPy's own result is returned."""
    x = -onp.abs(RNG.standard_normal((256, 10)))
    x[:, 3], x[::2, 7], x[::3, 1] = -0.0, 0.0, 0.0
    x[5, 2], x[9, 4], x[9, 6] = onp.nan, -onp.nan, onp.nan
    seen = _transposes(monkeypatch)
    for chooser in (onp.max, onp.min):
        y = x if chooser is onp.max else -x
        _assert_same_bytes(FASTER_CALLS[chooser](y, axis=1), chooser(y, axis=1))
    assert seen == [(10, 256)] * 2


# ---- the gradient of max/min along axes ----------------------------------------------
def _split_by_count(g, x, ans, axis, keepdims):
    """The gradient with the count of ties always taken (what ``to_the_chosen`` skips)."""
    kept = ans if keepdims or axis is None else onp.expand_dims(ans, axis)
    g = g if keepdims or axis is None else onp.expand_dims(g, axis)
    chosen = x == kept
    return g / chosen.sum(axis=axis, keepdims=True).astype(x.dtype) * chosen


@pytest.mark.parametrize("case", ["no ties", "ties", "a NaN row", "ties and a NaN row",
                                  "all equal"])
@pytest.mark.parametrize("axis, keepdims", [(1, False), (-1, True), (0, False), (None, False),
                                            ((0, 1), True)])
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_the_tie_count_is_skipped_only_where_it_is_one(case, axis, keepdims, dtype):
    x = RNG.standard_normal((6, 5)).astype(dtype)
    if "ties" in case:
        x[1, 3] = x[1, 0] = x[1].max() + 1
        x[4, 1] = x[4, 0] = x[:, 1].max() + 1  # a column tie too
    if "NaN" in case:
        x[2, 2] = onp.nan
    if case == "all equal":
        x[:] = 0.5
    ans = onp.max(x, axis=axis, keepdims=keepdims)
    g = RNG.standard_normal(onp.shape(ans)).astype(dtype)[()]
    with onp.errstate(divide="ignore", invalid="ignore"):  # a NaN row: 0 ties, NaN gradient
        ours = to_the_chosen(g, x, ans, axis, keepdims)
        expected = _split_by_count(g, x, ans, axis, keepdims)
    assert ours.dtype == expected.dtype and ours.shape == x.shape
    onp.testing.assert_array_equal(ours, expected)  # NaN where expected has NaN


def test_softmax_gradients_match_finite_differences_at_second_order():
    x = RNG.standard_normal((128, 6))  # 128 rows: the short-row paths are taken

    def log_softmax_loss(x):
        shifted = x - np.max(x, axis=-1, keepdims=True)
        logp = shifted - np.log(np.sum(np.exp(shifted), axis=-1, keepdims=True))
        return np.sum(logp * onp.arange(6.0)) + np.sum(np.min(x, axis=1) ** 2)
    check_grads(log_softmax_loss, modes=["rev"], order=2)(x)


# ---- a gradient summed down to a keepdims column -----------------------------------------
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
@pytest.mark.parametrize("shape", [(256, 10), (2, 64, 3)])
def test_column_gradients_are_row_sums_and_keep_their_dtype(shape, dtype, monkeypatch):
    x = RNG.standard_normal(shape).astype(dtype)
    column = RNG.standard_normal(shape[:-1] + (1,)).astype(dtype)
    weights = RNG.standard_normal(shape).astype(dtype)
    seen = _transposes(monkeypatch)
    (g_x, g_column), _ = grad_and_loss(lambda x, c: np.sum((x - c) * weights), [0, 1])(x, column)
    assert (shape[-1], onp.prod(shape[:-1])) in seen  # summed along the transposed copy
    assert g_column.dtype == dtype and g_column.shape == column.shape
    onp.testing.assert_allclose(g_column, -weights.sum(axis=-1, keepdims=True),
                                rtol=1e-5 if dtype == onp.float32 else 1e-12, atol=1e-5)
    onp.testing.assert_array_equal(g_x, weights)


def test_column_gradients_match_finite_differences():
    x, column = RNG.standard_normal((200, 4)), RNG.standard_normal((200, 1))
    check_grads(lambda c: np.sum(np.tanh(x * c) / (1.5 + c)), modes=["rev"], order=2)(column)
