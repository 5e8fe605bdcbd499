"""load_param_into_net's fallback for a checkpoint saved from a wrapping Cell: a net
Parameter missing by name loads from the checkpoint's name under the prefix found by
suffix, prefix after prefix; strict_load turns it off. Expected results were printed by
MindSpore 2.10 for the same code (CPU, PyNative)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn


def _net():
    return nn.SequentialCell([nn.Dense(2, 1, weight_init="zeros", bias_init="zeros"),
                              nn.Dense(2, 1, weight_init="zeros", bias_init="zeros")])


def _checkpoint():
    def param(name, shape, value):
        return ms.Parameter(ms.Tensor(onp.full(shape, value, onp.float32)), name=name)
    return {"net.0.weight": param("net.0.weight", (1, 2), 3.0),
            "net.1.bias": param("net.1.bias", (1,), 4.0),
            "other.1.weight": param("other.1.weight", (1, 2), 5.0)}


def _values(net):
    return [p.asnumpy().tolist() for p in net.get_parameters()]


def test_missing_names_load_from_each_prefix_found():
    net = _net()
    result = ms.load_param_into_net(net, _checkpoint())
    # MindSpore 2.10: (['0.bias'], ['net.0.weight', 'net.1.bias', 'other.1.weight'])
    assert result == (["0.bias"], ["net.0.weight", "net.1.bias", "other.1.weight"])
    assert _values(net) == [[[3.0, 3.0]], [0.0], [[5.0, 5.0]], [4.0]]


def test_strict_load_only_loads_equal_names():
    net = _net()
    result = ms.load_param_into_net(net, _checkpoint(), strict_load=True)
    assert result == (["0.weight", "0.bias", "1.weight", "1.bias"],
                      ["net.0.weight", "net.1.bias", "other.1.weight"])
    assert _values(net) == [[[0.0, 0.0]], [0.0], [[0.0, 0.0]], [0.0]]


def test_a_prefixed_shape_mismatch_loads_nothing():
    net = _net()
    checkpoint = _checkpoint()
    checkpoint["net.1.bias"] = ms.Parameter(ms.Tensor(onp.ones(3, onp.float32)), name="b")
    with pytest.raises(ValueError, match=r"Parameter '1.bias'.*shape \(3,\) in the checkpoint "
                                         r"\('net.1.bias'\)"):
        ms.load_param_into_net(net, checkpoint)
    assert _values(net) == [[[0.0, 0.0]], [0.0], [[0.0, 0.0]], [0.0]]
