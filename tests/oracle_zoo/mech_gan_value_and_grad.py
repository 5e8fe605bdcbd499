"""Model-zoo style GAN training as in MindSpore 2.x's DCGAN tutorial: forward functions
for the discriminator and the generator, ms.value_and_grad over each optimizer's
parameters, ops.depend tying each update to its loss; a generator with BatchNorm1d and
a discriminator whose clipping Cell has its own bprop and a Parameter."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter


class ScaleClip(nn.Cell):
    """y = scale * x; the gradient to x is clipped to [-0.1, 0.1], none goes to scale."""

    def __init__(self):
        super().__init__()
        self.scale = Parameter(Tensor(np.float32(1.5)), name="scale")

    def construct(self, x):
        return x * self.scale

    def bprop(self, x, out, dout):
        return (ops.clip_by_value(dout * self.scale, -0.1, 0.1),)


def make_nets(rng):
    generator = nn.SequentialCell([
        nn.Dense(3, 6, weight_init=Tensor((rng.randn(6, 3) * 0.5).astype(np.float32)),
                 has_bias=False),
        nn.BatchNorm1d(6, momentum=0.9),
        nn.ReLU(),
        nn.Dense(6, 2, weight_init=Tensor((rng.randn(2, 6) * 0.5).astype(np.float32)),
                 bias_init="zeros")])
    discriminator = nn.SequentialCell([
        nn.Dense(2, 5, weight_init=Tensor((rng.randn(5, 2) * 0.5).astype(np.float32)),
                 bias_init="zeros"),
        ScaleClip(),
        nn.LeakyReLU(0.2),
        nn.Dense(5, 1, weight_init=Tensor((rng.randn(1, 5) * 0.5).astype(np.float32)),
                 bias_init="zeros")])
    return generator, discriminator


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(21)
    generator, discriminator = make_nets(rng)
    adversarial_loss = nn.BCELoss(reduction="mean")
    sigmoid = ops.Sigmoid()
    optimizer_d = nn.Adam(discriminator.trainable_params(), learning_rate=0.02, beta1=0.5)
    optimizer_g = nn.Adam(generator.trainable_params(), learning_rate=0.02, beta1=0.5)

    def generator_forward(real, noise):
        fake = generator(noise)
        pred = sigmoid(discriminator(fake))
        return adversarial_loss(pred, ops.ones_like(pred)), fake

    def discriminator_forward(real, fake):
        real_pred = sigmoid(discriminator(real))
        fake_pred = sigmoid(discriminator(fake))
        return (adversarial_loss(real_pred, ops.ones_like(real_pred))
                + adversarial_loss(fake_pred, ops.zeros_like(fake_pred)))

    grad_g = ms.value_and_grad(generator_forward, None, optimizer_g.parameters, has_aux=True)
    grad_d = ms.value_and_grad(discriminator_forward, None, optimizer_d.parameters)

    def train_step(real, noise):
        (g_loss, fake), g_grads = grad_g(real, noise)
        g_loss = ops.depend(g_loss, optimizer_g(g_grads))
        d_loss, d_grads = grad_d(real, fake)
        d_loss = ops.depend(d_loss, optimizer_d(d_grads))
        return g_loss, d_loss, d_grads

    generator.set_train()
    discriminator.set_train()
    g_losses, d_losses, scale_grads = [], [], []
    for _ in range(4):
        real = Tensor((rng.randn(8, 2) * 0.3 + 1.0).astype(np.float32))
        noise = Tensor(rng.randn(8, 3).astype(np.float32))
        g_loss, d_loss, d_grads = train_step(real, noise)
        g_losses.append(float(g_loss.asnumpy()))
        d_losses.append(float(d_loss.asnumpy()))
        scale_grads.append(float(d_grads[2].asnumpy()))
    generator.set_train(False)
    fake = generator(Tensor(rng.randn(4, 2 + 1).astype(np.float32)))
    bn = generator[1]
    return {"g_losses": g_losses, "d_losses": d_losses, "scale_grads": scale_grads,
            "scale": float(discriminator[1].scale.asnumpy()),
            "d_names": [p.name for p in optimizer_d.parameters],
            "g_names": [p.name for p in optimizer_g.parameters],
            "moving_mean": bn.moving_mean.asnumpy().astype(np.float64).tolist(),
            "moving_variance": bn.moving_variance.asnumpy().astype(np.float64).tolist(),
            "fake": fake.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
