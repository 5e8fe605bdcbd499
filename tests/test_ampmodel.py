"""``Model`` at each ``amp_level`` (what the MindSpore replay in ``test_ampmodel_oracle.py``
cannot record: MindSpore on CPU refuses the O2 default loss-scale manager), the hooks of a
Cell set ``to_float(float16)``, and ``WithEvalCell``'s float32 cast."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn
from minpy_compat.nn.loss_scale import TrainOneStepWithLossScaleCell, WithEvalCell
from minpy_compat.train import DynamicLossScaleManager, Model

X = onp.random.default_rng(0).standard_normal((8, 4)).astype(onp.float32)
Y = onp.arange(8, dtype=onp.int32) % 3


def data():
    return ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(4)


def parts():
    net = nn.SequentialCell([nn.Dense(4, 6), nn.BatchNorm1d(6), nn.ReLU(), nn.Dense(6, 3)])
    return (net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
            nn.Momentum(net.trainable_params(), 0.1, 0.9))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the 2**24 first scale overflows
def test_O2_default_trains_with_a_dynamic_loss_scale_and_keeps_batchnorm_float32():
    net, loss, opt = parts()
    model = Model(net, loss, opt, metrics={"acc"}, amp_level="O2")
    assert isinstance(model.train_network, TrainOneStepWithLossScaleCell)
    assert type(net[1]).__name__ == "_OutputTo16"
    losses = []
    model.train(2, data(), callbacks=[ms.train.LambdaCallback(
        on_train_step_end=lambda rc: losses.append(rc.original_args().net_outputs))])
    assert len(losses) == 4 and all(onp.isfinite(float(out[0].asnumpy())) for out in losses)
    assert {p.dtype for p in net.get_parameters()} == {onp.dtype(onp.float32)}
    assert model.predict(ms.Tensor(X)).dtype == onp.float16
    assert 0 <= float(model.eval(data())["acc"]) <= 1


def test_O3_with_keep_batchnorm_fp32_wraps_batchnorm():
    net, loss, opt = parts()
    Model(net, loss, opt, amp_level="O3", keep_batchnorm_fp32=True)
    assert type(net[1]).__name__ == "_OutputTo16"
    assert net[1]._backbone.__dict__["_float_type"] == onp.float32


def test_O2_with_a_dynamic_manager_adjusts_its_scale():
    net, loss, opt = parts()
    manager = DynamicLossScaleManager(2.0 ** 10, 2, 1)
    model = Model(net, loss, opt, amp_level="O2", loss_scale_manager=manager)
    model.train(1, data())
    assert float(model.train_network.scale_sense.asnumpy()) == 2.0 ** 12


def test_model_amp_errors_name_the_argument():
    net, loss, opt = parts()
    with pytest.raises(ValueError, match=r"Model 'amp_level': expected .*got 'auto'"):
        Model(net, loss, opt, amp_level="auto")
    with pytest.raises(ValueError, match=r"Model 'amp_level': expected one of .*got 2"):
        Model(net, loss, opt, amp_level=2)
    with pytest.raises(ValueError, match=r"Model 'boost_level': expected 'O0', got 'O1'"):
        Model(net, loss, opt, acc_level="O1")
    with pytest.raises(ValueError, match=r"Model 'loss_scale_manager': expected an optimizer"):
        Model(net, loss, None, loss_scale_manager=DynamicLossScaleManager())


def test_forward_hooks_of_a_float16_cell_get_uncast_kwargs_and_always_call_args():
    seen = []

    class Scale(nn.Cell):
        def construct(self, x, y=None):
            if y is None:
                raise ValueError("Scale: y is missing")
            return x * y

    cell = Scale().to_float(ms.float16)
    cell.register_forward_hook(lambda c, a, k, o: seen.append((a[0].dtype, k["y"].dtype)),
                               with_kwargs=True)
    one = ms.Tensor(onp.ones(2, onp.float32))
    assert cell(one, y=one).dtype == onp.float16
    assert seen == [(onp.float32, onp.float32)]
    failing = Scale().to_float(ms.float16)
    failing.register_forward_hook(lambda c, a, o: seen.append(a[0].dtype), always_call=True)
    with pytest.raises(ValueError, match="y is missing"):
        failing(one)
    assert seen[-1] == onp.float32


def test_with_eval_cell_cast_keeps_an_int_label_and_casts_float16():
    class Pair(nn.Cell):
        def construct(self, x):
            return x.astype(onp.float16)

    cell = WithEvalCell(Pair(), nn.MSELoss(), add_cast_fp32=True)
    x = ms.Tensor(onp.ones((2, 2), onp.float32))
    _, out, label = cell(x, ms.Tensor(onp.ones((2, 2), onp.int32)))
    assert out.dtype == onp.float32 and label.dtype == onp.int32
    _, _, label = cell(x, ms.Tensor(onp.ones((2, 2), onp.float16)))
    assert label.dtype == onp.float32
