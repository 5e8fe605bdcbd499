"""The single-device training utilities of ``mindspore.train`` beyond the recorded runs:
``OnRequestExit``'s config file and eval hooks, ``Model.eval`` stopping on request,
``DatasetHelper`` in sink mode with ``connect_network_with_dataset``, ``data_sink``,
``SummaryRecord``, and each error message."""
import json
import os
import signal

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import dataset as ds, nn
from minpy_compat.train import (BackupAndRestore, DatasetHelper, LambdaCallback, Model,
                                OnRequestExit, SummaryRecord, connect_network_with_dataset,
                                data_sink, load_checkpoint_async, merge_sliced_parameter)

X = onp.arange(12, dtype=onp.float32).reshape(6, 2)


def data(batch=2):
    return ds.NumpySlicesDataset({"x": X, "y": onp.arange(6, dtype=onp.int32) % 2},
                                 shuffle=False).batch(batch)


def model():
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, Model(net, loss, nn.SGD(net.trainable_params(), 0.1), metrics={"acc"})


def steps_log():
    log = []
    return log, LambdaCallback(
        on_train_step_end=lambda rc: log.append(rc.original_args().cur_step_num),
        on_eval_step_end=lambda rc: log.append(-rc.original_args().cur_step_num))


def test_on_request_exit_stops_when_the_config_file_says_so(tmp_path):
    config = tmp_path / "exit.json"
    config.write_text("{not json yet")  # a file being written is read again later
    net, m = model()
    log, logger = steps_log()

    def flag(rc):
        if rc.original_args().cur_step_num == 3:
            config.write_text(json.dumps({"GracefulExit": 1}))
    exit_cb = OnRequestExit(save_mindir=False, directory=str(tmp_path), config_file=str(config))
    m.train(3, data(), callbacks=[logger, LambdaCallback(on_train_step_end=flag), exit_cb])
    assert log == [1, 2, 3] and exit_cb.exit
    saved = ms.train.load_checkpoint(str(tmp_path / "rank_0" / "Net_train.ckpt"))
    onp.testing.assert_array_equal(saved["weight"].asnumpy(), net.weight.asnumpy())


def test_on_request_exit_without_a_request_saves_nothing_and_restores_the_handler(tmp_path):
    before = signal.getsignal(signal.SIGTERM)
    net, m = model()
    m.train(1, data(), callbacks=[OnRequestExit(directory=str(tmp_path), save_mindir=False)])
    assert signal.getsignal(signal.SIGTERM) is before
    assert not os.path.exists(tmp_path / "rank_0" / "Net_train.ckpt")


def test_on_request_exit_in_eval_stops_and_saves_the_eval_network(tmp_path):
    net, m = model()
    log, logger = steps_log()

    def kill(rc):
        os.kill(os.getpid(), signal.SIGTERM)
    exit_cb = OnRequestExit(save_mindir=False, directory=str(tmp_path), file_name="E")
    m.eval(data(1), callbacks=[LambdaCallback(on_eval_step_end=kill), exit_cb, logger])
    assert log == [-1]  # Model.eval stops after the step that asked (as MindSpore's)
    assert sorted(os.listdir(tmp_path / "rank_0")) == ["E_eval.ckpt"]


def test_model_eval_stops_when_a_callback_requests_it():
    net, m = model()
    log, logger = steps_log()
    stop = LambdaCallback(on_eval_step_end=lambda rc: rc.request_stop())
    m.eval(data(1), callbacks=[logger, stop])
    assert log == [-1]


def test_backup_and_restore_with_too_few_epochs_ends_quietly(tmp_path):
    net, m = model()
    m.train(2, data(), callbacks=[BackupAndRestore(str(tmp_path / "bk"), save_freq=3)])
    assert os.listdir(tmp_path / "bk") == []


def test_dataset_helper_sink_mode_feeds_the_connected_network():
    helper = DatasetHelper(ds.NumpySlicesDataset({"x": X}, shuffle=False).batch(2), sink_size=4)
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    fed = connect_network_with_dataset(net, helper)
    assert helper.sink_size() == 4 and [p.name for p in fed.get_parameters()] == \
        ["weight", "bias"]
    outs = [fed(*inputs).asnumpy().ravel().tolist() for inputs in helper]
    assert outs == [[1.0, 5.0], [9.0, 13.0], [17.0, 21.0], [1.0, 5.0]]  # starts over
    assert DatasetHelper(data()).sink_size() == 3
    types, shapes = helper.types_shapes()
    assert shapes == [[2, 2]] and types == [onp.float32]
    with pytest.raises(ValueError, match="connect_network_with_dataset's network: expected "
                       "no inputs"):
        fed(ms.Tensor(X))


def test_connect_network_with_dataset_needs_sink_mode_and_a_helper():
    net = nn.Dense(2, 1)
    with pytest.raises(RuntimeError, match="'dataset_helper': expected a helper in sink mode"):
        connect_network_with_dataset(net, DatasetHelper(data(), dataset_sink_mode=False))
    with pytest.raises(TypeError, match="'dataset_helper': expected a DatasetHelper"):
        connect_network_with_dataset(net, data())
    with pytest.raises(TypeError, match="connect_network_with_dataset 'network': expected a"):
        connect_network_with_dataset(lambda x: x, DatasetHelper(data()))
    with pytest.raises(RuntimeError, match="next_batch: expected dataset_sink_mode=True"):
        DatasetHelper(data(), dataset_sink_mode=False).next_batch()


def test_data_sink_runs_sink_size_batches_per_call_and_returns_the_last():
    seen = []

    def step(x, y):
        seen.append(float(x.asnumpy()[0, 0]))
        return x.sum()
    sink = data_sink(step, data(), sink_size=2)
    assert float(sink().asnumpy()) == float(X[2:4].sum()) and sink.__name__ == "step"
    sink(), sink()
    assert seen == [0.0, 4.0, 8.0, 0.0, 4.0, 8.0]


@pytest.mark.parametrize("call,error,match", [
    (lambda: data_sink(3, data()), TypeError, "data_sink 'fn': expected a callable"),
    (lambda: data_sink(len, [1, 2]), TypeError, "data_sink 'dataset': expected a minpy"),
    (lambda: data_sink(len, data(), sink_size=0), ValueError, "'sink_size': expected an int"),
    (lambda: data_sink(len, data(), sink_size=True), TypeError, "'sink_size': expected an int"),
    (lambda: DatasetHelper(data(), sink_size=-3), ValueError, "DatasetHelper 'sink_size': exp"),
    (lambda: DatasetHelper(data(), dataset_sink_mode=None), TypeError, "'dataset_sink_mode'"),
    (lambda: OnRequestExit(save_ckpt=1), ValueError, "OnRequestExit 'save_ckpt': expected a "
     "bool"),
    (lambda: OnRequestExit(file_name=3), ValueError, "OnRequestExit 'file_name': expected"),
    (lambda: OnRequestExit(sig=signal.SIGKILL), ValueError, "'sig': expected a signal a proc"),
    (lambda: OnRequestExit(config_file=3), TypeError, "'config_file': expected a str"),
    (lambda: BackupAndRestore(None), TypeError, "BackupAndRestore 'backup_dir': expected a str"),
    (lambda: BackupAndRestore("d", save_freq=-1), ValueError, "'save_freq': expected 'epoch'"),
    (lambda: BackupAndRestore("d", save_freq=1.0), TypeError, "'save_freq': expected an int"),
    (lambda: merge_sliced_parameter("w"), TypeError, "'sliced_parameters': expected a list"),
    (lambda: merge_sliced_parameter([]), ValueError, "expected at least one Parameter"),
    (lambda: merge_sliced_parameter([ms.Tensor(X)]), TypeError, "item 0: expected a Param"),
    (lambda: merge_sliced_parameter([ms.Parameter(X, "w")], {"w": [2, 1]}), ValueError,
     "'strategy': expected None"),
    (lambda: merge_sliced_parameter([ms.Parameter(onp.float32(1), "s")]), ValueError,
     "expected slices with at least one dimension"),
    (lambda: merge_sliced_parameter([ms.Parameter(X, "w"), ms.Parameter(X[:, :1], "w")]),
     ValueError, r"item 1: expected name 'w' and shape \(\*, 2\), got name 'w' and shape"),
])
def test_error_messages_name_the_function_and_argument(monkeypatch, tmp_path, call, error,
                                                       match):
    monkeypatch.chdir(tmp_path)  # BackupAndRestore makes its folder at once
    with pytest.raises(error, match=match):
        call()


def test_load_checkpoint_async_raises_the_load_error_at_result(tmp_path):
    future = load_checkpoint_async(str(tmp_path / "missing.ckpt"))
    with pytest.raises(ValueError, match="load_checkpoint 'ckpt_file_name': expected an exi"):
        future.result()


def test_summary_record_writes_one_json_line_per_step(tmp_path):
    with SummaryRecord(str(tmp_path), file_prefix="run", file_suffix="_x") as record:
        record.add_value("scalar", "loss", ms.Tensor(onp.float32(0.25)))
        record.add_value("scalar", "loss", ms.Tensor(onp.float32(0.5)))  # the newest kept
        record.add_value("tensor", "w", ms.Tensor(X[:1]))
        assert record.record(3)
        record.set_mode("eval")
        record.add_value("histogram", "h", ms.Tensor(X[0]))
        assert record.record(4, plugin_filter=lambda plugin: plugin != "histogram")
    assert not record.record(5)
    name = os.path.basename(record.log_dir)
    assert name.startswith("run.summary.") and name.endswith("_x.jsonl")
    with open(record.log_dir) as handle:
        lines = [json.loads(line) for line in handle]
    assert lines == [{"step": 3, "mode": "train", "scalar": {"loss": 0.5},
                      "tensor": {"w": [[0.0, 1.0]]}}, {"step": 4, "mode": "eval"}]
    with pytest.raises(ValueError, match="SummaryRecord: expected an open record"):
        record.__enter__()


@pytest.mark.parametrize("args,error,match", [
    (("graph", "g", ms.Tensor(X)), ValueError, "'plugin': expected one of"),
    (("scalar", "", ms.Tensor(X)), ValueError, "'name': expected a non-empty str"),
    (("scalar", "loss", 0.5), TypeError, "add_value scalar 'loss': expected a Tensor"),
    (("scalar", "loss", ms.Tensor(X)), ValueError, r"expected a Tensor of one element, got "
     r"shape \(6, 2\)"),
    (("image", "im", ms.Tensor(X)), ValueError, "add_value image 'im': expected a 4-D"),
])
def test_summary_record_add_value_errors(tmp_path, args, error, match):
    with SummaryRecord(str(tmp_path)) as record:
        with pytest.raises(error, match=match):
            record.add_value(*args)
        with pytest.raises(TypeError, match="record 'step': expected an int"):
            record.record(1.0)
        with pytest.raises(ValueError, match="set_mode 'mode': expected 'train' or 'eval'"):
            record.set_mode("test")
    with pytest.raises(TypeError, match="SummaryRecord file_prefix: expected a str without"):
        SummaryRecord(str(tmp_path), file_prefix="a/b")


def test_the_submodules_hold_mindspores_names():
    from minpy_compat.train.callback import LossMonitor, OnRequestExit as Exit
    from minpy_compat.train.serialization import load_checkpoint, save_checkpoint
    from minpy_compat.train import summary
    assert Exit is ms.OnRequestExit and LossMonitor is ms.train.LossMonitor
    assert load_checkpoint is ms.load_checkpoint and save_checkpoint is ms.save_checkpoint
    assert summary.SummaryRecord is ms.SummaryRecord


def test_model_eval_with_metrics_that_pick_from_the_eval_networks_outputs():
    class Eval(nn.Cell):  # returns (loss, logits, label), as WithEvalCell does
        def __init__(self, net):
            super().__init__(auto_prefix=False)
            self.net = net

        def construct(self, x, y):
            logits = self.net(x)
            return logits.sum(), logits, y
    net, _ = model()
    m = Model(net, eval_network=Eval(net), metrics={
        "acc": ms.train.Accuracy().set_indexes([1, 2]), "loss": ms.nn.Loss().set_indexes([0])})
    result = m.eval(data())
    assert result["acc"] == 0.5 and result["loss"] == pytest.approx(float(X.sum() * 2) / 3)
    with pytest.raises(IndexError, match=r"Accuracy.update: expected inputs at the positions "
                       r"\[1, 2\] \(set_indexes\), got 2 inputs"):
        ms.train.Accuracy().set_indexes([1, 2]).update(X, onp.zeros(6))
