"""Random programs, round 2: where tests/test_random_programs.py did not go.

- second order: ``hessian`` (one argnum and a list), ``hessian_vector_product``,
  ``grad`` of an inner product with ``grad``, ``jacobian(grad)`` of round 1's programs, each
  checked against central differences of the first-order gradient;
- ops round 1 did not draw (linalg on well-conditioned matrices, fft followed by ``real`` /
  ``imag`` / ``abs``, matrix_power, trace, diagonal, tril/triu, kron, cross, convolve,
  interp, sort or argsort then index) and customops with hand-written gradients, all
  checked by round 1's checker (NumPy's values, float64 differences, float32 stays float32);
- several outputs: ``jacobian`` of a tuple of values w.r.t. a list of argnums.
The regression tests for the bugs it found follow.
"""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat import customop, grad, hessian, hessian_vector_product, jacobian
from random_program_helpers import (_hypothesis_pick, _weights, check_program, draw_program, loss,
                                    run_program)
from random_program_ops import OPS, SHAPED, _axis


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


def _compare(got, expected, where):
    got = onp.asarray(got)
    assert got.shape == expected.shape, (got.shape, expected.shape, where)
    smooth = ~onp.isnan(expected) & ~onp.isnan(got)
    onp.testing.assert_allclose(got[smooth], expected[smooth], rtol=1e-4, atol=1e-5,
                                err_msg=where)


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


# ---- ops round 1 did not draw ----------------------------------------------------------
def _spd(N, a):
    """a a^T + n I over the last two axes: symmetric, well conditioned."""
    n = a.shape[-2]
    return N.matmul(a, N.swapaxes(a, -1, -2)) + n * onp.eye(n)


def _dominant(N, a):
    """A square a plus 3 n I: well conditioned, not symmetric."""
    return a + 3 * a.shape[-1] * onp.eye(a.shape[-1])


def _matrix(pick, s):
    return () if len(s) >= 2 else None


def _square(pick, s):
    return () if len(s) >= 2 and s[-1] == s[-2] else None


def _eigh_draw(pick, s):
    return pick(2) if len(s) >= 2 else None


def _solve_draw(pick, s, t):
    if len(s) != 2:
        return None
    n = s[0]
    return () if t == (n,) or (len(t) == 2 and t[0] == n) else None


def _norm_draw(pick, s):
    if len(s) == 2 and pick(2):
        return ([None, "fro", "nuc", 1, -1, 2, -2, onp.inf, -onp.inf][pick(9)], None)
    if not s:
        return None
    return ([None, 1, 2, 3, onp.inf, -onp.inf, 0.5][pick(7)], _axis(pick, s, False))


def _fft_draw(pick, s):
    return (_axis(pick, s, False), pick(3), ["fft", "ifft", "rfft", "hfft"][pick(4)],
            [None, "ortho", "forward"][pick(3)]) if s else None


def _fft_run(N, p, a):
    axis, part, name, norm = p
    out = getattr(N.fft, name)(a, axis=axis, norm=norm)
    return [N.real, N.imag, lambda z: N.abs(z + 3)][part](out)


def _irfft_draw(pick, s):
    return (_axis(pick, s, False), pick(3), [None, "ortho"][pick(2)]) if s else None


def _irfft_run(N, p, a):
    axis, extra, norm = p
    n = 2 * (a.shape[axis] - 1) + (extra % 2) if a.shape[axis] > 1 else None
    spectrum = N.fft.rfft(a, axis=axis) * (1 + 0.5j)
    if extra == 2:
        return N.fft.irfft(spectrum, axis=axis, norm=norm)
    return N.fft.irfft(spectrum, n=n, axis=axis, norm=norm)


def _two_axes(pick, s):
    if len(s) < 2:
        return None
    first = pick(len(s))
    second = (first + 1 + pick(len(s) - 1)) % len(s)
    return pick(3) - 1, first, second


def _interp_run(N, p, a, b):
    knots = onp.linspace(-1.5, 1.5, b.shape[0])
    return N.interp(a, knots, b)


def _sort_index_draw(pick, s):
    return (_axis(pick, s, False), pick(s[0]) if s else 0) if s else None


def _argsort_take(N, p, a, b):
    order = N.argsort(b, axis=p)
    return N.take_along_axis(a, order, axis=p)


def _argsort_flat(N, p, a, b):
    return N.take(a, N.argsort(N.ravel(b))[: p + 1])


# customops: MinPy's decorator, gradients written by hand
@customop("numpy")
def wavy(x):
    return x * x + onp.sin(x)


wavy.def_grad(lambda ans, x: lambda g: g * (2 * x + onp.cos(x)))


@customop("numpy")
def scaled_product(x, y):
    return x * onp.tanh(y)


def _unbroadcast(g, like):
    while g.ndim > onp.ndim(like):
        g = g.sum(axis=0)
    for axis, n in enumerate(onp.shape(like)):
        if n == 1 and g.shape[axis] != 1:
            g = g.sum(axis=axis, keepdims=True)
    return g


scaled_product.def_grad(lambda ans, x, y: lambda g: _unbroadcast(g * onp.tanh(y), x),
                        argnum=0)
scaled_product.def_grad(lambda ans, x, y: lambda g: _unbroadcast(
    g * x * (1 - onp.tanh(y) ** 2), y), argnum=1)


@customop("numpy")
def row_softmax(x):
    e = onp.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


row_softmax.def_grad(lambda ans, x: lambda g: ans * (g - (g * ans).sum(axis=-1, keepdims=True)))


def _custom(op, fallback):
    """Run op on our arrays and fallback on NumPy's (the reference values)."""
    return lambda N, p, *xs: fallback(*xs) if N is onp else op(*xs)


NEW_OPS = {
    "inv": (1, _matrix, lambda N, p, a: N.linalg.inv(_spd(N, a))),
    "inv_dominant": (1, _square, lambda N, p, a: N.linalg.inv(_dominant(N, a))),
    "solve": (2, _solve_draw, lambda N, p, a, b: N.linalg.solve(_spd(N, a), b)),
    "det": (1, _matrix, lambda N, p, a: N.linalg.det(_spd(N, a) * 0.5)),
    "det_dominant": (1, _square, lambda N, p, a: N.linalg.det(_dominant(N, a) * 0.3)),
    "slogdet": (1, _square, lambda N, p, a: (lambda sl: sl[0] * sl[1])(
        N.linalg.slogdet(_dominant(N, a)))),
    "eigh": (1, _eigh_draw, lambda N, p, a: N.linalg.eigh(_spd(N, a))[0] if p == 0 else
             N.linalg.eigh(_spd(N, a))[1] ** 2),
    "eigvalsh": (1, _matrix, lambda N, p, a: N.linalg.eigvalsh(_spd(N, a))),
    "cholesky": (1, _matrix, lambda N, p, a: N.linalg.cholesky(_spd(N, a))),
    "qr": (1, lambda pick, s: pick(2) if len(s) == 2 and s[0] >= s[1] else None,
           lambda N, p, a: N.linalg.qr(a + onp.eye(*a.shape) * 3)[p]),
    "svd": (1, _matrix, lambda N, p, a: N.linalg.svd(a, compute_uv=False)),
    "pinv": (1, _matrix, lambda N, p, a: N.linalg.pinv(a + onp.eye(*a.shape[-2:]) * 3)),
    "norm": (1, _norm_draw, lambda N, p, a: N.linalg.norm(a + 0.25, ord=p[0], axis=p[1])),
    "fft": (1, _fft_draw, _fft_run),
    "irfft": (1, _irfft_draw, _irfft_run),
    "fft2": (1, lambda pick, s: pick(2) if len(s) >= 2 else None,
             lambda N, p, a: N.real(N.fft.fft2(a)) if p else N.imag(N.fft.ifft2(a))),
    "fftshift": (1, lambda pick, s: (), lambda N, p, a: N.fft.fftshift(a)),
    "matrix_power": (1, lambda pick, s: pick(6) - 2 if len(s) >= 2 and s[-1] == s[-2]
                     else None,
                     lambda N, p, a: N.linalg.matrix_power(_dominant(N, a) * 0.2, p)),
    "trace": (1, _two_axes, lambda N, p, a: N.trace(a, p[0], p[1], p[2])),
    "diagonal": (1, _two_axes, lambda N, p, a: N.diagonal(a, p[0], p[1], p[2])),
    "tril": (1, lambda pick, s: pick(3) - 1 if s else None, lambda N, p, a: N.tril(a, p)),
    "triu": (1, lambda pick, s: pick(3) - 1 if s else None, lambda N, p, a: N.triu(a, p)),
    "kron": (2, lambda pick, s, t: (), lambda N, p, a, b: N.kron(a, b)),
    "cross": (2, lambda pick, s, t: () if s and t and s[-1] == 3 and t[-1] == 3 else None,
              lambda N, p, a, b: N.cross(a, b)),
    "convolve": (2, lambda pick, s, t: ["full", "same", "valid"][pick(3)]
                 if len(s) == 1 and len(t) == 1 else None,
                 lambda N, p, a, b: N.convolve(a, b, mode=p)),
    "interp": (2, lambda pick, s, t: () if len(t) == 1 and t[0] >= 2 else None, _interp_run),
    "logaddexp": (2, lambda pick, s, t: (), lambda N, p, a, b: N.logaddexp(a, b * 2)),
    "sort_index": (1, _sort_index_draw, lambda N, p, a: N.sort(a, axis=p[0])[p[1]]),
    "argsort_take": (2, lambda pick, s, t: _axis(pick, s, False) if s and s == t else None,
                     _argsort_take),
    "argsort_flat": (2, lambda pick, s, t: pick(onp.prod(t, dtype=int)) if s else None,
                     _argsort_flat),
    "tensordot": (2, lambda pick, s, t: 1 if s and t and s[-1] == t[0] else None,
                  lambda N, p, a, b: N.tensordot(a, b, axes=p)),
    "wavy": (1, lambda pick, s: (), _custom(wavy, lambda a: a * a + onp.sin(a))),
    "scaled_product": (2, lambda pick, s, t: (), _custom(
        scaled_product, lambda a, b: a * onp.tanh(b))),
    "row_softmax": (1, lambda pick, s: () if s else None, _custom(
        row_softmax, lambda a: (lambda e: e / e.sum(axis=-1, keepdims=True))(
            onp.exp(a - a.max(axis=-1, keepdims=True))))),
}
SHAPED.update(name for name, (arity, _, _) in NEW_OPS.items() if arity == 2)
# a few of round 1's ops, so the new ones meet shapes and each other
TABLE = dict(NEW_OPS, **{name: OPS[name] for name in [
    "sin", "tanh", "multiply", "add", "sum", "reshape", "transpose", "getitem", "matmul",
    "outer", "set", "iadd", "concatenate", "stack", "expand_dims"]})


@settings(deadline=None, max_examples=250, derandomize=True, database=None)
@given(st.data())
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_random_program_with_new_ops_matches_numpy_and_differences(data):
    check_program(_hypothesis_pick(data), TABLE)


# ---- several outputs, several argnums -------------------------------------------------
def _jacobian_differences(fn, inputs, i, eps=1e-6):
    """d fn(...)[o] / d inputs[i], one block per output, by central differences."""
    columns = []
    for k in range(inputs[i].size):
        ends = []
        for shift in (-eps, eps):
            moved = [x.copy() for x in inputs]
            moved[i].flat[k] += shift
            ends.append(fn(*moved))
        columns.append([(b - a) / (2 * eps) for a, b in zip(*ends)])
    return [onp.stack([c[o] for c in columns], axis=-1).reshape(
        onp.shape(columns[0][o]) + inputs[i].shape) for o in range(len(columns[0]))]


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


# ---- regressions the fuzzer found ------------------------------------------------------
@pytest.mark.parametrize("name", ["tril", "triu"])
@pytest.mark.parametrize("k", [-1, 0, 1])
def test_tril_triu_of_a_row_gives_the_row_its_gradient(name, k):
    # NumPy repeats a 1-D row down a square; autograd's rule gave the square's gradient back:
    # GradientShapeError, expected the argument's shape (3,), got shape (3, 3)
    x = onp.array([0.5, -1.0, 2.0])
    weights = onp.arange(9.0).reshape(3, 3)
    g = grad(lambda a: np.sum(getattr(np, name)(a, k) * weights))(x)
    assert g.shape == (3,) and g.dtype == onp.float64
    onp.testing.assert_allclose(g, (getattr(onp, name)(onp.ones((3, 3)), k) * weights).sum(0))
    check_grads(lambda a: np.sum(getattr(np, name)(a, k) * weights * a), modes=["rev"],
                order=2)(x)
    g32 = grad(lambda a: np.sum(getattr(np, name)(a, k)))(x.astype(onp.float32))
    assert g32.dtype == onp.float32


@pytest.mark.parametrize("sa, sb", [((3, 2, 1), (3, 2, 1)), ((2, 2, 2), (2, 1, 2)),
                                    ((2, 3), (2, 1, 2)), ((3,), (1, 2, 2)), ((), (2, 2, 2))])
def test_kron_gradient_of_any_rank(sa, sb):
    # autograd's rule holds for 2-D only: kron of 3-D arrays gave gradients of the right shape
    # on the wrong elements
    rng = onp.random.RandomState(0)
    a, b = rng.uniform(-1, 1, sa), rng.uniform(-1, 1, sb)
    check_grads(lambda a, b: np.kron(a, b), modes=["rev"], order=2)(a, b)
    a32, b32 = a.astype(onp.float32), b.astype(onp.float32)
    gs = grad(lambda a, b: np.sum(np.kron(a, b)), argnum=[0, 1])(a32, b32)
    assert [g.dtype for g in gs] == [onp.float32] * 2
