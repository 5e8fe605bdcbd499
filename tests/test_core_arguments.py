"""``argnum`` given as NumPy integers, empty argnum lists, and arguments that hold no
numbers (datetimes, strings, records) at a differentiated position."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import customop, grad, grad_and_loss, jacobian
from minpy_compat.errors import ArgnumError

from conftest import check_grad


@pytest.mark.parametrize("argnum", [onp.int64(1), onp.int32(1), onp.uint8(1)])
def test_a_numpy_integer_argnum_is_an_int(argnum):
    # Typical source: an index from np.argmax or a loop over np.arange.
    assert float(grad(lambda x, y: x * y ** 2, argnum=argnum)(2.0, 3.0)) == 12.0
    grads, loss = grad_and_loss(lambda x, y: x * y ** 2, [onp.int64(0), argnum])(2.0, 3.0)
    assert [float(g) for g in grads] == [9.0, 12.0] and float(loss) == 18.0
    assert onp.allclose(jacobian(lambda x, y: x * y, argnum)(onp.ones(2), onp.arange(2.0)),
                        onp.eye(2))


def test_a_negative_numpy_integer_argnum_counts_from_the_end():
    assert float(grad(lambda x, y: x * y, argnum=onp.int64(-1))(2.0, 3.0)) == 2.0


@pytest.mark.parametrize("argnum", [[], (), range(0)])
def test_an_empty_argnum_names_what_is_missing(argnum):
    with pytest.raises(ArgnumError, match=r"grad\(<lambda>\): expected at least one argnum"):
        grad(lambda x: x, argnum)


@pytest.mark.parametrize("argnum", [True, 1.0, "0", [0, 1.5]])
def test_an_argnum_that_is_no_integer_is_still_refused(argnum):
    with pytest.raises(ArgnumError, match=r"expected argnum as an int, or a list"):
        grad(lambda x, y: x, argnum)


@pytest.mark.parametrize("value, shown", [
    (onp.array(["2020-01-01"], dtype="datetime64[D]"), "datetime64"),
    (onp.array([1, 2], dtype="timedelta64[s]"), "timedelta64"),
    (onp.array(["a", "b"]), "<U1"),
    (onp.array([b"a"]), "|S1"),
    (onp.zeros(2, dtype=[("a", "f8")]), r"\[\('a', '<f8'\)\]"),
])
def test_an_array_of_no_numbers_is_refused_before_the_trace(value, shown):
    calls = []

    def loss(x):
        calls.append(x)
        return np.sum(x)
    with pytest.raises(ArgnumError, match=rf"grad\(loss\) argument 0: expected an array of "
                                          rf"numbers, got ndarray of shape .*{shown}"):
        grad(loss)(value)
    assert not calls  # refused before the function ran, not by NumPy inside it
    with pytest.raises(ArgnumError, match=r"argument 1: expected an array of numbers"):
        grad(lambda w, data: np.sum(w), [0, 1])(onp.ones(2), {"when": value})


def test_numbers_of_every_kind_are_still_differentiated():
    for value in (onp.arange(3), onp.array([True, False]), onp.ones(2, onp.float16),
                  onp.array([1 + 1j])):
        assert grad(lambda x: np.sum(x * 2).real)(value).shape == value.shape


@customop("numpy")
def _cube(x):
    return x ** 3


@pytest.mark.parametrize("register", [
    lambda op: op.def_grad(lambda ans, x: lambda g: 3 * g * x ** 2, argnum=onp.int64(0)),
    lambda op: op.def_multiple_grad(lambda ans, x: lambda g: (3 * g * x ** 2,),
                                    argnums=(onp.int32(0),)),
])
def test_customop_registration_takes_numpy_integer_argnums(register):
    register(_cube)
    check_grad(lambda x: np.sum(_cube(x)), onp.array([0.5, -1.5, 2.0]))


def test_customop_def_grad_zero_takes_a_numpy_integer():
    _cube.def_grad_zero(onp.int64(0))
    try:
        assert onp.array_equal(grad(lambda x: np.sum(_cube(x)))(onp.ones(2)), onp.zeros(2))
    finally:
        _cube.def_grad(lambda ans, x: lambda g: 3 * g * x ** 2)


def test_customop_refuses_a_numpy_integer_out_of_range():
    with pytest.raises(ArgnumError, match=r"_cube.def_grad: expected argnum 0..0 \(x\), "
                                          r"got np.int64\(1\)|got 1"):
        _cube.def_grad(lambda ans, x: lambda g: g, argnum=onp.int64(1))
