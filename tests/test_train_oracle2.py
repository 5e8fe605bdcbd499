"""Round-2 training API against MindSpore 2.10: metrics, the learning-rate callbacks, and
checkpoints that hold the optimizer's state, recorded by
``tests/oracle_train/generate_round2.py``."""
import json
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn
from minpy_compat.train import (CheckpointConfig, LearningRateScheduler, Model,
                                ModelCheckpoint, ReduceLROnPlateau, RunContext, metrics as M)

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_train")
with open(os.path.join(HERE, "oracle_train2.json")) as _file:
    ORACLE = json.load(_file)
IN = {name: onp.asarray(value) for name, value in ORACLE["inputs"].items()}
F32 = {name: IN[name].astype(onp.float32) for name in
       ("SCORES", "BIN_SCORE", "SEG_PRED", "SEG_TRUE", "SEQ_LOGITS", "VECTORS", "X")}
I32 = {name: IN[name].astype(onp.int32) for name in ("LABELS", "BIN_LABEL", "SEQ_LABELS", "Y")}
V = {**F32, **I32}

METRICS = {
    "cm": (lambda: M.ConfusionMatrix(3), "SCORES", "LABELS"),
    "cm_binary": (lambda: M.ConfusionMatrix(2, threshold=0.5), "BIN_SCORE", "BIN_LABEL"),
    "cm_target": (lambda: M.ConfusionMatrix(3, normalize="target"), "SCORES", "LABELS"),
    "cm_prediction": (lambda: M.ConfusionMatrix(3, normalize="prediction"), "SCORES", "LABELS"),
    "cm_all": (lambda: M.ConfusionMatrix(3, normalize="all"), "SCORES", "LABELS"),
    "dice": (lambda: M.Dice(), "SEG_PRED", "SEG_TRUE"),
    "dice_smooth": (lambda: M.Dice(0.5), "SEG_PRED", "SEG_TRUE"),
    "perplexity": (lambda: M.Perplexity(), "SEQ_LOGITS", "SEQ_LABELS"),
    "perplexity_ignore": (lambda: M.Perplexity(ignore_label=0), "SEQ_LOGITS", "SEQ_LABELS"),
    "roc_binary": (lambda: M.ROC(pos_label=1), "BIN_SCORE", "BIN_LABEL"),
    "cosine": (lambda: M.CosineSimilarity(), "VECTORS"),
    "cosine_sum": (lambda: M.CosineSimilarity(reduction="sum"), "VECTORS"),
    "cosine_dot": (lambda: M.CosineSimilarity(similarity="dot", zero_diagonal=False), "VECTORS"),
}


def _plain(value):
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return onp.asarray(value, onp.float64)


@pytest.mark.parametrize("key", sorted(METRICS))
def test_metric_matches_mindspore(key):
    make, *names = METRICS[key]
    metric = make()
    metric.update(*[ms.Tensor(V[name]) for name in names])
    got, want = _plain(metric.eval()), ORACLE["metrics"][key]
    for g, w in zip(got, want) if isinstance(got, list) else [(got, want)]:
        onp.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7)


def test_auc_of_the_roc_curve_and_metric_names():
    fpr, tpr, _ = M.ROC(pos_label=1)(V["BIN_SCORE"], V["BIN_LABEL"])
    assert M.auc(fpr, tpr) == pytest.approx(ORACLE["metrics"]["auc"])
    ours = set(M.names())
    assert ours <= set(ORACLE["metrics"]["names"])
    assert {"auc", "confusion_matrix", "cosine_similarity", "dice", "perplexity", "roc"} <= ours


class _Params(dict):
    __getattr__ = dict.__getitem__


@pytest.mark.parametrize("key,kwargs", [
    ("default", dict(monitor="loss", patience=2)),
    ("cooldown", dict(monitor="loss", factor=0.5, patience=1, cooldown=2, min_lr=0.02)),
    ("max", dict(monitor="acc", mode="max", patience=1, factor=0.5))])
def test_reduce_lr_on_plateau_replays_mindspore(key, kwargs):
    opt = nn.SGD([ms.Parameter(ms.Tensor(onp.zeros(2, onp.float32)), name="w")], 0.1)
    callback, rates = ReduceLROnPlateau(**kwargs), []
    context = RunContext(_Params(optimizer=opt, net_outputs=None, eval_results={}))
    callback.on_train_begin(context)
    for i, value in enumerate(IN["PLATEAU"]):
        context.original_args().update(cur_epoch_num=i + 1, eval_results={"acc": value},
                                       net_outputs=ms.Tensor(onp.float32(value)))
        callback.on_train_epoch_end(context)
        rates.append(float(opt.learning_rate.asnumpy()))
        assert opt.learning_rate.dtype == onp.float32
    onp.testing.assert_allclose(rates, ORACLE["plateau"][key], rtol=1e-6)


def _data():
    return ds.NumpySlicesDataset({"data": V["X"], "label": V["Y"]}, shuffle=False).batch(2)


def _model(optimizer):
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = {"momentum": lambda p: nn.Momentum(p, 0.1, 0.9),
           "adam": lambda p: nn.Adam(p, 0.05)}[optimizer](net.trainable_params())
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, opt, Model(net, loss, opt)


def test_learning_rate_scheduler_changes_the_rate_the_next_step_uses():
    net, opt, model = _model("momentum")
    seen = []

    def halve_even(lr, step):
        seen.append(lr)
        return lr * 0.5 if step % 2 == 0 else lr
    model.train(3, _data(), callbacks=[LearningRateScheduler(halve_even)])
    want = ORACLE["scheduler"]
    assert seen == want["seen"]  # the rate as MindSpore prints it: 0.05, not 0.0500000007
    assert float(opt.learning_rate.asnumpy()) == pytest.approx(want["lr"], rel=1e-6)
    onp.testing.assert_allclose(net.weight.asnumpy(), want["weight"], rtol=1e-5, atol=1e-6)
    onp.testing.assert_allclose(net.bias.asnumpy(), want["bias"], rtol=1e-5, atol=1e-6)


# MindSpore's optimizers keep momentum (Momentum) and beta powers (Adam) as Parameters; so do
# ours, so every name MindSpore saves is saved
NOT_SAVED = set()


@pytest.mark.parametrize("name", ["momentum", "adam"])
def test_model_checkpoint_holds_optimizer_state_and_resumes_exactly(name, tmp_path):
    want = ORACLE["checkpoints"][name]
    net, opt, model = _model(name)
    ckpt = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=3))
    model.train(2, _data(), callbacks=[ckpt])
    assert sorted(os.listdir(tmp_path)) == want["files"]
    saved = ms.load_checkpoint(ckpt.latest_ckpt_file_name)
    assert set(saved) == set(want["params"]) - NOT_SAVED
    for key, value in saved.items():
        onp.testing.assert_allclose(value.asnumpy(), want["params"][key], rtol=1e-5, atol=1e-6)
    net2, opt2, model2 = _model(name)
    assert ms.load_param_into_net(model2.train_network, saved) == ([], [])
    model2.train(4, _data(), initial_epoch=2)
    net3, opt3, model3 = _model(name)
    model3.train(4, _data())
    onp.testing.assert_allclose(net2.weight.asnumpy(), net3.weight.asnumpy(), rtol=1e-6)
    onp.testing.assert_allclose(net2.weight.asnumpy(), want["resumed"], rtol=1e-5, atol=1e-6)
