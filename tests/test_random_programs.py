"""Random NumPy programs, run twice: with minpy_compat.numpy under grad and with plain NumPy.

A program is 3-12 steps over 1-3 float64 inputs of small shapes; each step applies one entry
of OPS (elementwise ufuncs with broadcasting, reductions, shape functions, indexing, joins,
products, sorts, writes into copies and into views of copies) to values made earlier. Every
value must equal NumPy's (dtype, shape, numbers to 1e-12); the gradient of a weighted sum of
all values must match central differences wherever those are stable under two step sizes
(points near a kink are skipped); gradients have the input's shape and dtype, and the
float32 program gives float32 gradients. The regression tests for the bugs it found follow.
"""
import numpy as onp
import pytest
from autograd.tracer import getval
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import grad


# ---- the op table: name -> (arity, draw(pick, *shapes) -> params or None, run) ---------------
def _smooth(name):
    return 1, lambda pick, s: (), lambda N, p, a: getattr(N, name)(a)


def _safe(fn):
    return 1, lambda pick, s: (), fn


def _binary(name):
    return 2, lambda pick, s, t: (), lambda N, p, a, b: getattr(N, name)(a, b)


def _axis(pick, shape, allow_none=True):
    choices = list(range(-len(shape), len(shape))) + ([None] if allow_none else [])
    return choices[pick(len(choices))] if choices else None


def _reduction(name):
    def draw(pick, s):
        return _axis(pick, s), bool(pick(2))
    return 1, draw, lambda N, p, a: getattr(N, name)(a, axis=p[0], keepdims=p[1])


def _basic_index(pick, shape):
    index = []
    for n in shape:
        kind = pick(5)
        if kind == 0:
            index.append(pick(2 * n) - n)
        elif kind == 1:
            step = [1, 2, -1, -2][pick(4)]
            index.append(slice(pick(2 * n + 1) - n, pick(2 * n + 1) - n, step))
        elif kind == 2 and not index:
            index.append(Ellipsis)
            break
        else:
            index.append(slice(None))
    if pick(4) == 0:
        index.insert(pick(len(index) + 1), None)
    return tuple(index)


def _fancy_index(pick, shape):
    if not shape:
        return None
    if pick(3) == 0:
        return ("mask", pick(3))
    axis = pick(len(shape))
    n = shape[axis]
    rows = [pick(2 * n) - n for _ in range(1 + pick(4))]
    return (slice(None),) * axis + (onp.array(rows),)


def _resolve(index, a):
    if isinstance(index, tuple) and index and isinstance(index[0], str):  # ("mask", level)
        return onp.asarray(a) > (index[1] - 1) * 0.3
    return index


def _index(pick, s):
    return _fancy_index(pick, s) if pick(2) else _basic_index(pick, s)


def _get(N, p, a):
    return a[_resolve(p, _plain(a))]


def _plain(a):  # the value under every trace (grad of grad boxes a box)
    return onp.asarray(getval(a))


def _write(mode, view):
    def draw(pick, s, t):
        if view == "T" and len(s) < 2 or view == "flat" and not s:
            return None
        seen = s[::-1] if view == "T" else (int(onp.prod(s)),) if view == "flat" else s
        return _index(pick, seen), pick(3)

    def run(N, p, a, b):
        c = a.copy()
        target = {"T": lambda: c.T, "flat": lambda: c.reshape(-1), None: lambda: c}[view]()
        index = _resolve(p[0], _plain(target))
        old = target[index]
        value = [N.sin(old) * N.mean(b), N.mean(b) * 0.5, N.tanh(N.sum(b)) + old * old][p[1]]
        if mode == "=":
            target[index] = value
        elif mode == "+=":
            target[index] += value
        else:
            target[index] *= value
        return c
    return 2, draw, run


def _reshape_draw(pick, s):
    size = int(onp.prod(s))
    shapes = [(size,), (-1, 1), (1, -1)] + [(d, -1) for d in range(2, size) if size % d == 0]
    return shapes[pick(len(shapes))]


def _joinable(s, t, axis):
    return len(s) == len(t) and all(x == y for i, (x, y) in enumerate(zip(s, t)) if i != axis)


def _matmul_draw(pick, s, t):
    return None if not s or not t or s[-1] != t[-1] else ()


OPS = {name: _smooth(name) for name in [
    "sin", "cos", "tanh", "arctan", "arcsinh", "square", "negative", "abs", "fabs",
    "positive", "rint", "floor", "sign", "deg2rad", "conj", "real", "ravel", "transpose",
    "atleast_2d", "sinc"]}
OPS.update({name: _binary(name) for name in [
    "add", "subtract", "multiply", "maximum", "minimum", "fmax", "fmin", "hypot",
    "logaddexp", "logaddexp2"]})
OPS.update({name: _reduction(name) for name in [
    "sum", "mean", "max", "min", "amax", "var", "std", "prod", "nansum", "ptp", "nanmax"]})
OPS.update({
    "log_abs": _safe(lambda N, p, a: N.log(N.abs(a) + 1)),
    "log1p_sq": _safe(lambda N, p, a: N.log1p(a * a)),
    "sqrt": _safe(lambda N, p, a: N.sqrt(a * a + 1)),
    "exp_tanh": _safe(lambda N, p, a: N.exp(N.tanh(a))),
    "expm1": _safe(lambda N, p, a: N.expm1(N.sin(a))),
    "arcsin": _safe(lambda N, p, a: N.arcsin(N.tanh(a) * 0.9)),
    "reciprocal": _safe(lambda N, p, a: N.reciprocal(a * a + 1)),
    "power": _safe(lambda N, p, a: N.power(N.abs(a) + 1, 1.5)),
    "cbrt": _safe(lambda N, p, a: N.cbrt(a * a + 1)),
    "log2": _safe(lambda N, p, a: N.log2(a * a + 2)),
    # off the branch cut: a -0.0 where NumPy has 0.0 (nanmax of a signed-zero tie) flips by pi
    "arctan2": (2, lambda pick, s, t: (), lambda N, p, a, b: N.arctan2(a, b * b + 0.5)),
    "divide": (2, lambda pick, s, t: (), lambda N, p, a, b: a / (b * b + 1)),
    "power_ab": (2, lambda pick, s, t: (), lambda N, p, a, b: N.power(N.abs(a) + 1, b)),
    "where": (2, lambda pick, s, t: (), lambda N, p, a, b: N.where(a > b, a * 2, b)),
    "clip": (1, lambda pick, s: sorted([pick(5) * 0.4 - 1, pick(5) * 0.4 - 0.8]),
             lambda N, p, a: N.clip(a, p[0], p[1])),
    "cumsum": (1, lambda pick, s: _axis(pick, s), lambda N, p, a: N.cumsum(a, axis=p)),
    "cumprod": (1, lambda pick, s: _axis(pick, s), lambda N, p, a: N.cumprod(a, axis=p)),
    "sort": (1, lambda pick, s: _axis(pick, s), lambda N, p, a: N.sort(a, axis=p)),
    "flip": (1, lambda pick, s: _axis(pick, s), lambda N, p, a: N.flip(a, axis=p)),
    "roll": (1, lambda pick, s: (pick(5) - 2, _axis(pick, s)),
             lambda N, p, a: N.roll(a, p[0], axis=p[1])),
    "reshape": (1, _reshape_draw, lambda N, p, a: N.reshape(a, p)),
    "method_reshape": (1, _reshape_draw, lambda N, p, a: a.reshape(p)),
    "swapaxes": (1, lambda pick, s: (pick(len(s)), pick(len(s))) if s else None,
                 lambda N, p, a: N.swapaxes(a, *p)),
    "permute": (1, lambda pick, s: tuple(onp.argsort([pick(9) for _ in s])),
                lambda N, p, a: N.transpose(a, p)),
    "expand_dims": (1, lambda pick, s: pick(len(s) + 1), lambda N, p, a: N.expand_dims(a, p)),
    "squeeze": (1, lambda pick, s: (), lambda N, p, a: N.squeeze(a)),
    "moveaxis": (1, lambda pick, s: (pick(len(s)), pick(len(s))) if s else None,
                 lambda N, p, a: N.moveaxis(a, *p)),
    "tile": (1, lambda pick, s: tuple(1 + pick(2) for _ in range(1 + pick(2))),
             lambda N, p, a: N.tile(a, p)),
    "repeat": (1, lambda pick, s: (1 + pick(2), _axis(pick, s)),
               lambda N, p, a: N.repeat(a, p[0], axis=p[1])),
    "pad": (1, lambda pick, s: (pick(2), ["constant", "edge", "reflect", "wrap",
                                          "symmetric"][pick(5)]) if s else None,
            lambda N, p, a: N.pad(a, p[0] + 1, mode=p[1])),
    "diff": (1, lambda pick, s: _axis(pick, s, False) if s else None,
             lambda N, p, a: N.diff(a, axis=p)),
    "getitem": (1, _index, _get),
    "take": (1, lambda pick, s: ([pick(4) - 2 for _ in range(1 + pick(3))], _axis(pick, s)),
             lambda N, p, a: N.take(a, p[0], axis=p[1], mode="wrap")),
    "concatenate": (2, lambda pick, s, t: (lambda ax: ax if _joinable(s, t, ax) else None)(
        pick(len(s))) if s else None, lambda N, p, a, b: N.concatenate([a, b], axis=p)),
    "stack": (2, lambda pick, s, t: pick(len(s) + 1) if s == t else None,
              lambda N, p, a, b: N.stack([a, b], axis=p)),
    "dot": (2, _matmul_draw,
            lambda N, p, a, b: N.dot(a, N.swapaxes(b, -1, 0) if b.ndim > 1 else b)),
    "matmul": (2, lambda pick, s, t: () if len(s) >= 1 and len(t) >= 1 and s[-1] == t[-1]
               else None, lambda N, p, a, b: N.matmul(a, N.swapaxes(b, -1, -2)
                                                      if b.ndim > 1 else b)),
    "einsum": (2, lambda pick, s, t: () if len(s) == 2 and len(t) == 2 and s[1] == t[1]
               else None, lambda N, p, a, b: N.einsum("ij,kj->ik", a, b)),
    "outer": (2, lambda pick, s, t: (), lambda N, p, a, b: N.outer(a, b)),
    "set": _write("=", None), "iadd": _write("+=", None), "imul": _write("*=", None),
    "set_T": _write("=", "T"), "iadd_T": _write("+=", "T"),
    "set_flat": _write("=", "flat"), "iadd_flat": _write("+=", "flat"),
})


# binary ops whose arguments need not broadcast together (their draw checks the shapes)
SHAPED = {"concatenate", "stack", "dot", "matmul", "einsum", "outer"}


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


@settings(deadline=None, max_examples=1200, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NaN gradients at kinks, allowed above
def test_random_program_matches_numpy_and_finite_differences(data):
    check_program(_hypothesis_pick(data))


# ---- regressions the fuzzer found ------------------------------------------------------------
ZERO_D = [onp.array(1.5), onp.float64(1.5), onp.array(1.5, onp.float32)]


@pytest.mark.parametrize("x", ZERO_D, ids=["0-d", "numpy scalar", "0-d float32"])
@pytest.mark.parametrize("fn, expected", [
    (lambda a: a[()] + np.fmax(a, a), 2.0),  # fmax's two 0-d gradients, then an index's
    (lambda a: a[...] + a * a, 4.0),
], ids=["fmax", "multiply"])
def test_index_of_0d_input_adds_into_numpy_scalar_gradients(fn, expected, x):
    # the 0-d gradients summed to a NumPy scalar, and adding x[()]'s gradient into it raised
    # TypeError: first operand must be array
    g = grad(fn)(x)
    assert g.dtype == onp.asarray(x).dtype and g.shape == ()
    onp.testing.assert_allclose(float(g), expected, rtol=1e-6)


def _write_through_new_axis(a):
    c = np.zeros(())
    c[None] *= a
    c[None] += a
    c[None, None] *= a
    c[None][0] += 2 * a
    return c * a


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_write_through_new_axis_of_0d_array_under_grad(dtype):
    # c[None] += a on a 0-d np.zeros(()) raised ValueError: multiple indices are not
    # supported for 0d arrays (the view's slots in its 0-d base)
    x = onp.array(1.5, dtype)
    value = float(_write_through_new_axis(np.array(x)))
    onp.testing.assert_allclose(value, 1.5 ** 3 + 2 * 1.5 ** 2, rtol=1e-6)
    g = grad(_write_through_new_axis)(x)
    assert g.dtype == dtype
    onp.testing.assert_allclose(float(g), 3 * 1.5 ** 2 + 4 * 1.5, rtol=1e-6)


W23 = onp.cos(onp.arange(6.0)).reshape(2, 3)


def _write_through_flat_view_of_copy(N, a, copy):
    c = copy(a.T)
    flat = c.reshape(-1)  # a view when c is C-ordered, as x.copy() makes it
    flat[:4] = flat[:4] ** 2
    return N.sum(c * W23)


@pytest.mark.parametrize("copy", [lambda t: t.copy(), lambda t: t.copy(order="C"),
                                  lambda t: t.copy(order="F"), lambda t: t.copy("K")],
                         ids=["copy()", "order C", "order F", "order K"])
def test_method_copy_of_transposed_value_is_c_ordered_under_grad(copy):
    # x.T.copy() under grad kept the transposed layout (np.copy's order='K'), so a write
    # through c.reshape(-1) landed in other elements: right value, wrong gradient; and
    # x.copy(order=...) raised TypeError
    x = onp.linspace(-1, 1, 6).reshape(3, 2)
    expected = _write_through_flat_view_of_copy(onp, x.copy(), copy)
    assert float(_write_through_flat_view_of_copy(np, np.array(x), copy)) == expected
    g = grad(lambda a: _write_through_flat_view_of_copy(np, a, copy))(x)
    ones = onp.eye(6)
    fd = [(_write_through_flat_view_of_copy(onp, x + 1e-6 * e.reshape(3, 2), copy) -
           _write_through_flat_view_of_copy(onp, x - 1e-6 * e.reshape(3, 2), copy)) / 2e-6
          for e in ones]
    onp.testing.assert_allclose(onp.asarray(g).ravel(), fd, rtol=1e-6, atol=1e-8)
