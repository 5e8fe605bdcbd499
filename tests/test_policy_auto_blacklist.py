"""Policies: AutoBlacklistPolicy's MinPy keywords and atomic rule files."""
import json
import os

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.dispatch import blacklist
from minpy_compat.dispatch import policy as P
from minpy_compat.errors import BackendError
from mxnet_helpers import need_mxnet


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
