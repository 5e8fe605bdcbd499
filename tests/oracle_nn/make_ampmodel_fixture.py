"""Record MindSpore 2.10's ``Model`` at each ``amp_level``, the forward hooks of a Cell set
``to_float(float16)`` and what the ``O1``-``O3`` networks expose, into
``ampmodel_fixture.json`` (replayed by ``tests/test_ampmodel_oracle.py``).

Run with a Python that has MindSpore (an oracle only; the tests never import it):
    /tmp/msvenv/bin/python tests/oracle_nn/make_ampmodel_fixture.py
Each run: the train network's class, the Cells after ``Model`` cast them, the loss and its
dtype at each of 8 steps, the Parameters after, ``eval`` metrics, ``predict`` and the dtypes
of the evaluation network's outputs; ``fit`` records ``eval_results`` per epoch.
"""
import json
import os
import sys

import numpy as onp
import mindspore as ms
import mindspore.dataset as ds
from mindspore import amp, nn
from mindspore.train import Callback, FixedLossScaleManager, Model

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ampmodel_cases as cases  # noqa: E402
from make_nn_fixture import attempt, encode, set_params  # noqa: E402


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        cases.add_layers(self, nn)

    def construct(self, x):
        return self.fc2(self.relu(self.bn(self.fc1(x))))


def data():
    return ds.NumpySlicesDataset({"x": cases.X, "y": cases.Y}, shuffle=False).batch(4)


class Record(Callback):
    def __init__(self):
        self.steps, self.epochs = [], []

    def on_train_step_end(self, run_context):
        loss = run_context.original_args().net_outputs
        self.steps.append([float(loss.asnumpy()), str(loss.dtype).lower()])

    def on_train_epoch_end(self, run_context):
        results = run_context.original_args().get("eval_results")
        if results is not None:
            self.epochs.append({k: float(v) for k, v in results.items()})


def run(level, kwargs, fit=False):
    net = Net()
    params = set_params(net, onp.random.default_rng(11))
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=cases.loss_scale(kwargs))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, opt, metrics={"acc", "loss"}, amp_level=level,
                  **cases.model_kwargs(kwargs, FixedLossScaleManager))
    record = Record()
    if fit:
        model.fit(2, data(), data(), callbacks=[record])
        return {"params": params, "steps": record.steps, "epochs": record.epochs}
    out = {"params": params, "train_type": type(model.train_network).__name__,
           "cells": [f"{k}:{type(c).__name__}" for k, c in net.cells_and_names()]}
    model.train(2, data(), callbacks=[record])
    out["steps"] = record.steps
    out["after"] = {k: encode(p.asnumpy()) for k, p in net.parameters_and_names()}
    out["eval"] = {k: float(v) for k, v in model.eval(data()).items()}
    out["predict"] = encode(model.predict(ms.Tensor(cases.X[:4])).asnumpy())
    outputs = model.eval_network(ms.Tensor(cases.X[:4]), ms.Tensor(cases.Y[:4]))
    out["eval_dtypes"] = [str(t.dtype).lower() for t in outputs]
    return out


def errors():
    def model(**kwargs):
        net = Net()
        return Model(net, nn.MSELoss(), kwargs.pop("opt", nn.SGD(net.trainable_params())),
                     **kwargs)
    bad = {"O2_no_optimizer": lambda: model(opt=None, amp_level="O2"),
           "level_O5": lambda: model(amp_level="O5"),
           "unknown_kwarg": lambda: model(foo=1),
           "manager_int": lambda: model(amp_level="O2", loss_scale_manager=3),
           "keep_bn_int": lambda: model(amp_level="O2", keep_batchnorm_fp32=1,
                                        loss_scale_manager=None),
           "boost_O7": lambda: model(boost_level="O7"),
           "O2_default_manager_cpu": lambda: model(amp_level="O2")}
    return {key: attempt(function) for key, function in bad.items()}


def hooks():
    x = ms.Tensor(onp.ones((1, 3), onp.float32))
    log = {}
    dense = nn.Dense(3, 2).to_float(ms.float16)
    dense.register_forward_pre_hook(lambda c, a: log.__setitem__("pre", str(a[0].dtype)))
    dense.register_forward_hook(
        lambda c, a, o: log.update(forward_args=str(a[0].dtype), forward_out=str(o.dtype)))
    log["output"] = str(dense(x).dtype)
    outer = nn.SequentialCell([nn.Dense(3, 2)]).to_float(ms.float16)
    outer.register_forward_pre_hook(lambda c, a: log.__setitem__("outer_pre", str(a[0].dtype)))
    outer.register_forward_hook(lambda c, a, o: log.__setitem__("outer_args", str(a[0].dtype)))
    outer(x)
    return {k: v.lower() for k, v in log.items()}


def wrappers():
    out = {}
    for level in ("O1", "O2", "O3"):
        net = amp.auto_mixed_precision(Net(), level)
        out[level] = {"fc1": attempt(lambda: net.fc1), "tag": attempt(lambda: net.tag),
                      "amp_level": net._amp_level, "has_fc1": hasattr(net, "fc1"),
                      "trainable": [p.name for p in net.trainable_params()],
                      "paths": [k for k, _ in net.parameters_and_names()],
                      "cells": [k for k, _ in net.cells_and_names()],
                      "name_cells": list(net.name_cells())}
    return out


def main():
    fixture = {"runs": {key: run(*spec) for key, spec in cases.RUNS.items()},
               "fit_O2": run("O2", {"loss_scale_manager": ("fixed", 128.0)}, fit=True),
               "errors": errors(), "hooks": hooks(), "wrappers": wrappers()}
    with open(os.path.join(HERE, "ampmodel_fixture.json"), "w") as file:
        json.dump(fixture, file, sort_keys=True)


if __name__ == "__main__":
    main()
    os.system("rm -rf rank_0 rewritten_network")  # MindSpore's dumps (error cases, O1 rewrite)
