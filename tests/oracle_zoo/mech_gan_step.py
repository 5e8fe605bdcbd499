"""Model-zoo style GAN step: a generator and a discriminator Cell, each with its own
loss Cell, optimizer and TrainOneStepCell; the discriminator's loss sees the generator's
output through ops.stop_gradient, so only the discriminator's weights move on its step."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class Generator(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(4, 8, weight_init=Tensor(w1), bias_init="zeros")
        self.act = nn.LeakyReLU(0.2)
        self.fc2 = nn.Dense(8, 3, weight_init=Tensor(w2), bias_init="zeros")
        self.tanh = nn.Tanh()

    def construct(self, z):
        return self.tanh(self.fc2(self.act(self.fc1(z))))


class Discriminator(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(3, 8, weight_init=Tensor(w1), bias_init="zeros")
        self.act = nn.LeakyReLU(0.2)
        self.fc2 = nn.Dense(8, 1, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


class DWithLoss(nn.Cell):
    def __init__(self, generator, discriminator):
        super().__init__(auto_prefix=False)
        self.generator = generator
        self.discriminator = discriminator
        self.loss = nn.BCEWithLogitsLoss()

    def construct(self, real, z):
        fake = ops.stop_gradient(self.generator(z))
        real_out = self.discriminator(real)
        fake_out = self.discriminator(fake)
        loss_real = self.loss(real_out, ops.ones_like(real_out))
        loss_fake = self.loss(fake_out, ops.zeros_like(fake_out))
        return loss_real + loss_fake


class GWithLoss(nn.Cell):
    def __init__(self, generator, discriminator):
        super().__init__(auto_prefix=False)
        self.generator = generator
        self.discriminator = discriminator
        self.loss = nn.BCEWithLogitsLoss()

    def construct(self, z):
        fake_out = self.discriminator(self.generator(z))
        return self.loss(fake_out, ops.ones_like(fake_out))


def _sums(cell):
    return [float(p.asnumpy().astype(np.float64).sum()) for p in cell.trainable_params()]


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(11)
    generator = Generator((rng.randn(8, 4) * 0.4).astype(np.float32),
                          (rng.randn(3, 8) * 0.4).astype(np.float32))
    discriminator = Discriminator((rng.randn(8, 3) * 0.4).astype(np.float32),
                                  (rng.randn(1, 8) * 0.4).astype(np.float32))
    opt_d = nn.Adam(discriminator.trainable_params(), learning_rate=0.01, beta1=0.5)
    opt_g = nn.Adam(generator.trainable_params(), learning_rate=0.01, beta1=0.5)
    train_d = nn.TrainOneStepCell(DWithLoss(generator, discriminator), opt_d)
    train_g = nn.TrainOneStepCell(GWithLoss(generator, discriminator), opt_g)
    train_d.set_train()
    train_g.set_train()
    d_losses, g_losses, g_after_d, d_after_g = [], [], [], []
    for step in range(4):
        real = Tensor((rng.randn(6, 3) * 0.5 + 0.3).astype(np.float32))
        z = Tensor(rng.randn(6, 4).astype(np.float32))
        g_before = _sums(generator)
        d_losses.append(float(train_d(real, z).asnumpy()))
        g_after_d.append(g_before == _sums(generator))
        d_before = _sums(discriminator)
        g_losses.append(float(train_g(z).asnumpy()))
        d_after_g.append(d_before == _sums(discriminator))
    generator.set_train(False)
    sample = generator(Tensor(rng.randn(5, 4).astype(np.float32)))
    return {"d_losses": d_losses, "g_losses": g_losses,
            "generator_frozen_on_d_step": g_after_d,
            "discriminator_frozen_on_g_step": d_after_g,
            "d_param_names": [p.name for p in opt_d.parameters],
            "g_param_names": [p.name for p in opt_g.parameters],
            "d_network_names": [p.name for p in train_d.network.get_parameters()],
            "g_network_names": [p.name for p in train_g.network.get_parameters()],
            "sample_shape": list(sample.shape),
            "sample": sample.asnumpy().astype(np.float64).tolist(),
            "g_sums": _sums(generator), "d_sums": _sums(discriminator)}


if __name__ == "__main__":
    print(main())
