"""``minpy_compat.numpy``: a ufunc's ``where=`` with ``out=``, and ufuncs autograd has no version
of. Gradients against float64 finite
differences."""
import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import TracedValueError
from conftest import check_grad
from facade_apply_helpers import _weighted, rng


# ---- a ufunc's where= with out= -----------------------------------------------------------
X2, Y1 = rng.normal(size=(3, 4)), rng.normal(size=4)
MASK = onp.array([[True, False, True, True], [False, False, True, True],
                  [True, True, False, True]])


def _into(ufunc, *inputs, start=0.0, **kwargs):
    out = np.full((3, 4), start)
    ufunc(*inputs, out=out, **kwargs)
    return out


@pytest.mark.parametrize("where", [MASK, onp.array([True, False, True, False]), False, True],
                         ids=["mask", "broadcast-mask", "False", "True"])
def test_ufunc_where_with_out_gradient(where):
    check_grad(lambda a, b: _weighted(_into(np.add, a, b, start=2.0, where=where)), X2, Y1)
    check_grad(lambda a, b: _weighted(_into(np.multiply, a, b, where=where)) + a, X2, Y1)


def test_ufunc_where_with_out_values_and_an_out_that_is_traced_already():
    def loss(a, b):
        expected = onp.zeros((3, 4))
        expected[0] = getval(a)[0] * 3.0
        onp.add(getval(a), b, where=MASK, out=expected)
        out = np.zeros((3, 4))
        out[0] = a[0] * 3.0  # out is traced before the ufunc writes into it
        assert np.add(a, b, where=MASK, out=out) is out
        onp.testing.assert_allclose(getval(out), expected)
        return _weighted(out)
    check_grad(loss, X2, Y1, argnums=[0])


def test_ufunc_where_never_differentiates_the_left_out_entries():
    x = onp.where(MASK, onp.abs(X2) + 0.1, 0.0)  # sqrt'(0) and log(0) are infinite
    for ufunc in (np.sqrt, np.log):
        gradient = grad(lambda a: np.sum(_into(ufunc, a, start=1.0, where=MASK)))(x)
        assert onp.all(onp.isfinite(gradient))
        check_grad(lambda a: _weighted(_into(ufunc, a, start=1.0, where=MASK)), x)


def test_ufunc_where_with_two_outputs_and_float32():
    out1, out2 = np.zeros((3, 4)), np.zeros((3, 4))

    def remainder(a):
        first, second = out1.copy(), out2.copy()
        np.divmod(a, 1.5, out=(first, second), where=MASK)
        return _weighted(second)
    check_grad(remainder, X2)
    x32 = X2.astype(onp.float32)
    assert grad(lambda a: np.sum(_into(np.multiply, a, a, where=MASK).astype(onp.float32)))(
        x32).dtype == onp.float32


def test_ufunc_dtype_with_out_on_traced_inputs_casts_first():
    out = np.zeros((3, 4), dtype=np.float32)
    x32 = X2.astype(onp.float32)
    got = grad(lambda a: np.sum(_into(np.add, a, 1.0, dtype=np.float32, where=MASK)))(x32)
    onp.testing.assert_array_equal(got, MASK.astype(onp.float32))
    assert grad(lambda a: np.sum(np.add(a, 1.0, out=out.copy(), dtype=np.float32)))(x32).dtype \
        == onp.float32


def test_ufunc_where_with_out_keeps_the_cast_check():
    with pytest.raises(TypeError, match=r"multiply\(out=\.\.\.\): expected a result that casts"):
        grad(lambda a: np.sum(_into(np.multiply, a, 1j, where=MASK)))(X2)


# ---- ufuncs autograd has no version of -------------------------------------------------------
def test_a_ufunc_without_a_traced_version_is_refused_by_name():
    squared = np.frompyfunc(lambda t: t * t, 1, 1)
    with pytest.raises(TracedValueError, match=r"^ufunc '<lambda> \(vectorized\)' on a traced "
                                               r"value: expected a ufunc minpy_compat can"):
        grad(lambda a: np.sum(squared(a)))(X2)
