"""Comparisons of traced values give ``Array``s of bools, as they do outside ``grad``."""
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array

OPERATORS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
             "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


@pytest.mark.parametrize("symbol", sorted(OPERATORS))
@pytest.mark.parametrize("other", [0.0, onp.array([0.0, 1.0, 2.0])])
def test_a_traced_comparison_is_an_array_with_numpys_values(symbol, other):
    data, seen = onp.array([-1.0, 1.0, 3.0]), []

    def f(x):
        seen.append(OPERATORS[symbol](x, other))
        seen.append(OPERATORS[symbol](other, x))
        return np.sum(x * x)
    grad(f)(data)
    assert all(type(result) is Array and result.dtype == bool for result in seen)
    onp.testing.assert_array_equal(seen[0], OPERATORS[symbol](data, other))
    onp.testing.assert_array_equal(seen[1], OPERATORS[symbol](other, data))


def test_a_traced_mask_takes_tensor_methods_and_gives_the_gradient():
    def f(x):
        mask = x > 0
        assert bool(mask.all(dim=0).asnumpy()) is False
        return np.sum(np.where(mask, x, 0.0) ** 2)
    onp.testing.assert_allclose(grad(f)(onp.array([1.0, -1.0, 2.0])), [2.0, 0.0, 4.0])


def test_traced_values_stay_hashable():
    def f(x):
        assert {x: 1}[x] == 1
        return np.sum(x)
    grad(f)(onp.ones(2))


def test_a_zero_d_traced_comparison_is_numpys_bool_scalar():
    seen = []

    def f(x):
        seen.append(x[0] > 0)
        seen.append(x.sum() == x.sum())
        return np.sum(x)
    grad(f)(onp.array([1.0, -1.0]))
    assert [type(result) for result in seen] == [onp.bool_, onp.bool_]
    assert [bool(result) for result in seen] == [True, True]


def test_another_threads_policy_leaves_a_traced_comparison_as_it_is():
    import threading
    from minpy_compat.dispatch import _switch, policy
    started, release = threading.Event(), threading.Event()

    def hold_a_policy():
        policy.set_global_policy("only_numpy")  # this thread's policy: it engages dispatch
        started.set()
        release.wait(5)
    worker = threading.Thread(target=hold_a_policy)
    worker.start()
    started.wait(5)
    try:
        assert _switch.engaged
        test_a_zero_d_traced_comparison_is_numpys_bool_scalar()
        test_a_traced_mask_takes_tensor_methods_and_gives_the_gradient()
    finally:
        release.set()
        worker.join()
