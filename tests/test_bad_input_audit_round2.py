"""Bad input, round 2: ragged nested lists (refused by name where they hold traced values,
read as NumPy reads them otherwise) and axes out of range under ``grad``; the next call works."""
import warnings

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from tests.test_bad_input_audit import _square_sum

AxisError = getattr(onp, "exceptions", onp).AxisError  # NumPy 2 moved it

RAGGED_TAKERS = ["std", "var", "mean", "sum", "prod", "max", "min", "median", "average",
                 "nanmean", "nansum", "cumsum", "ptp", "array", "asarray", "atleast_2d",
                 "exp", "ravel", "transpose", "linalg.norm"]


def _facade(name):
    function = np
    for part in name.split("."):
        function = getattr(function, part)
    return function


@pytest.mark.parametrize("name", RAGGED_TAKERS)
def test_a_ragged_list_of_traced_values_is_refused_naming_the_function(name):
    with pytest.raises(ValueError, match=r"minpy_compat\.numpy\.\w+(\.norm)? argument 0.*: "
                                         r"expected a rectangular nested list.*got entries of "
                                         r"shapes \(1,\) and \(2,\)"):
        grad(lambda x: np.sum(_facade(name)([[x, x], [x]])))(1.0)
    assert float(grad(_square_sum)(onp.ones(2))[0]) == 2.0


@pytest.mark.parametrize("name", ["std", "var", "mean", "sum", "array", "linalg.norm"])
def test_a_rectangular_list_of_traced_values_still_differentiates(name):
    def through_list(x):
        return np.sum(_facade(name)([[x, 2.0 * x], [3.0, x * x]]))
    expected = grad(lambda x: np.sum(_facade(name)(np.stack([np.stack([x, 2.0 * x]),
                                                            np.stack([3.0, x * x])]))))(1.5)
    assert onp.allclose(grad(through_list)(1.5), expected)


def test_a_deeper_ragged_level_is_found():
    with pytest.raises(ValueError, match=r"numpy\.array argument 0 'object': expected a "
                                         r"rectangular nested list \(every entry at depth 2"):
        grad(lambda x: np.sum(np.array([[[x, x], [x, x]], [[x, x], [x]]])))(1.0)


def _numpy_outcome(function, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return "value", function(*args)
        except (TypeError, ValueError) as err:
            return "error", type(err)


@pytest.mark.parametrize("name", ["std", "var", "mean", "linalg.norm"])
def test_a_plain_ragged_list_gives_what_numpy_gives(name):
    # NumPy 1.x: an object array (std/var raise TypeError, mean a sum of lists); NumPy 2:
    # ValueError. autograd's list conversion made a float array of one number per row.
    numpy_function = onp
    for part in name.split("."):
        numpy_function = getattr(numpy_function, part)
    kind, outcome = _numpy_outcome(numpy_function, [[1, 2], [3]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "error":
            with pytest.raises(outcome):
                _facade(name)([[1, 2], [3]])
        else:
            ours = _facade(name)([[1, 2], [3]])
            assert onp.array_equal(onp.asarray(ours, dtype=float),
                                   onp.asarray(outcome, dtype=float))


def test_std_of_a_ragged_list_is_not_a_made_up_array():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises((TypeError, ValueError)):
            np.std([[1, 2], [3]])
    assert float(np.std([[1, 3], [1, 3]])) == 1.0


# ---- flip under grad: NumPy's axis checks -----------------------------------------------
@pytest.mark.parametrize("axis", [2, 3, -3, (0, 9)])
def test_flip_under_grad_refuses_an_axis_out_of_range_as_numpy(axis):
    x = onp.arange(6.0).reshape(2, 3)
    with pytest.raises(AxisError, match="out of bounds for array of dimension 2"):
        onp.flip(x, axis)
    with pytest.raises(AxisError, match="out of bounds for array of dimension 2"):
        grad(lambda a: np.sum(np.flip(a, axis) * x))(onp.ones((2, 3)))
    assert onp.array_equal(grad(lambda a: np.sum(np.flip(a, 1) * x))(onp.ones((2, 3))),
                           onp.flip(x, 1))


def test_flip_under_grad_refuses_a_repeated_axis_as_numpy():
    with pytest.raises(ValueError, match="repeated axis"):
        grad(lambda a: np.sum(np.flip(a, (0, 0))))(onp.ones((2, 3)))
    weights = onp.arange(6.0).reshape(2, 3)
    flipped = grad(lambda a: np.sum(np.flip(a, (0, -1)) * weights))(onp.ones((2, 3)))
    assert onp.array_equal(flipped, weights[::-1, ::-1])
