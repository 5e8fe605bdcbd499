"""The optimizer's public flags ``dynamic_lr``, ``is_group``, ``is_group_lr`` and
``is_group_params_ordered``, as MindSpore 2.10 sets them (read off nn.Momentum there)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn


def _groups(net, kind):
    weight, bias = net.weight, net.bias
    return {"fixed_lr": [{"params": [weight], "lr": 0.2}, {"params": [bias]}],
            "list_lr": [{"params": [weight], "lr": [0.2, 0.1]}, {"params": [bias]}],
            "schedule_lr": [{"params": [weight], "lr": nn.ExponentialDecayLR(0.1, 0.9, 2)},
                            {"params": [bias]}],
            "ordered": [{"params": [weight], "weight_decay": 0.1}, {"params": [bias]},
                        {"order_params": net.trainable_params()}]}[kind]


@pytest.mark.parametrize("lr, kind, flags", [
    (0.1, None, (False, False, False, False)),
    ([0.1, 0.2], None, (True, False, False, False)),
    ("tensor", None, (True, False, False, False)),
    ("schedule", None, (True, False, False, False)),
    (0.1, "fixed_lr", (False, True, True, False)),
    (0.1, "list_lr", (True, True, True, False)),
    (0.01, "schedule_lr", (True, True, True, False)),
    ([0.1, 0.2], "ordered", (True, True, False, True)),
])
def test_flags_match_mindspore(lr, kind, flags):
    net = nn.Dense(2, 2)
    if lr == "tensor":
        lr = ms.Tensor(onp.array([0.1, 0.2], onp.float32))
    elif lr == "schedule":
        lr = nn.ExponentialDecayLR(0.1, 0.9, 2)
    params = net.trainable_params() if kind is None else _groups(net, kind)
    opt = nn.Momentum(params, lr, 0.9)
    assert (opt.dynamic_lr, opt.is_group, opt.is_group_lr,
            opt.is_group_params_ordered) == flags


def test_a_filter_of_parameters_is_read_once_and_whole():
    net = nn.Dense(2, 2)
    opt = nn.Momentum(filter(lambda p: p.requires_grad, net.get_parameters()), 0.1, 0.9)
    assert [p.name for p in opt.parameters] == [p.name for p in net.trainable_params()]
    assert not opt.is_group and not opt.dynamic_lr


def test_order_params_sets_the_update_order_with_each_groups_settings():
    """MindSpore 2.10: an {'order_params': ...} group reorders optimizer.parameters (and the
    rates and decays that go with them) to its order; here the bias's group rate 0.3."""
    net = nn.Dense(2, 2)
    opt = nn.Momentum([{"params": [net.bias], "lr": 0.3}, {"params": [net.weight]},
                       {"order_params": [net.weight, net.bias]}], 0.1, 0.9)
    assert [p.name for p in opt.parameters] == [net.weight.name, net.bias.name]
    rates = [float(r.asnumpy()) for r in opt.get_lr_parameter([net.weight, net.bias])]
    assert rates == pytest.approx([0.1, 0.3])


@pytest.mark.parametrize("order", ["short", "twice"])
def test_order_params_must_hold_the_groups_parameters_once(order):
    net = nn.Dense(2, 2)
    wanted = [net.weight] if order == "short" else [net.weight, net.weight]
    with pytest.raises(ValueError, match=r"Momentum order_params: expected the 2 Parameters "
                                         r"the groups hold, each once, got"):
        nn.Momentum([{"params": [net.weight]}, {"params": [net.bias]},
                     {"order_params": wanted}], 0.1, 0.9)
