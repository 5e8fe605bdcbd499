"""The runs ``make_trainrest_fixture.py`` records on MindSpore 2.10 and
``tests/test_train_rest_oracle.py`` replays: one small model, trained through
``OnRequestExit``, ``BackupAndRestore`` and the helpers of ``mindspore.train``, written
once for both libraries (``ms`` is ``mindspore`` or ``minpy_compat``)."""
import os
import signal

import numpy as onp

X = (onp.arange(12, dtype=onp.float32).reshape(6, 2) / 10)
Y = onp.array([0, 1, 0, 1, 1, 0], dtype=onp.int32)

# BackupAndRestore's keyword arguments: a 3-epoch run, then (kept backups) a 1-epoch run
BACKUPS = [{}, {"delete_checkpoint": False}, {"save_freq": 2, "delete_checkpoint": False},
           {"save_freq": 5}]

# (case id, name in mindspore.train, args, kwargs): what each bad argument raises
BAD_ARGS = [
    ("ore_save_ckpt", "OnRequestExit", (), {"save_ckpt": 1}),
    ("ore_save_mindir", "OnRequestExit", (), {"save_mindir": "yes"}),
    ("ore_sigkill", "OnRequestExit", (), {"sig": signal.SIGKILL}),
    ("ore_sig_str", "OnRequestExit", (), {"sig": "x"}),
    ("bar_dir", "BackupAndRestore", (3,), {}),
    ("bar_freq0", "BackupAndRestore", ("{tmp}",), {"save_freq": 0}),
    ("bar_freq_str", "BackupAndRestore", ("{tmp}",), {"save_freq": "step"}),
    ("bar_delete", "BackupAndRestore", ("{tmp}",), {"delete_checkpoint": 1}),
    ("helper_sink0", "DatasetHelper", ("{data}",), {"sink_size": 0}),
    ("helper_sink_neg", "DatasetHelper", ("{data}",), {"sink_size": -2}),
    ("helper_mode", "DatasetHelper", ("{data}",), {"dataset_sink_mode": 1}),
    ("sink_size0", "data_sink", ("{fn}", "{data}"), {"sink_size": 0}),
    ("sink_size_float", "data_sink", ("{fn}", "{data}"), {"sink_size": 1.5}),
]

# merge_sliced_parameter: (case id, [(shape, fill, name)...]) or a bad argument
MERGES = [("even", [((2, 3), 0.0, "w"), ((2, 3), 1.0, "w"), ((2, 3), 2.0, "w")]),
          ("uneven", [((1, 3), 1.0, "w"), ((2, 3), 0.0, "w")]),
          ("vector", [((2,), 1.0, "b"), ((3,), 2.0, "b")]),
          ("names", [((2,), 1.0, "a"), ((2,), 1.0, "b")]),
          ("shape", [((2, 2), 1.0, "a"), ((2, 3), 1.0, "a")]),
          ("ndim", [((2, 2), 1.0, "a"), ((2,), 1.0, "a")]),
          ("empty", [])]


def dataset(ms_dataset):
    return ms_dataset.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(2)


def model(ms, nn):
    """(net, Model): a Dense(2, 2) of ones, softmax cross-entropy, SGD at 0.1."""
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, ms.train.Model(net, loss, nn.SGD(net.trainable_params(), 0.1))


def weights(net):
    return {p.name: p.asnumpy().tolist() for p in net.get_parameters()}


def files(root):
    return sorted(os.path.relpath(os.path.join(d, f), root)
                  for d, _, names in os.walk(root) for f in names)


def recorder(callback_class, log, net, kill_at=None):
    """A Callback logging the hooks (and the weights after each step) into ``log``; it
    sends the process SIGTERM after step ``kill_at``."""
    class Recorder(callback_class):
        def on_train_step_end(self, run_context):
            params = run_context.original_args()
            log.append(["step_end", params.cur_epoch_num, params.cur_step_num, weights(net)])
            if kill_at == params.cur_step_num:
                os.kill(os.getpid(), signal.SIGTERM)

        def on_train_epoch_end(self, run_context):
            log.append(["epoch_end", run_context.original_args().cur_epoch_num])

        def on_train_end(self, run_context):
            log.append(["train_end"])
    return Recorder()


def build_args(args, kwargs, tmp, data, fn):
    fill = {"{tmp}": tmp, "{data}": data, "{fn}": fn}
    return ([fill.get(a, a) if isinstance(a, str) else a for a in args],
            {k: fill.get(v, v) if isinstance(v, str) else v for k, v in kwargs.items()})


# Metric.set_indexes with the built-in metrics' @rearrange_inputs: (case id, metric class,
# indexes, inputs); the inputs are (loss, logits, labels) as an eval network returns them
LOGITS = onp.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], onp.float32)
LABELS = onp.array([1, 1, 1], onp.int32)
REARRANGE = [("accuracy", "Accuracy", [1, 2], (onp.float32(0.5), LOGITS, LABELS)),
             ("loss", "Loss", [0], (onp.float32(0.5), LOGITS, LABELS)),
             ("mae_swapped", "MAE", [2, 1], (onp.float32(0.5), LOGITS[:, 1], LOGITS[:, 0])),
             ("precision", "Precision", [1, 2], (onp.float32(0.5), LOGITS, LABELS)),
             ("out_of_range", "Accuracy", [1, 3], (onp.float32(0.5), LOGITS, LABELS))]


def rearrange_results(ms, train):
    """Each REARRANGE case's eval() (or the built-in class it raises), a custom metric's
    decorated update, and Model.eval with a metric that picks from (loss, logits, labels)."""
    import builtins
    recorded = {}
    for case_id, name, indexes, inputs in REARRANGE:
        metric = getattr(train, name)().set_indexes(indexes)
        try:
            metric.update(*[ms.Tensor(x) for x in inputs])
            recorded[case_id] = onp.asarray(metric.eval()).tolist()
        except Exception as error:  # noqa: BLE001  what each library raises
            recorded[case_id] = next(k.__name__ for k in type(error).__mro__
                                     if getattr(builtins, k.__name__, None) is k)

    class Picks(train.Metric):
        def clear(self):
            pass

        def eval(self):
            return 0

        @train.rearrange_inputs
        def update(self, *inputs):
            return inputs
    recorded["custom"] = list(Picks().set_indexes([1, 0]).update(5, 9))
    return recorded
