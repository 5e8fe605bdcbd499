"""Indexed assignment: differentiable inside grad, in place outside (NumPy's semantics);
adopted constant arrays in ``test_core_setitem_adopted.py``, refusals, ``out=`` and views
in ``test_core_setitem_refusals.py``."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad

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


# A repeated integer index writes one slot twice; NumPy keeps the last write, so the
# earlier writers must get zero gradient (and ``+=`` increments once, not twice).
REPEATED = [[0, 0], [1, 0, 1, 1], (slice(None), [2, 2, 0]), ([1, 1, 0], [0, 0, 2]),
            (onp.array([[1, 1], [0, 1]]), 2)]
W = onp.linspace(-1.1, 1.3, 12)  # enough values for the largest slot above


@pytest.mark.parametrize("index", REPEATED)
def test_repeated_index_gradient_goes_to_the_last_write(index):
    def f(a, v):
        a = a * 1.0
        slot = onp.shape(onp.empty_like(A)[index])
        a[index] = v[:int(onp.prod(slot))].reshape(slot) * 3.0
        return np.sum(a ** 2 * np.arange(1.0, 4.0))

    check_grad(f, A, W, order=2)


@pytest.mark.parametrize("index", REPEATED)
def test_repeated_index_augmented_assignment_matches_numpy(index):
    def f(a, v):
        a = a * 1.0
        slot = onp.shape(onp.empty_like(A)[index])
        a[index] += v[:int(onp.prod(slot))].reshape(slot)
        return np.sum(np.sin(a) * np.arange(1.0, 4.0))

    plain = A.copy()
    plain[index] += W[:plain[index].size].reshape(plain[index].shape)
    onp.testing.assert_allclose(value_and_grad(f)(A, W)[0],
                                onp.sum(onp.sin(plain) * onp.arange(1.0, 4.0)))
    check_grad(f, A, W, order=2)


def test_broadcast_value_into_a_repeated_index_counts_once():
    def f(a, s):
        a = a * 1.0
        a[[0, 0], [1, 1]] = s
        return np.sum(a * np.array([1.0, 2.0, 3.0]))

    ga, gs = grad(f, [0, 1])(A, 2.0)
    onp.testing.assert_array_equal(ga, [[1, 0, 3], [1, 2, 3]])
    assert float(gs) == 2.0


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
