"""Record MindSpore 2.10's round-2 training API: the metrics added in round 2, the
learning-rate callbacks, checkpoint names with optimizer state, and a checkpoint resume.

Run with a MindSpore install (never by CI):  python tests/oracle_train/generate_round2.py
It rewrites tests/oracle_train/oracle_train2.json next to this file.
"""
import json
import os
import tempfile

import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn
from mindspore.train import (CheckpointConfig, LearningRateScheduler, Model, ModelCheckpoint,
                             ReduceLROnPlateau, RunContext, metrics as M)

SCORES = np.array([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3],
                   [0.1, 0.1, 0.8], [0.6, 0.3, 0.1], [0.2, 0.2, 0.6]], np.float32)
LABELS = np.array([1, 0, 1, 1, 2, 2, 2], np.int32)
BIN_SCORE = np.array([0.1, 0.4, 0.35, 0.8, 0.65, 0.2], np.float32)
BIN_LABEL = np.array([0, 0, 1, 1, 1, 0], np.int32)
SEG_PRED = np.array([[0.9, 0.2, 0.7], [0.1, 0.6, 0.4]], np.float32)
SEG_TRUE = np.array([[1, 0, 1], [0, 1, 0]], np.float32)
SEQ_LOGITS = np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1], [0.25, 0.25, 0.5]], np.float32)
SEQ_LABELS = np.array([1, 0, 2], np.int32)
VECTORS = np.array([[1.0, 2.0, 0.5], [0.5, -1.0, 2.0], [3.0, 0.0, 1.0]], np.float32)
X = np.array([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3],
              [0.5, 0.5, 0.5]], np.float32)
Y = np.array([1, 0, 1, 0, 1], np.int32)
PLATEAU = [1.0, 0.9, 0.95, 0.95, 0.9, 0.91, 0.92, 0.5, 0.6, 0.6, 0.6, 0.6]

INPUTS = ["SCORES", "LABELS", "BIN_SCORE", "BIN_LABEL", "SEG_PRED", "SEG_TRUE", "SEQ_LOGITS",
          "SEQ_LABELS", "VECTORS", "X", "Y", "PLATEAU"]


def _plain(value):
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return np.asarray(value.asnumpy() if hasattr(value, "asnumpy") else value,
                      np.float64).tolist()


def metric(m, *inputs):
    m.clear()
    m.update(*[Tensor(np.asarray(v)) for v in inputs])
    return _plain(m.eval())


def metrics():
    out = {
        "cm": metric(M.ConfusionMatrix(3), SCORES, LABELS),
        "cm_binary": metric(M.ConfusionMatrix(2, threshold=0.5), BIN_SCORE, BIN_LABEL),
        "dice": metric(M.Dice(), SEG_PRED, SEG_TRUE),
        "dice_smooth": metric(M.Dice(0.5), SEG_PRED, SEG_TRUE),
        "perplexity": metric(M.Perplexity(), SEQ_LOGITS, SEQ_LABELS),
        "perplexity_ignore": metric(M.Perplexity(ignore_label=0), SEQ_LOGITS, SEQ_LABELS),
        "roc_binary": metric(M.ROC(pos_label=1), BIN_SCORE, BIN_LABEL),
        "cosine": metric(M.CosineSimilarity(), VECTORS),
        "cosine_sum": metric(M.CosineSimilarity(reduction="sum"), VECTORS),
        "cosine_dot": metric(M.CosineSimilarity(similarity="dot", zero_diagonal=False), VECTORS),
    }
    for norm in ("target", "prediction", "all"):
        out["cm_" + norm] = metric(M.ConfusionMatrix(3, normalize=norm), SCORES, LABELS)
    fpr, tpr, _ = metric(M.ROC(pos_label=1), BIN_SCORE, BIN_LABEL)
    out["auc"] = float(M.auc(np.array(fpr), np.array(tpr)))
    out["names"] = sorted(M.__factory__)
    return out


class Params(dict):
    __getattr__ = dict.__getitem__


def plateau():
    """The learning rate after each epoch end, fed the monitored losses PLATEAU."""
    opt = nn.SGD([ms.Parameter(Tensor(np.zeros(2, np.float32)), name="w")], 0.1)
    runs = {}
    for key, kwargs in {"default": dict(monitor="loss", patience=2),
                        "cooldown": dict(monitor="loss", factor=0.5, patience=1, cooldown=2,
                                         min_lr=0.02),
                        "max": dict(monitor="acc", mode="max", patience=1, factor=0.5)}.items():
        opt.learning_rate.set_data(Tensor(np.float32(0.1)))
        cb, rates = ReduceLROnPlateau(**kwargs), []
        context = RunContext(Params(optimizer=opt, net_outputs=None, eval_results={},
                                    cur_epoch_num=0))
        cb.on_train_begin(context)
        for i, value in enumerate(PLATEAU):
            params = context.original_args()
            params["cur_epoch_num"] = i + 1
            params["net_outputs"] = Tensor(np.float32(value))
            params["eval_results"] = {"acc": value}
            cb.on_train_epoch_end(context)
            rates.append(float(opt.learning_rate.asnumpy()))
        runs[key] = rates
    return runs


def _data():
    return ds.NumpySlicesDataset({"data": X, "label": Y}, shuffle=False).batch(2)


def _model(optimizer):
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = {"momentum": lambda p: nn.Momentum(p, 0.1, 0.9),
           "adam": lambda p: nn.Adam(p, 0.05)}[optimizer](net.trainable_params())
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, opt, Model(net, loss, opt)


def scheduler():
    net, opt, model = _model("momentum")
    rates = []

    def halve_even(lr, step):
        rates.append(lr)
        return lr * 0.5 if step % 2 == 0 else lr
    model.train(3, _data(), callbacks=[LearningRateScheduler(halve_even)],
                dataset_sink_mode=False)
    return {"seen": rates, "lr": float(opt.learning_rate.asnumpy()),
            "weight": _plain(net.weight), "bias": _plain(net.bias)}


def checkpoints():
    out = {}
    for name in ("momentum", "adam"):
        net, opt, model = _model(name)
        folder = tempfile.mkdtemp()
        ckpt = ModelCheckpoint("net", folder, CheckpointConfig(save_checkpoint_steps=3))
        model.train(2, _data(), callbacks=[ckpt], dataset_sink_mode=False)
        saved = ms.load_checkpoint(ckpt.latest_ckpt_file_name)
        out[name] = {"files": sorted(os.listdir(folder)),
                     "params": {k: _plain(v) for k, v in sorted(saved.items())},
                     "weight": _plain(net.weight)}
        net2, opt2, model2 = _model(name)
        out[name]["not_loaded"] = _plain(ms.load_param_into_net(model2.train_network, saved))
        model2.train(4, _data(), dataset_sink_mode=False, initial_epoch=2)
        net3, opt3, model3 = _model(name)
        model3.train(4, _data(), dataset_sink_mode=False)
        out[name]["resumed"] = _plain(net2.weight)
        out[name]["straight"] = _plain(net3.weight)
    return out


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    inputs = {name: np.asarray(globals()[name]).tolist() for name in INPUTS}
    out = {"mindspore": ms.__version__, "inputs": inputs, "metrics": metrics(),
           "plateau": plateau(), "scheduler": scheduler(), "checkpoints": checkpoints()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_train2.json")
    with open(path, "w") as handle:
        json.dump(out, handle, indent=1)
