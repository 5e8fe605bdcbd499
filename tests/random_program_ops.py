"""The op table of the random NumPy programs (random_program_helpers draws and runs them):
name -> (arity, draw(pick, *shapes) -> params or None, run). Elementwise ufuncs with
broadcasting, reductions, shape functions, indexing, joins, products, sorts, writes into
copies and into views of copies."""
import numpy as onp
from autograd.tracer import getval


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
