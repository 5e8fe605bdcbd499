"""Model-zoo style callbacks: a custom Callback recording what each hook of ``Model.train``
sees (cur_epoch_num, cur_step_num, batch_num, epoch_num, net_outputs, the learning rate, the
optimizer and network it is handed), LossMonitor printing every 2 steps, a second Callback
asking run_context.request_stop() in the middle of epoch 3, ``initial_epoch`` on a second
``train`` call, and the legacy begin/epoch_begin/step_begin names."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
from mindspore.train import Model, Callback, LossMonitor


class Spy(Callback):
    def __init__(self):
        super(Spy, self).__init__()
        self.events = []

    def _note(self, hook, run_context):
        cb = run_context.original_args()
        out = cb.get("net_outputs")
        self.events.append([hook, cb.get("cur_epoch_num"), cb.cur_step_num, cb.batch_num,
                            cb.epoch_num,
                            None if out is None else float(np.asarray(out.asnumpy()).mean())])

    def on_train_begin(self, run_context):
        self._note("train_begin", run_context)

    def on_train_epoch_begin(self, run_context):
        self._note("epoch_begin", run_context)

    def on_train_step_begin(self, run_context):
        self._note("step_begin", run_context)

    def on_train_step_end(self, run_context):
        self._note("step_end", run_context)
        cb = run_context.original_args()
        self.events[-1].append(float(cb.optimizer.get_lr().asnumpy()))
        self.events[-1].append(type(cb.train_network).__name__)

    def on_train_epoch_end(self, run_context):
        self._note("epoch_end", run_context)

    def on_train_end(self, run_context):
        self._note("train_end", run_context)


class StopMidway(Callback):
    def __init__(self, at_step):
        super(StopMidway, self).__init__()
        self.at_step = at_step

    def step_end(self, run_context):
        if run_context.original_args().cur_step_num == self.at_step:
            run_context.request_stop()


class Legacy(Callback):
    def __init__(self):
        super(Legacy, self).__init__()
        self.calls = []

    def begin(self, run_context):
        self.calls.append("begin")

    def epoch_begin(self, run_context):
        self.calls.append("epoch_begin")

    def step_begin(self, run_context):
        self.calls.append("step_begin")

    def end(self, run_context):
        self.calls.append("end")


def make_dataset(rng):
    x = rng.randn(12, 3).astype(np.float32)
    y = (x @ np.array([[0.5], [-1.0], [2.0]], np.float32)).astype(np.float32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)


def main(workdir):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(21)
    net = nn.Dense(3, 1, weight_init=Tensor((rng.randn(1, 3) * 0.5).astype(np.float32)),
                   bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), learning_rate=[0.05] * 4 + [0.02] * 20,
                      momentum=0.9)
    model = Model(net, loss_fn=nn.MSELoss(), optimizer=opt)
    spy, legacy = Spy(), Legacy()
    data = make_dataset(rng)
    model.train(4, data, callbacks=[spy, LossMonitor(2), StopMidway(8), legacy],
                dataset_sink_mode=False)
    first_run = list(spy.events)
    spy.events.clear()
    model.train(3, make_dataset(np.random.RandomState(22)), callbacks=[spy],
                dataset_sink_mode=False, initial_epoch=1)
    return {"first_run": first_run, "second_run": spy.events, "legacy": legacy.calls,
            "weight": net.weight.asnumpy().astype(np.float64).tolist(),
            "global_step": int(opt.global_step.asnumpy().reshape(-1)[0])}
