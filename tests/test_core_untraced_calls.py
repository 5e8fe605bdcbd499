"""Facade calls with nothing traced go straight to NumPy (``numpy/untraced_calls.py``): the
same results as NumPy's own functions, views where NumPy gives views, policies and op
statistics still see every call, and a traced value anywhere (in a list too) still takes
the differentiable path."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as mc
import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.array import Array
from minpy_compat.dispatch.stats import op_stat, record_op_stat
from minpy_compat.numpy.untraced_calls import runs_untraced

A = onp.arange(12.0).reshape(3, 4)
B = onp.arange(12, dtype=onp.float32).reshape(3, 4) - 5

CALLS = {  # name: call on a namespace; each runs one of the shortcuts
    "mean": lambda n, a: n.mean(a, axis=0),
    "std": lambda n, a: n.std(a, ddof=1),
    "var tuple axis": lambda n, a: n.var(a, axis=(0, 1)),
    "argmax": lambda n, a: n.argmax(a, axis=1),
    "where": lambda n, a: n.where(a > 3, a, 0),
    "norm": lambda n, a: n.linalg.norm(a, axis=1),
    "concatenate": lambda n, a: n.concatenate([a, a], axis=1),
    "concatenate dtype": lambda n, a: n.concatenate((a, a), dtype=onp.float32),
    "concatenate axis None": lambda n, a: n.concatenate([a, a], axis=None),
    "stack": lambda n, a: n.stack([a, a * 2], axis=-1),
    "hstack": lambda n, a: n.hstack([a, a]),
    "vstack": lambda n, a: n.vstack((a, a[0])),
    "reshape": lambda n, a: n.reshape(a, (4, 3)),
    "transpose": lambda n, a: n.transpose(a),
    "ravel": lambda n, a: n.ravel(a),
    "expand_dims": lambda n, a: n.expand_dims(a, 0),
    "split": lambda n, a: n.split(a, 2, axis=1),
    "atleast_3d": lambda n, a: n.atleast_3d(a),
    "broadcast_arrays": lambda n, a: n.broadcast_arrays(a, a[0]),
    "flip": lambda n, a: n.flip(a, 0),
}


def _leaves(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


@pytest.mark.parametrize("array", [A, B], ids=["float64", "float32"])
@pytest.mark.parametrize("name", list(CALLS))
def test_an_untraced_call_returns_numpys_result_as_arrays(name, array):
    ours, numpys = CALLS[name](np, array), CALLS[name](onp, array)
    if isinstance(numpys, (list, tuple)):  # split, broadcast_arrays: NumPy's container kept
        assert type(ours) is type(numpys)
    for mine, theirs in zip(_leaves(ours), _leaves(numpys), strict=True):
        assert type(mine) is Array
        assert mine.dtype == onp.asarray(theirs).dtype and mine.shape == onp.shape(theirs)
        onp.testing.assert_array_equal(mine, theirs)


@pytest.mark.parametrize("name", ["reshape", "transpose", "ravel", "expand_dims", "split",
                                  "flip"])
def test_an_untraced_view_shares_memory_as_numpys_does(name):
    a = np.array(A)
    view = _leaves(CALLS[name](np, a))[0]
    assert onp.shares_memory(view, a)
    view[(0,) * view.ndim] = -7.0
    assert (a == -7.0).sum() == 1  # the write reached the argument


def test_out_and_numpys_errors_come_through_unchanged():
    out = np.zeros((6, 4))
    assert np.concatenate([A, A], out=out) is out and onp.array_equal(out[3:], A)
    with pytest.raises(ValueError, match="need at least one array"):
        np.concatenate([])
    with pytest.raises(ValueError, match="cannot reshape"):
        np.reshape(A, (5, 5))


def test_policies_and_op_statistics_still_see_every_call():
    a = np.arange(6.0)
    record_op_stat()
    try:
        np.mean(a), np.concatenate([a, a]), np.reshape(a, (2, 3)), np.argmax(a), np.stack([a])
        calls = op_stat()["calls"]
    finally:
        record_op_stat(False)
    assert {name: count["numpy"] for name, count in calls.items()} == {
        "mean": 1, "concatenate": 1, "reshape": 1, "argmax": 1, "stack": 1}


@pytest.mark.parametrize("arguments, kwargs, expected", [
    ((A, 1.0, onp.float32(2), (0, 1), None, "C"), {"axis": 0}, True),
    (([A, B], (A, 2)), {"dtype": float}, True),
    (([[1.0, 2.0]],), {}, False),  # a list of lists: read exactly by the full path
    ((mc.Parameter(mc.Tensor(A), name="w"),), {}, False),  # a free function's weight
], ids=["constants", "lists of arrays", "nested lists", "a Parameter"])
def test_which_arguments_go_straight_to_numpy(arguments, kwargs, expected):
    assert runs_untraced(arguments, kwargs) is expected


def test_a_traced_value_anywhere_takes_the_differentiable_path():
    seen = {}

    def f(x):
        seen["straight"] = runs_untraced(([A[0], x],), {}) or runs_untraced((x,), {"axis": 0})
        joined = np.concatenate([A[0], x, np.stack([x, A[1]])[0]])
        return np.sum(np.mean(np.reshape(joined, (3, 4)), axis=0) ** 2) + \
            np.linalg.norm(np.transpose(np.reshape(x, (2, 2))))
    x = onp.linspace(-1.0, 1.0, 4)
    check_grads(f, modes=["rev"], order=2)(x)
    assert seen == {"straight": False}
    assert float(onp.abs(grad(f)(x)).sum()) > 0


def test_a_view_of_a_traced_value_still_sees_later_writes():
    def f(x):
        y = x * 1.0
        flat = np.reshape(y, -1)
        y[0] = 10.0 * x[1]  # NumPy: flat sees it
        return np.sum(flat ** 2)
    x = onp.array([1.0, 2.0, 3.0])
    onp.testing.assert_allclose(grad(f)(x), [0.0, 2 * 20.0 * 10.0 + 2 * 2.0, 2 * 3.0])
