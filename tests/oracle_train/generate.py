"""Record MindSpore 2.10's metric values and a short Model.train run on fixed inputs.

Run with a MindSpore install (never by CI):  python tests/oracle_train/generate.py
It rewrites tests/oracle_train/oracle_train.json next to this file.
"""
import json
import os

import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn
from mindspore.train import Callback, Model, History, metrics as M


CLS_PRED = np.array([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3],
                     [0.1, 0.1, 0.8], [0.6, 0.3, 0.1], [0.2, 0.2, 0.6]], np.float32)
CLS_LABEL = np.array([1, 0, 1, 1, 2, 2, 2], np.int32)
ML_PRED = np.array([[0, 1, 0], [1, 0, 1], [0, 0, 1], [1, 0, 0]], np.float32)
ML_LABEL = np.array([[0, 1, 1], [1, 0, 0], [0, 0, 1], [1, 1, 0]], np.float32)
REG_PRED = np.array([[0.1, 0.2], [0.6, 0.9], [1.5, -0.5]], np.float32)
REG_LABEL = np.array([[0.1, 0.25], [0.7, 0.9], [1.0, 0.0]], np.float32)
X = np.array([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3],
              [0.5, 0.5, 0.5]], np.float32)
Y = np.array([1, 0, 1, 0, 1], np.int32)

INPUTS = ["CLS_PRED", "CLS_LABEL", "ML_PRED", "ML_LABEL", "REG_PRED", "REG_LABEL", "X", "Y"]


def metric(m, *inputs):
    m.clear()
    m.update(*[Tensor(np.asarray(v)) for v in inputs])
    return np.asarray(m.eval(), dtype=np.float64).tolist()


def metrics():
    return {
        "acc": metric(M.Accuracy(), CLS_PRED, CLS_LABEL),
        "acc_onehot": metric(M.Accuracy(), CLS_PRED, np.eye(3)[CLS_LABEL]),
        "acc_multilabel": metric(M.Accuracy("multilabel"), ML_PRED, ML_LABEL),
        "precision": metric(M.Precision(), CLS_PRED, CLS_LABEL),
        "recall": metric(M.Recall(), CLS_PRED, CLS_LABEL),
        "f1": metric(M.F1(), CLS_PRED, CLS_LABEL),
        "fbeta2": metric(M.Fbeta(2), CLS_PRED, CLS_LABEL),
        "precision_multilabel": metric(M.Precision("multilabel"), ML_PRED, ML_LABEL),
        "recall_multilabel": metric(M.Recall("multilabel"), ML_PRED, ML_LABEL),
        "top2": metric(M.TopKCategoricalAccuracy(2), CLS_PRED, CLS_LABEL),
        "top1": metric(M.Top1CategoricalAccuracy(), CLS_PRED, CLS_LABEL),
        "mae": metric(M.MAE(), REG_PRED, REG_LABEL),
        "mse": metric(M.MSE(), REG_PRED, REG_LABEL),
        "loss": metric(M.Loss(), np.float32(0.75)),
        "names": sorted(M.__factory__),
    }


class Recorder(Callback):
    """Records (hook, cur_epoch_num, cur_step_num, batch_num, net_outputs type) per call."""

    def __init__(self):
        self.log = []

    def __getattribute__(self, name):
        if not name.startswith("on_"):
            return object.__getattribute__(self, name)

        def record(run_context):
            p = run_context.original_args()
            self.log.append([name, p.get("cur_epoch_num"), p.get("cur_step_num"),
                             p.get("batch_num"), type(p.get("net_outputs")).__name__])
        return record


def training():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    data = ds.NumpySlicesDataset({"data": X, "label": Y}, shuffle=False).batch(2)
    history, recorder, eval_recorder = History(), Recorder(), Recorder()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.SGD(net.trainable_params(), 0.1), metrics={"acc", "loss"})
    model.train(2, data, callbacks=[history, recorder], dataset_sink_mode=False)
    result = model.eval(data, callbacks=[eval_recorder], dataset_sink_mode=False)
    return {"weight": net.weight.asnumpy().tolist(), "bias": net.bias.asnumpy().tolist(),
            "history": [float(v) for v in history.history["net_output"]],
            "history_epoch": history.epoch,
            "train_hooks": recorder.log, "eval_hooks": eval_recorder.log,
            "eval": {k: float(v) for k, v in result.items()},
            "batch_sizes": [ds.NumpySlicesDataset(X, shuffle=False).batch(2, d)
                            .get_dataset_size() for d in (False, True)]}


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    inputs = {name: globals()[name].tolist() for name in INPUTS}
    out = {"mindspore": ms.__version__, "inputs": inputs, "metrics": metrics(),
           "training": training()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_train.json")
    with open(path, "w") as handle:
        json.dump(out, handle, indent=1)
