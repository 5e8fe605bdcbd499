"""Cell's compile and placement settings (nn/cell_settings.py): apply, flags, recompute,
set_inputs, set_boost, set_comm_fusion, offload. In PyNative they change no value or
gradient; what they record and the errors they raise follow MindSpore 2.10 (the order and
the flags are replayed against it in test_zoo_func_mint_model.py)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn


def small_net():
    return nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.SequentialCell([nn.Dense(3, 1)])])


def test_apply_visits_every_cell_once_children_before_parents():
    net, seen = small_net(), []
    assert net.apply(seen.append) is net
    assert seen == [net[0], net[1], net[2][0], net[2], net]


def test_apply_initialises_weights():
    net = small_net()

    def ones(cell):
        if isinstance(cell, nn.Dense):
            cell.weight.set_data(ms.Tensor(onp.ones(cell.weight.shape, onp.float32)))
    net.apply(ones)
    x = onp.array([[1.0, -2.0]], onp.float32)
    out = net(ms.Tensor(x))
    hidden = onp.maximum(x @ onp.ones((2, 3)) + net[0].bias.asnumpy(), 0)
    expected = hidden @ onp.ones((3, 1)) + net[2][0].bias.asnumpy()
    onp.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)


def test_apply_refuses_a_non_callable():
    with pytest.raises(TypeError, match="SequentialCell.apply fn"):
        small_net().apply(3)


def test_flags_from_init_add_flags_and_recursive():
    assert nn.Cell(flags={"x": 1}).get_flags() == {"x": 1}
    net = small_net()
    assert net.get_flags() == {}
    assert net.add_flags(fp16=True) is net and net.get_flags() == {"fp16": True}
    assert net[0].get_flags() == {}
    net.add_flags_recursive(a=1)
    assert net[2][0].get_flags() == {"a": 1} and net.get_flags() == {"fp16": True, "a": 1}


def test_recompute_keeps_values_and_gradients():
    net = small_net()
    x = ms.Tensor(onp.random.RandomState(0).randn(4, 2).astype(onp.float32))

    def loss(data):
        return net(data).sum()
    before = ms.grad(loss, 0, net.trainable_params())(x)
    assert net[0].recompute(mp_comm_recompute=False) is None
    after = ms.grad(loss, 0, net.trainable_params())(x)
    assert net[0].get_flags() == {"output_recompute": False}
    onp.testing.assert_array_equal(before[0].asnumpy(), after[0].asnumpy())
    for got, want in zip(after[1], before[1]):
        onp.testing.assert_array_equal(got.asnumpy(), want.asnumpy())


def test_recompute_refuses_an_unknown_keyword():
    with pytest.raises(ValueError, match="recompute keyword.*got 'foo'"):
        small_net().recompute(foo=1)


def test_set_boost_accepts_only_less_bn():
    net = small_net()
    assert net.set_boost("less_bn") is net and net[1].get_flags() == {"less_bn": True}
    with pytest.raises(ValueError, match="set_boost boost_type: expected 'less_bn'"):
        net.set_boost("fast")


def test_inputs_jit_config_comm_fusion_offload_are_recorded():
    net = small_net()
    assert net.get_inputs() is None
    spec = ms.Tensor(onp.zeros((1, 2), onp.float32))
    assert net.set_inputs(spec) is None and net.get_inputs() == (spec,)
    assert net.set_jit_config(ms.JitConfig(jit_level="O1")) is None
    assert net.set_comm_fusion(2) is net and net[2][0].weight.comm_fusion == 2
    with pytest.raises(TypeError, match="set_comm_fusion fusion_type: expected an int"):
        net.set_comm_fusion("2")
    assert net.offload() is None and net.get_flags()["offload"] is True
    assert net.set_data_parallel() is None
