"""Runs of MXNet ops recorded by MXNet's autograd and differentiated in one call.

The recorded path must give the gradients of the op-by-op path (every op's own VJP):
for every table op, at ties, through NumPy-only and custom ops in between, in float32,
from several threads, and without touching the caller's arrays.
"""
import gc
import threading
import tracemalloc

import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import customop, elementwise_grad, grad, jacobian  # noqa: E402
from minpy_compat.backends import mxnet_record  # noqa: E402
from minpy_compat.backends.mxnet_backend import array as mx_array  # noqa: E402
from minpy_compat.dispatch.policy import wrap_policy  # noqa: E402
from test_mxnet_ops import CASES, _loss  # noqa: E402

rng = onp.random.RandomState(3)


@pytest.fixture
def backward_calls(monkeypatch):
    """How many times MXNet's autograd was asked for gradients."""
    calls = []
    real = mx.autograd.grad

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(mx.autograd, "grad", counting)
    return calls


def _grads(f, args, argnums):
    got = grad(f, list(argnums))(*args)
    got = got if isinstance(got, list) else [got]  # one argnum: a bare gradient (MinPy)
    return [onp.asarray(g, dtype=onp.float64) for g in got]


@pytest.mark.parametrize("covers, name, func, args, argnums", CASES,
                         ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_recorded_gradients_equal_the_op_by_op_gradients(covers, name, func, args, argnums):
    loss = _loss(func)
    with wrap_policy("only_mxnet"):
        recorded = _grads(loss, args, argnums)
        with mxnet_record.op_by_op():
            own = _grads(loss, args, argnums)
            check_fd(loss, args, argnums)  # the op-by-op VJPs themselves, against FD
    for r, o in zip(recorded, own):
        onp.testing.assert_allclose(r, o, rtol=1e-12, atol=1e-12)


SCALAR_FORMS = {
    "x/2": lambda v: v / 2.0, "2/x": lambda v: 2.0 / v, "2-x": lambda v: 2.0 - v,
    "x-2": lambda v: v - 2.0, "2*x": lambda v: 2.0 * v, "x**2.5": lambda v: v ** 2.5,
    "2**x": lambda v: 2.0 ** v, "x+2": lambda v: v + 2.0, "-x": lambda v: -v,
}


@pytest.mark.parametrize("form", sorted(SCALAR_FORMS))
def test_ops_with_a_python_scalar_operand_record_the_right_gradient(form):
    func = SCALAR_FORMS[form]
    v = rng.uniform(0.5, 2.0, size=(2, 3))
    loss = _loss(func)
    expected = onp.asarray(grad(loss)(v))  # NumPy
    with wrap_policy("only_mxnet"):
        recorded = onp.asarray(grad(loss)(mx_array(v)))
    onp.testing.assert_allclose(recorded, expected, rtol=1e-12)


def _mlp_loss(x, y, w1, b1, w2, b2):
    h = np.maximum(np.dot(x, w1) + b1, 0.0)
    logits = np.dot(h, w2) + b2
    z = logits - np.max(logits, axis=1, keepdims=True)
    log_p = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(np.sum(log_p * y, axis=1))


def _mlp_data(dtype):
    x = rng.normal(size=(16, 12)).astype(dtype)
    y = onp.eye(5, dtype=dtype)[rng.randint(0, 5, size=16)]
    params = [(rng.normal(size=(12, 8)) / 3).astype(dtype), rng.normal(size=8).astype(dtype),
              (rng.normal(size=(8, 5)) / 3).astype(dtype), rng.normal(size=5).astype(dtype)]
    return x, y, params


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32])
def test_an_mlp_made_of_mxnet_ops_is_one_backward_call(dtype, backward_calls):
    x, y, params = _mlp_data(dtype)
    expected = grad(_mlp_loss, [2, 3, 4, 5])(x, y, *params)  # NumPy
    with wrap_policy("prefer_mxnet"):
        got = grad(_mlp_loss, [2, 3, 4, 5])(mx_array(x), mx_array(y),
                                            *[mx_array(p) for p in params])
    assert len(backward_calls) == 1
    for g, e in zip(got, expected):
        assert g.dtype == dtype and g.shape == e.shape
        tol = 1e-12 if dtype == onp.float64 else 2e-5
        onp.testing.assert_allclose(onp.asarray(g), onp.asarray(e), rtol=tol, atol=tol)


def test_a_numpy_only_op_between_mxnet_ops_splits_the_run(backward_calls):
    def f(v):
        inner = np.tanh(np.multiply(v, 2.0))   # MXNet
        middle = np.cumsum(inner)              # NumPy only
        return np.sum(np.exp(middle) * v)      # MXNet again; v is used on both sides
    v = rng.normal(size=6) / 3
    with wrap_policy("prefer_mxnet"):
        check_fd(f, (v,), (0,))
    assert len(backward_calls) == 2  # above and below cumsum, once each


def test_a_numpy_value_gets_a_numpy_gradient_from_mxnet_ops():
    # tanh runs in MXNet; v[1:] indexes NumPy data (autograd's sparse gradient): the two
    # gradients of v meet in autograd's sum, so MXNet's part comes back as NumPy data.
    def f(v):
        return np.sum(np.tanh(v) * 2.0) + np.sum(v[1:] ** 2)
    v = rng.normal(size=5)
    with wrap_policy("prefer_mxnet"):
        g = grad(f)(v)
        check_fd(f, (v,), (0,))
    assert isinstance(g, onp.ndarray) and g.dtype == onp.float64


def test_a_custom_mxnet_op_inside_a_run_uses_its_own_gradient():
    @customop('mxnet')
    def cube(x):
        return x * x * x
    cube.def_grad(lambda ans, x: lambda g: 3 * g * x * x)

    def f(v):
        return np.sum(np.exp(cube(np.tanh(v))) * v)
    with wrap_policy("only_mxnet"):
        check_fd(f, (rng.normal(size=(2, 3)) / 2,), (0,))


def test_an_op_that_returns_its_argument_is_an_ordinary_node():
    # transpose of a 1-d array returns the NDArray it got: no MXNet node to record
    def f(v):
        return np.sum(np.transpose(np.exp(v)) * np.transpose(v))
    with wrap_policy("only_mxnet"):
        check_fd(f, (rng.normal(size=4),), (0,))


# ---- ties -------------------------------------------------------------------------------------
TIED = onp.array([[0.0, 1.0, -1.0, 0.0], [2.0, 2.0, 0.5, 2.0]])
OTHER = onp.array([[0.0, 0.5, -1.0, 1.0], [2.0, 1.0, 0.5, 3.0]])
WEIGHTS = onp.arange(1.0, 9.0).reshape(2, 4)


@pytest.mark.parametrize("reduce", [
    lambda a: np.max(a, axis=1), lambda a: np.min(a, axis=0, keepdims=True),
    lambda a: np.max(a), lambda a: np.amin(a, axis=(0, 1))], ids=["max1", "min0", "max", "amin"])
def test_tied_extremes_share_the_gradient_on_every_path(reduce):
    def f(a):
        out = reduce(a)
        return np.sum(out * onp.arange(1.0, 1.0 + onp.size(out)).reshape(onp.shape(out)))
    expected = onp.asarray(grad(f)(TIED))  # NumPy: autograd's even split
    with wrap_policy("only_mxnet"):
        recorded = onp.asarray(grad(f)(mx_array(TIED)))
        with mxnet_record.op_by_op():
            own = onp.asarray(grad(f)(mx_array(TIED)))
        value = float(np.sum(reduce(mx_array(TIED))))
    onp.testing.assert_array_equal(recorded, expected)
    onp.testing.assert_array_equal(own, expected)
    assert value == float(onp.sum(reduce(TIED)))


def test_max_of_rows_with_inf_and_nan_keeps_numpy_values():
    inf = onp.inf
    data = onp.array([[1.0, -inf, 3.0], [inf, inf, 0.0], [-inf, -inf, -inf]])

    def f(a):
        return np.max(a, axis=1)
    with wrap_policy("only_mxnet"):
        boxed_value = []
        grad(lambda a: boxed_value.append(f(a).asnumpy()) or np.sum(f(a)))(mx_array(data))
    onp.testing.assert_array_equal(boxed_value[0], onp.max(data, axis=1))


@pytest.mark.parametrize("pick, scalar_expected, pair_expected", [
    (np.maximum, (TIED >= 0) * WEIGHTS, ((TIED >= OTHER) * WEIGHTS, (OTHER > TIED) * WEIGHTS)),
    (np.minimum, (TIED <= 0) * WEIGHTS, ((TIED <= OTHER) * WEIGHTS, (OTHER < TIED) * WEIGHTS))],
    ids=["maximum", "minimum"])
def test_maximum_minimum_ties_go_to_the_first_array_argument(
        pick, scalar_expected, pair_expected):
    with wrap_policy("only_mxnet"):
        for own in (False, True):
            with mxnet_record.op_by_op() if own else wrap_policy("only_mxnet"):
                scalar = grad(lambda a: np.sum(pick(a, 0.0) * WEIGHTS))(mx_array(TIED))
                reversed_ = grad(lambda a: np.sum(pick(0.0, a) * WEIGHTS))(mx_array(TIED))
                pair = grad(lambda a, b: np.sum(pick(a, b) * WEIGHTS), [0, 1])(
                    mx_array(TIED), mx_array(OTHER))
            onp.testing.assert_array_equal(onp.asarray(scalar), scalar_expected)
            onp.testing.assert_array_equal(onp.asarray(reversed_), scalar_expected)
            for got, expected in zip(pair, pair_expected):
                onp.testing.assert_array_equal(onp.asarray(got), expected)
    # NumPy splits the same ties evenly: both are subgradients, documented as different.
    numpy_scalar = grad(lambda a: np.sum(pick(a, 0.0) * WEIGHTS))(TIED)
    assert numpy_scalar[0, 0] == 0.5 * WEIGHTS[0, 0]


# ---- the rest of autograd, threads, state ------------------------------------------------------
def test_jacobian_and_elementwise_grad_run_the_own_vjps_of_recorded_ops():
    v = rng.normal(size=3)

    def f(a):
        return np.tanh(np.exp(a) * 2.0)
    expected_jac = onp.asarray(jacobian(f)(v))
    expected_ew = onp.asarray(elementwise_grad(f)(v))
    with wrap_policy("only_mxnet"):
        onp.testing.assert_allclose(onp.asarray(jacobian(f)(mx_array(v))), expected_jac,
                                    rtol=1e-12)
        onp.testing.assert_allclose(onp.asarray(elementwise_grad(f)(mx_array(v))), expected_ew,
                                    rtol=1e-12)


def test_the_callers_ndarrays_stay_out_of_mxnet_autograd():
    w = mx_array(rng.normal(size=(3, 2)))
    with wrap_policy("prefer_mxnet"):
        grad(lambda a: np.sum(np.tanh(a)))(w)
    assert w.nd.grad is None  # never marked as a variable
    raw = w.nd.copy()
    raw.attach_grad()
    with mx.autograd.record():
        out = (raw * raw).sum()
    out.backward()
    onp.testing.assert_allclose(raw.grad.asnumpy(), 2 * onp.asarray(w))


def test_an_mxnet_error_inside_a_recorded_op_leaves_recording_off(monkeypatch):
    def failing_dot(*args, **kwargs):
        raise mx.base.MXNetError("dot failed")
    monkeypatch.setattr(mx.nd, "dot", failing_dot)  # shape errors no longer reach MXNet
    with wrap_policy("only_mxnet"):
        with pytest.raises(mx.base.MXNetError):
            grad(lambda a, b: np.sum(np.dot(a, b)))(
                mx_array(onp.ones((2, 3))), mx_array(onp.ones((3, 2))))
    monkeypatch.undo()
    with wrap_policy("only_mxnet"):
        assert not mx.autograd.is_recording()
        assert float(grad(lambda a: np.sum(a * a))(mx_array(onp.ones(3)))[0]) == 2.0


def test_recorded_gradients_from_many_threads_at_once():
    start = threading.Barrier(4)
    x, y, params = _mlp_data(onp.float64)
    expected = [onp.asarray(g) for g in grad(_mlp_loss, [2, 3, 4, 5])(x, y, *params)]
    failures = []

    def work(scale):
        try:
            with wrap_policy("prefer_mxnet"):
                start.wait()
                for _ in range(5):
                    got = grad(_mlp_loss, [2, 3, 4, 5])(
                        mx_array(x), mx_array(y), *[mx_array(p) for p in params])
                    for g, e in zip(got, expected):
                        onp.testing.assert_allclose(onp.asarray(g), e, rtol=1e-10)
        except Exception as err:  # pragma: no cover - reported below
            failures.append(err)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures


def _live_ndarrays():
    gc.collect()
    return sum(1 for obj in gc.get_objects() if isinstance(obj, mx.nd.NDArray))


def test_repeated_recorded_grad_calls_do_not_grow_memory():
    x, y, params = _mlp_data(onp.float32)
    args = [mx_array(x), mx_array(y)] + [mx_array(p) for p in params]
    step = grad(_mlp_loss, [2, 3, 4, 5])
    with wrap_policy("prefer_mxnet"):
        for _ in range(50):
            step(*args)
        mx.nd.waitall()
        handles = _live_ndarrays()  # collects MXNet's own cyclic garbage (ctypes array types)
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        for _ in range(400):
            step(*args)
        mx.nd.waitall()
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
    growth = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert growth < 100_000, f"Python memory grew by {growth} bytes over 400 grad calls"
    assert _live_ndarrays() <= handles, "NDArrays (and the MXNet graphs they hold) piled up"


# ---- gradients of gradients ----------------------------------------------------------------
def test_a_gradient_of_a_gradient_runs_mxnet_table_ops_in_numpy_under_prefer_mxnet():
    from conftest import check_grad
    x = rng.normal(size=4) / 2

    def f(a):
        return np.sum(np.tanh(a) ** 2 * np.exp(a[1:]).sum())
    with wrap_policy("prefer_mxnet"):
        check_grad(f, mx_array(x), order=2)
        onp.testing.assert_allclose(onp.asarray(grad(grad(f))(mx_array(x))),
                                    onp.asarray(grad(grad(f))(x)), rtol=1e-12)


def test_a_gradient_of_a_gradient_under_only_mxnet_is_refused_with_the_reason():
    with wrap_policy("only_mxnet"):
        with pytest.raises(Exception, match="numpy.tanh under the only_mxnet policy.*first-order"):
            grad(grad(lambda a: np.sum(np.tanh(a))))(mx_array(onp.ones(3)))
        assert float(grad(lambda a: np.sum(a * a))(mx_array(onp.ones(3)))[0]) == 2.0
