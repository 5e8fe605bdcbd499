"""Model-zoo style mixed precision through ms.train.Model on CPU: amp_level 'O2' (the
network in float16, BatchNorm and the loss kept in float32) with a FixedLossScaleManager
(drop_overflow_update=False, the only manager MindSpore allows on CPU: the loss is scaled,
the optimizer's loss_scale undoes it), amp_level 'O1' and 'O3' without one, the dtypes each
network's parameters, losses and outputs come out in, and ``model.eval`` of each model with
the 'loss' and 'acc' metrics."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
from mindspore.train import Model, Callback, FixedLossScaleManager


class Net(nn.Cell):
    def __init__(self, rng):
        super(Net, self).__init__()
        self.fc1 = nn.Dense(6, 8, weight_init=Tensor((rng.randn(8, 6) * 0.4).astype(np.float32)),
                            has_bias=False)
        self.bn = nn.BatchNorm1d(8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3, weight_init=Tensor((rng.randn(3, 8) * 0.4).astype(np.float32)),
                            bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.relu(self.bn(self.fc1(x))))


class Steps(Callback):
    def __init__(self):
        super(Steps, self).__init__()
        self.losses, self.dtypes, self.scales = [], [], []

    def on_train_step_end(self, run_context):
        cb = run_context.original_args()
        out = cb.net_outputs
        loss = out[0] if isinstance(out, (tuple, list)) else out
        self.losses.append(float(loss.asnumpy().astype(np.float64)))
        self.dtypes.append(str(loss.dtype))
        if isinstance(out, (tuple, list)):
            self.scales.append(float(out[2].asnumpy()))


def dataset(seed):
    rng = np.random.RandomState(seed)
    x = rng.randn(16, 6).astype(np.float32)
    y = (x[:, 0] + x[:, 1] > 0).astype(np.int32) + (x[:, 2] > 1).astype(np.int32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out = {}
    for name, level, manager in (
            ("o2_fixed", "O2", FixedLossScaleManager(128.0, drop_overflow_update=False)),
            ("o1_plain", "O1", None), ("o3_plain", "O3", None)):
        rng = np.random.RandomState(4)
        net = Net(rng)
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Momentum(net.trainable_params(), 0.05, 0.9,
                          loss_scale=1.0 if manager is None else manager.get_loss_scale())
        model = Model(net, loss_fn=loss, optimizer=opt, metrics={"loss", "acc"},
                      amp_level=level, loss_scale_manager=manager)
        steps = Steps()
        model.train(2, dataset(8), callbacks=[steps], dataset_sink_mode=False)
        result = model.eval(dataset(9), dataset_sink_mode=False)
        logits = net(Tensor(np.random.RandomState(1).randn(3, 6).astype(np.float32)))
        out[name] = {"losses": steps.losses, "loss_dtypes": steps.dtypes,
                     "scales": steps.scales,
                     "param_dtypes": sorted({str(p.dtype) for p in net.get_parameters()}),
                     "logits_dtype": str(logits.dtype),
                     "logits": logits.asnumpy().astype(np.float64).tolist(),
                     "eval": {k: float(v) for k, v in sorted(result.items())},
                     "weights": {p.name: p.asnumpy().astype(np.float64).ravel().tolist()
                                 for p in net.trainable_params()}}
    return out


if __name__ == "__main__":
    print(main())
