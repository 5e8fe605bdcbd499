"""Round 15 (left-over gaps): ``numpy.polynomial``'s ``*fit`` functions through the facade
are differentiable in ``y`` on both NumPy versions (they were refused); the series classes
stay NumPy's own (see ``test_series_classes_*``)."""
import warnings

import numpy as onp
import numpy.polynomial as onp_polynomial
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import TracedValueError

from conftest import check_grad

FAMILIES = {"polynomial": "poly", "chebyshev": "cheb", "legendre": "leg", "hermite": "herm",
            "hermite_e": "herme", "laguerre": "lag"}
RNG = onp.random.RandomState(151)
X = onp.linspace(-0.9, 0.9, 7)
Y = RNG.normal(size=7)
W = RNG.uniform(0.5, 2.0, size=7)
CALLS = [((2,), {}), ((3,), dict(w=W)), (([0, 2],), {}), ((1,), dict(rcond=1e-3))]


def _fits(submodule):
    name = FAMILIES[submodule] + "fit"
    module = getattr(np.polynomial, submodule)
    return getattr(module, name), getattr(getattr(onp_polynomial, submodule), name)


@pytest.mark.parametrize("args, kwargs", CALLS, ids=str)
@pytest.mark.parametrize("submodule", FAMILIES)
def test_fit_is_numpys_and_differentiable_in_y(submodule, args, kwargs):
    ours, numpys = _fits(submodule)
    onp.testing.assert_allclose(ours(X, np.array(Y), *args, **kwargs),
                                numpys(X, Y, *args, **kwargs), rtol=1e-10, atol=1e-12)
    check_grad(lambda y: ours(X, y, *args, **kwargs), Y)
    check_grad(lambda y: ours(X, y, *args, **kwargs) * onp.arange(1.0, 5.0)[:len(
        numpys(X, Y, *args, **kwargs))], Y)


@pytest.mark.parametrize("submodule", ["polynomial", "chebyshev"])
def test_fit_of_several_columns_and_a_traced_list(submodule):
    ours, numpys = _fits(submodule)
    columns = RNG.normal(size=(7, 3))
    onp.testing.assert_allclose(ours(X, np.array(columns), 2), numpys(X, columns, 2),
                                rtol=1e-10, atol=1e-12)
    check_grad(lambda y: ours(X, y, 2), columns)
    got = grad(lambda a: np.sum(ours(X[:3], [a, 2 * a, 3.0], 1)))(1.0)
    onp.testing.assert_allclose(got, numpys(X[:3], onp.eye(3), 1).sum(axis=0) @ [1, 2, 0])


def test_fit_keeps_float32():
    ours, numpys = _fits("polynomial")
    x, y = X.astype(onp.float32), Y.astype(onp.float32)
    value = ours(x, np.array(y), 2)
    assert value.dtype == numpys(x, y, 2).dtype == onp.float32
    assert grad(lambda y: np.sum(ours(x, y, 2)))(y).dtype == onp.float32


def test_fit_gives_numpys_rank_warning():
    ours, _ = _fits("polynomial")
    rank_warning = getattr(onp_polynomial.polyutils, "RankWarning", None) or \
        onp.exceptions.RankWarning  # NumPy 1.x: polyutils' own class
    with pytest.warns(rank_warning):
        grad(lambda y: np.sum(ours(onp.ones(4), y, 2)))(onp.arange(4.0))


@pytest.mark.parametrize("argument, call", [
    ("x", lambda fit, t: fit(t, Y, 2)),
    ("w", lambda fit, t: fit(X, Y * t, 2, w=t)),
])
def test_fit_refuses_a_traced_x_or_w_by_name(argument, call):
    ours, _ = _fits("legendre")
    with pytest.raises(TracedValueError, match=rf"legfit argument '{argument}'.*a constant"):
        grad(lambda t: np.sum(call(ours, t)))(onp.linspace(1.0, 2.0, 7))


def test_fit_refuses_full_with_a_traced_y():
    ours, _ = _fits("chebyshev")
    with pytest.raises(TracedValueError, match=r"chebfit argument 'full'.*full=False"):
        grad(lambda y: np.sum(ours(X, y, 2, full=True)[0]))(Y)


def test_series_classes_on_a_traced_point_follow_numpy():
    """Pins the documented split (passes before this round too): NumPy 1.x's
    ``Polynomial.__call__`` maps the domain with operators (differentiable); NumPy 2's
    converts with ``asanyarray`` first (refused, naming the class and the fix)."""
    p = np.polynomial.Chebyshev([1.0, 2.0, 3.0], domain=[0, 2])
    expected = p.deriv()(X)
    if int(onp.__version__.split(".")[0]) < 2:
        onp.testing.assert_allclose(grad(lambda x: np.sum(p(x)))(X), expected)
    else:
        with pytest.raises(TracedValueError, match=r"Polynomial\(c\)\(x\).*chebval"):
            grad(lambda x: np.sum(p(x)))(X)
    c = p.convert().coef  # the fix the message gives
    got = grad(lambda x: np.sum(np.polynomial.chebyshev.chebval(x, c)))(X)
    onp.testing.assert_allclose(got, expected, rtol=1e-10)
