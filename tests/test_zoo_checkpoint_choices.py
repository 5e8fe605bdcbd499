"""Choosing what a checkpoint saves and loads, as MindSpore 2.10's model-zoo scripts do
when they fine-tune: ``load_checkpoint``'s ``filter_prefix`` (drop the optimizer's state),
``specify_prefix`` and ``choice_func``, and ``save_checkpoint``'s ``choice_func``; they
were accepted and silently ignored."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds
from minpy_compat import nn
from minpy_compat.train import CheckpointConfig, Model, ModelCheckpoint

STATE = ["global_step", "learning_rate", "momentum", "moments.bias", "moments.weight"]


def dense(scale=0.1):
    weight = onp.arange(6, dtype=onp.float32).reshape(2, 3) * scale
    return nn.Dense(3, 2, weight_init=ms.Tensor(weight), bias_init="zeros")


@pytest.fixture
def trained_file(tmp_path):
    """A ModelCheckpoint file of a Dense trained with Momentum: weights and optimizer state."""
    net = dense()
    x = onp.random.default_rng(0).normal(size=(8, 3)).astype(onp.float32)
    data = ds.NumpySlicesDataset({"x": x, "y": (x[:, 0] > 0).astype(onp.int32)},
                                 shuffle=False).batch(4)
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.1, 0.9))
    callback = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=2))
    model.train(1, data, callbacks=[callback])
    return callback.latest_ckpt_file_name


def test_every_name_loads_by_default(trained_file):
    assert sorted(ms.load_checkpoint(trained_file)) == sorted(["bias", "weight"] + STATE)


@pytest.mark.parametrize("kwargs, names", [
    ({"filter_prefix": ["moments", "learning_rate", "global_step"]},
     ["bias", "momentum", "weight"]),
    ({"filter_prefix": "moments"}, ["bias", "global_step", "learning_rate", "momentum",
                                    "weight"]),
    ({"specify_prefix": ("weight", "moments.w")}, ["moments.weight", "weight"]),
    ({"specify_prefix": "moments", "filter_prefix": "moments.b"}, ["moments.weight"]),
    ({"choice_func": lambda name: "." not in name and name != "global_step"},
     ["bias", "learning_rate", "momentum", "weight"]),
    ({"choice_func": lambda name: name != "bias", "filter_prefix": ["moments"]},
     ["global_step", "learning_rate", "momentum", "weight"]),
])
def test_load_keeps_only_the_chosen_names(trained_file, kwargs, names):
    assert sorted(ms.load_checkpoint(trained_file, **kwargs)) == names


def test_loading_into_a_net_through_a_filter_leaves_the_rest(trained_file):
    fresh = dense(scale=0.0)
    loaded = ms.load_checkpoint(trained_file, net=fresh, specify_prefix="weight")
    assert list(loaded) == ["weight"]
    onp.testing.assert_array_equal(fresh.bias.asnumpy(), [0.0, 0.0])
    assert onp.abs(fresh.weight.asnumpy()).sum() > 0


def test_save_keeps_only_what_choice_func_accepts(tmp_path):
    path = str(tmp_path / "w.ckpt")
    ms.save_checkpoint(dense(), path, choice_func=lambda name: name == "weight",
                       append_dict={"epoch_num": 1})
    assert sorted(ms.load_checkpoint(path)) == ["epoch_num", "weight"]


@pytest.mark.parametrize("kwargs, match", [
    ({"filter_prefix": []}, r"load_checkpoint 'filter_prefix': expected a non-empty str, or "
                            r"a non-empty list or tuple of them, got list \[\]"),
    ({"filter_prefix": ["moments", ""]}, r"load_checkpoint 'filter_prefix': expected"),
    ({"specify_prefix": 3}, r"load_checkpoint 'specify_prefix': expected a non-empty str"),
    ({"choice_func": "weight"}, r"load_checkpoint 'choice_func': expected a function of a "
                                r"Parameter name returning a bool, or None, got str"),
])
def test_load_refuses_a_bad_choice(trained_file, kwargs, match):
    with pytest.raises(TypeError, match=match):
        ms.load_checkpoint(trained_file, **kwargs)


def test_save_refuses_a_choice_func_it_cannot_call(tmp_path):
    with pytest.raises(TypeError, match=r"save_checkpoint 'choice_func': expected a function"):
        ms.save_checkpoint(dense(), str(tmp_path / "w.ckpt"), choice_func=["weight"])
