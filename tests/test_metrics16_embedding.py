"""``nn.MultiFieldEmbeddingLookup``: replayed against MindSpore 2.10
(``oracle_nn/metrics16_fixture.json``: outputs, the values' and the table's gradients),
float64 finite differences, and its argument errors.

Accepted difference: with ``max_norm`` and more than one row, MindSpore 2.10 scales each row
by another row's norm (its row 5 here is clipped by row 1's norm); ours clips each row by
its own norm, as its ``EmbeddingLookup`` (and MindSpore's) does."""
import json
import os
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import metrics16_cells as cells  # noqa: E402

with open(os.path.join(HERE, "metrics16_fixture.json")) as _file:
    RECORDS = json.load(_file)["embedding"]


def _decode(item):
    value = item["value"]
    return onp.array(value["data"], dtype=value["dtype"]).reshape(value["shape"])


def _close(ours, item, what):
    expected = _decode(item)
    ours = onp.asarray(ours)
    assert ours.shape == expected.shape and ours.dtype == expected.dtype, what
    onp.testing.assert_allclose(ours, expected, rtol=2e-5, atol=2e-6, err_msg=what)


@pytest.mark.parametrize("index", range(len(cells.EMBED_CASES)))
def test_replays_mindspore(index):
    kwargs, *inputs = cells.EMBED_CASES[index]
    record = RECORDS[index]
    cell = nn.MultiFieldEmbeddingLookup(6, 3, 3, param_init=ms.Tensor(cells.EMBED_TABLE),
                                        **kwargs)
    assert [p.name for p in cell.trainable_params()] == record["param_names"]
    tensors = [ms.Tensor(x) for x in inputs]
    if "max_norm" in kwargs:  # the accepted difference above: each row by its own norm
        rows = cells.EMBED_TABLE[inputs[0]]
        norms = onp.linalg.norm(rows, axis=-1, keepdims=True)
        rows = rows * onp.minimum(1.0, 0.8 / norms) * inputs[1][..., None]
        expected = onp.stack([onp.stack([rows[b][inputs[2][b] == f].sum(0) for f in range(3)])
                              for b in range(2)])
        onp.testing.assert_allclose(onp.asarray(cell(*tensors)), expected, rtol=1e-5, atol=1e-6)
        return
    _close(cell(*tensors), record["output"], "output")
    grads = ops.GradOperation(get_all=True, get_by_list=True)(
        cell, ms.ParameterTuple(cell.trainable_params()))(*tensors)
    _close(grads[0][1], record["values_grad"], "gradient of input_values")
    # MindSpore's sparse=True gradient holds one row per looked-up id: add them up by id
    per_id = _decode(record["table_grad"])
    dense = onp.zeros_like(cells.EMBED_TABLE)
    onp.add.at(dense, inputs[0].ravel(), per_id)
    _close(grads[1][0], {"value": {"data": dense.ravel().tolist(), "dtype": "float32",
                                   "shape": list(dense.shape)}}, "gradient of embedding_table")


@pytest.mark.parametrize("operator", ["SUM", "MEAN", "MAX"])
def test_finite_differences_float64(operator):
    kwargs, ids, values, fields = cells.EMBED_CASES[0]
    cell = nn.MultiFieldEmbeddingLookup(6, 3, 3, param_init=ms.Tensor(
        cells.EMBED_TABLE.astype(onp.float64)), operator=operator, dtype=ms.float64)
    values = values.astype(onp.float64) + 0.1  # away from MEAN's |v| kink at 0
    check_grads(lambda v: cell(ms.Tensor(ids), v, ms.Tensor(fields)), modes=["rev"],
                order=1)(values)
    out = cell(ms.Tensor(ids), ms.Tensor(values), ms.Tensor(fields))
    assert onp.asarray(out).dtype == onp.float64


@pytest.mark.parametrize("make, error, match", [
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 0), ValueError,
     "MultiFieldEmbeddingLookup field_size"),
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 2, operator="MIN"), ValueError,
     "MultiFieldEmbeddingLookup operator"),
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 2)(
        ms.Tensor(onp.zeros(3, onp.int32)), ms.Tensor(onp.ones(3, onp.float32)),
        ms.Tensor(onp.zeros(3, onp.int32))), ValueError,
     "MultiFieldEmbeddingLookup input_indices"),
    (lambda: nn.MultiFieldEmbeddingLookup(4, 2, 2)(
        ms.Tensor(onp.zeros((1, 3), onp.int32)), ms.Tensor(onp.ones((1, 3), onp.int32)),
        ms.Tensor(onp.zeros((1, 3), onp.int32))), TypeError,
     "MultiFieldEmbeddingLookup input_values"),
])
def test_bad_arguments_name_the_cell(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_float32_stays_float32():
    kwargs, ids, values, fields = cells.EMBED_CASES[2]
    cell = nn.MultiFieldEmbeddingLookup(6, 3, 3, **kwargs)
    out = cell(ms.Tensor(ids), ms.Tensor(values), ms.Tensor(fields))
    assert onp.asarray(out).dtype == onp.float32
