"""minpy_compat.train metrics: values by hand and MindSpore 2.10's recorded values."""
import json
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import train

with open(os.path.join(os.path.dirname(__file__), "oracle_train", "oracle_train.json")) as f:
    ORACLE = json.load(f)
IN = {name: onp.asarray(value, onp.float32 if "LABEL" not in name or "ML" in name
                        or "REG" in name else onp.int32)
      for name, value in ORACLE["inputs"].items()}
CASES = {
    "acc": (train.Accuracy, ("CLS_PRED", "CLS_LABEL")),
    "acc_multilabel": (lambda: train.Accuracy("multilabel"), ("ML_PRED", "ML_LABEL")),
    "precision": (train.Precision, ("CLS_PRED", "CLS_LABEL")),
    "recall": (train.Recall, ("CLS_PRED", "CLS_LABEL")),
    "f1": (train.F1, ("CLS_PRED", "CLS_LABEL")),
    "fbeta2": (lambda: train.Fbeta(2), ("CLS_PRED", "CLS_LABEL")),
    "precision_multilabel": (lambda: train.Precision("multilabel"), ("ML_PRED", "ML_LABEL")),
    "recall_multilabel": (lambda: train.Recall("multilabel"), ("ML_PRED", "ML_LABEL")),
    "top2": (lambda: train.TopKCategoricalAccuracy(2), ("CLS_PRED", "CLS_LABEL")),
    "top1": (train.Top1CategoricalAccuracy, ("CLS_PRED", "CLS_LABEL")),
    "mae": (train.MAE, ("REG_PRED", "REG_LABEL")),
    "mse": (train.MSE, ("REG_PRED", "REG_LABEL")),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_metric_matches_mindspore(name):
    make, inputs = CASES[name]
    metric = make()
    metric.update(*[ms.Tensor(IN[i]) for i in inputs])
    onp.testing.assert_allclose(metric.eval(), ORACLE["metrics"][name], rtol=1e-7)


def test_accuracy_takes_one_hot_labels_and_numpy():
    metric = train.Accuracy()
    metric.update(IN["CLS_PRED"], onp.eye(3)[IN["CLS_LABEL"]])
    assert metric.eval() == ORACLE["metrics"]["acc_onehot"] == 5 / 7


def test_metrics_accumulate_over_updates_and_clear_resets():
    metric = train.Accuracy()
    metric.update(onp.array([[0.9, 0.1]]), onp.array([0]))
    metric.update(onp.array([[0.9, 0.1], [0.2, 0.8]]), onp.array([1, 1]))
    assert metric.eval() == 2 / 3
    metric.clear()
    with pytest.raises(RuntimeError, match=r"Accuracy.eval: expected at least one sample"):
        metric.eval()


def test_precision_recall_f1_by_hand():
    pred = onp.array([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]])   # argmax 0, 0, 1
    label = onp.array([0, 1, 1])
    p, r, f = train.Precision(), train.Recall(), train.F1()
    for metric in (p, r, f):
        metric.update(pred, label)
    onp.testing.assert_allclose(p.eval(), [1 / 2, 1.0])
    onp.testing.assert_allclose(r.eval(), [1.0, 1 / 2])
    onp.testing.assert_allclose(f.eval(), [2 / 3, 2 / 3])
    onp.testing.assert_allclose(p.eval(average=True), 0.75)


def test_mae_mse_sum_over_features_and_average_over_samples():
    pred, label = onp.array([[1.0, 2.0], [0.0, 0.0]]), onp.array([[0.0, 0.0], [0.0, 1.0]])
    m, s = train.MAE(), train.MSE()
    m.update(pred, label)
    s.update(pred, label)
    assert (m.eval(), s.eval()) == (2.0, 3.0)


def test_loss_metric_averages_updates():
    metric = train.Loss()
    metric.update(ms.Tensor(onp.float32(0.75)))
    metric.update(onp.array([0.25, 0.75]))
    assert metric.eval() == 0.625
    assert train.Loss()(onp.float32(0.75)) == ORACLE["metrics"]["loss"]
    with pytest.raises(ValueError, match=r"Loss.update: expected a scalar or 1-D loss"):
        metric.update(onp.ones((2, 2)))


def test_get_metric_fn_names_are_mindspores():
    for name in train.names():
        assert name in ORACLE["metrics"]["names"]
    assert isinstance(train.get_metric_fn("accuracy"), train.Accuracy)
    assert isinstance(train.get_metric_fn("top_5_accuracy"), train.Top5CategoricalAccuracy)
    assert train.get_metric_fn("topk", 3).k == 3
    with pytest.raises(KeyError, match=r"get_metric_fn: expected one of .*got 'nope'"):
        train.get_metric_fn("nope")


def test_bad_metric_arguments_name_class_and_argument():
    with pytest.raises(ValueError, match=r"Accuracy.update: expected 2 inputs .*got 1"):
        train.Accuracy().update(onp.ones((2, 2)))
    with pytest.raises(ValueError, match=r"Accuracy 'eval_type': expected 'classification'"):
        train.Accuracy("binary")
    with pytest.raises(ValueError, match=r"Precision 'eval_type'"):
        train.Precision("x")
    with pytest.raises(ValueError, match=r"TopKCategoricalAccuracy 'k': expected an int >= 1"):
        train.TopKCategoricalAccuracy(0)
    with pytest.raises(ValueError, match=r"Fbeta 'beta': expected a number > 0"):
        train.Fbeta(0)
    with pytest.raises(ValueError, match=r"Recall.update: expected labels in 0..1"):
        train.Recall().update(onp.ones((2, 2)), onp.array([0, 2]))
    with pytest.raises(ValueError, match=r"Accuracy.update: expected scores of shape \(N, C\)"):
        train.Accuracy().update(onp.ones(4), onp.ones(4))
    with pytest.raises(ValueError, match=r"Precision.update: expected 4 labels \(one per row"):
        train.Precision().update(onp.ones((4, 3)), onp.zeros(2))
    with pytest.raises(ValueError, match=r"Top1CategoricalAccuracy.update: expected 4 labels"):
        train.Top1CategoricalAccuracy().update(onp.ones((4, 3)), onp.zeros(5))
    with pytest.raises(ValueError, match=r"Recall.update \(multilabel\): expected labels of"):
        train.Recall("multilabel").update(onp.ones((4, 3)), onp.zeros((4, 2)))
    with pytest.raises(RuntimeError, match=r"Precision.eval: expected at least one sample"):
        train.Precision().eval()
    with pytest.raises(TypeError, match=r"Accuracy.set_indexes: expected a list of ints"):
        train.Accuracy().set_indexes((0, 1))


def test_the_metrics_module_holds_every_metric_as_mindspores_does():
    from minpy_compat.train import metrics
    for name in ("Accuracy", "Precision", "Recall", "F1", "Fbeta", "MAE", "get_metric_fn"):
        assert getattr(metrics, name) is getattr(ms.train, name)
