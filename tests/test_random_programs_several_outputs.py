"""Random programs with several outputs: ``jacobian`` of a tuple of values w.r.t. a list of
argnums, against central differences."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad, jacobian
from random_program_helpers import _hypothesis_pick, draw_program, run_program
from random_program_check_helpers import TABLE, _compare, _jacobian_differences


def check_several_outputs(pick):
    shapes = [tuple(1 + pick(2) for _ in range(pick(3))) for _ in range(1 + pick(3))]
    rng = onp.random.RandomState(pick(2 ** 31))
    inputs = [onp.asarray(onp.round(rng.uniform(-1.5, 1.5, s), 3)) for s in shapes]
    steps = draw_program(pick, list(inputs), TABLE)
    count = len(inputs) + len(steps)
    outputs = sorted({count - 1 - pick(min(count, 4)) for _ in range(1 + pick(3))})
    argnums = sorted({pick(len(inputs)) for _ in range(1 + pick(2))})

    def program(N, *xs):
        values = run_program(N, steps, xs, TABLE)
        return tuple(values[o] for o in outputs)
    ours = [np.array(x) for x in inputs]  # a value written into an input not differentiated
    J = jacobian(lambda *xs: program(np, *xs), argnum=argnums)(*ours)
    assert isinstance(J, tuple) and len(J) == len(outputs), (steps, outputs)
    with onp.errstate(all="ignore"):
        expected = {i: _jacobian_differences(lambda *xs: [onp.asarray(v) for v in program(
            onp, *xs)], inputs, i) for i in argnums}
        twice = {i: _jacobian_differences(lambda *xs: [onp.asarray(v) for v in program(
            onp, *xs)], inputs, i, 1e-5) for i in argnums}
    for o, per_argnum in enumerate(J):
        per_argnum = per_argnum if len(argnums) > 1 else [per_argnum]  # MinPy unwraps one
        assert isinstance(per_argnum, list) and len(per_argnum) == len(argnums)
        for block, i in zip(per_argnum, argnums):
            fd, wide = expected[i][o], twice[i][o]
            fd = onp.where(onp.abs(fd - wide) > 1e-5 * (1 + onp.abs(fd)), onp.nan, fd)
            _compare(block, fd, f"output {outputs[o]} argnum {i}: {steps}")
    # grad of a tuple seeds every item with ones: the gradient of the sum of their sums
    summed = grad(lambda *xs: sum(np.sum(v) for v in program(np, *xs)), argnum=argnums)(
        *ours)
    tupled = grad(lambda *xs: program(np, *xs), argnum=argnums)(*ours)
    for a, b in zip(summed if len(argnums) > 1 else [summed],
                    tupled if len(argnums) > 1 else [tupled]):
        onp.testing.assert_allclose(onp.asarray(b), onp.asarray(a), rtol=1e-10, atol=1e-12,
                                    err_msg=str(steps))
    return steps


@settings(deadline=None, max_examples=150, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_with_several_outputs_and_argnums(data):
    check_several_outputs(_hypothesis_pick(data))
