"""Reductions into an out= array under grad, and writes into ``ufunc.reduce`` results.

* NumPy reduces into an out= array of another dtype in that dtype (``numpy.sum(x32,
  out=o64)`` adds in float64), so the values written under grad must be NumPy's own, and
  the gradient still the reduction's, in ``x``'s dtype.
* ``ufunc.reduce`` of a binary ufunc returns a new writeable array (a scalar when 0-d): a
  write into it under grad must work, give the gradient of what was written, and leave
  ``x`` as it was.
"""
import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from conftest import check_grad

rng = onp.random.RandomState(7)
# A float32 sum of these loses the small entries next to 1e8; a float64 one keeps them.
WIDE = onp.array([[0.1, 0.2, 0.3], [0.4, 1e8, 0.6], [0.7, 0.8, 0.9], [1.1, 1.3, 1.7]])
SMOOTH = rng.rand(4, 3) + 0.5  # finite differences: no ties, no zeros, no huge entries


def _function(name):
    """``(numpy's, ours)``: ``'sum'`` is the function, ``'x.sum'`` the method,
    ``'add.reduce'`` the ufunc method."""
    if name.startswith("x."):
        method = name[2:]
        return (lambda a, **k: getattr(a, method)(**k),) * 2
    if "." in name:
        ufunc, method = name.split(".")
        return getattr(getattr(onp, ufunc), method), getattr(getattr(np, ufunc), method)
    return getattr(onp, name), getattr(np, name)


# (function, keywords, out= shape for WIDE's (4, 3))
REDUCTIONS = [
    ("sum", {"axis": 0}, (3,)), ("sum", {}, ()), ("mean", {"axis": 0}, (3,)),
    ("mean", {"axis": 1, "keepdims": True}, (4, 1)), ("prod", {"axis": 0}, (3,)),
    ("std", {"axis": 0}, (3,)), ("std", {"axis": 0, "ddof": 1}, (3,)),
    ("var", {"axis": 0}, (3,)), ("ptp", {"axis": 0}, (3,)), ("nansum", {"axis": 0}, (3,)),
    ("nanmean", {"axis": 0}, (3,)), ("nanprod", {"axis": 0}, (3,)),
    ("nanstd", {"axis": 0}, (3,)), ("nanvar", {"axis": 0}, (3,)),
    ("cumsum", {"axis": 0}, (4, 3)), ("cumprod", {"axis": 0}, (4, 3)),
    ("nancumsum", {"axis": 0}, (4, 3)), ("nancumprod", {"axis": 0}, (4, 3)),
    ("x.sum", {"axis": 0}, (3,)), ("x.mean", {"axis": 0}, (3,)),
    ("add.reduce", {"axis": 0}, (3,)), ("multiply.reduce", {"axis": 0}, (3,)),
    ("add.accumulate", {"axis": 0}, (4, 3)), ("subtract.reduce", {"axis": 0}, (3,)),
]
IDS = [f"{name}-{sorted(kwargs)}" for name, kwargs, _ in REDUCTIONS]


def _into_out(name, kwargs, shape, dtype, kept):
    """A loss that reduces into a new out= array of ``dtype`` and keeps its values."""
    _, ours = _function(name)
    weights = onp.arange(1.0, 1 + int(onp.prod(shape))).reshape(shape)

    def loss(a):
        out = np.zeros(shape, dtype)
        ours(a, out=out, **kwargs)
        kept["value"] = out.asnumpy().copy()
        return np.sum(out * weights)
    return loss


@pytest.mark.parametrize("name, kwargs, shape", REDUCTIONS, ids=IDS)
def test_float32_into_float64_out_has_numpy_values(name, kwargs, shape):
    theirs, _ = _function(name)
    x32 = WIDE.astype(onp.float32)
    expected = onp.zeros(shape)
    theirs(x32, out=expected, **kwargs)
    assert not onp.array_equal(expected, onp.asarray(theirs(x32, **kwargs), float)), \
        "the case must tell a float64 loop from a float32 one"
    kept = {}
    g = grad(_into_out(name, kwargs, shape, onp.float64, kept))(np.array(x32))
    assert kept["value"].dtype == onp.float64
    onp.testing.assert_array_equal(kept["value"], expected)
    assert g.dtype == onp.float32 and g.shape == x32.shape


@pytest.mark.parametrize("name, kwargs, shape", REDUCTIONS, ids=IDS)
def test_reduction_into_out_matches_finite_differences(name, kwargs, shape):
    loss = _into_out(name, kwargs, shape, onp.float64, {})
    check_grad(loss, SMOOTH)
    g32 = grad(loss)(np.array(SMOOTH.astype(onp.float32)))
    assert g32.dtype == onp.float32
    onp.testing.assert_allclose(g32, grad(loss)(np.array(SMOOTH)), rtol=1e-4, atol=1e-4)


HALVES = rng.rand(1000, 2).astype(onp.float16)


@pytest.mark.parametrize("x, out_dtype", [(HALVES, "float16"), (HALVES, "float32"),
                                          (SMOOTH, "float32"), (SMOOTH, "complex128")],
                         ids=["float16-float16", "float16-float32", "float64-float32",
                              "float64-complex128"])
@pytest.mark.parametrize("name, kwargs", [("mean", {"axis": 0}), ("add.reduce", {"axis": 0}),
                                          ("var", {"axis": 0}), ("x.sum", {"axis": 0})])
def test_other_out_dtypes_have_numpy_values(name, kwargs, x, out_dtype):
    theirs, _ = _function(name)
    shape = onp.shape(theirs(x, **kwargs))
    expected = onp.zeros(shape, out_dtype)
    theirs(x, out=expected, **kwargs)
    kept = {}
    loss = _into_out(name, kwargs, shape, out_dtype, kept)
    g = grad(lambda a: np.real(loss(a)))(np.array(x))
    assert kept["value"].dtype == expected.dtype and g.dtype == x.dtype
    onp.testing.assert_array_equal(kept["value"], expected)


def test_float16_mean_into_float16_out_has_numpy_values():
    # NumPy sums float16 in float32, then divides in out='s float16 (without out=: in float32)
    expected = onp.zeros(2, onp.float16)
    onp.mean(HALVES, axis=0, out=expected)
    assert not onp.array_equal(expected, onp.mean(HALVES, axis=0))
    kept = {}
    grad(_into_out("mean", {"axis": 0}, (2,), onp.float16, kept))(np.array(HALVES))
    onp.testing.assert_array_equal(kept["value"], expected)


def test_ufunc_reduce_into_an_integer_out_casts_as_numpy_does():
    # NumPy casts a reduction's out= unsafely: a float sum goes into an int array
    expected = onp.zeros(3, int)
    onp.add.reduce(SMOOTH, axis=0, out=expected)
    kept = {}
    g = grad(_into_out("add.reduce", {"axis": 0}, (3,), int, kept))(np.array(SMOOTH))
    onp.testing.assert_array_equal(kept["value"], expected)
    onp.testing.assert_array_equal(g, onp.zeros_like(SMOOTH))  # an int array: no gradient


def test_constant_reduced_into_a_traced_out_has_numpy_values():
    x32 = WIDE.astype(onp.float32)
    expected = onp.zeros(3)
    onp.sum(x32, axis=0, out=expected)
    kept = {}

    def loss(w):
        out = np.zeros(3)
        out[...] = w  # out is traced from here on
        np.sum(np.array(x32), axis=0, out=out)
        kept["value"] = out.asnumpy().copy()
        return np.sum(out)
    onp.testing.assert_array_equal(grad(loss)(np.ones(3)), onp.zeros(3))
    onp.testing.assert_array_equal(kept["value"], expected)


def test_ufunc_call_into_a_wider_out_keeps_numpy_values():
    # a ufunc's own call computes in its inputs' dtype, then casts into out=
    x32 = WIDE.astype(onp.float32)
    expected = onp.zeros((4, 3))
    onp.multiply(x32, 0.1, out=expected)
    kept = {}

    def loss(a):
        out = np.zeros((4, 3))
        np.multiply(a, 0.1, out=out)
        kept["value"] = out.asnumpy().copy()
        return np.sum(out)
    assert grad(loss)(np.array(x32)).dtype == onp.float32
    onp.testing.assert_array_equal(kept["value"], expected)


# ---- writes into ufunc.reduce results -------------------------------------------------------
FOLDED = ["subtract", "divide", "true_divide", "power", "float_power", "mod", "remainder",
          "fmod", "floor_divide", "hypot", "logaddexp", "logaddexp2", "fmax", "fmin",
          "arctan2", "copysign", "heaviside", "nextafter"]
AXES = [{"axis": 0}, {"axis": 1}, {"axis": 1, "keepdims": True}]
X = rng.rand(2, 3) + 0.5


def _written(ufunc, kwargs, kept=None):
    """A loss that writes into ``ufunc.reduce(x, **kwargs)`` and checks ``x`` kept its values."""
    shape = getattr(onp, ufunc).reduce(X, **kwargs).shape
    weights = onp.arange(1.0, 1 + int(onp.prod(shape))).reshape(shape)

    def loss(a):
        before = onp.array(getval(a), copy=True)
        reduced = getattr(np, ufunc).reduce(a, **kwargs)
        if kept is not None:
            kept["writeable"] = getval(reduced).flags.writeable
        reduced[0] = reduced[0] * 3.0 + 0.5
        onp.testing.assert_array_equal(getval(a), before)
        return np.sum(reduced * weights)
    return loss


@pytest.mark.parametrize("kwargs", AXES, ids=str)
@pytest.mark.parametrize("ufunc", FOLDED)
def test_reduce_result_is_writeable_as_numpy_s(ufunc, kwargs):
    assert getattr(onp, ufunc).reduce(X, **kwargs).flags.writeable
    kept = {}
    for x in (X, X.astype(onp.float32)):
        g = grad(_written(ufunc, kwargs, kept))(np.array(x))
        assert kept["writeable"] and g.dtype == x.dtype and g.shape == x.shape


@pytest.mark.parametrize("kwargs", AXES, ids=str)
@pytest.mark.parametrize("ufunc", FOLDED)
def test_write_into_reduce_result_matches_finite_differences(ufunc, kwargs):
    left_fold = X[:, 0] if kwargs["axis"] == 1 else X[0]
    for i in range(1, X.shape[kwargs["axis"]]):
        left_fold = getattr(onp, ufunc)(left_fold, X[:, i] if kwargs["axis"] == 1 else X[i])
    if not onp.allclose(getattr(onp, ufunc).reduce(X, axis=kwargs["axis"]), left_fold):
        pytest.skip(f"NumPy {onp.__version__}'s own {ufunc}.reduce along a contiguous axis "
                    "is no left fold; finite differences run NumPy's")
    check_grad(_written(ufunc, kwargs), X)


def test_write_into_a_length_one_reduce_leaves_x_alone():
    # a fold over one element is that element: the result must still be a new array
    x = X[:1]
    weights = onp.array([1.0, 2.0, 3.0])

    def loss(a):
        reduced = np.subtract.reduce(a, axis=0)
        reduced[0] = 5.0
        onp.testing.assert_array_equal(getval(a), x)
        return np.sum(reduced * weights)
    onp.testing.assert_array_equal(grad(loss)(np.array(x)), [[0.0, 2.0, 3.0]])


def test_zero_d_reduce_result_refuses_writes_as_numpy_s_scalar():
    with pytest.raises(TypeError):
        onp.subtract.reduce(X[0])[...] = 0.0

    def loss(a):
        reduced = np.subtract.reduce(a)
        with pytest.raises(ValueError, match="read-only"):
            reduced[...] = 0.0
        return reduced
    grad(loss)(np.array(X[0]))


def test_reduce_of_nothing_with_a_traced_initial_is_writeable():
    def loss(a, start):
        reduced = np.subtract.reduce(a[:0], axis=0, initial=start)
        reduced[1] = reduced[1] * 3.0
        return np.sum(reduced)
    assert onp.subtract.reduce(X[:0], axis=0, initial=2.0).flags.writeable
    check_grad(loss, X, onp.array(2.0))
