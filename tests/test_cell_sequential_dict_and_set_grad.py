"""``SequentialCell`` built from an OrderedDict and ``set_grad`` on containers, against
MindSpore 2.10."""
from collections import OrderedDict

import numpy as onp
import pytest
from minpy_compat import nn
from cell_write_helpers import F32, T


# ---- SequentialCell from an OrderedDict, set_grad on containers --------------------------
def names(cell):
    return [n for n, _ in cell.cells_and_names()], [p.name for p in cell.trainable_params()]


def test_sequentialcell_deleting_keeps_the_names_an_ordereddict_gave():
    """MindSpore: OrderedDict a, b, c; del s[1] -> cells ['', 'a', 'c'], Parameters
    ['a.weight', 'a.bias', 'c.weight', 'c.bias'] (not re-keyed '0', '1')."""
    s = nn.SequentialCell(OrderedDict([("a", nn.Dense(2, 3)), ("b", nn.ReLU()),
                                       ("c", nn.Dense(3, 1))]))
    del s[1]
    assert names(s) == (["", "a", "c"], ["a.weight", "a.bias", "c.weight", "c.bias"])
    assert s(T(onp.ones((1, 2), F32))).shape == (1, 1)
    listed = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 1)])
    del listed[0]  # MindSpore: from a list, re-keyed -> ['', '0', '1'], ['1.weight', '1.bias']
    assert names(listed) == (["", "0", "1"], ["1.weight", "1.bias"])


def test_sequentialcell_appended_items_are_rekeyed_the_named_ones_kept():
    """MindSpore: OrderedDict a, b + append x2; del s[0] -> ['', 'b', '1', '2'] with
    ['b.weight', 'b.bias', '1.weight', '1.bias']; del s[1:2] -> ['', 'b', '1'];
    a slice's keys are all kept: s[0:] then del [0] -> ['', '1']."""
    s = nn.SequentialCell(OrderedDict([("a", nn.Dense(2, 3)), ("b", nn.Dense(3, 3))]))
    s.append(nn.Dense(3, 1))
    s.append(nn.ReLU())
    del s[0]
    assert names(s) == (["", "b", "1", "2"], ["b.weight", "b.bias", "1.weight", "1.bias"])
    del s[1:2]
    assert names(s) == (["", "b", "1"], ["b.weight", "b.bias"])
    sliced = s[0:]
    del sliced[0]
    assert names(sliced)[0] == ["", "1"]


@pytest.mark.parametrize("make", [lambda cells: nn.SequentialCell(cells), nn.CellList],
                         ids=["SequentialCell", "CellList"])
def test_set_grad_on_a_container_reaches_its_cells(make):
    """MindSpore: CellList([Dense, SequentialCell([Dense])]).set_grad() -> True for all
    four; set_grad(False) -> False for all (a plain Cell's set_grad stays its own)."""
    inner = nn.SequentialCell([nn.Dense(1, 1)])
    box = make([nn.Dense(1, 1), inner])
    assert box.set_grad() is box
    assert [box.requires_grad, box[0].requires_grad, inner.requires_grad,
            inner[0].requires_grad] == [True] * 4
    box.set_grad(False)
    assert [box.requires_grad, box[0].requires_grad, inner[0].requires_grad] == [False] * 3
    # MindSpore: a plain Cell's set_grad() stays its own (Outer True, its sub-cells False)
    plain = nn.Dense(1, 1)
    outer = nn.WithLossCell(plain, nn.MSELoss()).set_grad()
    assert outer.requires_grad and not plain.requires_grad


@pytest.mark.parametrize("module", ["minpy_compat.nn.containers", "minpy_compat.write_journal",
                                    "minpy_compat.ops.clipping"])
def test_new_modules_docstring_examples_run(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed
