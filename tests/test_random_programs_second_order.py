"""Random programs, second order: ``hessian`` (one argnum and a list),
``hessian_vector_product``, ``grad`` of an inner product with ``grad``, ``jacobian(grad)`` of
the programs of test_random_programs.py, each checked against central differences of the
first-order gradient."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad, hessian, hessian_vector_product, jacobian
from random_program_helpers import _hypothesis_pick, _weights, draw_program, loss, run_program
from random_program_check_helpers import _compare


# ---- second order -----------------------------------------------------------------------
def _first(steps, inputs, weights):
    """grad of the weighted loss w.r.t. every input (round 1 checks it), as plain arrays."""
    out = grad(lambda *xs: loss(np, steps, xs, weights), argnum=list(range(len(inputs))))(
        *inputs)
    return [onp.asarray(g) for g in (out if len(inputs) > 1 else [out])]


def _second_differences(steps, inputs, weights):
    """H[i][j] from central differences of the first-order gradient; NaN near a kink of the
    gradient (two step sizes disagree)."""
    blocks = [[onp.zeros(x.shape + y.shape) for y in inputs] for x in inputs]
    for j, y in enumerate(inputs):
        for k in range(y.size):
            slopes = []
            for eps in (1e-5, 1e-4):
                ends = []
                for shift in (-eps, eps):
                    moved = [x.copy() for x in inputs]
                    moved[j].flat[k] += shift
                    ends.append(_first(steps, moved, weights))
                slopes.append([(b - a) / (2 * eps) for a, b in zip(*ends)])
            for i, (small, large) in enumerate(zip(*slopes)):
                kink = onp.abs(small - large) > 1e-3 * (1 + onp.abs(small))
                column = onp.where(kink, onp.nan, small)
                blocks[i][j].reshape(inputs[i].shape + (-1,))[..., k] = column
    return blocks


def check_second_order(pick):
    shapes = [tuple(1 + pick(2) for _ in range(pick(3))) for _ in range(1 + pick(2))]
    rng = onp.random.RandomState(pick(2 ** 31))
    inputs = [onp.asarray(onp.round(rng.uniform(-1.5, 1.5, s), 3)) for s in shapes]
    steps = draw_program(pick, list(inputs))
    weights = _weights(run_program(onp, steps, inputs))
    with onp.errstate(all="ignore"):
        fd = _second_differences(steps, inputs, weights)

    def f(*xs):
        return loss(np, steps, xs, weights)
    argnums = list(range(len(inputs)))
    mode = pick(5)
    where = f"mode {mode}: {steps}"
    if mode == 0:  # hessian over every input
        H = hessian(f, argnum=argnums)(*inputs)
        for i in argnums:
            for j in argnums:
                _compare(H[i][j] if len(inputs) > 1 else H, fd[i][j], where)
    elif mode == 1:  # hessian over the last input alone
        last = len(inputs) - 1
        _compare(hessian(f, argnum=last)(*inputs), fd[last][last], where)
    elif mode == 2:  # hessian_vector_product along a fixed vector
        vector = [onp.sin(onp.arange(x.size) + 1.0).reshape(x.shape) for x in inputs]
        hv = hessian_vector_product(f, argnum=argnums)(
            *inputs, vector if len(inputs) > 1 else vector[0])
        hv = hv if len(inputs) > 1 else [hv]
        for i in argnums:
            expected = sum(onp.tensordot(fd[i][j], vector[j], axes=vector[j].ndim)
                           for j in argnums)
            _compare(hv[i], expected, where)
    elif mode == 3:  # grad of <grad f, v> w.r.t. each input
        vector = [onp.cos(onp.arange(x.size) * 0.3).reshape(x.shape) for x in inputs]

        def inner(*xs):
            gs = grad(f, argnum=argnums)(*xs)
            gs = gs if len(xs) > 1 else [gs]
            return sum(np.sum(g * v) for g, v in zip(gs, vector))
        out = grad(inner, argnum=argnums)(*inputs)
        out = out if len(inputs) > 1 else [out]
        for j in argnums:
            expected = sum(onp.tensordot(vector[i], fd[i][j], axes=vector[i].ndim)
                           for i in argnums)
            _compare(out[j], expected, where)
            assert onp.asarray(out[j]).dtype == onp.float64
    else:  # jacobian of grad w.r.t. input 0
        J = jacobian(grad(f, argnum=argnums), argnum=0)(*inputs)
        J = J if len(inputs) > 1 else [J]
        for i in argnums:
            _compare(J[i], fd[i][0], where)
    return steps


@settings(deadline=None, max_examples=60, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_second_order_matches_differences_of_gradient(data):
    check_second_order(_hypothesis_pick(data))
