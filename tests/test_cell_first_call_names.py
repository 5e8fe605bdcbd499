"""A Cell's first call renames its Parameters to their paths when two of them share a
name, as MindSpore 2.10 does (``Cell.check_names_and_refresh_name``). Expected names were
printed by MindSpore 2.10 for the same code (CPU, PyNative)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn


class Pair(nn.Cell):
    def __init__(self, first, second):
        super().__init__(auto_prefix=False)
        self.first = first
        self.second = second

    def construct(self, x):
        return self.second(self.first(x))


def _two_dense():
    return nn.Dense(3, 3), nn.Dense(3, 3)


def test_shared_names_become_paths_on_the_first_call():
    a, b = _two_dense()
    pair = Pair(a, b)
    assert [p.name for p in pair.get_parameters()] == ["weight", "bias", "weight", "bias"]
    pair(ms.Tensor(onp.ones((2, 3), onp.float32)))
    # MindSpore 2.10: ['first.weight', 'first.bias', 'second.weight', 'second.bias']
    assert [p.name for p in pair.get_parameters()] == [
        "first.weight", "first.bias", "second.weight", "second.bias"]


def test_a_sequential_cell_prefixes_at_once():
    a, b = _two_dense()
    pair = nn.SequentialCell([Pair(a, b)])[0]
    # MindSpore 2.10, before and after the call
    assert [p.name for p in pair.get_parameters()] == [
        "0.first.weight", "0.first.bias", "0.second.weight", "0.second.bias"]
    pair(ms.Tensor(onp.ones((2, 3), onp.float32)))
    assert [p.name for p in pair.get_parameters()] == [
        "0.first.weight", "0.first.bias", "0.second.weight", "0.second.bias"]


def test_distinct_names_are_kept():
    a, b = _two_dense()
    a.weight.name, a.bias.name = "wa", "ba"
    pair = Pair(a, b)
    pair(ms.Tensor(onp.ones((2, 3), onp.float32)))
    assert [p.name for p in pair.get_parameters()] == ["wa", "ba", "weight", "bias"]


def test_a_parameter_renamed_after_the_first_call_stays_renamed():
    a, b = _two_dense()
    pair = Pair(a, b)
    x = ms.Tensor(onp.ones((2, 3), onp.float32))
    pair(x)
    a.weight.name = "second.weight"  # the check runs once per Cell, as in MindSpore
    pair(x)
    assert a.weight.name == "second.weight"


def test_check_names_refuses_a_shared_name():
    a, b = _two_dense()
    with pytest.raises(ValueError, match="Pair.check_names.*'weight' for both 'first.weight' "
                                         "and 'second.weight'"):
        Pair(a, b).check_names()
