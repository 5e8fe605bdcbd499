"""Runs of MXNet ops recorded by MXNet's autograd: the rest of autograd, threads, the caller's
arrays and recording state, memory, and gradients of gradients."""
import gc
import threading
import tracemalloc

import numpy as onp
import pytest

from mxnet_helpers import need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import elementwise_grad, grad, jacobian
from minpy_compat.backends.mxnet_backend import array as mx_array  # noqa: E402
from minpy_compat.dispatch.policy import wrap_policy  # noqa: E402
from mxnet_record_helpers import _mlp_data, _mlp_loss, rng


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
