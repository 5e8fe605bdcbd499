"""Model-zoo style regression with robust and likelihood losses: a two-headed net (mean
and variance through ops.softplus) trained with nn.HuberLoss(delta=0.5) +
nn.SmoothL1Loss(beta=0.3, reduction='sum') + nn.GaussianNLLLoss(full=True), and a
count head under nn.PoissonNLLLoss; Adam through ms.value_and_grad."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class TwoHeads(nn.Cell):
    def __init__(self, w1, w_mean, w_var, w_rate):
        super().__init__()
        self.body = nn.Dense(3, 6, weight_init=Tensor(w1), bias_init="zeros",
                             activation="tanh")
        self.mean = nn.Dense(6, 2, weight_init=Tensor(w_mean), bias_init="zeros")
        self.var = nn.Dense(6, 2, weight_init=Tensor(w_var), bias_init="zeros")
        self.rate = nn.Dense(6, 1, weight_init=Tensor(w_rate), bias_init="zeros")

    def construct(self, x):
        h = self.body(x)
        return self.mean(h), ops.softplus(self.var(h)) + 1e-3, self.rate(h)


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(5)
    net = TwoHeads(*[(rng.randn(*shape) * 0.5).astype(np.float32)
                     for shape in ((6, 3), (2, 6), (2, 6), (1, 6))])
    huber = nn.HuberLoss(delta=0.5)
    smooth = nn.SmoothL1Loss(beta=0.3, reduction="sum")
    gauss = nn.GaussianNLLLoss(full=True)
    poisson = nn.PoissonNLLLoss()

    def forward(x, y, counts):
        mean, var, log_rate = net(x)
        return (huber(mean, y) + 0.1 * smooth(mean, y) + gauss(mean, y, var)
                + poisson(log_rate, counts))

    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    opt = nn.Adam(net.trainable_params(), learning_rate=0.02)
    losses = []
    for step in range(6):
        x = Tensor(rng.randn(8, 3).astype(np.float32))
        y = Tensor((rng.randn(8, 2) * 1.5).astype(np.float32))
        counts = Tensor(rng.poisson(2.0, size=(8, 1)).astype(np.float32))
        loss, grads = grad_fn(x, y, counts)
        opt(grads)
        losses.append(float(loss.asnumpy()))
    x = Tensor(rng.randn(4, 3).astype(np.float32))
    y = Tensor((rng.randn(4, 2) * 1.5).astype(np.float32))
    counts = Tensor(rng.poisson(2.0, size=(4, 1)).astype(np.float32))
    mean, var, log_rate = net(x)
    rate = ops.exp(log_rate)
    parts = {
        "huber_none": nn.HuberLoss(reduction="none", delta=0.7)(mean, y),
        "huber_sum": nn.HuberLoss(reduction="sum")(mean, y),
        "smooth_none": nn.SmoothL1Loss(beta=0.5)(mean, y),
        "smooth_mean": nn.SmoothL1Loss(beta=2.0, reduction="mean")(mean, y),
        "gauss_none": nn.GaussianNLLLoss(reduction="none")(mean, y, var),
        "gauss_sum_full": nn.GaussianNLLLoss(full=True, reduction="sum")(mean, y, var),
        "gauss_shared_var": nn.GaussianNLLLoss()(mean, y, var[:, :1]),
        "poisson_none": nn.PoissonNLLLoss(reduction="none")(log_rate, counts),
        "poisson_rate_full": nn.PoissonNLLLoss(log_input=False, full=True)(rate, counts),
    }
    return {"losses": losses, "sums": _sums(net),
            "parts": {k: v.asnumpy().astype(np.float64).tolist() for k, v in parts.items()},
            "float32": {k: v.dtype == ms.float32 for k, v in parts.items()}}


if __name__ == "__main__":
    print(main())
