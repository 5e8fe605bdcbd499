"""Small places where an Array or a traced value acted unlike NumPy's own:

* a 0-d Array stands where NumPy gives a scalar (``np.sum(x)``): ``round()`` and ``hash``
  work on it as on that scalar;
* ``np.asarray(a) is a`` for an Array that needs no copy or cast, as NumPy's;
* a traced ``x == 'a'`` answers as NumPy's array does (no ufunc loop: elementwise False);
* ``b.flat[i] = v`` and ``b.flat = v`` with a traced ``v`` into a constant Array, under grad.
"""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from conftest import check_grad

VALUES = onp.array([1.23456, 2.0, -0.75])


# ---- 0-d Arrays round and hash as NumPy's scalars ----------------------------------------
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32, onp.int64])
@pytest.mark.parametrize("ndigits", [None, 0, 2])
def test_round_of_a_0d_result_equals_round_of_numpys_scalar(dtype, ndigits):
    ours, theirs = np.sum(np.array(VALUES.astype(dtype))), onp.sum(VALUES.astype(dtype))
    assert ours.ndim == 0 and onp.ndim(theirs) == 0
    mine, numpys = round(ours, ndigits), round(theirs, ndigits)
    assert mine == numpys and type(mine) is type(numpys)


def test_round_of_a_larger_array_is_refused_as_numpy_refuses_it():
    with pytest.raises(TypeError):
        round(onp.ones(2))
    with pytest.raises(TypeError, match=r"expected a 0-d array, got shape \(2,\)"):
        round(np.ones(2))


def test_a_0d_result_hashes_as_numpys_scalar():
    ours, theirs = np.sum(np.array(VALUES)), onp.sum(VALUES)
    assert hash(ours) == hash(theirs)
    assert {ours: "x"}[theirs] == "x" and {theirs: "x"}[ours] == "x"
    with pytest.raises(TypeError, match="unhashable type: 'Array' of shape"):
        hash(np.ones(3))
    with pytest.raises(TypeError):
        {np.ones(3): 1}


# ---- asarray returns the array itself -------------------------------------------------------
def test_asarray_of_an_array_is_that_array_where_numpys_is():
    b = np.array([[1.0, 2.0], [3.0, 4.0]])
    plain = onp.array(b.asnumpy())
    for kwargs in ({}, {"dtype": onp.float64}, {"order": "C"}, {"order": "K"}):
        assert (np.asarray(b, **kwargs) is b) == (onp.asarray(plain, **kwargs) is plain) is True
    for kwargs in ({"dtype": onp.float32}, {"order": "F"}):
        result = np.asarray(b, **kwargs)
        assert result is not b and type(result) is np.ndarray
        onp.testing.assert_array_equal(result, plain)


# ---- traced comparisons without a ufunc loop ----------------------------------------------
@pytest.mark.filterwarnings("ignore:elementwise comparison failed")
def test_traced_comparison_with_a_string_answers_as_numpys():
    seen = {}

    def loss(x):
        seen["eq"], seen["ne"] = x == "a", x != "a"
        with pytest.raises(TypeError) as refused:
            x < "a"
        seen["lt"] = str(refused.value)
        return np.sum(x ** 2)
    g = grad(loss)(np.array(VALUES))
    onp.testing.assert_allclose(g, 2 * VALUES)
    # NumPy 2: an array of False; NumPy 1.x: a scalar False, with a FutureWarning
    assert type(seen["eq"]) is (np.ndarray if onp.ndim(VALUES == "a") else bool)
    onp.testing.assert_array_equal(seen["eq"], VALUES == "a")
    onp.testing.assert_array_equal(seen["ne"], VALUES != "a")
    with pytest.raises(TypeError) as numpys:
        VALUES < "a"
    assert seen["lt"] == str(numpys.value)


# ---- flat writes of traced values into a constant Array -------------------------------------
def test_flat_is_numpys_iterator_outside_grad():
    b = np.arange(6.0).reshape(2, 3)
    assert type(b.flat) is onp.flatiter
    b.flat[4] = 10.0
    assert b[1, 1] == 10.0


def _flat_writes(v):
    b = np.zeros((2, 3))
    row = b[1]  # a view taken before the writes sees them, as in NumPy
    b.flat[1] = v[0]
    b.flat[[3, 5]] = v * 2.0
    b.flat[4] = 7.0  # a constant write keeps working too
    return np.sum(b * np.arange(1.0, 7.0).reshape(2, 3)) + np.sum(row ** 2)


def test_flat_writes_of_traced_values_have_numpys_value_and_gradient():
    v = onp.array([0.5, -1.5])
    value, g = value_and_grad(_flat_writes)(np.array(v))
    b = onp.zeros((2, 3))
    b.flat[1], b.flat[[3, 5]], b.flat[4] = v[0], v * 2.0, 7.0
    assert value == pytest.approx(onp.sum(b * onp.arange(1.0, 7.0).reshape(2, 3)) +
                                  onp.sum(b[1] ** 2))
    check_grad(_flat_writes, v)
    assert grad(_flat_writes)(np.array(v, dtype=np.float32)).dtype == onp.float32
    assert g.shape == v.shape


def test_flat_assignment_of_a_traced_value_repeats_it_as_numpys():
    def loss(v):
        b = np.zeros((2, 2))
        b.flat = v
        return np.sum(b * np.array([[1.0, 2.0], [3.0, 4.0]]))
    value, g = value_and_grad(loss)(np.array([1.0, 2.0]))
    b = onp.zeros((2, 2))
    b.flat = [1.0, 2.0]
    assert value == onp.sum(b * [[1.0, 2.0], [3.0, 4.0]])
    onp.testing.assert_array_equal(g, [4.0, 6.0])
    check_grad(loss, onp.array([1.0, 2.0]))


def test_flat_write_out_of_range_raises_numpys_error_and_writes_nothing():
    kept = {}

    def loss(v):
        b = np.zeros(4)
        kept["b"] = b
        with pytest.raises(IndexError, match="out of bounds"):
            b.flat[9] = v
        return np.sum(b) + v
    onp.testing.assert_array_equal(grad(loss)(np.array(1.0)), 1.0)
    onp.testing.assert_array_equal(kept["b"], onp.zeros(4))
