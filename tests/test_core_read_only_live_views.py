"""The read-only views of a traced array (``np.diagonal``, ``x.diagonal()``,
``np.broadcast_to``) see later writes into it, as NumPy's views do, and stay read-only."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import value_and_grad

from conftest import check_grad


def _diagonal_function(a):
    b = a * np.ones((2, 2))
    d = np.diagonal(b)
    b[1, 1] = a[1] ** 2
    return np.sum(d)


def _diagonal_methods(a):
    b = a * np.ones((2, 2))
    main, upper = b.diagonal(), b.diagonal(1)
    b[1, 1] = a[1] ** 2
    b[0, 1] = a[0] * 3.0
    return np.sum(main) + np.sum(upper * 2.0)


def _broadcast(a):
    b = a * 1.0
    spread = np.broadcast_to(b, (3, 2))
    b[0] = a[1] ** 2
    return np.sum(spread * onp.arange(6.0).reshape(3, 2))


@pytest.mark.parametrize("program", [_diagonal_function, _diagonal_methods, _broadcast],
                         ids=lambda p: p.__name__.strip("_"))
def test_the_view_reads_later_writes_as_numpys_does(program):
    x = onp.array([3.0, 5.0])
    value, _ = value_and_grad(program)(x)
    assert float(value) == float(program(np.array(x)))
    check_grad(program, x)


@pytest.mark.parametrize("make", [lambda b: np.diagonal(b), lambda b: b.diagonal(),
                                  lambda b: np.broadcast_to(b, (2, 2))],
                         ids=["np.diagonal", "method", "broadcast_to"])
def test_a_write_into_it_is_still_refused(make):
    def f(a):
        view = make(a * np.ones((2, 2)))
        view[0] = a[0]
        return np.sum(view)

    with pytest.raises(ValueError, match="read-only"):
        value_and_grad(f)(onp.array([3.0, 5.0]))
