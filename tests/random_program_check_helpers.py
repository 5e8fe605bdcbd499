"""Shared by the test_random_programs_* files: the ops test_random_programs.py does not draw
(``NEW_OPS``, with customops whose gradients are written by hand; ``TABLE`` adds a few of its
own ops), and the comparisons against differences (``_compare``, ``_jacobian_differences``)."""
import numpy as onp
from minpy_compat import customop
from random_program_ops import OPS, SHAPED, _axis


def _compare(got, expected, where):
    got = onp.asarray(got)
    assert got.shape == expected.shape, (got.shape, expected.shape, where)
    smooth = ~onp.isnan(expected) & ~onp.isnan(got)
    onp.testing.assert_allclose(got[smooth], expected[smooth], rtol=1e-4, atol=1e-5,
                                err_msg=where)


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
