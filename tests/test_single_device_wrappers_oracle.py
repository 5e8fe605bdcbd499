"""``nn.ParameterUpdate``, ``nn.MicroBatchInterleaved`` and ``nn.PipelineCell`` against
MindSpore 2.10 (``oracle/single_device_wrapper_fixture.json``): the update writes the
Parameter; the network's outputs over the batch's slices are added. Then our errors, what we
allow beyond MindSpore (tuple outputs, non-Tensor inputs passed to every slice), float64
finite differences through the interleaved Cell, float32 and the module path."""
import json
import os
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "oracle"))
from single_device_wrapper_cases import scenarios  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "oracle",
                       "single_device_wrapper_fixture.json")) as f:
    RECORDED = json.load(f)["cases"]
SCENARIOS = scenarios(ms, nn)


def test_every_scenario_is_recorded():
    assert sorted(RECORDED) == sorted(SCENARIOS) and len(SCENARIOS) >= 7


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_scenario_gives_what_mindspore_gives(name):
    assert RECORDED[name] == json.loads(json.dumps(SCENARIOS[name]()))


class Pair(nn.Cell):
    def construct(self, a, b):
        return a.sum(), (a * b).sum()


class Scaled(nn.Cell):
    def construct(self, a, k):
        return (a * a).sum() * k


def test_parameter_update_refuses_a_tensor_by_name():
    with pytest.raises(CellTypeError, match=r"ParameterUpdate param: expected a Parameter, "
                                            r"got .*Pass the Cell's Parameter"):
        nn.ParameterUpdate(ms.Tensor([1.0]))


def test_interleaving_refuses_a_batch_it_cannot_cut_evenly_and_a_bad_count():
    with pytest.raises(CellArgumentError, match=r"MicroBatchInterleaved input: expected a "
                                                r"batch \(first axis\) divisible by "
                                                r"interleave_num=2, got shape \(3, 2\)"):
        nn.MicroBatchInterleaved(Scaled(), 2)(ms.Tensor(onp.ones((3, 2))), 1.0)
    with pytest.raises(CellTypeError, match=r"MicroBatchInterleaved interleave_num: expected "
                                            r"a positive int, got 0"):
        nn.MicroBatchInterleaved(Scaled(), 0)
    with pytest.raises(CellArgumentError, match=r"PipelineCell input: expected a batch "
                                                r"\(first axis\) divisible by micro_size=4"):
        nn.PipelineCell(Scaled(), 4)(ms.Tensor(onp.ones((6, 2))), 1.0)
    with pytest.raises(CellTypeError, match=r"PipelineCell micro_size: expected a positive "
                                            r"int, got 2\.0"):
        nn.PipelineCell(Scaled(), 2.0)


def test_beyond_mindspore_tuple_outputs_add_itemwise_and_numbers_reach_every_slice():
    x = ms.Tensor(onp.arange(8, dtype=onp.float32).reshape(4, 2))
    total, dot = nn.MicroBatchInterleaved(Pair(), 2)(x, x)
    assert (float(total), float(dot)) == (28.0, 140.0)
    assert float(nn.MicroBatchInterleaved(Scaled(), 2)(x, 3.0)) == 420.0


def test_the_interleaved_cell_has_float64_gradients():
    cell = nn.MicroBatchInterleaved(Scaled(), 2)
    check_grads(lambda a: cell(a, 0.5), modes=["rev"], order=2)(
        onp.array([[0.3, -1.2], [2.0, 0.1], [0.7, 0.4], [-0.5, 1.5]]))


def test_the_interleaved_cell_keeps_float32():
    x, k = ms.Tensor(onp.ones((4, 2), onp.float32)), ms.Tensor(1.0)  # a 0-d k: not sliced
    out = nn.MicroBatchInterleaved(Scaled(), 2)(x, k)
    assert out.dtype == onp.float32 and float(out) == 8.0


def test_the_module_paths_serve_them():
    from minpy_compat.nn.wrap.cell_wrapper import MicroBatchInterleaved, ParameterUpdate
    from minpy_compat.nn.wrap import ParameterUpdate as FromWrap
    assert (ParameterUpdate, MicroBatchInterleaved) == (nn.ParameterUpdate,
                                                        nn.MicroBatchInterleaved)
    assert FromWrap is nn.ParameterUpdate
    from minpy_compat.nn.wrap.cell_wrapper import PipelineCell
    assert PipelineCell is nn.PipelineCell and nn.PipelineCell(Scaled(), 2).micro_size == 2
