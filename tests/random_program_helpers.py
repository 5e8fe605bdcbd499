"""Random NumPy programs, drawn from the op table (random_program_ops) and run twice: with
minpy_compat.numpy under grad and with plain NumPy; the gradient of a weighted sum of all
values is checked against central differences."""
import numpy as onp
from hypothesis import strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad
from random_program_ops import OPS, SHAPED


# ---- drawing and running programs ----------------------------------------------------------
def draw_program(pick, values, table=None):
    """Append 3-12 steps to `values` (plain NumPy arrays); return the steps."""
    table = OPS if table is None else table
    names = sorted(table)
    steps, target = [], 3 + pick(10)
    for _ in range(60):
        if len(steps) == target:
            break
        name = names[pick(len(names))]
        arity, draw, run = table[name]
        args = [len(values) - 1 - min(pick(4), len(values) - 1) for _ in range(arity)]
        shapes = [values[i].shape for i in args]
        if arity == 2 and name not in SHAPED and not _broadcastable(*shapes):
            continue
        params = draw(pick, *shapes)
        if params is None:
            continue
        with onp.errstate(all="ignore"):
            try:
                out = onp.asarray(run(onp, params, *[values[i] for i in args]))
            except (ValueError, IndexError, TypeError):
                continue
        if out.size == 0 or out.size > 60 or out.ndim > 4 or not onp.all(onp.isfinite(out)) \
                or onp.abs(out).max() > 1e4:
            continue
        steps.append((name, args, params))
        values.append(out)
    return steps


def _broadcastable(s, t):
    try:
        onp.broadcast_shapes(s, t)
    except ValueError:
        return False
    return True


def run_program(N, steps, inputs, table=None):
    table = OPS if table is None else table
    values = list(inputs)
    for name, args, params in steps:
        out = table[name][2](N, params, *[values[i] for i in args])
        if isinstance(out, onp.generic):  # NumPy's scalars (x[()], sum(x)) cannot be written
            out = N.array(out)
        values.append(out)
    return values


def _weights(values):
    return [onp.cos(onp.arange(onp.size(v)) * 0.7 + k).reshape(onp.shape(v))
            for k, v in enumerate(values)]


def loss(N, steps, inputs, weights, table=None):
    values = run_program(N, steps, inputs, table)
    return sum(N.sum(v * w.astype(onp.result_type(v))) for v, w in zip(values, weights))


def _differences(steps, inputs, weights, i, k, eps, table=None):
    """f at x - eps, x, x + eps along coordinate k of input i."""
    values = []
    for shift in (-eps, 0.0, eps):
        moved = [y.copy() for y in inputs]
        moved[i].flat[k] += shift
        values.append(loss(onp, steps, moved, weights, table))
    return values


def _central(steps, inputs, weights, table=None):
    """Central differences, NaN where the point is near a kink (one-sided slopes or two step
    sizes disagree): ties in max/sort, abs at 0, a clip bound."""
    grads = []
    for i, x in enumerate(inputs):
        g = onp.zeros_like(x)
        for k in range(x.size):
            low, mid, high = _differences(steps, inputs, weights, i, k, 1e-6, table)
            wide = _differences(steps, inputs, weights, i, k, 1e-5, table)
            small, large = (high - low) / 2e-6, (wide[2] - wide[0]) / 2e-5
            one_sided = abs((high - mid) - (mid - low)) / 1e-6
            kink = one_sided > 1e-4 * (1 + abs(small)) or abs(small - large) > 1e-6 * (
                1 + abs(small))
            g.flat[k] = onp.nan if kink else small
        grads.append(g)
    return grads


def _gradients(steps, inputs, weights, table=None):
    argnum = list(range(len(inputs)))
    grads = grad(lambda *xs: loss(np, steps, xs, weights, table), argnum=argnum)(*inputs)
    return grads if len(inputs) > 1 else [grads]  # MinPy unwraps a one-element list


def check_program(pick, table=None):
    shapes = [tuple(1 + pick(3) for _ in range(pick(4))) for _ in range(1 + pick(3))]
    rng = onp.random.RandomState(pick(2 ** 31))
    inputs = [onp.asarray(onp.round(rng.uniform(-2, 2, s), 3)) for s in shapes]
    steps = draw_program(pick, list(inputs), table)
    expected = run_program(onp, steps, inputs, table)
    got = run_program(np, steps, [np.array(x) for x in inputs], table)
    for k, (e, v) in enumerate(zip(expected, got)):
        where = f"value {k} of {steps}"
        assert v.shape == e.shape and v.dtype == e.dtype, where
        onp.testing.assert_allclose(onp.asarray(v), e, rtol=1e-12, atol=1e-12, err_msg=where)
    weights = _weights(expected)
    grads = _gradients(steps, inputs, weights, table)
    for x, g, fd in zip(inputs, grads, _central(steps, inputs, weights, table)):
        assert g.shape == x.shape and g.dtype == x.dtype, (g.shape, g.dtype, x.shape, steps)
        smooth = ~onp.isnan(fd)
        if any(onp.any(e == 0) for e in expected):  # std, hypot, norm at 0 give NaN, as in
            smooth &= ~onp.isnan(onp.asarray(g))   # autograd, even where a constant follows
        onp.testing.assert_allclose(onp.asarray(g)[smooth], fd[smooth], rtol=1e-5, atol=1e-6,
                                    err_msg=str(steps))
    singles = [x.astype(onp.float32) for x in inputs]
    grads32 = _gradients(steps, singles, weights, table)
    assert [g.dtype for g in grads32] == [onp.float32] * len(inputs), steps
    return steps


def _hypothesis_pick(data):
    return lambda n: data.draw(st.integers(0, max(n - 1, 0)))
