"""Policies, MinPy parity round 2: wrap_policy on generators and coroutines, np.policy,
AutoBlacklistPolicy's MinPy keywords and atomic rule files, MinPy's decide(candidates)."""
import asyncio
import inspect
import json
import os
import threading

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.dispatch import blacklist
from minpy_compat.dispatch import policy as P
from minpy_compat.dispatch.minpy_decide import ArrayType, Candidate
from minpy_compat.dispatch.stats import op_stat
from minpy_compat.errors import BackendError, PolicyError, PolicyTypeError
from mxnet_helpers import need_mxnet


class Tagged(P.Policy):
    """A NumPy-only policy with a name of its own (no MXNet needed)."""

    uses_mxnet = False

    def __init__(self, name):
        self.name = name

    def choose(self, name, has_mxnet):
        return "numpy"


def current():
    return P.get_global_policy().name


# ---- wrap_policy on generators ---------------------------------------------------------------
@P.wrap_policy(Tagged("outer"))
def names(log):
    try:
        received = yield current()
        log.append(("sent", received, current()))
        with P.wrap_policy(Tagged("inner")):
            yield current()
            yield current()
        yield current()
    except KeyError:
        log.append(("thrown", current()))
        yield "caught"
    finally:
        log.append(("finally", current()))
    return "done"


def test_a_decorated_generator_runs_each_step_under_its_policy():
    log = []
    steps = names(log)
    assert inspect.isgeneratorfunction(names)
    assert next(steps) == "outer" and current() == "default"
    assert steps.send("hello") == "inner" and current() == "default"
    assert log == [("sent", "hello", "outer")]
    assert next(steps) == "inner" and current() == "default"
    assert next(steps) == "outer" and current() == "default"
    with pytest.raises(StopIteration) as stop:
        next(steps)
    assert stop.value.value == "done" and log[-1] == ("finally", "outer")
    assert current() == "default"


def test_a_decorated_generator_takes_throw_and_close_under_its_policy():
    log = []
    steps = names(log)
    next(steps)
    with P.wrap_policy(Tagged("caller")):
        assert steps.throw(KeyError("k")) == "caught" and current() == "caller"
        steps.close()
        assert current() == "caller"
    assert log == [("thrown", "outer"), ("finally", "outer")] and current() == "default"


def test_a_with_block_inside_a_decorated_generator_does_not_leak_between_steps():
    steps = names([])
    next(steps), steps.send(None)  # the body is inside its with block now
    with P.wrap_policy(Tagged("caller")):
        assert current() == "caller"
        assert next(steps) == "inner" and current() == "caller"
        assert next(steps) == "outer" and current() == "caller"
    assert current() == "default"


def test_a_decorated_generator_yields_from_another_and_runs_its_ops():
    @P.wrap_policy("only_numpy")
    def sums():
        for n in range(1, 4):
            yield current(), float(np.sum(np.ones(n)))
    assert list(sums()) == [("only_numpy", 1.0), ("only_numpy", 2.0), ("only_numpy", 3.0)]

    def plain():  # a with block in an undecorated generator holds, and is restored
        with P.wrap_policy("only_numpy"):
            yield current()
            yield current()
    assert list(plain()) == ["only_numpy", "only_numpy"] and current() == "default"


def test_a_decorated_coroutine_keeps_its_policy_across_awaits():
    @P.wrap_policy(Tagged("task"))
    async def task(seen):
        for _ in range(3):
            seen.append(current())
            await asyncio.sleep(0)
        return current()

    async def main():
        seen = []
        result = await asyncio.gather(task(seen), task(seen))
        return result, seen, current()
    assert asyncio.run(main()) == (["task", "task"], ["task"] * 6, "default")


def test_wrap_policy_refuses_an_async_generator_function():
    with pytest.raises(TypeError, match=r"wrap_policy: expected a function, generator function "
                                        r"or coroutine function, got the async generator"):
        @P.wrap_policy("only_numpy")
        async def stream():
            yield 1


# ---- np.policy ---------------------------------------------------------------------------------
def test_np_policy_follows_the_threads_policy():
    assert np.policy is P.get_global_policy() and "policy" in dir(np)
    with P.wrap_policy(Tagged("a")):
        assert np.policy.name == "a"
        from minpy_compat.numpy import policy
        assert policy.name == "a"
        seen = []
        thread = threading.Thread(target=lambda: seen.append(np.policy.name))
        thread.start()
        thread.join()
        assert seen == ["default"]
    P.set_global_policy("only_numpy")
    try:
        assert np.policy.name == "only_numpy"
    finally:
        P.set_global_policy("default")
    assert np.policy.name == "default" and "policy" not in vars(np)


# ---- AutoBlacklistPolicy: MinPy's keywords, rule files ----------------------------------------
def test_auto_blacklist_takes_minpys_keywords_and_positions():
    policy = blacklist.AutoBlacklistPolicy(False, False, None)
    assert (policy.gen_rule, policy.append_rule, policy.loc) == (False, False, None)
    policy = blacklist.AutoBlacklistPolicy(gen_rule=True, append_rule=True)
    assert policy.gen_rule and policy.append_rule and P.create("auto_blacklist").gen_rule


@pytest.mark.parametrize("kwargs, match", [
    ({"gen_rule": 1}, r"AutoBlacklistPolicy argument 'gen_rule': expected True or False, "
                      r"got 1"),
    ({"append_rule": "yes"}, r"argument 'append_rule': expected True or False"),
    ({"loc": 3}, r"argument 'loc': expected the path of a rules file, got 3"),
    ({"loc": "a.json", "rules_file": "b.json"}, r"expected one of loc and rules_file"),
])
def test_auto_blacklist_refuses_arguments_it_cannot_use(kwargs, match):
    with pytest.raises(TypeError, match=match):
        blacklist.AutoBlacklistPolicy(**kwargs)


def test_auto_blacklist_refuses_a_directory_and_minpys_yaml_rules(tmp_path):
    with pytest.raises(ValueError, match=r"argument 'loc': expected the path of a rules file, "
                                         r"got the directory"):
        blacklist.AutoBlacklistPolicy(loc=tmp_path)
    conf = tmp_path / ".minpy_rules.conf"
    conf.write_text("minpy.numpy:\n  dot:\n  - args: [array_dim2, array_dim2]\n")
    with pytest.raises(BackendError, match=r"load_rules.*expected a JSON file written by "
                                           r"save_rules, got text that is not JSON"):
        blacklist.AutoBlacklistPolicy(loc=conf)


def test_auto_blacklist_loc_is_loaded_and_append_rule_merges_on_save(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"minpy_compat_blacklist": ["a()"]}))
    policy = blacklist.AutoBlacklistPolicy(loc=path)
    assert policy.rules == {"a()"}
    path.write_text(json.dumps({"minpy_compat_blacklist": ["b()"]}))  # another process
    policy.learn("c()")  # saved to loc at once
    assert json.loads(path.read_text())["minpy_compat_blacklist"] == ["a()", "b()", "c()"]


def test_auto_blacklist_without_append_rule_starts_empty_and_overwrites(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"minpy_compat_blacklist": ["a()"]}))
    policy = blacklist.AutoBlacklistPolicy(gen_rule=True, append_rule=False, loc=path)
    assert policy.rules == set()
    policy.learn("c()")
    assert json.loads(path.read_text())["minpy_compat_blacklist"] == ["c()"]
    assert blacklist.AutoBlacklistPolicy(gen_rule=False, append_rule=False,
                                         loc=path).rules == {"c()"}  # used, as in MinPy


def test_save_rules_replaces_the_file_at_once(tmp_path, monkeypatch):
    path = tmp_path / "rules.json"
    policy = blacklist.AutoBlacklistPolicy(loc=path)
    policy.learn("a()")

    def half_then_fail(data, file, **kwargs):
        file.write('{"minpy_compat_blacklist": [')
        raise OSError("disk full")
    monkeypatch.setattr(blacklist.json, "dump", half_then_fail)
    with pytest.raises(OSError, match="disk full"):
        policy.learn("b()")
    assert blacklist.AutoBlacklistPolicy(loc=path).rules == {"a()"}
    assert os.listdir(tmp_path) == ["rules.json"]


def test_save_rules_without_a_path_or_loc_is_refused():
    with pytest.raises(TypeError, match=r"AutoBlacklistPolicy.save_rules: expected a path "
                                        r"\(no loc was given\), got none"):
        blacklist.AutoBlacklistPolicy().save_rules()


def _failing_tanh(monkeypatch, calls):
    mx = need_mxnet()
    from minpy_compat.backends import mxnet_ops

    def failing_tanh(x, **kwargs):
        calls.append(1)
        raise mx.base.MXNetError("tanh is broken here")
    monkeypatch.setitem(mxnet_ops.TABLE, onp.tanh, failing_tanh)
    return mx


def test_gen_rule_false_uses_rules_but_learns_none(tmp_path, monkeypatch):
    calls = []
    mx = _failing_tanh(monkeypatch, calls)
    policy = blacklist.AutoBlacklistPolicy(gen_rule=False)
    with P.wrap_policy(policy), pytest.raises(mx.base.MXNetError, match="tanh is broken"):
        np.tanh(onp.zeros(2, onp.float32))
    assert policy.rules == set()
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"minpy_compat_blacklist": ["tanh(float32[1])"]}))
    with P.wrap_policy(blacklist.AutoBlacklistPolicy(gen_rule=False, loc=path)):
        assert np.tanh(onp.zeros(2, onp.float32)).tolist() == [0.0, 0.0]
    assert len(calls) == 1


def test_gen_rule_with_loc_saves_each_learned_rule(tmp_path, monkeypatch):
    calls = []
    _failing_tanh(monkeypatch, calls)
    path = tmp_path / "rules.json"
    with P.wrap_policy(blacklist.AutoBlacklistPolicy(gen_rule=True, loc=path)):
        np.tanh(onp.zeros(2, onp.float32))
    assert json.loads(path.read_text()) == {"minpy_compat_blacklist": ["tanh(float32[1])"]}


# ---- MinPy's decide(candidates) ------------------------------------------------------------------
class PreferNumPy(P.Policy):
    uses_mxnet = False

    def __init__(self):
        self.asked = []

    def decide(self, candidates):
        self.asked.append([(c.typestr, c.type) for c in candidates])
        return ArrayType.NUMPY


def test_a_minpy_policy_with_decide_is_asked_with_the_candidates():
    policy = PreferNumPy()
    assert policy.choose("dot", True) == "numpy" and policy.name == "PreferNumPy"
    assert policy.asked == [[("numpy", 0), ("mxnet", 1)]]
    with P.wrap_policy(policy):
        assert float(np.sum(np.ones(3))) == 3.0
    assert policy.asked[-1] == [("numpy", 0)]


def test_decide_overrides_an_inherited_choose():
    class OnlyNumPyFromMinPy(P.PreferMXNetPolicy):
        def decide(self, candidates):
            return next(c for c in candidates if c.typestr == "numpy")
    assert OnlyNumPyFromMinPy().choose("exp", True) == "numpy"


def test_decide_answering_none_or_nonsense_is_refused():
    class Nothing(P.Policy):
        def decide(self, candidates):
            return None

    class Strange(P.Policy):
        def decide(self, candidates):
            return 2.5
    with pytest.raises(PolicyError, match=r"Nothing.decide for numpy.dot: expected one of the "
                                          r"candidates' types, got None"):
        Nothing().choose("dot", True)
    with pytest.raises(TypeError, match=r"Strange.decide for numpy.exp: expected "
                                        r"ArrayType.NUMPY, ArrayType.MXNET, a candidate"):
        Strange().choose("exp", False)
    with pytest.raises(PolicyError, match=r"expected one of \['numpy'\], got 'mxnet'"):
        type("MXNetAlways", (P.Policy,), {"decide": lambda self, c: ArrayType.MXNET})(
            ).choose("exp", False)


def test_a_policy_that_cannot_be_asked_is_refused_early():
    with pytest.raises(PolicyTypeError, match=r"Old.decide: expected decide\(self, candidates\)"
                                              r", as in MinPy.*Define choose"):
        class Old(P.Policy):
            def decide(self, candidates, args, kwargs):
                return ArrayType.NUMPY

    class Resolver(P.Policy):  # MinPy's AutoBlacklistPolicy had only resolve_call
        def resolve_call(self, name, reg, args, kwargs):
            return None
    with pytest.raises(TypeError, match=r"Resolver\(\): expected a Policy subclass defining "
                                        r"choose\(name, has_mxnet\)"):
        Resolver()


def test_a_minpy_policy_picks_mxnet_where_it_is_a_candidate():
    need_mxnet()

    class PreferMXNet(P.Policy):
        def decide(self, candidates):
            types = [c.type for c in candidates]
            return ArrayType.MXNET if ArrayType.MXNET in types else ArrayType.NUMPY
    np.record_op_stat()
    try:
        with P.wrap_policy(PreferMXNet()):
            np.exp(onp.ones(2, onp.float32))
        assert op_stat()["calls"]["exp"] == {"numpy": 0, "mxnet": 1}
    finally:
        np.record_op_stat(False)
    assert repr(Candidate("exp", "mxnet")) == "<Candidate exp mxnet>"
