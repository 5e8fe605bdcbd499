"""Functional MindSpore 2.x WGAN-GP: the critic's loss holds a gradient penalty, the norm
of ms.grad(critic) at points between real and fake samples, so the critic's step is a
gradient of a gradient; ms.value_and_grad(has_aux=True) over each optimizer's
parameters, the optimizer called on the gradients, ops.stop_gradient on the fakes."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class Critic(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(2, 6, weight_init=Tensor(w1), bias_init="zeros")
        self.fc2 = nn.Dense(6, 1, weight_init=Tensor(w2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(ops.tanh(self.fc1(x)))


class Generator(nn.Cell):
    def __init__(self, w):
        super().__init__()
        self.fc = nn.Dense(3, 2, weight_init=Tensor(w), bias_init="zeros")

    def construct(self, z):
        return self.fc(z)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(5)
    critic = Critic((rng.randn(6, 2) * 0.5).astype(np.float32),
                    (rng.randn(1, 6) * 0.5).astype(np.float32))
    generator = Generator((rng.randn(2, 3) * 0.5).astype(np.float32))
    opt_c = nn.Adam(critic.trainable_params(), learning_rate=0.02, beta1=0.5, beta2=0.9)
    opt_g = nn.Adam(generator.trainable_params(), learning_rate=0.02, beta1=0.5, beta2=0.9)

    def critic_sum(x):
        return critic(x).sum()

    input_grad = ms.grad(critic_sum)

    def critic_forward(real, z, alpha):
        fake = ops.stop_gradient(generator(z))
        mixed = alpha * real + (1 - alpha) * fake
        slopes = input_grad(mixed)
        norms = ops.sqrt((slopes * slopes).sum(axis=1) + 1e-12)
        penalty = ((norms - 1.0) ** 2).mean()
        distance = critic(fake).mean() - critic(real).mean()
        return distance + 10.0 * penalty, penalty

    def generator_forward(z):
        return -critic(generator(z)).mean()

    critic_grad = ms.value_and_grad(critic_forward, None, opt_c.parameters, has_aux=True)
    generator_grad = ms.value_and_grad(generator_forward, None, opt_g.parameters)
    c_losses, penalties, g_losses, first_grads = [], [], [], None
    for step in range(3):
        real = Tensor((rng.randn(5, 2) * 0.3 + 1.0).astype(np.float32))
        z = Tensor(rng.randn(5, 3).astype(np.float32))
        alpha = Tensor(rng.rand(5, 1).astype(np.float32))
        (loss, penalty), grads = critic_grad(real, z, alpha)
        if first_grads is None:
            first_grads = [g.asnumpy().astype(np.float64).tolist() for g in grads]
        opt_c(grads)
        c_losses.append(float(loss.asnumpy()))
        penalties.append(float(penalty.asnumpy()))
        g_loss, g_grads = generator_grad(z)
        opt_g(g_grads)
        g_losses.append(float(g_loss.asnumpy()))
    probe = Tensor(np.array([[0.5, -0.2], [1.0, 1.0]], np.float32))
    return {"critic_losses": c_losses, "penalties": penalties, "generator_losses": g_losses,
            "first_critic_grads": first_grads,
            "slopes_at_probe": input_grad(probe).asnumpy().astype(np.float64).tolist(),
            "critic_sums": [float(p.asnumpy().sum()) for p in critic.trainable_params()],
            "generator_sums": [float(p.asnumpy().sum()) for p in generator.trainable_params()]}


if __name__ == "__main__":
    print(main())
