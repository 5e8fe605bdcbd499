"""Policies, MinPy parity round 3: Array operators follow the policy as np.add does (and
leave the default path alone), and 'auto_blacklist' by name remembers what it learned."""
import threading

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.array import Array, TracedArray
from minpy_compat.dispatch import policy as P
from minpy_compat.dispatch.stats import op_stat, record_op_stat
from minpy_compat.errors import PolicyError
from conftest import check_grad
from mxnet_helpers import need_mxnet

RNG = onp.random.default_rng(3)
BINARY = [("+", "add"), ("-", "subtract"), ("*", "multiply"), ("/", "true_divide"),
          ("**", "power"), ("@", "matmul"), ("<", "less"), ("==", "equal"),
          ("%", "remainder"), ("//", "floor_divide")]


def operate(symbol, a, b):
    return eval(f"a {symbol} b")


@pytest.fixture
def stats():
    record_op_stat()
    yield lambda: op_stat()["calls"]
    record_op_stat(False)


def operands(dtype="float32"):
    return (np.array(RNG.uniform(1, 2, (3, 3)).astype(dtype)),
            np.array(RNG.uniform(1, 2, (3, 3)).astype(dtype)))


# ---- the default path: NumPy's own operators, nothing installed ------------------------------
def test_default_path_keeps_numpys_operators():
    lean = vars(TracedArray)["__mul__"]  # autograd's primitive, called without the facade
    variance = vars(Array)["var"]  # NumPy's, reading MindSpore's spellings too
    with P.wrap_policy("only_numpy"):
        assert "__add__" in vars(Array) and vars(TracedArray)["__mul__"] is not lean
        assert vars(Array)["var"] is not variance
        assert np.array([[1.0, 3.0]]).var(dim=1, keepdim=True).tolist() == [[1.0]]
    assert "__add__" not in vars(Array) and "__iadd__" not in vars(Array)
    assert Array.__add__ is onp.ndarray.__add__ and vars(Array)["var"] is variance
    assert vars(TracedArray)["__mul__"] is lean


# ---- no MXNet needed: operators are counted and policed like the functions -------------------
@pytest.mark.parametrize("symbol, name", BINARY, ids=[n for _, n in BINARY])
def test_operators_go_through_the_dispatcher(symbol, name, stats):
    a, b = operands("float64")
    with P.wrap_policy("only_numpy"):
        got = operate(symbol, a, b)
    counted = stats()[getattr(onp, name).__name__]  # NumPy 1.x names true_divide 'divide'
    onp.testing.assert_array_equal(got, operate(symbol, a.asnumpy(), b.asnumpy()))
    assert type(got) is Array and counted == {"numpy": 1, "mxnet": 0}


def test_unary_and_in_place_operators_are_counted(stats):
    a, b = operands("float64")
    before = a.copy()
    with P.wrap_policy("only_numpy"):
        negated, absolute = -a, abs(a)
        a[...] += b
        a[1:] *= 2
    expected = before.asnumpy() + b.asnumpy()
    expected[1:] *= 2
    onp.testing.assert_array_equal(a, expected)
    onp.testing.assert_array_equal(negated, -before.asnumpy())
    assert type(a) is Array and type(negated) is Array and type(absolute) is Array
    calls = stats()
    assert calls["add"]["numpy"] == 1 and calls["multiply"]["numpy"] == 1
    assert calls["negative"]["numpy"] == 1 and calls["absolute"]["numpy"] == 1


def test_in_place_keeps_numpys_casting_rule_and_a_read_only_array():
    ints = np.arange(3)
    with P.wrap_policy("only_numpy"):
        with pytest.raises(TypeError):
            ints += 1.5
        frozen = np.ones(3)
        frozen.flags.writeable = False
        with pytest.raises(ValueError, match="read-only"):
            frozen += 1
    onp.testing.assert_array_equal(ints, [0, 1, 2])


def test_numpys_methods_that_use_operators_still_work_under_a_policy(stats):
    a, _ = operands("float64")
    with P.wrap_policy("only_numpy"):
        assert onp.isclose(a.std(), a.asnumpy().std())
        assert onp.isclose(onp.var(a, ddof=1), onp.var(a.asnumpy(), ddof=1))
        onp.testing.assert_allclose(a, a.asnumpy())


def test_another_thread_keeps_the_default_operators():
    seen = {}

    def other():
        a, b = operands()
        seen["sum"] = a + b
    with P.wrap_policy("only_numpy"):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert type(seen["sum"]) is Array


def test_traced_operators_follow_the_policy_and_keep_their_gradients(stats):
    a, b = operands("float64")
    with P.wrap_policy("only_numpy"):
        check_grad(lambda x, y: (x * y + x ** 2 - y / 3) @ x - (-y), a, b)
    assert stats()["multiply"]["numpy"] > 0 and stats()["matmul"]["numpy"] > 0


# ---- MXNet: operators run where np.add does ----------------------------------------------------
MX_BINARY = BINARY[:7]


@pytest.mark.parametrize("symbol, name", MX_BINARY, ids=[n for _, n in MX_BINARY])
def test_operators_run_on_mxnet_under_prefer_mxnet(symbol, name, stats):
    need_mxnet()
    from minpy_compat.backends.mxnet_array import MXArray
    a, b = operands()
    with P.wrap_policy("prefer_mxnet"):
        on_mxnet = np.add(b, 0.0)
        got, mixed = operate(symbol, a, b), operate(symbol, a, on_mxnet)
    counted = stats()[getattr(onp, name).__name__]
    for value in (got, mixed):
        assert type(value) is MXArray and value.dtype == operate(symbol, a.asnumpy(), b).dtype
        onp.testing.assert_allclose(value.asnumpy(), operate(symbol, a.asnumpy(), b.asnumpy()),
                                    rtol=1e-6)
    assert counted["mxnet"] == 2 + (name == "add") and counted["numpy"] == 0


def test_in_place_on_mxnet_writes_into_the_array(stats):
    need_mxnet()
    a, b = operands()
    expected = a.asnumpy() + b.asnumpy()
    with P.wrap_policy(P.PreferMXNetPolicy()):
        a[...] += b
    assert type(a) is Array and a.dtype == onp.float32
    onp.testing.assert_allclose(a, expected)
    assert stats()["add"] == {"numpy": 0, "mxnet": 1}


def test_only_mxnet_refuses_an_operator_mxnet_lacks_by_name():
    need_mxnet()
    a, b = operands()
    with P.wrap_policy("only_mxnet"):
        with pytest.raises(PolicyError, match=r"numpy\.remainder under the only_mxnet policy"):
            a % b
        with pytest.raises(PolicyError, match=r"numpy\.floor_divide under the only_mxnet"):
            a //= b
        assert float((-a).sum()) == pytest.approx(-float(a.asnumpy().sum()), rel=1e-6)


@pytest.mark.parametrize("policy", ["prefer_mxnet", "only_mxnet"])
def test_operator_gradients_on_mxnet_match_finite_differences(policy, stats):
    need_mxnet()
    a, b = operands("float64")
    with P.wrap_policy(policy):
        mixed = np.multiply(b, 1.0)  # an MXArray operand
        check_grad(lambda x, y: (x * y + x ** 2 - y / 3) @ x - (-y) + mixed * x, a, b)
    assert stats()["multiply"]["mxnet"] > 0 and stats()["matmul"]["mxnet"] > 0


# ---- AutoBlacklistPolicy by name: one per process, as MinPy's rules were --------------------
def test_auto_blacklist_by_name_remembers_across_scopes_and_threads(monkeypatch, stats):
    mx = need_mxnet()
    from minpy_compat.backends import mxnet_ops
    calls = []

    def failing_tanh(x, **kwargs):
        calls.append(1)
        raise mx.base.MXNetError("tanh is broken here")
    monkeypatch.setitem(mxnet_ops.TABLE, onp.tanh, failing_tanh)
    monkeypatch.setattr(P, "_blacklist", [])
    x = onp.full(2, 0.5, onp.float32)

    def run():
        with P.wrap_policy("auto_blacklist"):
            return np.tanh(x)
    onp.testing.assert_allclose(run(), onp.tanh(x))
    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    run()
    assert len(calls) == 1 and P.create("auto_blacklist").rules == {"tanh(float32[1])"}
    assert stats()["tanh"] == {"numpy": 3, "mxnet": 0}
