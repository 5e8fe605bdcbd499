"""maximum/minimum at ties (numpy/choice_gradients.py): each side gets half of ``g``.

The gradients are compared with the rule written out in NumPy (``_expected``), for
ties planted among wins and losses, under broadcasting both ways, in float32 and
float64, for a single tie in a large array (the ReLU of a training step, where an exact
zero pre-activation turns up now and then), and at second order. The fast and the
general VJP share the tie code, so comparing them (test_core_fast_vjps.py) cannot
catch a wrong tie rule; these tests can.
"""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad

RNG = onp.random.default_rng(11)


def _summed_to(g, shape):
    while g.ndim > len(shape):
        g = g.sum(axis=0)
    return g.sum(axis=tuple(i for i, n in enumerate(shape) if n == 1), keepdims=True) \
        if shape else g.sum()


def _expected(ufunc, x, y, weights):
    """The gradients of ``sum(ufunc(x, y) * weights)``: ``weights`` where a side wins,
    half of it where the two are equal, summed back to each side's shape."""
    x_full, y_full = onp.broadcast_arrays(x, y)
    x_wins = x_full > y_full if ufunc is np.maximum else x_full < y_full
    tied = x_full == y_full
    x_share = weights * (x_wins + 0.5 * tied)
    y_share = weights * (~x_wins & ~tied) + weights * 0.5 * tied
    return _summed_to(x_share, onp.shape(x)), _summed_to(y_share, onp.shape(y))


def _with_ties(shape, dtype, pool):
    """Values drawn from ``pool`` (a few numbers, so equal pairs are common)."""
    return RNG.choice(pool, size=shape).astype(dtype)


SHAPES = [((3, 4), (3, 4)), ((3, 4), (4,)), ((4,), (3, 4)), ((3, 1), (1, 4)),
          ((2, 3, 4), (3, 1)), ((), ())]


@pytest.mark.parametrize("ufunc", [np.maximum, np.minimum], ids=lambda u: u.__name__)
@pytest.mark.parametrize("shapes", SHAPES, ids=str)
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_ties_split_evenly_under_broadcasting(ufunc, shapes, dtype):
    pool = [-1.0, 0.0, 0.5, 2.0]
    x, y = _with_ties(shapes[0], dtype, pool), _with_ties(shapes[1], dtype, pool)
    if x.ndim and y.ndim:
        x.flat[0] = y.flat[0]  # at least one tie in every case
    else:
        x, y = onp.asarray(0.5, dtype), onp.asarray(0.5, dtype)
    out_shape = onp.broadcast_shapes(x.shape, y.shape)
    weights = RNG.uniform(1.0, 2.0, out_shape).astype(dtype)
    gx, gy = grad(lambda a, b: np.sum(ufunc(a, b) * weights), [0, 1])(x, y)
    want_x, want_y = _expected(ufunc, x, y, weights)
    for ours, want, arg in ((gx, want_x, x), (gy, want_y, y)):
        assert ours.dtype == dtype and ours.shape == arg.shape
        onp.testing.assert_allclose(ours, want, rtol=1e-6 if dtype == onp.float64 else 1e-5)


@pytest.mark.parametrize("ufunc", [np.maximum, np.minimum], ids=lambda u: u.__name__)
@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_one_tie_in_a_relu(ufunc, dtype):
    """A (256, 64) pre-activation with one exact zero: that entry gets half, the rest all
    or nothing."""
    pre = RNG.standard_normal((256, 64)).astype(dtype)
    pre[17, 5] = 0.0
    weights = RNG.uniform(1.0, 2.0, pre.shape).astype(dtype)
    g = grad(lambda z: np.sum(ufunc(z, 0.0) * weights))(pre)
    assert g.dtype == dtype
    wins = pre > 0 if ufunc is np.maximum else pre < 0
    want = weights * wins
    want[17, 5] = weights[17, 5] / 2
    onp.testing.assert_array_equal(g, want)


def test_a_tie_at_second_order():
    """d2/dx2 of sum(maximum(x, 0) * x): 2 where x wins, 1 at a tie (half of 2), 0 else."""
    x = onp.array([[1.0, 0.0, -1.0], [0.0, 2.0, -3.0]])
    g2 = grad(lambda z: np.sum(grad(lambda u: np.sum(np.maximum(u, 0.0) * u))(z)))(x)
    onp.testing.assert_array_equal(g2, [[2.0, 1.0, 0.0], [1.0, 2.0, 0.0]])


def test_nan_is_never_a_tie():
    """NaN is never a tie (NaN == NaN is False): its entry gets no gradient on either side,
    as maximum's result is the NaN and neither side beats the other."""
    x = onp.array([onp.nan, 1.0, 2.0])
    y = onp.array([0.0, 1.0, onp.nan])
    gx, gy = grad(lambda a, b: np.sum(np.maximum(a, b)), [0, 1])(x, y)
    onp.testing.assert_array_equal(gx, [0.0, 0.5, 0.0])
    onp.testing.assert_array_equal(gy, [0.0, 0.5, 0.0])


def test_a_tie_of_0d_values_whose_gradient_arrives_as_an_array():
    """Two 0-d arrays choose a NumPy scalar; ``reshape`` sends ``g`` back as a 0-d array."""
    x, y = onp.array(0.5), onp.array(0.5)
    gx, gy = grad(lambda a, b: np.sum(np.maximum(a, b).reshape(1) * np.array([3.0])),
                  [0, 1])(x, y)
    assert float(gx) == float(gy) == 1.5
    from minpy_compat.numpy.choice_gradients import _chooser_vjp
    vjp = _chooser_vjp(onp.greater)(0, onp.maximum(x, y), (x, y), {})
    assert float(vjp(onp.array(3.0))) == 1.5
