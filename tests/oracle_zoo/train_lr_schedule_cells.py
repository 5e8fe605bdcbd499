"""Model-zoo style learning-rate schedules: the LearningRateSchedule Cells
(ExponentialDecayLR stair and smooth, NaturalExpDecayLR, InverseDecayLR, CosineDecayLR,
PolynomialDecayLR with power 2 and update_decay_steps, WarmUpLR) read at global steps,
the list makers (exponential/natural_exp/inverse/polynomial_decay_lr, piecewise_constant_lr),
and a user subclass of LearningRateSchedule (warmup then polynomial decay) driving nn.Adam
through TrainOneStepCell, with optimizer.get_lr() read after each step."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.nn.learning_rate_schedule import LearningRateSchedule


class WarmupPolyLR(LearningRateSchedule):
    def __init__(self, base_lr, end_lr, warmup_steps, decay_steps):
        super(WarmupPolyLR, self).__init__()
        self.warmup = nn.WarmUpLR(base_lr, warmup_steps)
        self.decay = nn.PolynomialDecayLR(base_lr, end_lr, decay_steps, power=1.0)
        self.warmup_steps = Tensor(np.array([warmup_steps]).astype(np.float32))

    def construct(self, global_step):
        is_warmup = ops.cast(ops.less(ops.cast(global_step, ms.float32), self.warmup_steps),
                             ms.float32)
        return is_warmup * self.warmup(global_step) + (1 - is_warmup) * self.decay(global_step)


class Regressor(nn.Cell):
    def __init__(self, w1, w2):
        super(Regressor, self).__init__()
        self.fc1 = nn.Dense(3, 5, weight_init=Tensor(w1), bias_init="zeros")
        self.act = nn.Sigmoid()
        self.fc2 = nn.Dense(5, 1, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


def _read(schedule, steps):
    return [float(schedule(Tensor(step, ms.int32)).asnumpy().reshape(-1)[0]) for step in steps]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    steps = list(range(8))
    cells = {
        "exp_stair": nn.ExponentialDecayLR(0.1, 0.9, 3, is_stair=True),
        "exp_smooth": nn.ExponentialDecayLR(0.1, 0.9, 3),
        "natural_exp": nn.NaturalExpDecayLR(0.1, 0.5, 2, is_stair=True),
        "inverse": nn.InverseDecayLR(0.1, 0.5, 2),
        "cosine": nn.CosineDecayLR(0.01, 0.1, 5),
        "poly_pow2": nn.PolynomialDecayLR(0.1, 0.01, 4, power=2.0),
        "poly_cycle": nn.PolynomialDecayLR(0.1, 0.01, 3, power=0.5, update_decay_steps=True),
        "warmup": nn.WarmUpLR(0.1, 4),
    }
    schedules = {name: _read(cell, steps) for name, cell in cells.items()}
    lists = {
        "exponential_decay_lr": nn.exponential_decay_lr(0.1, 0.8, 9, 3, 2),
        "exponential_stair": nn.exponential_decay_lr(0.1, 0.8, 9, 3, 2, is_stair=True),
        "natural_exp_decay_lr": nn.natural_exp_decay_lr(0.1, 0.5, 6, 2, 2, True),
        "inverse_decay_lr": nn.inverse_decay_lr(0.1, 0.5, 6, 2, 1),
        "polynomial_decay_lr": nn.polynomial_decay_lr(0.1, 0.01, 8, 2, 2, 0.5),
        "polynomial_cycle": nn.polynomial_decay_lr(0.1, 0.01, 8, 2, 3, 1.0, True),
        "piecewise_constant_lr": nn.piecewise_constant_lr([2, 5, 7], [0.1, 0.05, 0.01]),
    }
    rng = np.random.RandomState(3)
    net = Regressor((rng.randn(5, 3) * 0.5).astype(np.float32),
                    (rng.randn(1, 5) * 0.5).astype(np.float32))
    schedule = WarmupPolyLR(0.05, 0.001, 2, 6)
    opt = nn.Adam(net.trainable_params(), learning_rate=schedule)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    train.set_train()
    x = Tensor(rng.randn(8, 3).astype(np.float32))
    y = Tensor(rng.randn(8, 1).astype(np.float32))
    losses, lrs, global_steps = [], [], []
    for _ in range(6):
        losses.append(float(train(x, y).asnumpy()))
        lrs.append(float(opt.get_lr().asnumpy()))
        global_steps.append(int(opt.global_step.asnumpy().reshape(-1)[0]))
    return {"schedules": schedules,
            "lists": {k: [float(v) for v in vals] for k, vals in lists.items()},
            "custom_schedule": _read(schedule, steps),
            "losses": losses, "lrs": lrs, "global_steps": global_steps,
            "is_dynamic": bool(opt.dynamic_lr),
            "weights": [p.asnumpy().astype(np.float64).tolist()
                        for p in net.trainable_params()]}


if __name__ == "__main__":
    print(main())
