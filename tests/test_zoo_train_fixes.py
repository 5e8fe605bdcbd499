"""What the model-zoo scripts (tests/oracle_zoo/) found missing, each pinned to what
MindSpore 2.10 does: the 2.x module path ``dataset.transforms.transforms``, ``Model`` of a
``TrainOneStepCell`` without an optimizer, ``save_checkpoint``'s ``append_dict``,
``ModelCheckpoint``'s fresh prefix in a folder that has its files, and ``LossMonitor``'s
``Eval result`` line in ``Model.fit``."""
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds
from minpy_compat import nn
from minpy_compat.train import CheckpointConfig, LossMonitor, Model, ModelCheckpoint


def data(count=8, batch=4):
    rng = onp.random.default_rng(0)
    x = rng.normal(size=(count, 3)).astype(onp.float32)
    return ds.NumpySlicesDataset({"x": x, "y": (x[:, 0] > 0).astype(onp.int32)},
                                 shuffle=False).batch(batch)


def dense():
    weight = onp.arange(6, dtype=onp.float32).reshape(2, 3) / 10
    return nn.Dense(3, 2, weight_init=ms.Tensor(weight), bias_init="zeros")


def sparse_ce():
    return nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")


def test_the_2x_transforms_module_path_imports_as_mindspore_spells_it():
    import minpy_compat.dataset.transforms.transforms as C
    from minpy_compat.dataset.transforms import transforms
    from minpy_compat.dataset.transforms.transforms import TypeCast
    assert C is transforms and C.TypeCast is TypeCast is ds.transforms.TypeCast
    assert TypeCast(ms.int32)(onp.array([1.7])).dtype == onp.int32


def test_model_of_a_train_one_step_cell_trains_it_without_an_optimizer(capsys):
    net = dense()
    train_net = nn.TrainOneStepCell(nn.WithLossCell(net, sparse_ce()),
                                    nn.SGD(net.trainable_params(), 0.5))
    model = Model(train_net)
    assert model.train_network is train_net
    before = net.weight.asnumpy().copy()
    model.train(2, data(), callbacks=[LossMonitor(2)])
    assert not onp.allclose(net.weight.asnumpy(), before)
    assert capsys.readouterr().out.count("loss is") == 2


def test_model_with_a_loss_and_no_optimizer_computes_the_loss_and_leaves_the_weights():
    net = dense()
    model = Model(net, sparse_ce())
    assert isinstance(model.train_network, nn.WithLossCell)
    model.train(1, data())
    onp.testing.assert_array_equal(net.weight.asnumpy(), dense().weight.asnumpy())


def test_append_dict_entries_come_back_typed_as_mindspore_saves_them(tmp_path):
    path = str(tmp_path / "net.ckpt")
    extra = {"epoch_num": 3, "lr": 0.5, "flag": True, "tag": "lenet",
             "half": ms.Tensor(onp.arange(2, dtype=onp.float16))}
    ms.save_checkpoint(dense(), path, append_dict=extra)
    loaded = ms.load_checkpoint(path)
    assert list(loaded) == ["weight", "bias", "epoch_num", "lr", "flag", "tag", "half"]
    assert loaded["tag"] == "lenet" and isinstance(loaded["tag"], str)
    for name, value, dtype in (("epoch_num", 3, onp.int64), ("lr", 0.5, onp.float32),
                               ("flag", True, onp.bool_)):
        assert isinstance(loaded[name], ms.Parameter) and loaded[name].shape == ()
        assert loaded[name].asnumpy().dtype == dtype and loaded[name].asnumpy() == value
    assert loaded["half"].asnumpy().dtype == onp.float16
    assert ms.load_param_into_net(dense(), loaded) == ([], ["epoch_num", "lr", "flag", "tag",
                                                            "half"])


@pytest.mark.parametrize("bad, match", [
    ([1], r"save_checkpoint 'append_dict': expected a dict from str to int, float, bool, str "
          r"or Tensor, got list"),
    ({"a": [1]}, r"save_checkpoint 'append_dict' entry 'a': expected a str key and an int, "
                 r"float, bool, str or Tensor value, got str 'a': list"),
    ({1: 2}, r"save_checkpoint 'append_dict' entry 1: expected a str key"),
])
def test_append_dict_refuses_what_it_cannot_save(tmp_path, bad, match):
    with pytest.raises(TypeError, match=match):
        ms.save_checkpoint(dense(), str(tmp_path / "net.ckpt"), append_dict=bad)


def train_with_checkpoints(folder, epochs):
    net = dense()
    model = Model(net, sparse_ce(), nn.SGD(net.trainable_params(), 0.1))
    config = CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=3)
    callback = ModelCheckpoint("net", str(folder), config)
    model.train(epochs, data(), callbacks=[callback])
    return callback


def test_a_second_run_in_the_same_folder_takes_a_fresh_prefix_and_keeps_the_first(tmp_path):
    train_with_checkpoints(tmp_path, 2)
    assert sorted(os.listdir(tmp_path)) == ["net-1_2.ckpt", "net-2_1.ckpt", "net-2_2.ckpt"]
    second = train_with_checkpoints(tmp_path, 1)
    assert second.latest_ckpt_file_name == str(tmp_path / "net_1-1_2.ckpt")
    train_with_checkpoints(tmp_path, 1)
    assert sorted(os.listdir(tmp_path)) == [
        "net-1_2.ckpt", "net-2_1.ckpt", "net-2_2.ckpt", "net_1-1_1.ckpt", "net_1-1_2.ckpt",
        "net_2-1_1.ckpt", "net_2-1_2.ckpt"]


def test_a_prefix_that_only_starts_another_name_is_kept(tmp_path):
    for name in ("netA-1_1.ckpt", "net-1_1.txt", "net-1_1_breakpoint.ckpt"):
        (tmp_path / name).write_bytes(b"")
    callback = ModelCheckpoint("net", str(tmp_path))
    assert callback._prefix == "net"


def test_loss_monitor_prints_the_eval_result_of_each_fit_epoch(capsys):
    net = dense()
    model = Model(net, sparse_ce(), nn.SGD(net.trainable_params(), 0.1),
                  metrics={"acc": ms.train.Accuracy()})
    model.fit(2, data(), data(), callbacks=[LossMonitor(2)])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == [
        "epoch: 1 step: 2", "Eval result: epoch 1", "epoch: 2 step: 2", "Eval result: epoch 2"]
    assert lines[1].startswith("Eval result: epoch 1, metrics: {'acc': ")
    model.train(1, data(), callbacks=[LossMonitor(2)])  # no evaluation: no such line
    assert "Eval result" not in capsys.readouterr().out
