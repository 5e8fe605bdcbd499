"""Fixes found while writing notebook 08 (a MindSpore training script ported unchanged):
``ModelCheckpoint`` saves the last step when training ends, as MindSpore's does, and
``nn.Dense`` names itself by its place in the network when an input has the wrong width."""
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds
from minpy_compat import nn
from minpy_compat.errors import CellArgumentError, CellTypeError
from minpy_compat.train import (CheckpointConfig, EarlyStopping, LossMonitor, Model,
                                ModelCheckpoint)


def _model():
    ms.set_seed(0)
    net = nn.Dense(2, 2)
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    return net, Model(net, nn.CrossEntropyLoss(), opt)


def _data(rows=6, batch=2):
    x = onp.arange(2 * rows, dtype=onp.float32).reshape(rows, 2) / rows
    y = (onp.arange(rows) % 2).astype(onp.int32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(batch)


def test_model_checkpoint_saves_the_last_step_when_steps_do_not_divide(tmp_path):
    # 3 steps an epoch, every 4 steps: MindSpore saves 2_1 and 2_3 (the end), not 2_1 alone
    net, model = _model()
    checkpoint = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=4))
    model.train(2, _data(), callbacks=[checkpoint])
    assert sorted(os.listdir(tmp_path)) == ["net-2_1.ckpt", "net-2_3.ckpt"]
    assert os.path.basename(checkpoint.latest_ckpt_file_name) == "net-2_3.ckpt"
    saved = ms.load_checkpoint(checkpoint.latest_ckpt_file_name)
    assert onp.array_equal(saved["weight"].asnumpy(), net.weight.asnumpy())


def test_model_checkpoint_saves_where_early_stopping_stopped(tmp_path):
    net, model = _model()
    checkpoint = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=100))
    model.train(5, _data(), callbacks=[EarlyStopping(monitor="loss", patience=0), checkpoint])
    assert os.listdir(tmp_path) == ["net-1_3.ckpt"]
    saved = ms.load_checkpoint(str(tmp_path / "net-1_3.ckpt"))
    assert int(saved["global_step"].asnumpy()[0]) == 3


def test_a_model_checkpoint_used_twice_keeps_its_newest_files(tmp_path):
    # later runs write the same names again: each file is counted once, so the one just
    # written is not deleted as "the oldest", nor a deleted one deleted again
    net, model = _model()
    config = CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=5)
    checkpoint = ModelCheckpoint("net", str(tmp_path), config)
    for _ in range(3):
        model.train(1, _data(), callbacks=[checkpoint])
    assert sorted(os.listdir(tmp_path)) == ["net-1_1.ckpt", "net-1_2.ckpt", "net-1_3.ckpt"]


def test_resuming_from_the_saved_end_continues_the_run_exactly(tmp_path, capsys):
    net, model = _model()
    checkpoint = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=4))
    model.train(1, _data(), callbacks=[checkpoint])            # saves 1_3 at the end only
    model.train(2, _data(), callbacks=[LossMonitor()], initial_epoch=1)
    straight = capsys.readouterr().out
    again, resumed = _model()
    ms.load_param_into_net(resumed.train_network,
                           ms.load_checkpoint(checkpoint.latest_ckpt_file_name))
    resumed.train(2, _data(), callbacks=[LossMonitor()], initial_epoch=1)
    assert capsys.readouterr().out == straight and straight.count("loss is") == 3
    assert onp.array_equal(again.weight.asnumpy(), net.weight.asnumpy())


class TwoLayers(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 3)
        self.head = nn.SequentialCell([nn.ReLU(), nn.Dense(3, 2)])

    def construct(self, x):
        return self.head(self.fc1(x))


@pytest.mark.parametrize("shape, where", [((5, 8), "Dense 'fc1'"), ((5, 2, 2), "Dense 'fc1'")])
def test_a_wrong_width_names_the_dense_layer_by_its_place(shape, where):
    with pytest.raises(CellArgumentError, match=rf"{where} input: expected a last dimension of 4 "
                                                r"\(in_channels\), got shape .*Reshape the input "
                                                r"to \(\.\.\., 4\)"):
        TwoLayers()(ms.Tensor(onp.zeros(shape, onp.float32)))


def test_a_nested_dense_is_named_by_its_path_and_a_lone_one_by_its_class():
    net = TwoLayers()
    with pytest.raises(CellArgumentError, match=r"^Dense 'head\.1' input: expected a last "
                                                r"dimension of 3"):
        net.head(ms.Tensor(onp.zeros((2, 4), onp.float32)))
    with pytest.raises(CellArgumentError, match=r"^Dense input: expected a last dimension of 4"):
        nn.Dense(4, 3)(ms.Tensor(onp.zeros((2, 5), onp.float32)))


def test_a_wrong_dtype_names_the_dense_layer_too():
    with pytest.raises(CellTypeError, match=r"^Dense 'fc1' input: expected dtype float32"):
        TwoLayers()(ms.Tensor(onp.zeros((2, 4), onp.float64)))
