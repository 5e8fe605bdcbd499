"""Model-zoo style VAE step with nn.probability.distribution: an encoder gives a Normal's
mean and log-variance, z comes from the reparameterization trick (noise from a seeded
NumPy RandomState), the reconstruction term is -Bernoulli.log_prob and the prior term
Normal.kl_loss against N(0, 1); a Categorical head adds a log_prob term. Adam through
ms.value_and_grad. A Normal built with a seed samples shapes (not values: the generators
differ) that are recorded too."""
import numpy as np
import mindspore as ms
import mindspore.nn.probability.distribution as msd
from mindspore import nn, ops, Tensor


class VAE(nn.Cell):
    def __init__(self, w_enc, w_mu, w_logvar, w_dec, w_cls):
        super().__init__()
        self.enc = nn.Dense(6, 5, weight_init=Tensor(w_enc), bias_init="zeros",
                            activation="tanh")
        self.mu = nn.Dense(5, 2, weight_init=Tensor(w_mu), bias_init="zeros")
        self.logvar = nn.Dense(5, 2, weight_init=Tensor(w_logvar), bias_init="zeros")
        self.dec = nn.Dense(2, 6, weight_init=Tensor(w_dec), bias_init="zeros")
        self.cls = nn.Dense(2, 3, weight_init=Tensor(w_cls), bias_init="zeros")

    def construct(self, x, eps):
        h = self.enc(x)
        mu, logvar = self.mu(h), self.logvar(h)
        sd = ops.exp(0.5 * logvar)
        z = mu + sd * eps
        return ops.sigmoid(self.dec(z)), ops.softmax(self.cls(z), -1), mu, sd


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(17)
    shapes = ((5, 6), (2, 5), (2, 5), (6, 2), (3, 2))
    net = VAE(*[(rng.randn(*shape) * 0.4).astype(np.float32) for shape in shapes])
    normal = msd.Normal(dtype=ms.float32)
    bernoulli = msd.Bernoulli(dtype=ms.float32)
    categorical = msd.Categorical(dtype=ms.int32)
    zero, one = Tensor(0.0, ms.float32), Tensor(1.0, ms.float32)

    def forward(x, eps, label):
        probs, class_probs, mu, sd = net(x, eps)
        recon = -bernoulli.log_prob(x, probs).sum(-1).mean()
        kl = normal.kl_loss("Normal", zero, one, mu, sd).sum(-1).mean()
        cls = -categorical.log_prob(label, class_probs).mean()
        return recon + kl + 0.5 * cls

    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    opt = nn.Adam(net.trainable_params(), learning_rate=0.03)
    losses = []
    for step in range(6):
        x = Tensor((rng.rand(5, 6) > 0.5).astype(np.float32))
        eps = Tensor(rng.randn(5, 2).astype(np.float32))
        label = Tensor(rng.randint(0, 3, size=5).astype(np.int32))
        loss, grads = grad_fn(x, eps, label)
        opt(grads)
        losses.append(float(loss.asnumpy()))
    x = Tensor((rng.rand(3, 6) > 0.5).astype(np.float32))
    eps = Tensor(rng.randn(3, 2).astype(np.float32))
    probs, class_probs, mu, sd = net(x, eps)
    fixed = msd.Normal(mu, sd, seed=5, dtype=ms.float32)
    coin = msd.Bernoulli(probs, seed=5, dtype=ms.int32)
    parts = {
        "normal_log_prob": fixed.log_prob(Tensor(rng.randn(3, 2).astype(np.float32))),
        "normal_cdf": fixed.cdf(Tensor(rng.randn(3, 2).astype(np.float32))),
        "normal_entropy": fixed.entropy(),
        "normal_kl_to_prior": fixed.kl_loss("Normal", zero, one),
        "bernoulli_log_prob": coin.log_prob(x),
        "bernoulli_entropy": coin.entropy(),
        "bernoulli_kl": coin.kl_loss("Bernoulli", Tensor(0.3, ms.float32)),
        "categorical_entropy": msd.Categorical(class_probs, dtype=ms.int32).entropy(),
        "categorical_prob": categorical.prob(Tensor(np.array([0, 2, 1], np.int32)),
                                             class_probs),
    }
    samples = {"normal": fixed.sample((4,)), "bernoulli": coin.sample(),
               "prior": normal.sample((2, 3), zero, one)}
    return {"losses": losses, "sums": _sums(net),
            "parts": {k: v.asnumpy().astype(np.float64).tolist() for k, v in parts.items()},
            "sample_shapes": {k: list(v.shape) for k, v in samples.items()},
            "sample_float32": {k: v.dtype == ms.float32 for k, v in samples.items()}}


if __name__ == "__main__":
    print(main())
