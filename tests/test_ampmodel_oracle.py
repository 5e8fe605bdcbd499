"""Replays ``tests/oracle_nn/ampmodel_fixture.json`` (MindSpore 2.10, recorded by
``make_ampmodel_fixture.py``): ``Model`` trained, evaluated and used to predict at each
``amp_level``, the forward hooks of a Cell set ``to_float(float16)``, and what the networks
``auto_mixed_precision`` returns expose."""
import builtins
import json
import os
import sys

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import amp, dataset as ds, nn
from minpy_compat.train import FixedLossScaleManager, LambdaCallback, Model

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle_nn")
sys.path.insert(0, HERE)
import ampmodel_cases as cases  # noqa: E402
from nn_replay import decode  # noqa: E402

with open(os.path.join(HERE, "ampmodel_fixture.json")) as _file:
    FIXTURE = json.load(_file)
RUNS = FIXTURE["runs"]


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        cases.add_layers(self, nn)

    def construct(self, x):
        return self.fc2(self.relu(self.bn(self.fc1(x))))


def data():
    return ds.NumpySlicesDataset({"x": cases.X, "y": cases.Y}, shuffle=False).batch(4)


def build(recorded, level, kwargs):
    net = Net()
    named = dict(net.parameters_and_names())
    for name, item in recorded["params"].items():
        named[name].set_data(ms.Tensor(decode(item)))
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=cases.loss_scale(kwargs))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, opt, metrics={"acc", "loss"}, amp_level=level,
                  **cases.model_kwargs(kwargs, FixedLossScaleManager))
    return net, model


def recorder(steps, epochs):
    def step_end(run_context):
        loss = run_context.original_args().net_outputs
        steps.append([float(loss.asnumpy()), str(loss.dtype)])

    def epoch_end(run_context):
        results = run_context.original_args().get("eval_results")
        if results is not None:
            epochs.append({k: float(v) for k, v in results.items()})
    return LambdaCallback(on_train_step_end=step_end, on_train_epoch_end=epoch_end)


def tolerance(level):
    return 1e-5 if level == "O0" else 1e-2  # float16 layers round


@pytest.mark.parametrize("run_id", sorted(RUNS))
def test_model_trains_at_amp_level_as_mindspore(run_id):
    level, kwargs = cases.RUNS[run_id]
    recorded = RUNS[run_id]
    net, model = build(recorded, level, kwargs)
    assert type(model.train_network).__name__ == recorded["train_type"]
    if level != "O1":  # MindSpore's O1 rewrites the Cells into new classes (DenseOpt)
        assert [f"{k}:{type(c).__name__}" for k, c in net.cells_and_names()] == \
            recorded["cells"]
    steps = []
    model.train(2, data(), callbacks=[recorder(steps, [])])
    assert [dtype for _, dtype in steps] == [dtype for _, dtype in recorded["steps"]]
    onp.testing.assert_allclose([loss for loss, _ in steps],
                                [loss for loss, _ in recorded["steps"]],
                                rtol=tolerance(level), atol=tolerance(level))
    for name, param in net.parameters_and_names():
        assert param.dtype == onp.float32, name
        onp.testing.assert_allclose(param.asnumpy(), decode(recorded["after"][name]),
                                    rtol=tolerance(level), atol=tolerance(level), err_msg=name)


@pytest.mark.parametrize("run_id", sorted(RUNS))
def test_model_eval_and_predict_at_amp_level_as_mindspore(run_id):
    level, kwargs = cases.RUNS[run_id]
    recorded = RUNS[run_id]
    _, model = build(recorded, level, kwargs)
    model.train(2, data())
    results = model.eval(data())
    assert sorted(results) == sorted(recorded["eval"])
    for name, value in recorded["eval"].items():
        assert float(results[name]) == pytest.approx(value, abs=tolerance(level))
    expected = decode(recorded["predict"])
    predicted = model.predict(ms.Tensor(cases.X[:4]))
    assert predicted.dtype == expected.dtype
    onp.testing.assert_allclose(predicted.asnumpy(), expected, rtol=2 * tolerance(level),
                                atol=2 * tolerance(level))
    outputs = model.eval_network(ms.Tensor(cases.X[:4]), ms.Tensor(cases.Y[:4]))
    assert [str(t.dtype) for t in outputs] == recorded["eval_dtypes"]


def test_model_fit_at_O2_as_mindspore():
    recorded = FIXTURE["fit_O2"]
    kwargs = {"loss_scale_manager": ("fixed", 128.0)}
    _, model = build(recorded, "O2", kwargs)
    steps, epochs = [], []
    model.fit(2, data(), data(), callbacks=[recorder(steps, epochs)])
    onp.testing.assert_allclose([s[0] for s in steps], [s[0] for s in recorded["steps"]],
                                rtol=1e-2, atol=1e-2)
    assert [sorted(e) for e in epochs] == [sorted(e) for e in recorded["epochs"]]
    for ours, theirs in zip(epochs, recorded["epochs"]):
        # eval_loss is the last valid batch's loss on both (MindSpore makes its Loss anew
        # each step), not the 'loss' metric's mean over the batches
        for name, value in theirs.items():
            assert ours[name] == pytest.approx(value, abs=1e-2), name


def _model(**kwargs):
    net = Net()
    return Model(net, nn.MSELoss(), kwargs.pop("opt", nn.SGD(net.trainable_params())),
                 **kwargs)


@pytest.mark.parametrize("key,build_model,pattern", [
    ("O2_no_optimizer", lambda: _model(opt=None, amp_level="O2"),
     r"Model 'amp_level' 'O2': expected an optimizer"),
    ("level_O5", lambda: _model(amp_level="O5"), r"Model 'amp_level': expected one of"),
    ("unknown_kwarg", lambda: _model(foo=1), r"Model keyword arguments: expected among"),
    ("manager_int", lambda: _model(amp_level="O2", loss_scale_manager=3),
     r"Model 'loss_scale_manager': expected a LossScaleManager"),
    ("keep_bn_int", lambda: _model(amp_level="O2", keep_batchnorm_fp32=1,
                                   loss_scale_manager=None),
     r"Model 'keep_batchnorm_fp32': expected a bool"),
    ("boost_O7", lambda: _model(boost_level="O7"), r"Model 'boost_level': expected 'O0'")])
def test_model_amp_errors_are_mindspores_builtins(key, build_model, pattern):
    with pytest.raises(getattr(builtins, FIXTURE["errors"][key]["builtin"]), match=pattern):
        build_model()


def test_hooks_of_a_float16_cell_get_the_uncast_inputs():
    recorded, log = FIXTURE["hooks"], {}
    x = ms.Tensor(onp.ones((1, 3), onp.float32))
    dense = nn.Dense(3, 2).to_float(ms.float16)
    dense.register_forward_pre_hook(lambda c, a: log.__setitem__("pre", str(a[0].dtype)))
    dense.register_forward_hook(
        lambda c, a, o: log.update(forward_args=str(a[0].dtype), forward_out=str(o.dtype)))
    log["output"] = str(dense(x).dtype)
    outer = nn.SequentialCell([nn.Dense(3, 2)]).to_float(ms.float16)
    outer.register_forward_pre_hook(lambda c, a: log.__setitem__("outer_pre", str(a[0].dtype)))
    outer.register_forward_hook(lambda c, a, o: log.__setitem__("outer_args", str(a[0].dtype)))
    outer(x)
    assert log == recorded


@pytest.mark.parametrize("level", ["O1", "O2", "O3"])
def test_amp_network_exposes_what_mindspores_does(level):
    recorded = FIXTURE["wrappers"][level]
    net = amp.auto_mixed_precision(Net(), level)
    assert hasattr(net, "fc1") == recorded["has_fc1"]
    for name in ("fc1", "tag"):
        if recorded[name] == "ok":
            getattr(net, name)
        else:
            with pytest.raises(AttributeError, match=name):
                getattr(net, name)
    assert net._amp_level == recorded["amp_level"]
    assert [p.name for p in net.trainable_params()] == recorded["trainable"]
    assert [k for k, _ in net.parameters_and_names()] == recorded["paths"]
    assert [k for k, _ in net.cells_and_names()] == recorded["cells"]
    assert list(net.name_cells()) == recorded["name_cells"]
