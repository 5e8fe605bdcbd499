"""Indexed assignment: differentiable inside grad, in place outside (NumPy's semantics)."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import TracedValueError

from conftest import check_grad

A = onp.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7]])
V = onp.array([0.9, -0.4, 1.1, 0.2, -0.6, 0.8])


@pytest.mark.parametrize("index", [0, (1, 2), (slice(None), 1), ([0, 1], [2, 0]),
                                   (Ellipsis, slice(0, 2))])
def test_assignment_gradients_for_old_contents_and_value(index):
    def f(a, v):
        a = a * 1.0
        a[index] = v[:onp.size(a[index])].reshape(onp.shape(a[index])) * 3.0
        return np.sum(a ** 2 * np.arange(1.0, 4.0))

    check_grad(f, A, V, order=2)


def test_augmented_assignment_gradients():
    def f(a, v):
        a = a + 0.0
        a[0] += v[:3]
        a[:, 1] *= 2.0
        return np.sum(np.sin(a))

    check_grad(f, A, V, order=2)


def test_broadcast_value_gets_summed_gradient():
    def f(a, s):
        a = a * 1.0
        a[:, 1:] = s
        return np.sum(a * np.array([1.0, 2.0, 3.0]))

    ga, gs = grad(f, [0, 1])(A, 2.0)
    onp.testing.assert_array_equal(ga, [[1, 0, 0], [1, 0, 0]])
    assert float(gs) == 10.0


def test_float32_value_keeps_its_dtype():
    def f(a, v):
        a = a * 1.0
        a[0] = v
        return np.sum(a)
    g = grad(f, [0, 1])(A.astype(onp.float32), V[:3].astype(onp.float32))[1]
    assert g.dtype == onp.float32


def test_outside_grad_assignment_mutates_in_place():
    a = np.zeros(3)
    alias = a
    a[1] = 5.0
    a[0] += 2.0
    onp.testing.assert_array_equal(alias, [2.0, 5.0, 0.0])


def test_assigning_a_traced_value_into_a_constant_array_is_refused():
    def f(x):
        out = np.zeros(2)
        out[0] = x[0]
        return np.sum(out)

    with pytest.raises(TracedValueError, match="indexed assignment into a constant array"):
        grad(f)(np.ones(2))


def test_in_place_update_of_a_constant_plain_array_is_refused_clearly():
    def f(x):
        out = onp.zeros(2)
        out += x
        return np.sum(out)

    with pytest.raises(TracedValueError, match=r"numpy.add\(out=...\): expected no out= .*"
                                               r"in-place update of a constant array"):
        grad(f)(np.ones(2))


def test_starting_from_a_traced_array_makes_assignment_work():
    def f(x):
        out = x * 0
        out[0] = x[1] ** 2
        out[1] = x[0] * 3
        return np.sum(out)

    onp.testing.assert_array_equal(grad(f)(np.array([1.0, 2.0])), [3.0, 4.0])
