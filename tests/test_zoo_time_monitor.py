"""TimeMonitor prints MindSpore 2.10's lines: ``Train epoch time: ... ms, per step time:
... ms`` per training epoch, ``Eval ...`` per evaluation (Model.eval, and inside
Model.fit, timed on its own), steps counted from the epoch's batches before
``data_size``, and ``data_time=True``'s `` (data time: ... ms)``."""
import re

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds
from minpy_compat import nn
from minpy_compat.train import Accuracy, Model, TimeMonitor

LINE = r"(Train|Eval) epoch time: (\d+\.\d{3}) ms, per step time: (\d+\.\d{3}) ms"


def model_and_data():
    x = onp.random.default_rng(0).normal(size=(16, 3)).astype(onp.float32)
    data = ds.NumpySlicesDataset({"x": x, "y": (x[:, 0] > 0).astype(onp.int32)},
                                 shuffle=False).batch(4)
    net = nn.Dense(3, 2, weight_init="zeros", bias_init="zeros")
    return Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                 nn.SGD(net.trainable_params(), 0.1), metrics={"acc": Accuracy()}), data


def lines(capsys, suffix=""):
    out = capsys.readouterr().out.splitlines()
    found = [re.fullmatch(LINE + suffix, line) for line in out]
    assert all(found), out
    return [(m.group(1), float(m.group(2)), float(m.group(3))) for m in found]


def test_training_prints_a_train_line_per_epoch_per_batch_not_per_data_size(capsys):
    model, data = model_and_data()
    model.train(2, data, callbacks=[TimeMonitor(data_size=100)])
    printed = lines(capsys)
    assert [mode for mode, _, _ in printed] == ["Train", "Train"]
    for _, epoch, step in printed:  # 4 batches an epoch: the step time is a quarter
        assert step == pytest.approx(epoch / 4, abs=1e-3)


def test_eval_and_fit_print_eval_lines_timed_on_their_own(capsys):
    model, data = model_and_data()
    model.eval(data, callbacks=[TimeMonitor()])
    assert [mode for mode, _, _ in lines(capsys)] == ["Eval"]
    model.fit(2, data, data, callbacks=[TimeMonitor()])
    assert [mode for mode, _, _ in lines(capsys)] == ["Eval", "Train"] * 2


def test_data_time_adds_the_mean_fetch_time_to_training_lines(capsys):
    model, data = model_and_data()
    model.train(1, data, callbacks=[TimeMonitor(data_time=True)])
    assert len(lines(capsys, r" \(data time: \d+\.\d{3} ms\)")) == 1


@pytest.mark.parametrize("kwargs, error, match", [
    ({"data_size": 0}, ValueError, r"TimeMonitor 'data_size': expected an int >= 1 or None, "
                                   r"got int 0"),
    ({"data_time": 1}, TypeError, r"TimeMonitor 'data_time': expected a bool, got int 1"),
])
def test_bad_arguments_name_the_argument(kwargs, error, match):
    with pytest.raises(error, match=match):
        TimeMonitor(**kwargs)
