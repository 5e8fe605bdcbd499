"""Model-zoo style rate control from callbacks: ``LearningRateScheduler`` with a user's
function of (lr, cur_step_num) cutting the Momentum rate every 4 steps, a ``LambdaCallback``
logging the rate each step end, ``History`` collecting the epochs' losses; then the same
net retrained by a ``Model`` whose optimizer takes a ``nn.dynamic_lr``-style list built
with ``nn.piecewise_constant_lr`` over a batched, repeated GeneratorDataset."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
import mindspore.dataset as ds
from mindspore.train import Model, History, LambdaCallback, LearningRateScheduler


def step_decay(lr, cur_step_num):
    if cur_step_num % 4 == 0:
        return lr * 0.5
    return lr


class Source:
    def __init__(self, seed):
        rng = np.random.RandomState(seed)
        self.x = rng.randn(10, 3).astype(np.float32)
        self.y = (self.x @ np.array([[1.0], [0.5], [-1.0]], np.float32) + 0.2).astype(np.float32)

    def __getitem__(self, index):
        return self.x[index], self.y[index]

    def __len__(self):
        return 10


def build(seed, lr):
    rng = np.random.RandomState(seed)
    net = nn.Dense(3, 1, weight_init=Tensor((rng.randn(1, 3) * 0.3).astype(np.float32)),
                   bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.8)
    return net, opt, Model(net, loss_fn=nn.MSELoss(), optimizer=opt)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    data = ds.GeneratorDataset(Source(2), ["x", "y"], shuffle=False).batch(3)
    net, opt, model = build(5, 0.1)
    rates, history = [], History()
    log = LambdaCallback(on_train_step_end=lambda rc: rates.append(
        float(rc.original_args().optimizer.learning_rate.asnumpy())))
    model.train(3, data, callbacks=[LearningRateScheduler(step_decay), log, history],
                dataset_sink_mode=False)

    repeated = ds.GeneratorDataset(Source(3), ["x", "y"], shuffle=False).batch(
        4, drop_remainder=True).repeat(2)
    size = repeated.get_dataset_size()
    lr = nn.piecewise_constant_lr([size, 2 * size, 3 * size], [0.1, 0.03, 0.01])
    net2, opt2, model2 = build(6, lr)
    losses = []
    model2.train(3, repeated, callbacks=[LambdaCallback(on_train_step_end=lambda rc: losses.append(
        float(rc.original_args().net_outputs.asnumpy())))], dataset_sink_mode=False)
    return {"rates": rates,
            "history": {k: [float(v) for v in vals] for k, vals in history.history.items()},
            "epochs": history.epoch, "weight": net.weight.asnumpy().astype(np.float64).tolist(),
            "size": size, "lr_list": [float(v) for v in lr], "losses2": losses,
            "weight2": net2.weight.asnumpy().astype(np.float64).tolist(),
            "global_step2": int(opt2.global_step.asnumpy().reshape(-1)[0])}


if __name__ == "__main__":
    print(main())
