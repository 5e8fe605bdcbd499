"""Facade fuzz round 9: signed zeros of nanmax/nanmin, ufunc out= with where= under grad,
pad's keyword pad_width and reflect_type='odd' gradients."""
import warnings

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad

from conftest import check_grad

RNG = onp.random.RandomState(9)
MASK = onp.array([True, False, True])
WEIGHTS = onp.array([1.0, -2.0, 3.0])


# ---- nanmax/nanmin of signed zeros: NumPy's answer for the same ndarray ----------------------
@pytest.mark.parametrize("name", ["nanmin", "nanmax"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nan_extremes_of_signed_zeros_are_numpys(name, axis):
    values = onp.array([[0.0, -0.0], [-0.0, 0.0], [onp.nan, -0.0]])
    expected = getattr(onp, name)(values, axis=axis)
    for given_as in (np.array(values), values):
        got = getattr(np, name)(given_as, axis=axis)
        assert onp.array_equal(onp.signbit(got), onp.signbit(expected)), (given_as, got)
        assert onp.asarray(got).dtype == expected.dtype


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from([0.0, -0.0, onp.nan, 1.5, -1.5]), min_size=1, max_size=6))
def test_nan_extremes_match_numpy_bit_for_bit(entries):
    values = onp.array(entries)
    for name in ("nanmin", "nanmax"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN slice
            expected, got = getattr(onp, name)(values), getattr(np, name)(np.array(values))
        assert onp.asarray(got).tobytes() == onp.asarray(expected).tobytes(), (name, entries)


# ---- a ufunc's out= with where= under grad ---------------------------------------------------
def _plain_numpy_ufunc(x):
    out = np.zeros(3) + 7.0
    onp.add(x, 1.0, out=out, where=MASK)  # NumPy's own ufunc, a constant Array out=
    return out * WEIGHTS


def _traced_out(x):
    out = x[::-1] * 2.0
    onp.multiply(x, x, out=out, where=MASK)  # the old entry x[1] * 2 stays
    return out * WEIGHTS


def _where_true_is_the_default(x):
    out = x * 3.0
    return onp.add(x, 1.0, out=out, where=True) ** 2


def _sqrt_where_zero_is_left_out(x):
    out = np.zeros(3)
    onp.sqrt(x * MASK, out=out, where=MASK)  # sqrt(0) never computed: no NaN gradient
    return out


@pytest.mark.parametrize("f", [_plain_numpy_ufunc, _traced_out, _where_true_is_the_default,
                               _sqrt_where_zero_is_left_out])
def test_ufunc_out_with_where_is_differentiable(f):
    x = onp.array([0.7, 1.3, 0.4])
    check_grad(f, x)
    assert onp.allclose(f(np.array(x)), f(x.copy()) if f is not _plain_numpy_ufunc
                        else onp.where(MASK, x + 1.0, 7.0) * WEIGHTS)


def test_ufunc_where_gradients_reach_the_old_out():
    def f(x):
        out = x * 10.0
        onp.add(x, 1.0, out=out, where=MASK)
        return np.sum(out)

    assert onp.allclose(grad(f)(np.array([1.0, 2.0, 3.0])), [1.0, 10.0, 1.0])


# ---- pad: pad_width by keyword, reflect_type='odd' -------------------------------------------
@pytest.mark.parametrize("mode", ["constant", "empty"])
def test_pad_width_by_keyword_has_a_gradient(mode):
    x = RNG.randn(3, 4)
    kwargs = dict(pad_width=((1, 2), (0, 3)), mode=mode)
    g = grad(lambda a: np.sum(np.pad(a, **kwargs)[1:4, :4] * 2.0))(np.array(x))
    assert onp.allclose(g, 2.0 * onp.ones((3, 4)))
    if mode == "constant":
        check_grad(lambda a: np.pad(a, **kwargs) * onp.arange(42.0).reshape(6, 7), x)


@pytest.mark.parametrize("mode", ["reflect", "symmetric"])
@pytest.mark.parametrize("widths", [2, ((2, 3), (1, 5)), ((7, 0), (9, 4)), ((0, 0), (3, 1))])
def test_pad_odd_reflection_is_differentiable(mode, widths):
    x = RNG.randn(3, 4)
    expected = onp.pad(x, widths, mode=mode, reflect_type="odd")
    got = np.pad(np.array(x), widths, mode=mode, reflect_type="odd")
    assert onp.allclose(got, expected) and got.dtype == expected.dtype
    scale = RNG.randn(*expected.shape)
    check_grad(lambda a: np.pad(a, widths, mode, reflect_type="odd") * scale, x, order=2)


def test_pad_odd_reflection_of_a_short_axis_and_float32():
    x = RNG.randn(1, 2).astype(onp.float32)
    g = grad(lambda a: np.sum(np.pad(a, ((3, 2), (5, 6)), "reflect", reflect_type="odd")))(
        np.array(x))
    assert g.dtype == onp.float32
    check_grad(lambda a: np.pad(a, ((3, 2), (5, 6)), "symmetric", reflect_type="odd"),
               x.astype(onp.float64))
