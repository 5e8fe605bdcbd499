"""Record MindSpore 2.10's single-device training utilities into
``trainrest_fixture.json``: what ``OnRequestExit`` and ``BackupAndRestore`` write and
load during ``Model.train`` (hook order, files, weights), the weights after each step of a
plain run, ``DatasetHelper``'s batches, ``load_checkpoint_async``,
``merge_sliced_parameter``, ``Metric.set_indexes``, the exceptions bad arguments raise,
and the names ``mindspore.train.callback`` holds.

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_trainrest_fixture.py
"""
import json
import os
import signal
import sys
import tempfile

import numpy as onp
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import trainrest_cases as cases  # noqa: E402
from make_nn_fixture import builtin_of  # noqa: E402


def run_plain():
    """The weights after each of 12 steps (4 epochs) without any callback of interest."""
    net, model = cases.model(ms, nn)
    log = []
    model.train(4, cases.dataset(ds), callbacks=[cases.recorder(ms.train.Callback, log, net)])
    return [entry[3] for entry in log if entry[0] == "step_end"]


def run_on_request_exit():
    root = tempfile.mkdtemp()
    net, model = cases.model(ms, nn)
    log = []
    exit_cb = ms.train.OnRequestExit(save_mindir=False, directory=os.path.join(root, "out"))
    model.train(2, cases.dataset(ds),
                callbacks=[exit_cb, cases.recorder(ms.train.Callback, log, net, kill_at=2)])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    saved = ms.load_checkpoint(os.path.join(root, "out", "rank_0", "Net_train.ckpt"))
    record = {"log": [entry[:3] for entry in log], "files": cases.files(root),
              "exit": exit_cb.exit, "saved_names": sorted(saved),
              "saved": {k: saved[k].asnumpy().tolist() for k in ("weight", "bias")}}
    net, model = cases.model(ms, nn)  # a new run resumes from the saved file
    model.train(1, cases.dataset(ds), callbacks=[
        ms.train.OnRequestExit(save_mindir=False, directory=os.path.join(root, "out"))])
    record["resumed"] = cases.weights(net)
    return record


def run_backups():
    recorded = {}
    for kwargs in cases.BACKUPS:
        root = tempfile.mkdtemp()
        net, model = cases.model(ms, nn)
        backup = ms.train.BackupAndRestore(os.path.join(root, "bk"), **kwargs)
        try:
            model.train(3, cases.dataset(ds), callbacks=[backup])
            record = {"files": cases.files(root), "weights": cases.weights(net)}
        except Exception as error:  # the oracle records whatever MindSpore raises
            record = {"error": builtin_of(error), "files": cases.files(root)}
        if kwargs.get("delete_checkpoint") is False:
            net, model = cases.model(ms, nn)
            model.train(1, cases.dataset(ds), callbacks=[
                ms.train.BackupAndRestore(os.path.join(root, "bk"), **kwargs)])
            record["resumed"] = cases.weights(net)
        recorded[json.dumps(kwargs, sort_keys=True)] = record
    return recorded


def run_helpers():
    helper = ms.train.DatasetHelper(cases.dataset(ds), dataset_sink_mode=False)
    batches = [[onp.asarray(t).tolist() for t in row] for row in helper]
    path = os.path.join(tempfile.mkdtemp(), "a.ckpt")
    ms.save_checkpoint(nn.Dense(2, 2, weight_init="ones", bias_init="zeros"), path)
    future = ms.train.load_checkpoint_async(path)
    net = nn.Dense(2, 2)
    ms.train.load_checkpoint_async(path, net=net).result()
    return {"batches": batches, "async_names": sorted(future.result()),
            "async_class": type(future).__name__, "async_net": cases.weights(net)}


def run_merges():
    recorded = {}
    for case_id, slices in cases.MERGES:
        params = [ms.Parameter(ms.Tensor(onp.full(shape, fill, onp.float32)), name)
                  for shape, fill, name in slices]
        try:
            out = ms.train.merge_sliced_parameter(params)
            recorded[case_id] = {"name": out.name, "value": out.asnumpy().tolist(),
                                 "dtype": str(out.asnumpy().dtype),
                                 "requires_grad": out.requires_grad}
        except Exception as error:  # the oracle records whatever MindSpore raises
            recorded[case_id] = builtin_of(error)
    return recorded


def run_bad_args():
    recorded, tmp = {}, tempfile.mkdtemp()
    for case_id, name, args, kwargs in cases.BAD_ARGS:
        args, kwargs = cases.build_args(args, kwargs, tmp, cases.dataset(ds), lambda *a: 0)
        target = ms.data_sink if name == "data_sink" else getattr(ms.train, name)
        try:
            target(*args, **kwargs)
            recorded[case_id] = None
        except Exception as error:  # the oracle records whatever MindSpore raises
            recorded[case_id] = builtin_of(error)
    return recorded


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE)
    from mindspore.train import callback
    fixture = {"mindspore": ms.__version__, "plain": run_plain(),
               "on_request_exit": run_on_request_exit(), "backups": run_backups(),
               "helpers": run_helpers(), "merges": run_merges(), "bad_args": run_bad_args(),
               "callback_names": sorted(callback.__all__),
               "rearrange": cases.rearrange_results(ms, ms.train)}
    with open(os.path.join(HERE, "trainrest_fixture.json"), "w") as out:
        json.dump(fixture, out, separators=(",", ":"))
    print("wrote", len(fixture["backups"]), "backup runs,", len(fixture["merges"]), "merges")
