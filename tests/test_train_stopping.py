"""EarlyStopping and TimeMonitor: MindSpore 2.10's stopping rule on chosen loss sequences."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn
from minpy_compat.train import CallbackParams, EarlyStopping, Model, RunContext, TimeMonitor


def _run(stopper, values, monitor="loss", network=None):
    """Feed one value per epoch; returns the epochs that ran."""
    params = CallbackParams(network=network, net_outputs=None, eval_results={})
    context = RunContext(params)
    stopper.on_train_begin(context)
    ran = []
    for epoch, value in enumerate(values, 1):
        params.cur_epoch_num = epoch
        if monitor == "loss":
            params.net_outputs = ms.Tensor(onp.float32(value))
        else:
            params.eval_results = {monitor: value}
        ran.append(epoch)
        stopper.on_train_epoch_end(context)
        if context.get_stop_requested():
            break
    return ran


@pytest.mark.parametrize("kwargs, values, ran, best", [
    (dict(patience=0), [0.7, 0.6, 0.5], [1], 0.7),               # patience 0: after epoch 1
    (dict(patience=1), [0.7, 0.6, 0.5, 0.4], [1, 2, 3, 4], 0.4),  # always improving
    (dict(patience=1), [1.2, 3.2, 1.5], [1, 2], 1.2),
    (dict(patience=2, mode="min"), [1.2, 3.2, 1.5, 0.1], [1, 2, 3], 1.2),
    (dict(patience=1, baseline=0.1), [0.7, 0.6], [1], 0.7),      # never beats the baseline
    (dict(patience=1, min_delta=0.15), [0.7, 0.6, 0.5], [1, 2], 0.7),
    (dict(patience=1, min_delta=0.15), [0.7, 0.5, 0.45, 0.1], [1, 2, 3], 0.5),
])
def test_early_stopping_on_loss(kwargs, values, ran, best):
    stopper = EarlyStopping(monitor="loss", **kwargs)
    assert _run(stopper, values) == ran
    assert stopper.best == pytest.approx(best) and stopper.stopped_epoch == (
        ran[-1] if len(ran) < len(values) else 0)


def test_auto_mode_maximises_accuracy_from_eval_results():
    stopper = EarlyStopping(monitor="acc", patience=1)
    assert _run(stopper, [0.5, 0.7, 0.6, 0.9], monitor="acc") == [1, 2, 3]
    assert stopper.best == 0.7


def test_restore_best_weights_loads_the_best_epoch_back():
    net = nn.Dense(1, 1, weight_init="zeros", bias_init="zeros")
    stopper = EarlyStopping(monitor="loss", patience=1, restore_best_weights=True)
    params = CallbackParams(network=net, cur_epoch_num=1, net_outputs=ms.Tensor(0.5))
    context = RunContext(params)
    stopper.on_train_begin(context)
    stopper.on_train_epoch_end(context)
    net.weight.set_data(ms.Tensor([[3.0]]))
    params.cur_epoch_num, params.net_outputs = 2, ms.Tensor(0.9)
    stopper.on_train_epoch_end(context)
    assert context.get_stop_requested() and net.weight.asnumpy().tolist() == [[0.0]]


def test_early_stopping_stops_model_train_and_time_monitor_prints(capsys):
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    data = ds.NumpySlicesDataset({"x": onp.eye(2, dtype=onp.float32),
                                  "y": onp.array([0, 1], onp.int32)}, shuffle=False).batch(1)
    epochs = []
    stopper = EarlyStopping(monitor="loss", patience=0, verbose=True)
    marker = ms.train.LambdaCallback(on_train_epoch_begin=lambda rc: epochs.append(1))
    Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
          nn.SGD(net.trainable_params(), 0.1)).train(5, data, callbacks=[
              marker, TimeMonitor(), stopper])
    out = capsys.readouterr().out
    assert len(epochs) == 1 and stopper.stopped_epoch == 1
    assert out.startswith("Train epoch time: ") and "per step time: " in out
    assert "Epoch 1: early stopping." in out


def test_early_stopping_errors_name_the_argument():
    with pytest.raises(ValueError, match=r"EarlyStopping 'mode': expected 'auto', 'min' or"):
        EarlyStopping(mode="x")
    with pytest.raises(ValueError, match=r"EarlyStopping 'patience': expected an int >= 0"):
        EarlyStopping(patience=-1)
    with pytest.raises(ValueError, match=r"EarlyStopping 'min_delta': expected a number"):
        EarlyStopping(min_delta="1")


def test_early_stopping_warns_and_skips_an_epoch_without_its_monitor(capfd):
    """MindSpore 2.10 logs a warning and judges nothing when the monitored value is
    missing (or zero): no epoch counts against the patience."""
    stopper = EarlyStopping(monitor="eval_loss", patience=1)
    assert _run(stopper, [1.0, 0.5, 0.4], monitor="acc") == [1, 2, 3]
    assert stopper.wait == 0 and stopper.stopped_epoch == 0
    assert "EarlyStopping: expected monitor 'eval_loss'" in capfd.readouterr().err
    zero = EarlyStopping(monitor="loss", patience=1)
    assert _run(zero, [0.0, 0.0, 0.0]) == [1, 2, 3] and zero.best == onp.inf
