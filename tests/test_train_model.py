"""Model.train/eval/predict: the same steps as TrainOneStepCell, MindSpore's recorded run."""
import json
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn
from minpy_compat.train import Callback, History, LambdaCallback, LossMonitor, Model

with open(os.path.join(os.path.dirname(__file__), "oracle_train", "oracle_train.json")) as f:
    ORACLE = json.load(f)
X = onp.asarray(ORACLE["inputs"]["X"], onp.float32)
Y = onp.asarray(ORACLE["inputs"]["Y"], onp.int32)


def _data(batch=2, shuffle=False):
    return ds.NumpySlicesDataset({"data": X, "label": Y}, shuffle=shuffle).batch(batch)


def _parts(weight_init="ones"):
    net = nn.Dense(3, 2, weight_init=weight_init, bias_init="zeros")
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9)


def test_model_train_equals_train_one_step_cell_bit_for_bit():
    onp.random.seed(3)
    init = onp.random.normal(size=(2, 3)).astype(onp.float32)
    net, loss, opt = _parts(ms.Tensor(init))
    Model(net, loss, opt).train(3, _data())
    hand, hand_loss, hand_opt = _parts(ms.Tensor(init))
    step = nn.TrainOneStepCell(nn.WithLossCell(hand, hand_loss), hand_opt)
    for _ in range(3):
        for start in range(0, 5, 2):
            step(ms.Tensor(X[start:start + 2]), ms.Tensor(Y[start:start + 2]))
    assert onp.array_equal(net.weight.asnumpy(), hand.weight.asnumpy())
    assert onp.array_equal(net.bias.asnumpy(), hand.bias.asnumpy())
    assert net.weight.dtype == onp.float32


def test_model_matches_mindspores_recorded_run():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.SGD(net.trainable_params(), 0.1), metrics={"acc", "loss"})
    history = History()
    model.train(2, _data(), callbacks=[history])
    want = ORACLE["training"]
    onp.testing.assert_allclose(net.weight.asnumpy(), want["weight"], rtol=1e-6)
    onp.testing.assert_allclose(net.bias.asnumpy(), want["bias"], rtol=1e-5)
    onp.testing.assert_allclose(history.history["net_output"], want["history"], rtol=1e-6)
    assert history.epoch == want["history_epoch"]
    result = model.eval(_data())
    assert sorted(result) == sorted(want["eval"])
    onp.testing.assert_allclose(result["loss"], want["eval"]["loss"], rtol=1e-6)
    assert result["acc"] == want["eval"]["acc"]
    out = model.predict(ms.Tensor(X))
    assert isinstance(out, ms.Tensor) and out.shape == (5, 2)


def test_top_level_names_as_mindspore():
    assert ms.Model is Model and ms.train.Model is Model
    assert ms.save_checkpoint is ms.train.save_checkpoint
    assert ms.dataset.NumpySlicesDataset is ds.NumpySlicesDataset


def test_loss_network_without_loss_fn_and_custom_eval_network():
    net, loss, opt = _parts()
    model = Model(nn.WithLossCell(net, loss), optimizer=opt)
    model.train(1, _data())
    assert not onp.array_equal(net.weight.asnumpy(), onp.ones((2, 3), onp.float32))
    evaluated = Model(net, eval_network=nn.WithEvalCell(net, loss), eval_indexes=[0, 1, 2],
                      metrics={"acc"})
    assert set(evaluated.eval(_data())) == {"acc"}


def test_loss_monitor_prints_mindspores_lines(capsys):
    net, loss, opt = _parts()
    Model(net, loss, opt).train(2, _data(), callbacks=LossMonitor(2))
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == [
        "epoch: 1 step: 2", "epoch: 2 step: 1", "epoch: 2 step: 3"]
    assert lines[0].split("loss is ")[1] == str(float(lines[0].split("loss is ")[1]))


def test_history_and_lambda_callback_with_initial_epoch():
    net, loss, opt = _parts()
    seen, history = [], History()
    hook = LambdaCallback(on_train_epoch_end=lambda rc: seen.append(
        (rc.original_args().cur_epoch_num, rc.original_args().epoch_num)))
    Model(net, loss, opt).train(4, _data(), callbacks=[hook, history], initial_epoch=2)
    # MindSpore 2.10: epoch_num counts the epochs this call runs (epoch - initial_epoch)
    assert seen == [(3, 2), (4, 2)] and history.epoch == {"epoch": [3, 4]}


def test_request_stop_ends_training_after_the_step():
    class StopAtThree(Callback):
        def on_train_step_end(self, run_context):
            if run_context.original_args().cur_step_num == 3:
                run_context.request_stop()
    net, loss, opt = _parts()
    steps = []
    counter = LambdaCallback(on_train_step_end=lambda rc: steps.append(1))
    Model(net, loss, opt).train(5, _data(), callbacks=[StopAtThree(), counter])
    assert len(steps) == 3


def test_model_argument_errors_name_model_and_argument():
    net, loss, opt = _parts()
    with pytest.raises(TypeError, match=r"Model 'network': expected a Cell, got"):
        Model(lambda x: x)
    with pytest.raises(ValueError, match=r"Model 'amp_level': expected one of 'O0'.*got 'O5'"):
        Model(net, loss, opt, amp_level="O5")
    with pytest.raises(TypeError, match=r"Model 'metrics': expected None, a dict or a set"):
        Model(net, loss, opt, metrics=["acc"])
    with pytest.raises(TypeError, match=r"Model 'metrics' entry 'a': expected a Metric"):
        Model(net, loss, opt, metrics={"a": 1})
    with pytest.raises(KeyError, match=r"get_metric_fn: expected one of"):
        Model(net, loss, opt, metrics={"nope"})
    with pytest.raises(ValueError, match=r"Model: expected loss_fn or eval_network"):
        Model(net, metrics={"acc"})
    with pytest.raises(ValueError, match=r"Model 'eval_indexes': expected a list of 3"):
        Model(net, loss, opt, eval_indexes=[0, 1])
    model = Model(net, loss, opt)
    with pytest.raises(ValueError, match=r"Model.train 'epoch': expected an int >= 1, got"):
        model.train(0, _data())
    with pytest.raises(ValueError, match=r"Model.train 'initial_epoch': expected an int in"):
        model.train(2, _data(), initial_epoch=2)
    with pytest.raises(TypeError, match=r"Model.train 'callbacks' item 0: expected a Call"):
        model.train(1, _data(), callbacks=[3])
    with pytest.raises(ValueError, match=r"Model.eval: expected metrics set on the Model"):
        model.eval(_data())
    with pytest.raises(ValueError, match=r"LossMonitor 'per_print_times': expected an int"):
        LossMonitor(-1)
    with pytest.raises(TypeError, match=r"LambdaCallback: expected hooks among"):
        LambdaCallback(on_step_end=print)
