"""Callbacks: hook order and cb_params fields as MindSpore 2.10 records them; checkpoints."""
import json
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn, train
from minpy_compat.train import Callback, Model

with open(os.path.join(os.path.dirname(__file__), "oracle_train", "oracle_train.json")) as f:
    ORACLE = json.load(f)
X = onp.asarray(ORACLE["inputs"]["X"], onp.float32)
Y = onp.asarray(ORACLE["inputs"]["Y"], onp.int32)
KINDS = {"NoneType": type(None), "Tensor": ms.Tensor, "tuple": tuple}


class Recorder(Callback):
    def __init__(self):
        self.log = []

    def __getattribute__(self, name):
        if not name.startswith("on_"):
            return object.__getattribute__(self, name)

        def record(run_context):
            p = run_context.original_args()
            self.log.append([name, p.get("cur_epoch_num"), p.get("cur_step_num"),
                             p.get("batch_num"), p.get("net_outputs")])
        return record


def _model():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    return net, Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                      nn.SGD(net.trainable_params(), 0.1), metrics={"acc", "loss"})


def _data():
    return ds.NumpySlicesDataset({"data": X, "label": Y}, shuffle=False).batch(2)


def _check(log, want):
    assert [entry[:4] for entry in log] == [entry[:4] for entry in want]
    for entry, recorded in zip(log, want):
        assert isinstance(entry[4], KINDS[recorded[4]]), (entry, recorded)


def test_hook_order_and_cb_params_match_mindspore():
    _, model = _model()
    train_rec, eval_rec = Recorder(), Recorder()
    model.train(2, _data(), callbacks=[train_rec])
    model.eval(_data(), callbacks=eval_rec)
    _check(train_rec.log, ORACLE["training"]["train_hooks"])
    _check(eval_rec.log, ORACLE["training"]["eval_hooks"])


def test_mindspore_1_hook_names_still_run():
    calls = []

    class Legacy(Callback):
        def begin(self, run_context):
            calls.append("begin")

        def epoch_end(self, run_context):
            calls.append(run_context.original_args().get("cur_epoch_num"))

        def step_end(self, run_context):
            calls.append(run_context.original_args().mode)
    _, model = _model()
    model.train(1, _data(), callbacks=[Legacy()])
    model.eval(_data(), callbacks=[Legacy()])
    assert calls == ["begin", "train", "train", "train", 1,
                     "begin", "eval", "eval", "eval", None]


def test_cb_params_reads_fields_as_attributes_and_names_missing_ones():
    params = train.CallbackParams(cur_step_num=3)
    assert params.cur_step_num == 3
    params.batch_num = 2
    assert params["batch_num"] == 2
    with pytest.raises(AttributeError, match=r"cb_params: expected a field among"):
        params.nope
    with pytest.raises(TypeError, match=r"RunContext 'original_args': expected a dict"):
        train.RunContext(3)


def test_save_load_checkpoint_round_trip(tmp_path):
    net, model = _model()
    model.train(1, _data())
    ms.save_checkpoint(net, str(tmp_path / "net"))
    loaded = ms.load_checkpoint(str(tmp_path / "net.ckpt"))
    assert sorted(loaded) == ["bias", "weight"] and isinstance(loaded["weight"], ms.Parameter)
    fresh, _ = _model()
    assert ms.load_param_into_net(fresh, loaded) == ([], [])
    assert onp.array_equal(fresh.weight.asnumpy(), net.weight.asnumpy())
    assert fresh.weight.dtype == onp.float32
    missing = ms.load_param_into_net(fresh, {"weight": loaded["weight"], "extra": 1.0})
    assert missing == (["bias"], ["extra"])


def test_model_checkpoint_saves_and_keeps_the_newest(tmp_path):
    _, model = _model()
    config = train.CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=2)
    saver = train.ModelCheckpoint("net", str(tmp_path), config)
    model.train(2, _data(), callbacks=[saver])
    assert sorted(os.listdir(tmp_path)) == ["net-2_1.ckpt", "net-2_3.ckpt"]
    assert saver.latest_ckpt_file_name.endswith("net-2_3.ckpt")


def test_checkpoint_errors_name_function_and_argument(tmp_path):
    net, _ = _model()
    with pytest.raises(RuntimeError, match=r"load_param_into_net: Parameter 'weight': expected "
                                           r"shape \(2, 3\), got shape \(3,\)"):
        ms.load_param_into_net(net, {"bias": onp.zeros(2), "weight": onp.zeros(3)})
    assert onp.array_equal(net.bias.asnumpy(), [0, 0])
    with pytest.raises(ValueError, match=r"load_checkpoint 'ckpt_file_name': expected an exis"):
        ms.load_checkpoint(str(tmp_path / "none.ckpt"))
    with pytest.raises(TypeError, match=r"save_checkpoint 'save_obj': expected a Cell"):
        ms.save_checkpoint(3, str(tmp_path / "x"))
    with pytest.raises(TypeError, match=r"load_param_into_net 'net': expected a Cell"):
        ms.load_param_into_net({}, {})
    with pytest.raises(ValueError, match=r"CheckpointConfig 'keep_checkpoint_max': expected"):
        train.CheckpointConfig(keep_checkpoint_max=0)
    with pytest.raises(TypeError, match=r"ModelCheckpoint 'config': expected a Checkpoint"):
        train.ModelCheckpoint(config={})
