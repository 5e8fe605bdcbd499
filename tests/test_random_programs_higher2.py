"""Random programs, round 3 (continued from test_random_programs_higher.py): ``grad``
called inside a function under ``grad`` (independent tapes), the same program traced twice
on one tape, third order on scalar programs; then the regressions that round 3 found:
second order through an index of a 0-d input, and writes through a view of a constant
Array that a traced write made traced (an adopted array).
"""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad, hessian, hessian_vector_product, jacobian
from random_program_helpers import _hypothesis_pick, _weights, draw_program, loss, run_program
from test_random_programs_higher import _inputs, _listed


# ---- grad inside grad, the same function traced twice, third order ----------------------
def check_reentrant(pick):
    inputs = _inputs(pick, dims=2, size=3)
    steps = draw_program(pick, list(inputs))
    weights = _weights(run_program(onp, steps, inputs))
    argnums = list(range(len(inputs)))
    ours = [np.array(x) for x in inputs]
    constant = [x * 0.5 + 0.25 for x in inputs]  # the inner grad's own point: its own tape

    def inner(*xs):
        return loss(np, steps, xs, weights)
    inner_grad = grad(inner, argnum=argnums)
    inner_at = [onp.asarray(g) for g in _listed(inner_grad(*constant), argnums)]

    def outer(*xs):
        fixed = _listed(inner_grad(*constant), argnums)  # independent of xs: a constant
        first = loss(np, steps, xs, weights)
        again = loss(np, steps, xs, weights)  # the same program traced twice on one tape
        return first + 0.5 * again + sum(np.sum(g * x) for g, x in zip(fixed, xs))
    got = _listed(grad(outer, argnum=argnums)(*ours), argnums)
    plain = [onp.asarray(g) for g in _listed(grad(inner, argnum=argnums)(*ours), argnums)]
    for g, p, c in zip(got, plain, inner_at):
        onp.testing.assert_allclose(onp.asarray(g), 1.5 * p + c, rtol=1e-9, atol=1e-9,
                                    err_msg=str(steps))
    again = [onp.asarray(g) for g in _listed(inner_grad(*constant), argnums)]
    for a, b in zip(again, inner_at):  # a second call of one grad function gives the same
        onp.testing.assert_array_equal(a, b, err_msg=str(steps))
    return steps


@settings(deadline=None, max_examples=40, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_with_grad_inside_grad(data):
    check_reentrant(_hypothesis_pick(data))


def check_third_order(pick):
    x = onp.array(round(onp.random.RandomState(pick(2 ** 31)).uniform(-1.2, 1.2), 3))
    steps = draw_program(pick, [x])
    weights = _weights(run_program(onp, steps, [x]))
    f = lambda a: loss(np, steps, [a], weights)  # noqa: E731
    second = grad(grad(f))
    third = float(grad(second)(x))
    slopes = [(float(second(x + e)) - float(second(x - e))) / (2 * e) for e in (1e-5, 1e-4)]
    if abs(slopes[0] - slopes[1]) < 1e-4 * (1 + abs(slopes[0])):
        onp.testing.assert_allclose(third, slopes[0], rtol=1e-4, atol=1e-5, err_msg=str(steps))
    assert onp.asarray(grad(grad(grad(f)))(x.astype(onp.float32))).dtype == onp.float32
    return steps


@settings(deadline=None, max_examples=30, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_scalar_program_third_order(data):
    check_third_order(_hypothesis_pick(data))


# ---- regressions the fuzzer found ------------------------------------------------------
@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_second_order_through_an_index_of_a_0d_input(dtype):
    # the index's sparse gradient met a traced 0-d gradient (a NumPy scalar inside a box):
    # grad(grad(f)), hessian and hvp raised TypeError: first operand must be array
    def f(a):
        return a[()] * a[()] + np.fmax(a, a) * a
    x = onp.array(1.5, dtype)
    for g in (grad(grad(f))(x), hessian(f)(x), hessian_vector_product(f)(x, onp.ones((), dtype))):
        assert onp.asarray(g).dtype == dtype
        onp.testing.assert_allclose(float(g), 4.0, rtol=1e-6)
    assert float(grad(grad(grad(f)))(x)) == 0.0


W4 = onp.array([1.0, 10.0, 100.0, 1000.0])
CONSTANT_VIEWS = {
    "reshape": lambda N, c: c.reshape(-1), "T": lambda N, c: c.T, "ravel": lambda N, c: c.ravel(),
    "np.reshape": lambda N, c: N.reshape(c, -1), "np.transpose": lambda N, c: N.transpose(c),
    "np.squeeze": lambda N, c: N.squeeze(c), "np.flip": lambda N, c: N.flip(c),
    "np.split": lambda N, c: N.split(c, 2)[1], "np.atleast_2d": lambda N, c: N.atleast_2d(c)[0],
}


@pytest.mark.parametrize("view", list(CONSTANT_VIEWS.values()), ids=list(CONSTANT_VIEWS))
def test_write_through_a_view_of_an_adopted_constant_reaches_it(view):
    # once np.zeros(4) held a traced value, a write through its c.reshape(-1), c.T or
    # np.reshape(c, -1) went into a temporary traced copy: the value was right and the
    # gradient silently dropped the write
    def run(N, a):
        c = N.zeros(4)
        c[:2] = 2 * a
        v = view(N, c)
        v[::2] += 3 * a[:v[::2].shape[0]]
        return N.sum(c * W4)
    a = onp.array([1.0, 2.0])
    assert float(run(np, np.array(a))) == run(onp, a)
    fd = [(run(onp, a + e) - run(onp, a - e)) / 2e-6 for e in onp.eye(2) * 1e-6]
    onp.testing.assert_allclose(grad(lambda x: run(np, x))(a), fd, rtol=1e-6)
    J = jacobian(lambda x: run(np, x) * x)(a)
    onp.testing.assert_allclose(onp.diag(J), onp.asarray(fd) * a + run(onp, a), rtol=1e-6)
