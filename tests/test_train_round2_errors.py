"""Round-2 metrics and callbacks: argument errors (each names the class and argument), and
the behaviour the MindSpore oracle does not cover (multi-class ROC, saved_network)."""
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn
from minpy_compat.train import (ROC, CheckpointConfig, ConfusionMatrix, CosineSimilarity, Dice,
                                LearningRateScheduler, ModelCheckpoint, Perplexity,
                                ReduceLROnPlateau, RunContext, auc)


@pytest.mark.parametrize("make,error,match", [
    (lambda: ConfusionMatrix(0), ValueError, "ConfusionMatrix 'num_classes': expected an int"),
    (lambda: ConfusionMatrix(2, normalize="rows"), ValueError,
     "ConfusionMatrix 'normalize': expected one of"),
    (lambda: Dice(0), ValueError, "Dice 'smooth': expected a float > 0"),
    (lambda: Perplexity(ignore_label=1.0), ValueError, "Perplexity 'ignore_label': expected"),
    (lambda: ROC(class_num=0), ValueError, "ROC 'class_num': expected None or an int >= 1"),
    (lambda: CosineSimilarity(reduction="max"), ValueError,
     "CosineSimilarity 'reduction': expected one of"),
    (lambda: CosineSimilarity(zero_diagonal=1), ValueError,
     "CosineSimilarity 'zero_diagonal': expected a bool"),
    (lambda: ReduceLROnPlateau(factor=1.0), ValueError, "ReduceLROnPlateau 'factor': expected"),
    (lambda: ReduceLROnPlateau(patience=-1), ValueError, "ReduceLROnPlateau 'patience'"),
    (lambda: ReduceLROnPlateau(mode="up"), ValueError, "ReduceLROnPlateau 'mode': expected"),
    (lambda: ReduceLROnPlateau(monitor=3), TypeError, "ReduceLROnPlateau 'monitor': expected"),
    (lambda: LearningRateScheduler(0.1), TypeError,
     "LearningRateScheduler 'learning_rate_function': expected a callable"),
    (lambda: CheckpointConfig(saved_network=3), TypeError,
     "CheckpointConfig 'saved_network': expected a Cell or None"),
])
def test_bad_arguments_name_the_class_and_argument(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_metric_updates_check_their_inputs():
    with pytest.raises(ValueError, match="Dice.update: expected labels of shape"):
        Dice().update(onp.ones((2, 3)), onp.ones((2, 2)))
    with pytest.raises(ValueError, match="Perplexity.update: expected one label per row"):
        Perplexity().update(onp.ones((2, 3)), onp.ones(3))
    with pytest.raises(ValueError, match="ConfusionMatrix.update: expected classes in 0..1"):
        ConfusionMatrix(2).update(onp.array([0, 1]), onp.array([0, 2]))
    with pytest.raises(ValueError, match="ROC.update: expected class_num=3 and pos_label=None"):
        ROC(pos_label=1).update(onp.ones((2, 3)), onp.array([0, 1]))
    with pytest.raises(ValueError, match="ROC.eval: expected both positive and negative"):
        ROC()(onp.array([0.1, 0.2]), onp.array([1, 1]))
    with pytest.raises(RuntimeError, match="CosineSimilarity.eval: expected at least one"):
        CosineSimilarity().eval()
    with pytest.raises(ValueError, match="CosineSimilarity.update: expected a 2-D input"):
        CosineSimilarity().update(onp.ones(3))
    with pytest.raises(ValueError, match="auc 'x': expected monotonic values"):
        auc([0.0, 1.0, 0.5], [0.0, 1.0, 1.0])
    assert auc([0.0, 1.0, 0.5], [0.0, 1.0, 1.0], reorder=True) == pytest.approx(0.75)


def test_multiclass_roc_is_one_class_against_the_rest():
    scores = onp.array([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3]])
    labels = onp.array([1, 0, 2, 1])
    fprs, tprs, thresholds = ROC(class_num=3)(scores, labels)
    for c in range(3):
        want = ROC(pos_label=1)(scores[:, c], (labels == c).astype(int))
        for got, expected in zip((fprs[c], tprs[c], thresholds[c]), want):
            onp.testing.assert_allclose(got, expected)


class _Params(dict):
    __getattr__ = dict.__getitem__


def test_rate_callbacks_need_one_fixed_learning_rate():
    w = ms.Parameter(ms.Tensor(onp.zeros(2, onp.float32)), name="w")
    stepped = nn.SGD([w], [0.1, 0.05])
    context = RunContext(_Params(optimizer=stepped, net_outputs=ms.Tensor(1.0), cur_step_num=1))
    with pytest.raises(ValueError, match="ReduceLROnPlateau: expected an optimizer with one "
                                         "fixed learning rate, got a list of rates"):
        ReduceLROnPlateau(monitor="loss").on_train_epoch_end(context)
    grouped = nn.SGD([{"params": [w], "lr": 0.2}], 0.1)
    context.original_args()["optimizer"] = grouped
    with pytest.raises(ValueError, match="LearningRateScheduler: expected an optimizer with"):
        LearningRateScheduler(lambda lr, step: lr).on_train_step_end(context)
    context.original_args()["optimizer"] = nn.SGD([w], 0.1)
    with pytest.raises(TypeError, match="'learning_rate_function': expected a number return"):
        LearningRateScheduler(lambda lr, step: None).on_train_step_end(context)


def test_plateau_skips_a_missing_monitor_and_reduces_in_float32():
    opt = nn.SGD([ms.Parameter(ms.Tensor(onp.zeros(2, onp.float32)), name="w")], 0.1)
    callback = ReduceLROnPlateau(monitor="eval_loss", patience=0, factor=0.5)
    context = RunContext(_Params(optimizer=opt, eval_results={}, cur_epoch_num=1))
    callback.on_train_epoch_end(context)
    assert float(opt.learning_rate.asnumpy()) == pytest.approx(0.1)
    context.original_args()["eval_results"] = {"eval_loss": 1.0}
    callback.on_train_epoch_end(context)
    callback.on_train_epoch_end(context)
    assert opt.learning_rate.dtype == onp.float32
    assert float(opt.learning_rate.asnumpy()) == pytest.approx(0.05)


def test_checkpoint_config_saved_network_saves_only_that_cell(tmp_path):
    net = nn.Dense(3, 2, weight_init="ones")
    model = ms.Model(net, nn.MSELoss(), nn.Adam(net.trainable_params(), 0.01))
    data = ds.NumpySlicesDataset({"x": onp.ones((2, 3), onp.float32),
                                  "y": onp.zeros((2, 2), onp.float32)}, shuffle=False).batch(2)
    ckpt = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(saved_network=net))
    model.train(1, data, callbacks=[ckpt])
    assert os.listdir(tmp_path) == ["net-1_1.ckpt"]
    assert sorted(ms.load_checkpoint(ckpt.latest_ckpt_file_name)) == ["bias", "weight"]
