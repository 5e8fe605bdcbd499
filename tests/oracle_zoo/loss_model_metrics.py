"""Model-zoo style ms.train.Model run whose losses are not the usual one: a regressor
trained with nn.SmoothL1Loss(beta=0.5, reduction="mean") and evaluated with metric objects
{'loss': nn.Loss(), 'mae': nn.MAE(), 'mse': nn.MSE()}, and a classifier trained with
nn.CrossEntropyLoss(label_smoothing=0.1) and evaluated with
{'loss', 'acc', 'f1': nn.F1(), 'precision': nn.Precision(), 'top2':
nn.TopKCategoricalAccuracy(2)}; data from ds.NumpySlicesDataset, per-step losses recorded
by a Callback."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
from mindspore.train import Model, Callback


class StepLosses(Callback):
    def __init__(self):
        super().__init__()
        self.losses = []

    def on_train_step_end(self, run_context):
        self.losses.append(float(run_context.original_args().net_outputs.asnumpy()))


def _net(rng, n_in, n_out):
    return nn.SequentialCell([
        nn.Dense(n_in, 6, weight_init=Tensor((rng.randn(6, n_in) * 0.5).astype(np.float32)),
                 bias_init="zeros"),
        nn.Tanh(),
        nn.Dense(6, n_out, weight_init=Tensor((rng.randn(n_out, 6) * 0.5).astype(np.float32)),
                 bias_init="zeros")])


def _data(columns, batch_size):
    return ds.NumpySlicesDataset(columns, column_names=["x", "y"],
                                 shuffle=False).batch(batch_size)


def _metrics(result):
    return {k: np.asarray(v, np.float64).tolist() for k, v in sorted(result.items())}


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(31)
    x = rng.randn(16, 3).astype(np.float32)
    y = (x[:, :2] * 0.7 + rng.randn(16, 2) * 0.2).astype(np.float32)
    regressor = _net(rng, 3, 2)
    reg_model = Model(regressor, loss_fn=nn.SmoothL1Loss(beta=0.5, reduction="mean"),
                      optimizer=nn.Adam(regressor.trainable_params(), learning_rate=0.05),
                      metrics={"loss": nn.Loss(), "mae": nn.MAE(), "mse": nn.MSE()})
    reg_steps = StepLosses()
    reg_model.train(2, _data((x, y), 4), callbacks=[reg_steps], dataset_sink_mode=False)
    reg_eval = reg_model.eval(_data((x[:8], y[:8]), 4), dataset_sink_mode=False)

    cx = rng.randn(20, 4).astype(np.float32)
    cy = (cx[:, 0] > 0).astype(np.int32) + (cx[:, 1] > 0.5).astype(np.int32)
    classifier = _net(rng, 4, 3)
    cls_model = Model(classifier, loss_fn=nn.CrossEntropyLoss(label_smoothing=0.1),
                      optimizer=nn.Momentum(classifier.trainable_params(), 0.1, 0.9),
                      metrics={"loss": nn.Loss(), "acc": nn.Accuracy(), "f1": nn.F1(),
                               "precision": nn.Precision(),
                               "top2": nn.TopKCategoricalAccuracy(2)})
    cls_steps = StepLosses()
    cls_model.train(3, _data((cx, cy), 5), callbacks=[cls_steps], dataset_sink_mode=False)
    cls_eval = cls_model.eval(_data((cx, cy), 10), dataset_sink_mode=False)
    return {"reg_losses": reg_steps.losses, "reg_eval": _metrics(reg_eval),
            "cls_losses": cls_steps.losses, "cls_eval": _metrics(cls_eval)}


if __name__ == "__main__":
    print(main())
