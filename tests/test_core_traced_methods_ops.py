"""ndarray's interface on traced values (continued from ``test_core_traced_methods.py``):
the remaining operators, copies, NumPy's argument order and the attributes that only
read the value."""
import copy
import pickle

import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad
from minpy_compat.errors import TracedValueError
from minpy_compat.traced_methods import TracedAttributeError

from test_core_traced_methods import WEIGHTS, X, check_value_and_grad, weighted


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


def test_traced_types_read_attributes_without_a_getattr_hook():
    """The refusals above are properties on the traced types' last base, not a
    ``__getattr__``: a class with one sends every attribute read (``x._value`` in each
    traced op) through CPython's slow hook. Methods attached later (MindSpore's Tensor
    methods) still come before the refusals."""
    import minpy_compat as ms
    from minpy_compat.traced_array import TracedArray
    from minpy_compat.traced_raw_memory import RawMemoryRefusals
    assert not hasattr(TracedArray, "__getattr__")
    assert TracedArray.__mro__[-2] is RawMemoryRefusals
    seen = {}

    def f(x):
        seen["not a view"] = getattr(x, "_view_of", None)
        seen["missing"] = hasattr(x, "no_such_attribute")
        seen["expm1"] = x.expm1().asnumpy()  # a Tensor method, attached on first use
        return np.sum(x)

    assert ms.Tensor is not None  # the Cell layer loaded
    grad(f)(X)
    assert seen["not a view"] is None and seen["missing"] is False
    onp.testing.assert_allclose(seen["expm1"], onp.expm1(X))


def test_view_as_another_dtype_and_moving_devices_are_refused():
    def f(x):
        with pytest.raises(TracedValueError, match=r"view on a traced value.*astype"):
            x.view(onp.int64)
        with pytest.raises(ValueError, match="device 'cpu'"):
            x.to_device("gpu")
        return np.sum(x)

    grad(f)(X)
