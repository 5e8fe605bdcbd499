"""Records ``metrics16_fixture.json`` from MindSpore 2.10 (run with its interpreter:
``/tmp/msvenv/bin/python tests/oracle_nn/make_metrics16_fixture.py``): the metrics of
``metrics16_cases.py`` and the image-quality and embedding Cells of ``metrics16_cells.py``."""
import json
import os
import sys

import numpy as onp
import mindspore as ms
from mindspore import nn, ops, train

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import metrics16_cases as cases  # noqa: E402
import metrics16_cells as cells  # noqa: E402


def encode(value):
    value = onp.asarray(value)
    return {"data": value.astype(onp.float64).ravel().tolist(), "dtype": str(value.dtype),
            "shape": list(value.shape)}


def attempt(fn):
    try:
        return {"value": encode(fn())}
    except Exception as error:  # recording which error MindSpore raises
        return {"error": type(error).__name__, "text": str(error)[:200]}


def run_metric(name, kwargs, batches):
    metric = getattr(train, name)(**kwargs)
    record = {"before": attempt(metric.eval), "evals": []}
    for batch in batches:
        record["evals"].append(attempt(lambda: metric.update(*batch) or metric.eval()))
    metric.clear()
    record["after_clear"] = attempt(metric.eval)
    return record


def occlusion_model():
    return nn.SequentialCell([nn.Flatten(), nn.Dense(
        24, 3, weight_init=ms.Tensor(cases.OCCLUSION_WEIGHT), bias_init="zeros")])


def run_occlusion(kwargs):
    metric = train.OcclusionSensitivity(**kwargs)
    record = {"before": attempt(metric.eval)}
    label = onp.array(2)  # 2.10 refuses a Python int label (converted before its int check)
    record["evals"] = [attempt(lambda: metric.update(occlusion_model(), cases.OCCLUSION_X, label)
                               or metric.eval())]
    return record


def run_bad(name, kwargs, inputs):
    def go():
        metric = getattr(train, name)(**kwargs)
        if inputs is not None:
            metric.update(*inputs)
            metric.eval()
    return attempt(go)


def run_cell(name, kwargs, inputs):
    ms.set_context(mode=ms.GRAPH_MODE)  # 2.10's PyNative fails in ScalarCast on these Cells
    cell = getattr(nn, name)(**kwargs)
    tensors = [ms.Tensor(x) for x in inputs]
    out = attempt(lambda: cell(*tensors))
    grads = attempt(lambda: ops.GradOperation(get_all=True)(cell)(*tensors)[0])
    return {"output": out, "grad0": grads}


def run_embedding(kwargs, *inputs):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    cell = nn.MultiFieldEmbeddingLookup(6, 3, 3, param_init=ms.Tensor(cells.EMBED_TABLE),
                                        **kwargs)
    tensors = [ms.Tensor(x) for x in inputs]
    grads = ops.GradOperation(get_all=True, get_by_list=True)(
        cell, ms.ParameterTuple(cell.trainable_params()))
    return {"output": attempt(lambda: cell(*tensors)),
            "values_grad": attempt(lambda: grads(*tensors)[0][1]),
            "table_grad": attempt(lambda: grads(*tensors)[1][0]),
            "param_names": [p.name for p in cell.trainable_params()]}


def main():
    fixture = {"metrics": [run_metric(*case) for case in cases.CASES],
               "occlusion": [run_occlusion(kwargs) for kwargs in cases.OCCLUSION_CASES],
               "bad": [run_bad(*case) for case in cases.BAD],
               "embedding": [run_embedding(*case) for case in cells.EMBED_CASES],
               "cells": [run_cell(*case) for case in cells.CELL_CASES],
               "names": train.names()}
    with open(os.path.join(HERE, "metrics16_fixture.json"), "w") as file:
        json.dump(fixture, file)


if __name__ == "__main__":
    main()
