"""minpy_compat.numpy is NumPy: every name, NumPy's values and dtypes, autograd's gradients."""
import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import Array, grad, registry

from conftest import check_grad


@pytest.mark.parametrize("module, ours", [(numpy, np), (numpy.linalg, np.linalg),
                                          (numpy.fft, np.fft), (numpy.random, np.random)])
def test_every_public_numpy_name_is_there(module, ours):
    missing = [n for n in dir(module) if not n.startswith("_") and not hasattr(ours, n)]
    assert not missing


def test_constants_types_and_ndarray():
    assert np.pi == numpy.pi and np.float32 is numpy.float32 and np.newaxis is None
    assert np.ndarray is Array and np.dtype is numpy.dtype and np.inf == numpy.inf


@pytest.mark.parametrize("make", [
    lambda m: m.array([1, 2]),
    lambda m: m.array([1.5, 2], dtype=m.float32),
    lambda m: m.zeros((2, 3), dtype=m.int32),
    lambda m: m.arange(5) * 2.5,
    lambda m: m.ones(3, m.float32) + 1.0,
    lambda m: m.sum(m.ones((2, 3), m.float32), axis=0),
    lambda m: m.mean(m.arange(6.0).reshape(2, 3), axis=1, keepdims=True),
    lambda m: m.argmax(m.array([[1, 5], [7, 2]]), axis=1),
    lambda m: m.concatenate([m.ones(2), m.zeros(3)]),
    lambda m: m.stack([m.ones(2), m.zeros(2)], axis=1),
    lambda m: m.where(m.arange(4) > 1, m.arange(4), -1),
    lambda m: m.linalg.inv(m.array([[2.0, 1.0], [1.0, 3.0]])),
    lambda m: m.fft.fft(m.arange(4.0)),
    lambda m: m.einsum("ij,jk->ik", m.ones((2, 3)), m.ones((3, 2))),
    lambda m: m.sum(m.array([1, 2, 3])),
    lambda m: m.float32(2.0) * m.ones(2, m.float32),
])
def test_values_shapes_and_dtypes_equal_numpys(make):
    ours, theirs = make(np), make(numpy)
    assert isinstance(ours, Array)
    assert ours.shape == onp.shape(theirs) and ours.dtype == onp.asarray(theirs).dtype
    onp.testing.assert_array_equal(ours, theirs)


def test_random_draws_equal_numpys_for_the_same_seed():
    np.random.seed(42)
    ours = [np.random.randn(3), np.random.rand(2), np.random.randint(0, 9, 4),
            np.random.normal(1.0, 2.0, (2,)), np.random.permutation(5)]
    numpy.random.seed(42)
    theirs = [numpy.random.randn(3), numpy.random.rand(2), numpy.random.randint(0, 9, 4),
              numpy.random.normal(1.0, 2.0, (2,)), numpy.random.permutation(5)]
    for a, b in zip(ours, theirs):
        assert isinstance(a, Array)
        onp.testing.assert_array_equal(a, b)


def test_ufunc_objects_keep_their_methods():
    onp.testing.assert_array_equal(np.add.reduce(np.arange(4.0)), 6.0)
    onp.testing.assert_array_equal(np.multiply.outer(np.arange(2.0), np.arange(3.0)),
                                   numpy.multiply.outer(numpy.arange(2.0), numpy.arange(3.0)))
    assert np.add.nin == 2 and np.sin.__name__ == "sin"
    a = np.zeros(3)
    np.add.at(a, [0, 0, 2], 1.0)
    onp.testing.assert_array_equal(a, [2, 0, 1])


X = onp.array([[0.3, -1.2, 0.5], [1.1, 0.4, -0.7]])
Y = onp.array([0.2, 0.9, -0.4])
POS = onp.abs(X) + 0.5
SQ = onp.array([[2.0, 0.3], [0.1, 1.5]])

FUNCTIONS = {
    "add-broadcast": (lambda x, y: np.add(x, y), (X, Y)),
    "multiply": (lambda x, y: x * y, (X, Y)),
    "divide": (lambda x, y: x / (y + 2.0), (X, Y)),
    "power": (lambda x: np.power(x, 3), (X,)),
    "exp-log": (lambda x: np.log(np.exp(x) + 1.0), (X,)),
    "tanh": (np.tanh, (X,)),
    "sin-cos": (lambda x: np.sin(x) * np.cos(x), (X,)),
    "sqrt": (np.sqrt, (POS,)),
    "abs": (np.abs, (X,)),
    "maximum": (lambda x, y: np.maximum(x, y), (X, Y)),
    "minimum": (lambda x, y: np.minimum(x, y), (X, Y)),
    "dot-2d": (lambda x, y: np.dot(x, y), (X, Y)),
    "dot-mm": (lambda a, b: np.dot(a, b), (X, X.T.copy())),
    "matmul": (lambda a, b: a @ b, (X.T.copy(), X)),
    "sum-axis": (lambda x: np.sum(x, axis=1, keepdims=True) ** 2, (X,)),
    "mean": (lambda x: np.mean(x, axis=0) ** 2, (X,)),
    "max-axis": (lambda x: np.max(x, axis=1), (X,)),
    "reshape-transpose": (lambda x: np.transpose(np.reshape(x, (3, 2))) ** 2, (X,)),
    "concatenate": (lambda x, y: np.concatenate([x, y[None]], axis=0) ** 2, (X, Y)),
    "stack": (lambda x: np.stack([x, 2 * x]) ** 2, (X,)),
    "where": (lambda x: np.where(x > 0, x ** 2, -x), (X,)),
    "expand_dims": (lambda x: np.expand_dims(x, 1) ** 2, (Y,)),
    "indexing": (lambda x: x[:, [0, 2]] ** 2 + x[1, 1], (X,)),
    "copy": (lambda x: np.copy(x) ** 2, (X,)),
    "linalg.inv": (np.linalg.inv, (SQ,)),
    "linalg.det": (np.linalg.det, (SQ,)),
    "linalg.norm": (np.linalg.norm, (X,)),
    "fft-real": (lambda x: np.real(np.fft.fft(x)), (Y,)),
    "logsumexp-style": (lambda x: np.log(np.sum(np.exp(x - np.max(x)))), (X,)),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_facade_gradients_match_finite_differences(name):
    f, args = FUNCTIONS[name]
    check_grad(f, *args)


# ---- gradients the package registers itself --------------------------------------------
REGISTERED_CASES = {
    "dot": [(X, Y), (Y, X.T.copy()), (Y, Y), (X, X.T.copy())],
    "matmul": [(X, X.T.copy()), (Y, X.T.copy()), (X, Y)],
    "maximum": [(X, Y), (X, 0.1), (Y, X)],
    "minimum": [(X, Y), (X, 0.1)],
    "copy": [(X,)], "ascontiguousarray": [(X,)], "asfortranarray": [(X,)],
    "ravel": [(X,), (X, "F"), (X.T, "K"), (X.T, "A")],  # memory orders: test_core_ufunc_methods
    "reshape": [(X, (3, 2)), (X.T, (3, 2), "F"), (X.T, (2, 3), "A")],
    "add": [(X, Y), (Y, X), (X, 2.0), (X[:, :1].copy(), X)],
    "subtract": [(X, Y), (2.0, X), (X[:1].copy(), X)],
    "multiply": [(X, Y), (Y, X), (X[:, :1].copy(), X), (X, 3.0)],
    "divide": [(X, Y + 2.0), (Y + 2.0, X + 3.0), (X[:, :1] + 2.0, X + 3.0)],
    "negative": [(X,)],
    "exp": [(X,), (Y,)], "log": [(POS,)], "tanh": [(X,), (Y,)],
    "power": [(POS, 2), (POS, 3.5), (X, 2), (POS, POS), (POS, -1)],
    "sum": [(X,), (Y,)],
    "mean": [(X,), (Y,)],
    "max": [(X,), (Y,)], "amax": [(X,)], "min": [(X,), (Y,)], "amin": [(X,)],
}


@pytest.mark.parametrize("name, args", [(n, a) for n, cases in REGISTERED_CASES.items()
                                        for a in cases])
def test_registered_gradients_match_finite_differences(name, args):
    f = getattr(np, name)
    differentiable = [i for i, a in enumerate(args) if isinstance(a, onp.ndarray)]
    check_grad(lambda *a: f(*a) ** 2, *args, argnums=differentiable, order=2)


@pytest.mark.parametrize("name", ["sum", "mean", "max", "min"])
@pytest.mark.parametrize("axis, keepdims", [(None, False), (0, False), (1, True), ((0, 1), False),
                                            (-1, False)])
def test_reduction_gradients_over_axes(name, axis, keepdims):
    f = getattr(np, name)
    check_grad(lambda x: f(x, axis=axis, keepdims=keepdims) ** 2, X, order=2)


def test_every_replaced_gradient_has_a_case():
    names = {getattr(fun, "__name__", "") for fun in registry.package_vjps()}
    names.discard("assign_at")  # tested in test_core_setitem.py
    names.discard("scatter_add")  # tested below
    names.discard("to_mxnet")  # MXNet only: tested in test_mxnet_writes_traced.py
    names.discard("numpy_values")  # out= of another dtype: test_core_reduction_outputs.py
    from minpy_compat.numpy import derived_gradients  # those have test_core_*_gradients.py
    names -= {name.rpartition(".")[2] for name in derived_gradients.REGISTERED}
    assert names <= set(REGISTERED_CASES), sorted(names - set(REGISTERED_CASES))


def test_scatter_add_gradient_to_second_order_with_repeated_indices():
    from minpy_compat.dispatch.numpy_getitem import scatter_add
    index = (onp.array([0, 2, 0]), slice(None))  # row 0 twice: its values add up
    values = onp.linspace(-1.0, 1.0, 12).reshape(3, 4)
    weights = onp.linspace(0.5, 2.0, 12).reshape(3, 4)
    check_grad(lambda v: np.sum(scatter_add(v, index, (3, 4), v.dtype) ** 3 * weights),
               values, order=2)


def test_maximum_splits_ties_evenly():
    g = grad(lambda x, y: np.sum(np.maximum(x, y)), [0, 1])(
        np.array([1.0, 2.0]), np.array([1.0, 3.0]))
    onp.testing.assert_array_equal(g[0], [0.5, 0.0])
    onp.testing.assert_array_equal(g[1], [0.5, 1.0])


def test_max_and_min_split_ties_evenly():
    x = np.array([[1.0, 1.0, 0.0], [2.0, 0.0, 2.0], [0.0, 3.0, -1.0]])
    g = grad(lambda x: np.sum(np.max(x, axis=1) * np.array([1.0, 2.0, 4.0])))(x)
    onp.testing.assert_array_equal(g, [[0.5, 0.5, 0.0], [1.0, 0.0, 1.0], [0.0, 4.0, 0.0]])
    g = grad(lambda x: np.min(x))(np.array([1.0, -1.0, -1.0, -1.0]))
    onp.testing.assert_allclose(g, [0.0, 1 / 3, 1 / 3, 1 / 3])
    g = grad(lambda x: np.sum(np.max(x, axis=0, keepdims=True) ** 2))(x)
    onp.testing.assert_array_equal(g, [[0.0, 0.0, 0.0], [4.0, 0.0, 4.0], [0.0, 6.0, 0.0]])


@pytest.mark.parametrize("name", ["maximum", "minimum", "where", "dot", "abs", "clip", "mean",
                                  "sum", "exp", "tanh", "power", "divide", "sqrt", "max", "min"])
def test_float32_in_float32_gradient_out(name):
    x = (onp.abs(X) + 0.5).astype(onp.float32)
    f = {"maximum": lambda x: np.maximum(x, 0.7), "minimum": lambda x: np.minimum(x, 0.7),
         "where": lambda x: np.where(x > 1.0, x, 0.0), "dot": lambda x: np.dot(x, x.T),
         "abs": np.abs, "clip": lambda x: np.clip(x, 0.6, 1.0), "mean": np.mean,
         "sum": np.sum, "exp": np.exp, "tanh": np.tanh, "power": lambda x: x ** 2.5,
         "divide": lambda x: 1.0 / x, "sqrt": np.sqrt, "max": lambda x: np.max(x, axis=0),
         "min": lambda x: np.min(x, axis=1, keepdims=True)}[name]
    g = grad(lambda x: np.sum(f(x)))(x)
    assert g.dtype == onp.float32, g.dtype
    assert f(x).dtype == onp.float32
