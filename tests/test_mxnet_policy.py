"""Dispatch policies, op statistics, copies, and contexts for MXNet values."""
import threading

import numpy as onp
import pytest

from mxnet_helpers import need_mxnet

mx = need_mxnet()

import minpy_compat  # noqa: E402
import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import customop, grad  # noqa: E402
from minpy_compat.backends import mxnet_backend, mxnet_ops  # noqa: E402
from minpy_compat.backends.mxnet_array import MXArray  # noqa: E402
from minpy_compat.context import cpu, current_context, gpu  # noqa: E402
from minpy_compat.dispatch import policy as P  # noqa: E402
from minpy_compat.dispatch.stats import op_stat  # noqa: E402
from minpy_compat.errors import ContextError, PolicyError  # noqa: E402

rng = onp.random.RandomState(7)
NO_GPU = mx.context.num_gpus() == 0


@pytest.fixture
def stats():
    np.record_op_stat()
    yield op_stat
    np.record_op_stat(False)


def test_a_ten_op_mxnet_chain_makes_no_intermediate_copy(stats):
    with P.wrap_policy("prefer_mxnet"):
        x = mxnet_backend.array(rng.normal(size=(4, 4)))
        mxnet_backend.COPIES.reset()
        y = x
        for step in range(10):
            y = np.tanh(np.dot(y, x) * 0.5) if step % 2 else np.exp(y * 0.1)
        assert type(y) is MXArray
        assert mxnet_backend.COPIES.total == 0
        y.asnumpy()
    stat = stats()
    assert stat["copies"] == {"numpy->mxnet": 0, "mxnet->numpy": 1}
    assert all(per["numpy"] == 0 for per in stat["calls"].values())


def test_copies_happen_where_numpy_needs_the_data_and_are_shown(stats, capsys):
    with P.wrap_policy("prefer_mxnet"):
        y = np.tanh(np.ones((2, 2)) * 2.0)     # created in MXNet
        z = np.argmax(y, axis=1)               # NumPy only: one copy to NumPy
        assert isinstance(z, onp.ndarray)
        np.show_op_stat()
    printed = capsys.readouterr().out
    assert "copies mxnet->numpy: 1" in printed and "argmax" in printed
    assert stats()["calls"]["argmax"] == {"numpy": 1, "mxnet": 0}


@pytest.mark.parametrize("name", ["prefer_mxnet", "only_numpy", "only_mxnet", "auto_blacklist"])
def test_results_equal_numpy_under_every_policy(name):
    x, w = rng.normal(size=(3, 4)).astype(onp.float32), rng.normal(size=(4,)).astype(onp.float32)

    def f(x, w):
        return np.mean(np.maximum(np.dot(x, w), 0.0) ** 2)
    expected, expected_g = f(x, w), grad(f, 1)(x, w)
    with P.wrap_policy(name):
        got, got_g = f(x, w), grad(f, 1)(x, w)
    assert got.shape == () and got.dtype == expected.dtype == onp.float32
    assert got_g.shape == (4,) and got_g.dtype == onp.float32
    onp.testing.assert_allclose(onp.asarray(got), expected, rtol=1e-5)
    onp.testing.assert_allclose(onp.asarray(got_g), expected_g, rtol=1e-4)


def test_only_mxnet_refuses_a_numpy_only_op_by_name():
    with P.wrap_policy("only_mxnet"):
        with pytest.raises(PolicyError, match=r"numpy.argsort under the only_mxnet policy"):
            np.argsort(np.ones(3))
        with pytest.raises(PolicyError, match=r"numpy.sum under the only_mxnet policy"):
            np.sum(onp.arange(3))  # integers: MXNet would not give NumPy's answer


def test_default_policy_runs_numpy_on_cpu(stats):
    assert P.get_global_policy().name == "default"
    out = np.dot(onp.ones((2, 2)), onp.ones(2))
    assert type(out) is minpy_compat.Array
    assert stats()["calls"]["dot"] == {"numpy": 1, "mxnet": 0}


def test_set_global_policy_accepts_names_and_objects_and_refuses_others():
    try:
        minpy_compat.set_global_policy("only_numpy")
        assert isinstance(minpy_compat.get_global_policy(), P.OnlyNumPyPolicy)
        mine = P.PreferMXNetPolicy()
        minpy_compat.set_global_policy(mine)
        assert minpy_compat.get_global_policy() is mine
        with pytest.raises(ValueError,
                           match=r"policy: expected one of .*'prefer_mxnet'.*got 'fast'"):
            minpy_compat.set_global_policy("fast")
    finally:
        minpy_compat.set_global_policy("default")


def test_wrap_policy_restores_after_an_exception_as_block_and_decorator():
    with pytest.raises(KeyError):
        with minpy_compat.wrap_policy("only_mxnet"):
            assert P.get_global_policy().name == "only_mxnet"
            raise KeyError
    assert P.get_global_policy().name == "default"

    @minpy_compat.wrap_policy(P.OnlyNumPyPolicy())
    def failing():
        assert P.get_global_policy().name == "only_numpy"
        raise KeyError
    with pytest.raises(KeyError):
        failing()
    assert P.get_global_policy().name == "default"


def test_policy_and_context_are_per_thread():
    seen = {}

    def worker():
        seen["policy"], seen["context"] = P.get_global_policy().name, current_context()
    with P.wrap_policy("only_mxnet"), gpu(0):
        thread = threading.Thread(target=worker)
        thread.start()
        thread.join()
    assert seen == {"policy": "default", "context": cpu()}


def test_auto_blacklist_falls_back_remembers_and_saves_rules(tmp_path, monkeypatch, stats):
    calls = []

    def failing_tanh(x, **kwargs):
        calls.append(1)
        raise mx.base.MXNetError("tanh is broken here")
    monkeypatch.setitem(mxnet_ops.TABLE, onp.tanh, failing_tanh)
    policy = P.AutoBlacklistPolicy()
    with P.wrap_policy(policy):
        for _ in range(3):
            out = np.tanh(onp.zeros(2, onp.float32))
    assert type(out) is minpy_compat.Array and len(calls) == 1
    assert policy.rules == {"tanh(float32[1])"}
    path = tmp_path / "rules.json"
    policy.save_rules(path)
    loaded = P.AutoBlacklistPolicy(rules_file=path)
    with P.wrap_policy(loaded):
        np.tanh(onp.zeros(2, onp.float32))
    assert len(calls) == 1 and stats()["calls"]["tanh"] == {"numpy": 4, "mxnet": 0}


def test_auto_blacklist_refuses_a_foreign_rules_file(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text("[1, 2]")
    with pytest.raises(ValueError, match=r"load_rules.*expected a file written by save_rules"):
        P.AutoBlacklistPolicy(rules_file=path)


def test_policy_object_has_minpy_op_stat_methods(capsys):
    policy = P.PreferMXNetPolicy()
    policy.record_op_stat()
    with P.wrap_policy(policy):
        np.exp(onp.ones(2))
    text = policy.show_op_stat()
    np.record_op_stat(False)
    assert "exp" in text and "100.0% in MXNet" in text


# ---- contexts ---------------------------------------------------------------------------
def test_mxnet_values_report_their_context():
    with P.wrap_policy("prefer_mxnet"):
        value = np.exp(onp.ones(2))
    assert value.context == cpu(0) == np.ones(1).context


@pytest.mark.skipif(not NO_GPU, reason="this machine has a GPU")
def test_computing_on_a_missing_gpu_says_no_gpu_is_available():
    @customop("mxnet")
    def double(x):
        return x * 2
    ctx = gpu(0)  # making it works
    with ctx:
        with pytest.raises(ContextError, match=r"computing on gpu\(0\).*no GPU is available"):
            np.dot(onp.ones((2, 2)), onp.ones(2))  # the default policy prefers MXNet on a GPU
        with pytest.raises(ContextError, match="no GPU is available"):
            double(onp.ones(2))
    assert current_context() == cpu(0)


@pytest.mark.skipif(NO_GPU, reason="needs a GPU with a CUDA build of MXNet")
def test_values_live_on_the_gpu_context():
    with gpu(0):
        value = np.dot(onp.ones((2, 2)), onp.ones(2))
        assert value.context == gpu(0)
        onp.testing.assert_array_equal(onp.asarray(value), [2.0, 2.0])


def test_raw_ndarray_arguments_run_on_mxnet_with_gradients():
    weights = mx.nd.array(rng.normal(size=(3, 2)), dtype="float32")
    data = rng.normal(size=(4, 3)).astype(onp.float32)
    with P.wrap_policy("prefer_mxnet"):
        out = np.dot(data, weights)
        assert type(out) is MXArray and out.dtype == onp.float32 and out.shape == (4, 2)
        g = grad(lambda w: np.sum(np.dot(data, w)))(weights)
    onp.testing.assert_allclose(onp.asarray(g.asnumpy()), onp.tile(data.sum(0)[:, None], (1, 2)),
                                rtol=1e-5)
