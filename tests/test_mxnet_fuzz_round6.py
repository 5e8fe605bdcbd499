"""A sixth fuzzing pass over MXNet: contexts, policies under threads, and leftovers.

* Under ``only_mxnet``, a facade op refusing an argument MXNet cannot hold (uint16,
  complex, empty, mixed floats) names the op, the argument and why.
* A GPU context without MXNet names the op and the context.
* Dict results of a ``customop``: NDArrays in them become MXArrays, numbers 0-d arrays
  (as in a tuple), and an argument without a gradient is named, not given zeros.
* Pinned decisions (they held before this pass): ``a.T`` of an MXArray reports the
  C-ordered MXNet buffer it is; policies and contexts are per thread; op statistics are
  one table for all threads.

Tests that need MXNet take the ``mx`` fixture, which skips them without it.
"""
import sys
import threading

import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

import minpy_compat.numpy as np
from minpy_compat import customop, grad
from minpy_compat.context import cpu, current_context, gpu
from minpy_compat.dispatch.policy import get_global_policy, set_global_policy, wrap_policy
from minpy_compat.dispatch.stats import op_stat
from minpy_compat.errors import MXNetUnavailableError, NoGradientFuncError, PolicyError

X = onp.array([0.5, -1.0, 2.0, 1.5])


@pytest.fixture
def mx():
    return need_mxnet()


# ---- only_mxnet refusals name the argument ----------------------------------------------
U16, C128 = onp.ones(3, onp.uint16), onp.ones(3, onp.complex128)
REFUSED = {
    "add_uint16": (lambda: np.add(onp.ones(3), U16), r"numpy\.add .*argument 1 of dtype uint16"),
    "operator_uint16": (lambda: np.ones(3) * 1.0 + U16,
                        r"numpy\.add .*argument 1 of dtype uint16"),
    "exp_complex": (lambda: np.exp(C128), r"numpy\.exp .*argument 0 of dtype complex128"),
    "multiply_complex_number": (lambda: np.ones(3) * 1.0 * 1j,
                                r"numpy\.multiply .*argument 1 of type complex"),
    "sum_empty": (lambda: np.sum(onp.ones((0, 3))),
                  r"numpy\.sum .*argument 0, empty \(shape \(0, 3\)"),
    "dot_empty": (lambda: np.dot(onp.ones((2, 0)), onp.ones((0, 3))),
                  r"numpy\.dot .*argument 0, empty"),
    "mixed_floats": (lambda: np.add(onp.ones(3), onp.ones(3, onp.float32)),
                     r"numpy\.add .*argument 1 of dtype float32 \(after float64\)"),
    "where_uint16": (lambda: np.where(onp.ones(3) > 0, onp.ones(3), U16),
                     r"numpy\.where .*argument 2 of dtype uint16"),
    "concatenate_item": (lambda: np.concatenate([onp.ones(2), U16]),
                         r"numpy\.concatenate .*argument 0 item 1 of dtype uint16"),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_only_mxnet_names_the_argument_mxnet_cannot_hold(mx, name):
    call, pattern = REFUSED[name]
    with wrap_policy("only_mxnet"), pytest.raises(PolicyError, match=pattern) as info:
        call()
    assert "runs only in NumPy" in str(info.value)


def test_a_gpu_context_without_mxnet_names_the_op_and_the_context(mx, monkeypatch):
    from minpy_compat.backends import mxnet_backend
    from minpy_compat.dispatch import run
    monkeypatch.setattr(run, "_table", None)
    monkeypatch.setattr(mxnet_backend, "_mx", None)
    monkeypatch.setitem(sys.modules, "mxnet", None)  # import mxnet now fails
    with gpu(1), pytest.raises(MXNetUnavailableError,
                               match=r"numpy\.tanh on gpu\(1\).*use cpu\(\)"):
        np.tanh(X)


# ---- dict results of a customop -------------------------------------------------------------
def _dict_op(backend, with_grad=True):
    @customop(backend)
    def halves(x):
        return {"half": x * 0.5, "pair": (x * x,), "count": 3}

    if with_grad:
        halves.def_grad(lambda ans, x: lambda g: 0.5 * g["half"] + 2 * x * g["pair"][0],
                        argnum=0)
    return halves


def test_ndarrays_in_a_dict_result_of_an_mxnet_customop_are_mxarrays(mx):
    from minpy_compat.backends.mxnet_array import MXArray
    out = _dict_op("mxnet")(X)
    assert type(out["half"]) is MXArray and type(out["pair"][0]) is MXArray
    onp.testing.assert_allclose(onp.asarray(out["half"]), X * 0.5)
    assert type(out["count"]) is onp.ndarray and out["count"].shape == () and out["count"] == 3


@pytest.mark.parametrize("backend", ["numpy", "mxnet"])
def test_a_dict_result_is_differentiable_on_both_backends(mx, backend):
    halves = _dict_op(backend)
    check_fd(lambda x: np.sum(halves(x)["half"] * 3.0 + halves(x)["pair"][0]), (X,), (0,))


@pytest.mark.parametrize("backend", ["numpy", "mxnet"])
def test_a_dict_result_without_a_gradient_names_the_argument(mx, backend):
    halves = _dict_op(backend, with_grad=False)
    with pytest.raises(NoGradientFuncError, match=r"halves argument 0 'x'.*def_grad"):
        grad(lambda x: np.sum(halves(x)["half"]))(X)


# ---- MXArray.flags of a transpose (pinned) --------------------------------------------------
def test_the_flags_of_a_transposed_mxarray_describe_its_c_ordered_buffer(mx):
    with wrap_policy("only_mxnet"):
        a = np.ones((2, 3)) * 1.0
        t = a.T
    assert t.flags["C_CONTIGUOUS"] and not t.flags["F_CONTIGUOUS"] and not t.flags["OWNDATA"]
    assert onp.asarray(t).flags["C_CONTIGUOUS"] and onp.asarray(t).shape == (3, 2)


# ---- threads (pinned) ----------------------------------------------------------------------
POLICIES = ["only_numpy", "only_mxnet", "prefer_mxnet", "auto_blacklist"] * 2
ROUNDS = 5


def _loss(x):
    return np.sum(np.tanh(x) * x + np.exp(x))


def test_eight_threads_with_eight_policies_get_right_gradients_and_backends(mx):
    from minpy_compat.backends.mxnet_array import MXArray
    want = onp.tanh(X) + X * (1 - onp.tanh(X) ** 2) + onp.exp(X)
    barrier, seen, errors = threading.Barrier(len(POLICIES)), {}, []

    def work(index):
        try:
            with wrap_policy(POLICIES[index]):
                barrier.wait()
                for _ in range(ROUNDS):
                    onp.testing.assert_allclose(onp.asarray(grad(_loss)(X)), want, rtol=1e-12)
                seen[index] = (get_global_policy().name, type(np.tanh(np.ones(2) * 1.0)))
        except Exception as error:  # noqa: BLE001  (reported by the main thread)
            errors.append((index, error))

    np.record_op_stat()
    try:
        threads = [threading.Thread(target=work, args=(i,)) for i in range(len(POLICIES))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        calls = op_stat()["calls"]
    finally:
        np.record_op_stat(False)
    assert not errors
    for index, (name, kind) in seen.items():
        assert name == POLICIES[index]
        assert (kind is MXArray) == (name != "only_numpy")
    # One table for all threads: each thread's grad calls tanh once per round, plus once.
    in_mxnet = sum(name != "only_numpy" for name in POLICIES)
    assert calls["tanh"] == {"numpy": (len(POLICIES) - in_mxnet) * (ROUNDS + 1),
                             "mxnet": in_mxnet * (ROUNDS + 1)}


def test_set_global_policy_and_contexts_stay_in_their_thread(mx):
    started, done, seen = threading.Event(), threading.Event(), {}

    def other():
        with cpu(2):
            started.set()
            done.wait(5)
            seen["other"] = (get_global_policy().name, current_context())

    thread = threading.Thread(target=other)
    thread.start()
    started.wait(5)
    try:
        set_global_policy("only_mxnet")
        seen["main"] = (get_global_policy().name, current_context())
    finally:
        set_global_policy("default")
        done.set()
        thread.join()
    assert seen == {"main": ("only_mxnet", cpu()), "other": ("default", cpu(2))}
