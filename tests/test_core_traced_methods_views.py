"""ndarray's interface on traced values (continued from ``test_core_traced_methods.py``):
writes through views, functions without a gradient rule, rearranging views and the
reductions as methods."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad

from conftest import check_grad
from test_core_traced_methods import V, X, check_value_and_grad, weighted


# ---- writes through views ----------------------------------------------------------
VIEW_WRITES = {
    "chained index": lambda a, v: a[0].__setitem__(1, v[0]),
    "row in place": lambda a, v: a[1].__imul__(v[1]),
    "column slice fill": lambda a, v: a[:, 2][1:].fill(v[2]),
    "ellipsis add": lambda a, v: a[2][...].__iadd__(v[:4]),
    "view of a view": lambda a, v: a[1:][0][1:3].__setitem__(slice(None), v[3:5] * 2.0),
    "sort a row": lambda a, v: a[2].sort(),
    "new axis": lambda a, v: a[None, 0].__setitem__((0, 3), v[5]),
}


@pytest.mark.parametrize("name", VIEW_WRITES)
def test_writes_into_a_view_reach_the_array_it_views(name):
    def f(x, v):
        a = x * 1.0
        VIEW_WRITES[name](a, v)
        return weighted(a)

    check_value_and_grad(f, X, V)


def test_a_view_taken_by_an_index_array_is_a_copy_as_in_numpy():
    def f(x, v):
        a = x * 1.0
        a[[0, 1]][0, 0] = v[0]  # a copy in NumPy: a is unchanged
        a[X > 100.0] = v[1]  # no entry selected
        return weighted(a)

    check_value_and_grad(f, X, V)


# ---- functions without a gradient rule -------------------------------------------
def test_integer_results_carry_zero_gradient():
    def f(x):
        bins = np.digitize(x, [-1.0, 0.0, 1.0])
        bits = np.bitwise_and((x * 4.0).astype(onp.int64), 3)
        return np.sum(x ** 2) + np.sum(bins * bits)

    onp.testing.assert_allclose(grad(f)(X), 2.0 * X)


def test_a_function_without_a_rule_raises_only_if_the_gradient_reaches_it():
    def f(x):
        np.i0(x)  # computed along the way, not part of the output
        return np.sum(x ** 2)

    onp.testing.assert_allclose(grad(f)(X), 2.0 * X)


# ---- views that rearrange the whole array: x.T, x.reshape(...), x.ravel(), ... ----------
REARRANGING_WRITES = {
    "T row": lambda a, v: a.T.__setitem__(0, v),
    "T element": lambda a, v: a.T.__setitem__((1, 0), v[0]),
    "mT row": lambda a, v: a.mT.__setitem__(2, v),
    "transpose, whole": lambda a, v: a.transpose().__setitem__(slice(None), a.transpose() * v[1]),
    "transpose axes": lambda a, v: a.transpose(1, 0).__setitem__(1, v),
    "reshape": lambda a, v: a.reshape(3, 2).__setitem__(0, v),
    "reshape -1": lambda a, v: a.reshape(-1).__setitem__(slice(0, 2), v),
    "ravel": lambda a, v: a.ravel().__setitem__(slice(4, 6), v),
    "ravel F of T": lambda a, v: a.T.ravel("F").__setitem__(slice(1, 3), v),
    "reshape F of T": lambda a, v: a.T.reshape(6, order="F").__setitem__(slice(2, 4), v),
    "swapaxes": lambda a, v: a.swapaxes(0, 1).__setitem__(2, v),
    "squeeze": lambda a, v: a[None].squeeze().__setitem__((1, slice(0, 2)), v),
    "T of a slice": lambda a, v: a[:, :2].T.__setitem__(1, v),
    "in place on T": lambda a, v: a.T.__imul__(v[0]),
    "not a view: reshape of T copies": lambda a, v: a.T.reshape(-1).__setitem__(0, v[0]),
}
REARRANGED_A = onp.arange(6.0).reshape(2, 3) / 3 + 0.1
REARRANGED_V = onp.array([0.5, -1.5])


@pytest.mark.parametrize("name", sorted(REARRANGING_WRITES))
def test_writes_into_rearranging_views_reach_the_array(name):
    if name.startswith("mT") and not hasattr(onp.ndarray, "mT"):
        pytest.skip(f"numpy {onp.__version__} has no ndarray.mT to compare with")
    write = REARRANGING_WRITES[name]
    expected = REARRANGED_A.copy()
    write(expected, REARRANGED_V.copy())  # NumPy: the view's memory is the array's

    def written(a, v):
        a = a * 1.0  # a traced value of its own
        write(a, v)
        return a
    seen = []
    grad(lambda a: (seen.append(written(a, REARRANGED_V).asnumpy()), np.sum(a))[1])(
        REARRANGED_A)
    onp.testing.assert_allclose(seen[0], expected)
    check_grad(lambda a, v: written(a, v) ** 2, REARRANGED_A, REARRANGED_V, order=2)


# ---- reductions as methods: the facade's functions ---------------------------------------
@pytest.mark.parametrize("call", [
    lambda x: x.sum(dtype=int), lambda x: x.cumsum(dtype=int)[-1], lambda x: x.mean(dtype=int),
    lambda x: x.prod(dtype=int), lambda x: x.sum(dtype=bool), lambda x: x.trace(dtype=int),
])
def test_an_integer_dtype_method_result_passes_no_gradient(call):
    x = onp.array([[1.5, 2.5], [-0.5, 3.25]])
    assert onp.array_equal(grad(lambda x: call(x) * 1.0 + 0.0 * np.sum(x))(x), onp.zeros((2, 2)))
    kept = []
    grad(lambda x: kept.append(call(x)) or np.sum(x))(x)
    assert onp.array_equal(onp.asarray(kept[0].asnumpy() if hasattr(kept[0], "asnumpy")
                                       else kept[0]), call(x))


@pytest.mark.parametrize("name, args, kwargs", [
    ("sum", (1,), {"keepdims": True}), ("prod", (), {"axis": 0}), ("mean", (0,), {}),
    ("std", (), {"ddof": 1}), ("var", (1,), {}), ("max", (), {"axis": 1}),
    ("min", (0,), {}), ("cumsum", (1,), {}), ("cumprod", (), {"axis": 0}),
    ("trace", (), {"offset": 1}), ("round", (1,), {}),
])
def test_reduction_methods_equal_the_functions_in_values_and_gradients(name, args, kwargs):
    x = onp.array([[1.5, 2.5, 0.75], [-0.5, 3.25, 1.0]])
    method = lambda x: np.sum(getattr(x, name)(*args, **kwargs) ** 2)  # noqa: E731
    function = lambda x: np.sum(getattr(np, name)(x, *args, **kwargs) ** 2)  # noqa: E731
    assert onp.allclose(grad(method)(x), grad(function)(x))
    assert onp.allclose(getattr(x, name)(*args, **kwargs),
                        getattr(onp, name)(x, *args, **kwargs))
    if name != "round":
        check_grad(method, x)
    assert grad(method)(x.astype(onp.float32)).dtype == onp.float32
