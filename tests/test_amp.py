"""Mixed precision (``minpy_compat.amp``): gradients through each level, training with
``build_train_network``, the error messages, and lazy loading."""
import subprocess
import sys

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import amp, nn
from minpy_compat.errors import CellArgumentError, CellTypeError


def mlp():
    return nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Dense(4, 2)])


def x32():
    return ms.Tensor(onp.random.default_rng(0).standard_normal((5, 3)).astype(onp.float32))


def test_o0_is_the_same_net_and_its_float64_gradient_passes_finite_differences():
    net = nn.Dense(3, 2, dtype=ms.float64)
    assert amp.auto_mixed_precision(net, "O0") is net
    x = onp.random.default_rng(2).standard_normal((4, 3))
    check_grads(lambda v: net(v).sum() ** 2, modes=["rev"], order=1)(x)


@pytest.mark.parametrize("level", ["O1", "O2", "O3"])
def test_gradients_through_low_levels_stay_float32_and_close(level):
    ms.set_seed(0)  # the same weights whatever ran before (float16's error depends on them)
    reference, cast = mlp(), mlp()
    for ref, other in zip(reference.get_parameters(), cast.get_parameters()):
        other.set_data(ms.Tensor(ref.asnumpy().copy()))
    cast = amp.auto_mixed_precision(cast, level)
    x = x32()
    want = ms.grad(lambda v: reference(v).sum(), 0, reference.trainable_params())(x)
    got = ms.grad(lambda v: cast(v).sum(), 0, cast.trainable_params())(x)
    assert got[0].dtype == onp.float32  # the input's gradient, in the input's dtype
    assert all(g.dtype == onp.float32 for g in got[1])  # Parameters stay float32
    for g, w in zip([got[0], *got[1]], [want[0], *want[1]]):
        onp.testing.assert_allclose(g.asnumpy(), w.asnumpy(), rtol=2e-2, atol=2e-2)


def test_o1_casts_only_white_list_cells():
    net = amp.auto_mixed_precision(mlp(), "O1")
    seen = {}
    for name in ("0", "1"):
        net._cells[name].register_forward_hook(
            lambda c, a, o, name=name: seen.__setitem__(name, (a[0].dtype, o.dtype)))
    assert net(x32()).dtype == onp.float32
    # forward hooks get the inputs uncast (as in MindSpore); the white-list Dense runs in float16
    assert seen == {"0": (onp.float32, onp.float32), "1": (onp.float32, onp.float32)}
    assert net._cells["0"].__dict__.get("_float_type") == onp.float16
    assert net._cells["1"].__dict__.get("_float_type") is None


def test_o1_casts_a_white_list_network_itself():
    dense = nn.Dense(3, 2)
    x = x32()
    want = dense(x).asnumpy()
    net = amp.auto_mixed_precision(dense, "O1")
    out = net(x)
    assert net is dense and out.dtype == onp.float32
    low = (x.asnumpy().astype(onp.float16) @ dense.weight.asnumpy().astype(onp.float16).T
           + dense.bias.asnumpy().astype(onp.float16)).astype(onp.float32)
    onp.testing.assert_allclose(out.asnumpy(), low, rtol=1e-3, atol=1e-3)
    assert not onp.array_equal(out.asnumpy(), want)


def test_o1_leaves_a_cell_the_user_set_with_to_float():
    net = mlp()
    net._cells["3"].to_float(onp.float32)
    amp.auto_mixed_precision(net, "O1")
    assert not net._cells["3"]._hooks["forward"]
    assert net._cells["0"]._hooks["forward"]


def test_custom_black_list_keeps_that_cell_float32():
    net = amp.custom_mixed_precision(mlp(), black_list=[nn.ReLU])
    assert type(net._backbone._cells["2"]).__name__ == "_OutputTo16"
    assert type(net._backbone._cells["1"]).__name__ == "BatchNorm1d"
    assert net(x32()).dtype == onp.float32


@pytest.mark.parametrize("level", ["O0", "O1", "O2", "O3"])
def test_build_train_network_trains(level):
    net = mlp()
    before = [p.asnumpy().copy() for p in net.trainable_params()]
    step = amp.build_train_network(net, nn.Momentum(net.trainable_params(), 0.01, 0.9),
                                   nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                    reduction="mean"),
                                   level=level, loss_scale_manager=None)
    loss = step(x32(), ms.Tensor(onp.array([0, 1, 0, 1, 1], onp.int32)))
    loss = loss[0] if isinstance(loss, tuple) else loss
    assert loss.dtype == onp.float32 and onp.isfinite(loss.asnumpy())
    assert any((b != p.asnumpy()).any() for b, p in zip(before, net.trainable_params()))
    assert all(p.dtype == onp.float32 for p in net.trainable_params())


def test_build_train_network_o2_uses_a_dynamic_loss_scale():
    net = mlp()
    step = amp.build_train_network(net, nn.Momentum(net.trainable_params(), 0.01, 0.9),
                                   nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                    reduction="mean"),
                                   level="O2")
    assert type(step).__name__ == "TrainOneStepWithLossScaleCell"
    assert ms.train.build_train_network is amp.build_train_network
    assert ms.train.amp.auto_mixed_precision is amp.auto_mixed_precision


@pytest.mark.parametrize("call,error,match", [
    (lambda: amp.auto_mixed_precision(mlp(), "O4"), CellArgumentError,
     "auto_mixed_precision amp_level: expected one of 'O0'.*got 'O4'"),
    (lambda: amp.auto_mixed_precision(mlp(), "auto"), CellArgumentError,
     "amp_level.*got 'auto'.*casts per primitive"),
    (lambda: amp.auto_mixed_precision(len, "O2"), CellTypeError,
     r"auto_mixed_precision network \(amp_level 'O2'\): expected a Cell"),
    (lambda: amp.auto_mixed_precision(mlp(), "O2", dtype=onp.float32), CellArgumentError,
     "auto_mixed_precision dtype: expected ms.float16"),
    (lambda: amp.custom_mixed_precision(mlp()), CellArgumentError,
     "custom_mixed_precision: expected white_list or black_list, got neither"),
    (lambda: amp.custom_mixed_precision(mlp(), white_list=[nn.Dense], black_list=[nn.ReLU]),
     CellArgumentError, "got both"),
    (lambda: amp.custom_mixed_precision(mlp(), black_list=nn.ReLU), CellTypeError,
     "custom_mixed_precision black_list: expected a list of Cell classes"),
    (lambda: amp.custom_mixed_precision(mlp(), white_list=[3]), CellTypeError,
     "custom_mixed_precision white_list: expected Cell classes, got the element 3"),
    (lambda: amp.DynamicLossScaler(0.5, 2, 3), CellArgumentError,
     "DynamicLossScaler scale_value: expected a number >= 1, got 0.5"),
    (lambda: amp.DynamicLossScaler(8, 2.0, 3), CellTypeError,
     "DynamicLossScaler scale_factor: expected a positive int"),
    (lambda: amp.DynamicLossScaler(8, 2, -1), CellArgumentError,
     "DynamicLossScaler scale_window: expected a positive int, got -1"),
    (lambda: amp.StaticLossScaler(True), CellTypeError,
     "StaticLossScaler scale_value: expected an int or a float"),
    (lambda: amp.DynamicLossScaler(8, 2, 3).adjust(ms.Tensor([True, False])), CellTypeError,
     "DynamicLossScaler.adjust grads_finite: expected a scalar bool Tensor"),
    (lambda: amp.all_finite(ms.Tensor(1.0)), CellTypeError,
     r"amp.all_finite inputs: expected a tuple or list of Tensors.*Wrap a single Tensor"),
    (lambda: amp.all_finite([]), CellArgumentError,
     "amp.all_finite inputs: expected at least one Tensor"),
])
def test_error_messages(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_build_train_network_error_messages():
    net = mlp()
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    with pytest.raises(CellArgumentError, match="build_train_network level: expected one of"):
        amp.build_train_network(net, opt, level="O5")
    with pytest.raises(CellTypeError, match="build_train_network optimizer: expected an nn"):
        amp.build_train_network(net, "sgd")
    with pytest.raises(CellArgumentError, match="build_train_network: expected keyword .*'lr'"):
        amp.build_train_network(net, opt, lr=0.1)
    with pytest.raises(CellTypeError, match="build_train_network cast_model_type"):
        amp.build_train_network(net, opt, cast_model_type=onp.int32)
    with pytest.raises(CellArgumentError, match="build_train_network boost_level: expected 'O0'"):
        amp.build_train_network(net, opt, boost_level="O1")


def test_amp_loads_lazily():
    code = ("import sys, minpy_compat.numpy, minpy_compat as ms; "
            "assert not any(m.startswith(('minpy_compat.amp', 'minpy_compat.ms_generator', "
            "'minpy_compat.ms_decorators')) for m in sys.modules); "
            "ms.amp.all_finite; ms.Generator; ms.recompute")
    subprocess.run([sys.executable, "-c", code], check=True)
