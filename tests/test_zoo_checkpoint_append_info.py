"""``CheckpointConfig(append_info=[...])`` adds ``epoch_num``, ``step_num`` and a dict's
entries to every file ``ModelCheckpoint`` writes, as MindSpore 2.10's (it was accepted
and silently ignored)."""
import os

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds
from minpy_compat import nn
from minpy_compat.train import CheckpointConfig, Model, ModelCheckpoint


def train(folder, append_info, epochs=2):
    x = onp.random.default_rng(0).normal(size=(8, 3)).astype(onp.float32)
    data = ds.NumpySlicesDataset({"x": x, "y": (x[:, 0] > 0).astype(onp.int32)},
                                 shuffle=False).batch(2)
    net = nn.Dense(3, 2, weight_init="zeros", bias_init="zeros")
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.SGD(net.trainable_params(), 0.1))
    config = CheckpointConfig(save_checkpoint_steps=4, append_info=append_info)
    model.train(epochs, data, callbacks=[ModelCheckpoint("net", str(folder), config)])
    return {name: ms.load_checkpoint(os.path.join(folder, name))
            for name in sorted(os.listdir(folder))}


def value(loaded):
    return loaded if isinstance(loaded, str) else loaded.asnumpy().item()


def test_each_file_holds_its_epoch_and_global_step_and_the_dict(tmp_path):
    files = train(tmp_path, ["epoch_num", "step_num", {"lr": 0.01, "tag": "lenet"}])
    assert list(files) == ["net-1_4.ckpt", "net-2_4.ckpt"]
    for (name, loaded), epoch in zip(files.items(), (1, 2)):
        assert [value(loaded[k]) for k in ("epoch_num", "step_num", "tag")] == \
            [epoch, 4 * epoch, "lenet"]
        assert value(loaded["lr"]) == pytest.approx(0.01)
        assert loaded["epoch_num"].asnumpy().dtype == onp.int64


def test_a_resumed_run_counts_on_from_the_dict_and_names_only_what_was_asked(tmp_path):
    files = train(tmp_path, ["epoch_num", {"epoch_num": 10}], epochs=1)
    loaded = files["net-1_4.ckpt"]
    assert value(loaded["epoch_num"]) == 11 and "step_num" not in loaded
    assert CheckpointConfig(append_info=[]).append_dict is None
    assert CheckpointConfig(append_info=["step_num"]).append_dict == {"step_num": 0}


@pytest.mark.parametrize("append_info, error, match", [
    ("epoch_num", TypeError, r"CheckpointConfig 'append_info': expected a list of "
                             r"'epoch_num', 'step_num' and one dict, got str"),
    (["epoch"], ValueError, r"CheckpointConfig 'append_info': expected items 'epoch_num', "
                            r"'step_num' and at most one dict, got str 'epoch'"),
    ([{"a": 1}, {"b": 2}], ValueError, r"CheckpointConfig 'append_info': expected items"),
    ([{"a": [1]}], TypeError, r"save_checkpoint 'append_dict' entry 'a'"),
])
def test_a_bad_append_info_names_the_argument(append_info, error, match):
    with pytest.raises(error, match=match):
        CheckpointConfig(append_info=append_info)
