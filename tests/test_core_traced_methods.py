"""ndarray's interface on traced values: in-place methods and functions, the remaining
operators, copies, and the attributes that only read the value."""
import copy
import pickle

import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.errors import TracedValueError
from minpy_compat.traced_methods import TracedAttributeError

from conftest import check_grad

X = onp.array([[0.7, -1.2, 2.1, 0.3], [1.5, 0.4, -0.8, 1.9], [-0.6, 2.4, 0.9, -1.4]])
V = onp.array([1.3, -0.7, 0.5, 2.2, -1.6, 0.8])
WEIGHTS = onp.arange(1.0, 13.0).reshape(3, 4)


def weighted(a):
    """A total that tells every element apart (a gradient sent astray cannot hide)."""
    return np.sum(np.sin(a) * WEIGHTS.reshape(onp.shape(a)) if onp.size(a) == 12
                  else np.sin(a) * np.arange(1.0, onp.size(a) + 1.0).reshape(onp.shape(a)))


def check_value_and_grad(f, *args):
    """``f`` gives NumPy's value when traced, and finite differences' gradients to 2nd order."""
    plain = f(*[onp.array(a, copy=True) for a in args])
    traced_value = value_and_grad(f, list(range(len(args))))(*args)[0]
    onp.testing.assert_allclose(traced_value, plain, rtol=1e-12)
    check_grad(f, *args, order=2)


# ---- in-place methods ------------------------------------------------------------------
IN_PLACE_METHODS = {
    "fill with a traced scalar": lambda a, v: (a.__setitem__(slice(1, 2), 0.0),
                                               a[0].fill(v[0] * 2.0)),
    "fill with a constant": lambda a, v: a[1:].fill(0.5),
    "sort": lambda a, v: a.sort(),
    "sort axis 0": lambda a, v: a.sort(axis=0),
    "partition": lambda a, v: a.partition(2),
    "partition axis 0": lambda a, v: a.partition(1, axis=0),
    "put": lambda a, v: a.put([0, 5, 11], v[:3]),
    "put cycles the values": lambda a, v: a.put([0, 5, 11, 2], v[:2]),
    "put repeated index": lambda a, v: a.put([4, 4, 7], v[:3] * 3.0),
    "put negative index": lambda a, v: a.put([-1, -12], v[:2]),
    "put wrap": lambda a, v: a.put([13, -15], v[:2], mode="wrap"),
    "put clip": lambda a, v: a.put([40, -3], v[:2], mode="clip"),
    "flat setitem": lambda a, v: a.flat.__setitem__(slice(2, 9, 3), v[:3]),
    "flat setitem cycles": lambda a, v: a.flat.__setitem__([0, 1, 2, 3], v[:2]),
    "flat assignment": lambda a, v: setattr(a, "flat", v[:5]),
}


@pytest.mark.parametrize("name", IN_PLACE_METHODS)
def test_in_place_method_changes_every_name_and_differentiates(name):
    def f(x, v):
        a = x * 1.0
        alias = a
        IN_PLACE_METHODS[name](a, v)
        return weighted(alias) + np.sum(v ** 2)

    check_value_and_grad(f, X, V)


@pytest.mark.parametrize("shape", [(2, 3), (20,), 5, (4, 4)])
def test_resize_cuts_or_pads_with_zeros_as_numpy_does(shape):
    def f(x):
        a = x * 2.0
        a.resize(shape, refcheck=False)
        return weighted(a)

    check_value_and_grad(f, X)


def test_flat_reads_in_c_order():
    def f(x):
        a = x * 1.0
        return np.sum(a.flat[3:9] ** 2) + sum(a.flat) + a.flat[5] * len(a.flat)

    check_value_and_grad(f, X)


@pytest.mark.skipif(not hasattr(onp.ndarray, "itemset"), reason="ndarray.itemset was removed "
                    "in NumPy 2 (this environment's NumPy has none to follow)")
def test_itemset_writes_one_element():
    def f(x, v):
        a = x * 1.0
        a.itemset(5, v[0])
        a.itemset((2, 1), v[1] * 3.0)
        a.itemset(0, 3, v[2])
        return weighted(a)

    check_value_and_grad(f, X, V)


# ---- NumPy's in-place functions ----------------------------------------------------
IN_PLACE_FUNCTIONS = {
    "put": lambda a, v: np.put(a, [1, 6, 6, -1], v[:3]),
    "put wrap": lambda a, v: np.put(a, [13, 2], v[:2], mode="wrap"),
    "put_along_axis": lambda a, v: np.put_along_axis(
        a, onp.array([[3], [0], [1]]), v[:3].reshape(3, 1), axis=1),
    "put_along_axis broadcast": lambda a, v: np.put_along_axis(
        a, onp.array([[2, 0, 1, 2]]), v[:4], axis=0),
    "put_along_axis flat": lambda a, v: np.put_along_axis(a, onp.array([0, 7, 11]), v[:3],
                                                          axis=None),
    "putmask": lambda a, v: np.putmask(a, X > 0.5, v[:4]),
    "place": lambda a, v: np.place(a, X > 0.5, v[:4]),
    "copyto": lambda a, v: np.copyto(a, v[:4]),
    "copyto where": lambda a, v: np.copyto(a, v[:4] * 2.0, where=X < 1.0),
    "fill_diagonal": lambda a, v: np.fill_diagonal(a, v[:2]),
    "fill_diagonal wrap": lambda a, v: np.fill_diagonal(a.reshape(6, 2), v[0], wrap=True),
}


@pytest.mark.parametrize("name", IN_PLACE_FUNCTIONS)
def test_in_place_function_on_a_traced_array(name):
    def f(x, v):
        a = x * 1.0
        if name == "fill_diagonal wrap":
            tall = a.reshape(6, 2)
            np.fill_diagonal(tall, v[0] * 3.0, wrap=True)
            return weighted(tall)
        IN_PLACE_FUNCTIONS[name](a, v)
        return weighted(a)

    check_value_and_grad(f, X, V)


def test_fill_diagonal_of_a_cube():
    def f(x, v):
        a = np.reshape(x[:, :3] * 1.0, (1, 3, 3)) * np.ones((3, 1, 1))
        np.fill_diagonal(a, v[:2])
        return weighted(a.reshape(27)[:12])

    check_value_and_grad(f, X, V)


def test_plain_numpy_in_place_functions_on_traced_values_come_here_too():
    def ours(x, v):
        a = x * 1.0
        np.put(a, [0, 3], v[:2])
        np.fill_diagonal(a, v[2])
        return weighted(a)

    def plain_numpy(x, v):
        a = x * 1.0
        numpy.put(a, [0, 3], v[:2])
        numpy.fill_diagonal(a, v[2])
        return weighted(a)

    for got, expected in zip(grad(plain_numpy, [0, 1])(X, V), grad(ours, [0, 1])(X, V)):
        onp.testing.assert_array_equal(got, expected)


def test_a_constant_buffer_filled_by_in_place_functions_is_traced():
    def f(v):
        buffer = np.zeros((3, 4))
        np.copyto(buffer, v[:4])
        np.put(buffer, [5], v[4] * 2.0)
        np.fill_diagonal(buffer, v[5])
        return weighted(buffer)

    check_value_and_grad(f, V)


def test_in_place_functions_outside_grad_are_numpy():
    a = np.zeros((3, 3))
    np.fill_diagonal(a, 2.0)
    np.put(a, [1], 5.0)
    expected = onp.zeros((3, 3))
    onp.fill_diagonal(expected, 2.0)
    onp.put(expected, [1], 5.0)
    onp.testing.assert_array_equal(a, expected)


@pytest.mark.parametrize("bad, error", [
    (lambda a, v: np.put(a, [20], v[:1]), IndexError),
    (lambda a, v: a.put([0, 20], v[:2]), IndexError),
    (lambda a, v: np.place(a, X > 0, v[:0]), ValueError),
    (lambda a, v: np.copyto(a, v[:3]), ValueError),
    (lambda a, v: np.copyto(a, v[:4].astype(onp.complex128)), TypeError),
    (lambda a, v: np.put_along_axis(a, onp.array([[9]]), v[:1], axis=1), IndexError),
])
def test_a_bad_in_place_call_raises_numpy_error_and_changes_nothing(bad, error):
    seen = {}

    def f(x, v):
        a = x * 1.0
        with pytest.raises(error):
            bad(a, v)
        seen["after"] = a.asnumpy()
        return weighted(a)

    onp.testing.assert_array_equal(grad(f)(X, V), onp.cos(X) * WEIGHTS)
    onp.testing.assert_array_equal(seen["after"], X)


# ---- operators ------------------------------------------------------------------
def test_floor_division_and_divmod_follow_numpy():
    def f(x):
        q, r = divmod(x * 3.0, 1.13)  # no entry of X sits on a step of these floors
        s, t = divmod(7.3, x + 5.0)
        return weighted(q + r * 2.0 + x // 0.37 + 9.1 // (x + 5.0) + s + t)

    check_value_and_grad(f, X)


def test_round_and_the_bitwise_operators():
    def f(x):
        ints = (x * 10.0).astype(onp.int64)
        bits = (ints & 6) | (ints ^ 3) | (1 << (ints % 4)) | (ints >> 1) | (~ints & 1)
        return weighted(x) * 2.0 + np.sum(bits) + round(x[0, 0] * 10.0, 1) + np.sum(round(x))

    value, gradient = value_and_grad(f)(X)
    ints = (X * 10.0).astype(onp.int64)
    bits = (ints & 6) | (ints ^ 3) | (1 << (ints % 4)) | (ints >> 1) | (~ints & 1)
    expected = (numpy.sum(onp.sin(X) * WEIGHTS) * 2.0 + bits.sum() + round(X[0, 0] * 10.0, 1)
                + onp.round(X).sum())
    onp.testing.assert_allclose(value, expected)
    onp.testing.assert_allclose(gradient, 2.0 * onp.cos(X) * WEIGHTS)


def test_augmented_operators_change_every_name():
    def f(x):
        a = x * 1.0
        alias = a
        a //= 0.37
        a += x
        b = x[:, :3] * 1.0
        square = b[:3]
        if IN_PLACE_MATMUL:
            square @= onp.eye(3) * 2.0
        square %= 2.5
        return weighted(alias) + np.sum(np.sin(square))

    check_value_and_grad(f, X)


def _numpy_has_in_place_matmul():
    try:
        square = onp.eye(2)
        square @= onp.eye(2)
        return True
    except TypeError:  # NumPy before 1.25
        return False


IN_PLACE_MATMUL = _numpy_has_in_place_matmul()


def test_an_augmented_operator_that_changes_the_shape_is_refused():
    def f(x):
        a = x * 1.0
        a @= onp.ones((4, 2))
        return np.sum(a)

    with pytest.raises(ValueError, match="traced @="):
        grad(f)(X)


def test_containment_and_index_read_the_value():
    def f(x):
        assert (x[0, 0] in x) and (5.5 not in x)
        count = (x * 0.0 + 2.0).astype(onp.int64)[0, 0]
        return np.sum(x[: count]) * len(range(count))

    onp.testing.assert_array_equal(grad(f)(X), [[2.0] * 4, [2.0] * 4, [0.0] * 4])


# ---- copies ---------------------------------------------------------------------
@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy, lambda a: a.view(),
                                    lambda a: a.view(onp.float64), lambda a: a.view(np.ndarray)])
def test_a_copy_stays_on_the_gradient_path(copier):
    def f(x):
        a = x * 1.0
        duplicate = copier(a)
        duplicate[0, 0] = 0.0  # writes to the copy leave the original alone
        return np.sum(duplicate * a)

    expected = 2.0 * X
    expected[0, 0] = 0.0
    onp.testing.assert_allclose(grad(f)(X), expected)


def test_a_deep_copy_of_a_list_of_traced_values_keeps_the_gradient():
    def f(x):
        kept = copy.deepcopy({"rows": [x[0], x[1]]})
        return np.sum(kept["rows"][0] * x[0]) + np.sum(kept["rows"][1])

    expected = onp.zeros_like(X)
    expected[0] = 2.0 * X[0]
    expected[1] = 1.0
    onp.testing.assert_allclose(grad(f)(X), expected)


def test_pickling_a_traced_value_is_refused_clearly():
    with pytest.raises(TracedValueError, match="pickling a traced value.*x.asnumpy"):
        grad(lambda x: np.sum(pickle.loads(pickle.dumps(x))))(X)


# ---- NumPy's argument order -----------------------------------------------------
def test_compress_and_choose_as_methods_take_numpy_argument_order():
    def f(x):
        kept = x.compress([True, False, True], axis=0)
        picked = (x[0] * 0.0 + onp.array([0.0, 1.0, 1.0, 0.0])).astype(onp.int64).choose(
            [x[1], x[2] * 2.0])
        return weighted(kept[:, :2]) + np.sum(picked ** 2)

    check_value_and_grad(f, X)


# ---- facts of the value ------------------------------------------------------------
def test_attributes_that_read_the_value():
    seen = {}

    def f(x):
        a = x * 1.0
        seen.update(strides=a.strides, contiguous=a.flags.c_contiguous, device=a.device,
                    same=a.to_device("cpu") is a, raw=a.tobytes(), pickled=a.dumps(),
                    namespace=a.__array_namespace__())
        return np.sum(a)

    grad(f)(X)
    assert seen["strides"] == X.strides and seen["contiguous"] and seen["device"] == "cpu"
    assert seen["same"] and seen["raw"] == X.tobytes() and seen["namespace"] is np
    onp.testing.assert_array_equal(pickle.loads(seen["pickled"]), X)


@pytest.mark.parametrize("name", ["ctypes", "byteswap", "getfield", "base", "data"])
def test_raw_memory_attributes_say_why_they_are_missing(name):
    def f(x):
        assert not hasattr(x, "__array_interface__")
        with pytest.raises(TracedAttributeError, match=rf"x.{name} on a traced value.*"
                                                       rf"x.asnumpy\(\).{name}"):
            getattr(x, name)
        return np.sum(x)

    grad(f)(X)


def test_view_as_another_dtype_and_moving_devices_are_refused():
    def f(x):
        with pytest.raises(TracedValueError, match=r"view on a traced value.*astype"):
            x.view(onp.int64)
        with pytest.raises(ValueError, match="device 'cpu'"):
            x.to_device("gpu")
        return np.sum(x)

    grad(f)(X)


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
