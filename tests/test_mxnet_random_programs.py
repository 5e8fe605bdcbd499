"""Random programs over the MXNet backend, run three ways and held to NumPy's answers.

A program is a list of steps (ufuncs, broadcasting arithmetic with a second argument
``w``, ``dot``/``matmul``, reductions with axes and keepdims, reshape/transpose/slicing,
indexed writes, ``concatenate``/``stack``, ``where``/``maximum``, a softmax, NumPy-only
ops, ``customop('mxnet')`` ops with hand-written gradients). Each runs in real NumPy
(float64: the reference), in the facade under ``only_numpy`` (its float64 gradients are
checked by finite differences once, then are the reference), and in float32 under
``prefer_mxnet`` and ``only_mxnet`` (where every step has an MXNet form; a refusal must be
the documented one). Checked: values, dtypes, ``asnumpy()``, gradients for both arguments,
MXArray arguments mixed with NumPy ones, float64 through MXNet, and second order.

Regressions found by it (each with its own test below): a result that is an MXArray not
depending on the arguments was refused as "not a number or an array"; a one-element
boolean MXArray mask read as index 1 (``__index__``).
"""
import numpy as onp
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mxnet_helpers import check_fd, need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import customop, grad  # noqa: E402
from minpy_compat.backends.mxnet_array import MXArray  # noqa: E402
from minpy_compat.dispatch.policy import wrap_policy  # noqa: E402
from minpy_compat.errors import PolicyError  # noqa: E402

SETTINGS = settings(max_examples=20, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


@customop("mxnet")
def cube(x):
    return x * x * x


cube.def_grad(lambda ans, x: lambda g: 3 * g * x * x)


@customop("mxnet")
def softplus(x):
    return mx.nd.log(1 + mx.nd.exp(x))


softplus.def_grad(lambda ans, x: lambda g: g / (1 + mx.nd.exp(-x)))
CUSTOM = {"cube": cube, "softplus": softplus}
NUMPY_CUSTOM = {"cube": lambda x: x ** 3, "softplus": lambda x: onp.log1p(onp.exp(x))}
UNARY = {"tanh": lambda m, v: m.tanh(v), "sin": lambda m, v: m.sin(v),
         "exp": lambda m, v: m.exp(m.tanh(v)), "square": lambda m, v: v * v,
         "sqrt": lambda m, v: m.sqrt(v * v + 1.0), "log": lambda m, v: m.log(v * v + 1.0),
         "abs": lambda m, v: m.abs(v + 3.0), "neg": lambda m, v: -v}
BINARY = {"add": lambda m, v, r: v + r, "mul": lambda m, v, r: v * r,
          "div": lambda m, v, r: v / (r * r + 1.0), "sub": lambda m, v, r: m.subtract(r, v),
          "max": lambda m, v, r: m.maximum(v, r), "min": lambda m, v, r: m.minimum(r, v),
          "where": lambda m, v, r: m.where(v < 0.0, r, v)}
SCALAR = {"radd": lambda v: 0.5 + v, "rmul": lambda v: 2.0 * v, "rsub": lambda v: 1.5 - v,
          "rdiv": lambda v: 3.0 / (v * v + 1.0), "pow": lambda v: (v * v + 0.5) ** 0.75,
          "rpow": lambda v: 1.5 ** (v / (v * v + 1.0))}  # bounded: programs chain them
NUMPY_ONLY = {"cumsum": lambda m, v: m.cumsum(v, axis=-1), "sort": lambda m, v: m.sort(v),
              "flip": lambda m, v: m.flip(v, -1), "clip": lambda m, v: m.clip(v, -1.0, 1.2)}


def _write(m, v, index, how):
    out = v * 1.0
    view = out.T if index == "T" else out
    index = 0 if index == "T" else (v > 0.2) if index == "mask" else index
    if how == "const":
        view[index] = 0.25
    elif how == "set":
        view[index] = m.tanh(view[index])
    else:
        view[index] += 1.5
    return out


def apply(m, step, v, w, custom):
    kind, p = step
    row = w.reshape(-1)[:v.shape[-1]] if v.ndim else None
    return {
        "unary": lambda: UNARY[p](m, v), "binary": lambda: BINARY[p](m, v, row),
        "scalar": lambda: SCALAR[p](v), "numpy_only": lambda: NUMPY_ONLY[p](m, v),
        "reduce": lambda: getattr(m, p[0])(v, axis=p[1], keepdims=p[2]),
        "reshape": lambda: v.reshape(p), "transpose": lambda: m.transpose(v, p),
        "slice": lambda: v[p], "write": lambda: _write(m, v, *p), "custom": lambda: custom[p](v),
        "dot": lambda: m.dot(v, v.T) if p == "gram" else m.dot(v, row),
        "matmul": lambda: m.matmul(v, m.transpose(v, tuple(range(v.ndim - 2)) + (-1, -2))),
        "softmax": lambda: _softmax(m, v, p), "where": lambda: m.where(v > 0.1, v, 0.5 * v),
        "concatenate": lambda: m.concatenate([v, m.tanh(v)], axis=p),
        "stack": lambda: m.stack([v, v * 2.0], axis=p), "expand": lambda: m.expand_dims(v, p),
    }[kind]()


def _softmax(m, v, axis):
    e = m.exp(v - m.max(v, axis=axis, keepdims=True))
    return e / m.sum(e, axis=axis, keepdims=True)


def _step(draw, shape, mx_only):
    nd, size = len(shape), int(onp.prod(shape))
    kinds = ["unary", "scalar"] + (["reduce", "reshape", "transpose", "slice", "write",
                                    "custom", "softmax", "where", "concatenate"] if nd else [])
    kinds += ["binary"] if nd and shape[-1] <= 4 else []  # broadcasts against w[:n]
    kinds += ["dot"] if 0 < nd <= 2 else []  # MXNet's N-d dot is not NumPy's: refused
    kinds += ["matmul"] if nd == 2 else []  # MXNet's has no batched form: refused
    kinds += ["numpy_only"] if nd and not mx_only else []
    kinds += ["stack", "expand"] if nd and size <= 64 and nd < 4 else []
    kinds += ["dot"] * (nd == 2)
    kind = draw(st.sampled_from(kinds))
    pick = lambda options: draw(st.sampled_from(options))  # noqa: E731
    axis = lambda extra=0: draw(st.integers(-nd - extra, nd - 1 + extra))  # noqa: E731
    if kind in ("unary", "binary", "scalar", "numpy_only", "custom"):
        table = {"unary": UNARY, "binary": BINARY, "scalar": SCALAR, "custom": CUSTOM,
                 "numpy_only": NUMPY_ONLY}[kind]
        return kind, pick(sorted(table))
    if kind == "reduce":
        axes = [None] + list(range(-nd, nd)) + ([(0, nd - 1)] if nd > 1 else [])
        return kind, (pick(["sum", "mean", "max", "min"]), pick(axes), draw(st.booleans()))
    if kind == "reshape":
        return kind, pick([(size,), (1, size), (size, 1), (-1,) + tuple(shape[1:])])
    if kind == "transpose":
        return kind, tuple(draw(st.permutations(range(nd))))
    if kind == "slice":
        ax = draw(st.integers(0, nd - 1))
        steps = [slice(None, None, 2), slice(0, 1)] + ([slice(1, None)] if shape[ax] > 1 else []) \
            + ([] if mx_only else [slice(None, None, -1)])  # only_mxnet: no negative step
        return kind, (slice(None),) * ax + (pick(steps),)
    if kind == "write":
        i = draw(st.integers(0, shape[0] - 1))
        ellipsis = [] if mx_only else [(Ellipsis, 0)]  # MXNet's getitem refuses Ellipsis
        return kind, (pick([i, slice(i, None), "T", "mask"] + ellipsis),
                      pick(["set", "add", "const"]))
    if kind == "dot":
        return kind, "gram" if shape[-1] > 4 or nd == 2 and draw(st.booleans()) else "row"
    if kind in ("softmax", "concatenate"):
        return kind, axis()
    if kind in ("stack", "expand"):
        return kind, draw(st.integers(0, nd))
    return kind, None


@st.composite
def programs(draw, mx_only=False):
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    seed, steps, now = draw(st.integers(0, 2 ** 16)), [], shape
    for _ in range(draw(st.integers(1, 5))):
        steps.append(_step(draw, now, mx_only))
        now = onp.shape(apply(onp, steps[-1], onp.zeros(now), onp.zeros(4), NUMPY_CUSTOM))
    return shape, steps, seed


def _run(m, steps, a, w, custom=CUSTOM):
    for step in steps:
        a = apply(m, step, a, w, custom)
    return a


def _data(value):
    return value.asnumpy() if hasattr(value, "asnumpy") else onp.asarray(value)


def _inputs(program):
    shape, steps, seed = program
    rs = onp.random.RandomState(seed)
    a, w = rs.uniform(-1.5, 1.5, shape), rs.uniform(-1.5, 1.5, 4)
    reference = _run(onp, steps, a.copy(), w, NUMPY_CUSTOM)
    weights = rs.uniform(-1, 1, onp.shape(reference))
    return a, w, reference, weights


def _loss(steps, weights):
    return lambda a, w: np.sum(_run(np, steps, a, w) * weights)


def _facade_gradients(steps, a, w, weights):
    with wrap_policy("only_numpy"):
        return grad(_loss(steps, weights), argnum=[0, 1])(a, w)


def _close(got, want, tol):
    onp.testing.assert_allclose(_data(got), _data(want), rtol=tol, atol=tol)


@pytest.mark.parametrize("policy", ["prefer_mxnet", "only_mxnet"])
@SETTINGS
@given(data=st.data())
def test_random_programs_in_float32_agree_with_numpy(policy, data):
    shape, steps, seed = program = data.draw(programs(mx_only=policy == "only_mxnet"))
    a, w, reference, weights = _inputs(program)
    a32, w32 = a.astype(onp.float32), w.astype(onp.float32)
    dtype = onp.asarray(_run(onp, steps, a32.copy(), w32, NUMPY_CUSTOM)).dtype
    mixed = data.draw(st.booleans())  # an MXArray argument beside a NumPy one
    try:
        with wrap_policy(policy):
            x = np.multiply(a32, 1.0) if mixed else np.array(a32)
            assert isinstance(x, MXArray) == mixed
            out = _run(np, steps, x, w32)
            assert out.dtype == dtype
            assert onp.array_equal(out.asnumpy(), onp.asarray(out))
            _close(out, reference, 3e-4)
            weights32 = weights.astype(onp.float32)
            got = grad(_loss(steps, weights32), argnum=[0, 1])(x, w32)
    except PolicyError as error:  # only_mxnet refusing arguments MXNet cannot run, saying why
        assert policy == "only_mxnet" and "runs only in NumPy for " in str(error), str(error)
        return
    for g, want in zip(got, _facade_gradients(steps, a, w, weights)):
        assert _data(g).dtype == (onp.float32 if dtype == onp.float32 else _data(g).dtype)
        _close(g, want, 3e-3)


@SETTINGS
@given(program=programs())
def test_the_facade_gradients_match_finite_differences(program):
    shape, steps, seed = program
    a, w, reference, weights = _inputs(program)
    with wrap_policy("only_numpy"):
        _close(_run(np, steps, a, w), reference, 1e-12)
        check_fd(_loss(steps, weights), (a, w), argnums=(0, 1), rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("policy", ["prefer_mxnet", "only_mxnet"])
@SETTINGS
@given(data=st.data())
def test_random_programs_in_float64_stay_float64(policy, data):
    shape, steps, seed = program = data.draw(programs(mx_only=policy == "only_mxnet"))
    a, w, reference, weights = _inputs(program)
    try:
        with wrap_policy(policy):
            out = _run(np, steps, np.array(a), w)
            got = grad(_loss(steps, weights), argnum=[0, 1])(a, w)
    except PolicyError as error:  # as above
        assert policy == "only_mxnet" and "runs only in NumPy for " in str(error), str(error)
        return
    assert out.dtype == onp.float64
    _close(out, reference, 1e-9)
    for g, want in zip(got, _facade_gradients(steps, a, w, weights)):
        assert _data(g).dtype == onp.float64
        _close(g, want, 1e-8)


@SETTINGS
@given(program=programs())
def test_second_order_under_prefer_mxnet_matches_numpy(program):
    shape, steps, seed = program
    a, w, reference, weights = _inputs(program)
    steps = [step for step in steps if step[0] != "custom"]  # MXNet kernels: first order only

    def squared_gradient(a, w):
        g = grad(lambda a: np.sum(_run(np, steps, a, w) * weights))(a)
        return np.sum(g * g)

    with wrap_policy("prefer_mxnet"):
        got = grad(squared_gradient, argnum=[0, 1])(a.astype(onp.float32), w.astype(onp.float32))
    with wrap_policy("only_numpy"):
        want = grad(squared_gradient, argnum=[0, 1])(a, w)
    for g, w64 in zip(got, want):
        _close(g, w64, 3e-3)


# ---- regressions ------------------------------------------------------------------------
def test_an_mxarray_output_that_does_not_depend_on_the_argument_has_zero_gradient():
    constant = onp.array([0.5, -1.0, 2.0], onp.float32)
    with wrap_policy("prefer_mxnet"):
        g = grad(lambda x: np.sum(np.tanh(np.array(constant))))(onp.ones(3, onp.float32))
    assert g.dtype == onp.float32 and not onp.any(_data(g))


@pytest.mark.parametrize("value", [0.5, -0.5])
def test_a_one_element_boolean_mxarray_mask_selects_like_numpy(value):
    x = onp.array([value], onp.float32)

    def f(x):
        out = np.tanh(x) * 1.0
        mask = out > 0.2
        out[mask] = np.tanh(out[mask])
        return np.sum(out * 2.0)

    with wrap_policy("only_numpy"):
        want = grad(f)(x)
    with wrap_policy("prefer_mxnet"):
        mask = np.tanh(np.array(x)) > 0.2
        assert isinstance(mask, MXArray) and mask.dtype == bool
        kept = np.cumsum(np.array(x))[mask]  # a NumPy array indexed by the MXArray mask
        assert kept.shape == ((1,) if value > 0.2 else (0,))
        _close(grad(f)(x), want, 1e-6)
        with pytest.raises(TypeError):
            [0, 1][mask]  # NumPy's rule: only 0-d integer arrays are an index
