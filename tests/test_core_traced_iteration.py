"""Iterating a traced value goes along its first axis as NumPy's does, and a 0-d one raises
NumPy's TypeError (Python's fallback through ``__getitem__`` had given an empty list)."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad

from conftest import check_grad


def test_iterating_a_traced_0d_value_raises_numpys_type_error():
    def f(x):
        list(x)
        return x * 1.0

    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        grad(f)(np.array(2.0))


def test_iterating_an_adopted_0d_buffer_raises_too():
    def f(x):
        out = np.zeros(())
        out[...] = x[0]
        list(out)
        return out

    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        grad(f)(onp.array([1.0, 2.0]))


def test_iteration_goes_along_the_first_axis_and_is_differentiable():
    def f(x):
        rows = [row for row in x]
        assert len(rows) == 2 and rows[0].shape == (3,)
        return sum(np.sum(row * (i + 1.0)) for i, row in enumerate(rows))

    check_grad(f, onp.arange(6.0).reshape(2, 3))
