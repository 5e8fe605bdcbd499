"""Model-zoo style ``Model.fit`` with a validation set: metrics {'acc', 'loss'} run every
epoch (valid_frequency), ReduceLROnPlateau on 'eval_loss' cutting the Momentum learning rate,
EarlyStopping on 'acc' (patience, min_delta, restore_best_weights) ending the run early,
a custom Callback reading ``cb_params.eval_results`` each epoch and the learning rate as it
goes; then a second fit whose EarlyStopping watches the training 'loss'."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
from mindspore.train import Model, Callback, EarlyStopping, ReduceLROnPlateau


class EpochLog(Callback):
    def __init__(self, optimizer):
        super(EpochLog, self).__init__()
        self.optimizer = optimizer
        self.rows = []

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        results = cb_params.get("eval_results") or {}
        self.rows.append({"epoch": cb_params.cur_epoch_num, "step": cb_params.cur_step_num,
                          "loss": float(np.asarray(cb_params.net_outputs.asnumpy()).mean()),
                          "lr": float(self.optimizer.learning_rate.asnumpy()),
                          "eval": {k: float(v) for k, v in sorted(results.items())}})


def datasets(seed):
    rng = np.random.RandomState(seed)
    x = rng.randn(40, 5).astype(np.float32)
    y = (x[:, 0] - 0.5 * x[:, 2] + 0.3 * rng.randn(40) > 0).astype(np.int32)
    train = ds.NumpySlicesDataset({"x": x[:30], "y": y[:30]}, shuffle=False).batch(10)
    valid = ds.NumpySlicesDataset({"x": x[30:], "y": y[30:]}, shuffle=False).batch(5)
    return train, valid, rng


def build(rng, lr):
    net = nn.SequentialCell([
        nn.Dense(5, 6, weight_init=Tensor((rng.randn(6, 5) * 0.4).astype(np.float32)),
                 bias_init="zeros"),
        nn.Tanh(),
        nn.Dense(6, 2, weight_init=Tensor((rng.randn(2, 6) * 0.4).astype(np.float32)),
                 bias_init="zeros")])
    opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, opt, Model(net, loss_fn=loss, optimizer=opt, metrics={"acc", "loss"})


def _sums(net):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in net.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    train, valid, rng = datasets(9)
    net, opt, model = build(rng, 0.3)
    log = EpochLog(opt)
    plateau = ReduceLROnPlateau(monitor="eval_loss", factor=0.5, patience=1, min_delta=1e-3)
    stop = EarlyStopping(monitor="acc", patience=6, min_delta=0.01,
                         restore_best_weights=True)
    model.fit(12, train, valid, valid_frequency=1, callbacks=[log, plateau, stop],
              dataset_sink_mode=False)
    final_eval = model.eval(valid, dataset_sink_mode=False)

    train, _, _ = datasets(9)
    net2, opt2, model2 = build(rng, 0.05)
    log2 = EpochLog(opt2)
    stop2 = EarlyStopping(monitor="loss", patience=2, min_delta=0.04)
    model2.fit(8, train, callbacks=[log2, stop2], dataset_sink_mode=False)
    return {"rows": log.rows, "stopped_epoch": stop.stopped_epoch, "best": float(stop.best),
            "final_eval": {k: float(v) for k, v in sorted(final_eval.items())},
            "sums": _sums(net), "rows2": log2.rows, "stopped_epoch2": stop2.stopped_epoch,
            "sums2": _sums(net2)}


if __name__ == "__main__":
    print(main())
