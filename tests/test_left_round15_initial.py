"""Round 15 (left-over gaps): a traced ``initial=`` in the reductions (``max``/``min``/
``amax``/``amin``/``nanmax``/``nanmin``/``sum``/``prod``) and in ``ufunc.reduce``, and a
reshape of a Python number under grad."""
import warnings

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad

from conftest import check_grad

RNG = onp.random.RandomState(15)
X = onp.array([[1.0, 5.0, 2.0], [0.0, -1.0, 3.0]])
MASK = onp.array([[True, False, True], [True, True, False]])
EXTREMES = ["max", "min", "amax", "amin", "nanmax", "nanmin"]
OPTIONS = [dict(axis=1), dict(axis=0), dict(), dict(axis=(0, 1)), dict(axis=1, keepdims=True),
           dict(axis=1, where=MASK), dict(axis=-1, keepdims=True, where=MASK)]


def _present(name):
    if not hasattr(onp, name):
        pytest.skip(f"numpy {onp.__version__} has no {name}")
    return getattr(np, name), getattr(onp, name)


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@pytest.mark.parametrize("name", EXTREMES)
def test_traced_initial_of_an_extreme_matches_numpy_and_finite_differences(name, options):
    ours, numpys = _present(name)
    x = X + RNG.normal(scale=0.01, size=X.shape)
    initial = onp.array(2.5)
    value = ours(x, initial=np.array(initial), **options)
    onp.testing.assert_allclose(value, numpys(x, initial=2.5, **options))
    check_grad(lambda x, i: ours(x, initial=i, **options), x, initial)


@pytest.mark.parametrize("name", ["max", "nanmax"])
def test_initial_gets_the_gradient_of_each_slice_it_wins(name):
    ours, _ = _present(name)
    got = grad(lambda i: np.sum(ours(X, axis=1, initial=i)))(4.0)  # row 1's max is 3
    assert got == 1.0
    got = grad(lambda i: np.sum(ours(X, axis=0, initial=i)))(1.5)  # columns 0 and 1's maxes
    assert got == 1.0


@pytest.mark.parametrize("name", ["max", "min", "nanmax", "nanmin"])
def test_a_tie_with_initial_splits_the_gradient_as_the_reduction_does(name):
    ours, _ = _present(name)
    tied = onp.array([[2.0, 2.0, 2.0 + (1 if "min" in name else -1)]])
    x_grad, i_grad = grad(lambda x, i: np.sum(ours(x, axis=1, initial=i)), [0, 1])(tied, 2.0)
    onp.testing.assert_allclose(i_grad, 1 / 3)
    onp.testing.assert_allclose(x_grad, [[1 / 3, 1 / 3, 0.0]])


def test_nanmax_ignores_nans_with_a_traced_initial():
    x = onp.array([[onp.nan, onp.nan], [1.0, onp.nan]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        value = np.nanmax(x, axis=1, initial=np.array(0.5))
        x_grad, i_grad = grad(lambda x, i: np.sum(np.nanmax(x, axis=1, initial=i)),
                              [0, 1])(x, 0.5)
    onp.testing.assert_allclose(value, [0.5, 1.0])
    assert i_grad == 1.0
    onp.testing.assert_allclose(x_grad, [[0.0, 0.0], [1.0, 0.0]])


@pytest.mark.parametrize("name", EXTREMES + ["sum", "prod"])
def test_float32_stays_float32_with_a_traced_initial(name):
    ours, _ = _present(name)
    x = X.astype(onp.float32)
    value = ours(x, axis=1, initial=np.array(2.5, dtype=onp.float32))
    x_grad, i_grad = grad(lambda x, i: np.sum(ours(x, axis=1, initial=i)), [0, 1])(
        x, onp.float32(2.5))
    assert value.dtype == x_grad.dtype == i_grad.dtype == onp.float32


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@pytest.mark.parametrize("name", ["sum", "prod", "nansum", "nanprod"])
def test_traced_initial_of_a_sum_or_product(name, options):
    ours, numpys = _present(name)
    x = X + 0.5
    onp.testing.assert_allclose(ours(x, initial=np.array(1.5), **options),
                                numpys(x, initial=1.5, **options))
    check_grad(lambda x, i: ours(x, initial=i, **options), x, onp.array(1.5))


@pytest.mark.parametrize("ufunc", ["maximum", "minimum", "add", "multiply", "subtract",
                                   "logaddexp", "fmax"])
@pytest.mark.parametrize("options", [dict(), dict(axis=1), dict(axis=None),
                                     dict(axis=1, keepdims=True), dict(axis=1, where=MASK)],
                         ids=str)
def test_ufunc_reduce_with_a_traced_initial(ufunc, options):
    ours, numpys = getattr(np, ufunc), getattr(onp, ufunc)
    if ufunc == "subtract" and options.get("axis", 0) is None:
        pytest.skip("NumPy refuses subtract.reduce over several axes")
    x = X + 0.5
    onp.testing.assert_allclose(ours.reduce(x, initial=np.array(2.5), **options),
                                numpys.reduce(x, initial=2.5, **options))
    check_grad(lambda x, i: ours.reduce(x, initial=i, **options), x, onp.array(2.5))
    check_grad(lambda i: ours.reduce(x, initial=i, **options), onp.array(2.5))


def test_ufunc_reduce_of_an_empty_axis_is_a_traced_initial():
    empty = onp.zeros((0, 2))
    assert onp.array_equal(grad(lambda i: np.sum(np.subtract.reduce(empty, initial=i)))(2.0),
                           2.0)


def test_ufunc_reduce_refuses_out_with_a_traced_initial():
    with pytest.raises(TypeError, match=r"numpy.maximum.reduce argument 'out'.*traced initial"):
        grad(lambda i: np.sum(np.maximum.reduce(X, initial=i, out=onp.zeros(3))))(2.0)


def test_reshape_and_ravel_of_a_python_number_under_grad():
    assert grad(lambda i: np.sum(np.reshape(i, (1,)) * 3))(2.5) == 3.0
    assert grad(lambda i: np.sum(np.ravel(i) * 3))(2.5) == 3.0
