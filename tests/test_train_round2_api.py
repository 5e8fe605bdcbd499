"""Round-2 training API: MindSpore's top-level names, jit/mutable/seed helpers, loss-scale
managers in Model, and the argument errors of the new metrics and callbacks."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn, train

TOP_LEVEL = ["Accuracy", "Callback", "CheckpointConfig", "ConfusionMatrix", "CosineSimilarity",
             "Dice", "DynamicLossScaleManager", "EarlyStopping", "F1", "Fbeta",
             "FixedLossScaleManager", "History", "LambdaCallback", "LearningRateScheduler",
             "Loss", "LossMonitor", "LossScaleManager", "MAE", "MSE", "Metric",
             "ModelCheckpoint", "Perplexity", "Precision", "ROC", "Recall",
             "ReduceLROnPlateau", "RunContext", "TimeMonitor", "Top1CategoricalAccuracy",
             "Top5CategoricalAccuracy", "TopKCategoricalAccuracy", "auc", "get_metric_fn"]
NN_METRICS = ["Accuracy", "ConfusionMatrix", "F1", "Loss", "MAE", "Metric", "Perplexity",
              "ROC", "TopKCategoricalAccuracy", "auc", "get_metric_fn", "names"]


@pytest.mark.parametrize("name", TOP_LEVEL)
def test_top_level_names_are_the_train_ones(name):
    assert getattr(ms, name) is getattr(train, name)
    assert name in dir(ms)


@pytest.mark.parametrize("name", NN_METRICS)
def test_nn_metric_names_are_the_train_ones(name):
    assert getattr(nn, name) is getattr(train, name)


def test_nn_get_metrics_builds_metrics_from_names():
    metrics = nn.get_metrics({"acc", "loss"})
    assert sorted(metrics) == ["acc", "loss"] and isinstance(metrics["acc"], ms.Accuracy)
    assert nn.get_metrics(None) is None
    with pytest.raises(TypeError, match="Model 'metrics' entry 'a': expected a Metric"):
        nn.get_metrics({"a": 1})


def test_jit_runs_the_function_with_and_without_arguments():
    @ms.jit
    def double(x):
        return x * 2

    @ms.jit(capture_mode="bytecode", jit_level="O1", dynamic=1, backend="ms_backend")
    def triple(x):
        return x * 3
    assert double(ms.Tensor([1.0])).tolist() == [2.0] and triple(ms.Tensor([1.0])).tolist() == [3.0]
    with pytest.raises(ValueError, match="jit 'capture_mode': expected one of"):
        ms.jit(capture_mode="graph")
    with pytest.raises(TypeError, match="jit 'function': expected a function"):
        ms.jit(3)


def test_jit_class_returns_the_class_and_rejects_functions():
    @ms.jit_class
    class Box:
        size = 2
    assert Box.size == 2
    with pytest.raises(TypeError, match="jit_class: expected a class, got function"):
        ms.jit_class(lambda: 0)


def test_mutable_returns_its_input_and_checks_types():
    values = (ms.Tensor([1.0]), [1, 2.5], {"k": True})
    assert ms.mutable(values) is values and ms.mutable([1, 2], True) == [1, 2]
    with pytest.raises(TypeError, match="mutable 'input_data': expected bool, int, float"):
        ms.mutable("a")
    with pytest.raises(ValueError, match="mutable 'dynamic_len': expected True only"):
        ms.mutable(ms.Tensor([1.0]), dynamic_len=True)


def test_manual_seed_repeats_random_numbers_and_sets_initial_seed():
    ms.manual_seed(14)
    first = ms.common.initializer.initializer("normal", (3,), ms.float32).asnumpy()
    assert ms.initial_seed() == 14
    ms.manual_seed(14)
    onp.testing.assert_array_equal(
        ms.common.initializer.initializer("normal", (3,), ms.float32).asnumpy(), first)
    value = ms.seed()
    assert ms.initial_seed() == value and isinstance(value, int)
    with pytest.raises(TypeError, match="manual_seed 'seed': expected an int, got float"):
        ms.manual_seed(1.5)


def test_from_numpy_shares_memory_and_is_tensor_follows_mindspore():
    data = onp.ones(3, onp.float32)
    tensor = ms.from_numpy(data)
    data[0] = 5
    assert tensor.tolist() == [5.0, 1.0, 1.0] and tensor.dtype == ms.float32
    assert ms.is_tensor(tensor) and ms.is_tensor(ms.Parameter(ms.Tensor([1.0]), name="p"))
    assert not ms.is_tensor(data) and not ms.is_tensor(1.0)
    with pytest.raises(TypeError, match="from_numpy: expected a NumPy array, got list"):
        ms.from_numpy([1, 2])


def test_dtype_helpers_match_mindspore():
    assert ms.dtype_to_nptype(ms.float32) is onp.float32
    assert ms.dtype_to_pytype(ms.float16) is float and ms.dtype_to_pytype(ms.int32) is int
    assert ms.pytype_to_dtype(float) is ms.float64 and ms.pytype_to_dtype(int) is ms.int64
    assert ms.pytype_to_dtype(bool) is ms.bool_ and ms.pytype_to_dtype(onp.int32) is ms.int32
    with pytest.raises(TypeError, match="pytype_to_dtype 'obj': expected a Python type"):
        ms.pytype_to_dtype(1.0)


def _fit(manager=None, loss_scale=1.0):
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=loss_scale)
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), opt,
                     loss_scale_manager=manager)
    x = onp.array([[0.2, 0.5, 0.3], [0.7, 0.2, 0.1], [0.1, 0.3, 0.6]], onp.float32)
    data = ds.NumpySlicesDataset({"x": x, "y": onp.array([1, 0, 1], onp.int32)},
                                 shuffle=False).batch(2)
    model.train(2, data)
    return model, net.weight.asnumpy()


def test_model_trains_through_the_loss_scale_manager():
    _, plain = _fit()
    model, fixed = _fit(ms.FixedLossScaleManager(128.0))
    assert isinstance(model.train_network, nn.TrainOneStepWithLossScaleCell)
    model, unchecked = _fit(ms.FixedLossScaleManager(128.0, drop_overflow_update=False), 128.0)
    assert model.train_network.sens == 128.0
    model, dynamic = _fit(ms.DynamicLossScaleManager(2 ** 10, 2, 50))
    for weight in (fixed, unchecked, dynamic):
        onp.testing.assert_allclose(weight, plain, rtol=1e-5)
    with pytest.raises(TypeError, match="Model 'loss_scale_manager': expected a LossScaleMan"):
        _fit(manager=128)


def test_loss_scale_managers_update_as_mindspore():
    manager = ms.DynamicLossScaleManager(init_loss_scale=8, scale_factor=2, scale_window=2)
    for overflow in (False, False, True, False):
        manager.update_loss_scale(overflow)
    assert manager.get_loss_scale() == 8 and manager.get_drop_overflow_update()
    fixed = ms.FixedLossScaleManager(4.0, False)
    assert fixed.get_update_cell() is None and fixed.get_loss_scale() == 4.0
    with pytest.raises(ValueError, match="FixedLossScaleManager 'loss_scale': expected a nu"):
        ms.FixedLossScaleManager(0.5)
    with pytest.raises(ValueError, match="DynamicLossScaleManager 'scale_window': expected an"):
        ms.DynamicLossScaleManager(scale_window=0)
