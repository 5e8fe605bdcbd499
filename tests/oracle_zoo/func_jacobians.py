"""Functional MindSpore 2.x derivatives beyond grad: ms.jacrev and ms.jacfwd of a small
Cell's output (grad_position tuples, has_aux), a Hessian as jacfwd of jacrev, ms.vjp
with a given cotangent, ms.jvp with a tangent, and a few Gauss-Newton steps on a
least-squares fit whose Jacobian comes from ms.jacrev."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class Curve(nn.Cell):
    def __init__(self, w):
        super().__init__()
        self.fc = nn.Dense(3, 2, weight_init=Tensor(w), bias_init="zeros")

    def construct(self, x):
        return ops.sin(self.fc(x)) + x[:2] * x[1:]


def listed(value):
    if isinstance(value, (tuple, list)):
        return [listed(v) for v in value]
    return value.asnumpy().astype(np.float64).tolist()


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(21)
    net = Curve((rng.randn(2, 3) * 0.7).astype(np.float32))
    x = Tensor(rng.randn(3).astype(np.float32))
    scale = Tensor(np.float32(1.5))

    def scaled(inp, factor):
        out = net(inp) * factor
        return out, out.sum()

    def energy(inp):
        return (ops.cos(inp) * inp * inp).sum() + inp[0] * inp[2]

    jac_rev = ms.jacrev(net)(x)
    jac_fwd = ms.jacfwd(net)(x)
    jac_both, aux = ms.jacrev(scaled, grad_position=(0, 1), has_aux=True)(x, scale)
    hessian = ms.jacfwd(ms.jacrev(energy))(x)
    out, vjp_fn = ms.vjp(net, x)
    cotangent = Tensor(np.array([1.0, -2.0], np.float32))
    pulled = vjp_fn(cotangent)
    tangent = Tensor(np.array([0.5, 0.0, -1.0], np.float32))
    primal, pushed = ms.jvp(net, x, tangent)

    # Gauss-Newton on y = a * exp(b * t): the Jacobian of the residuals by jacrev
    t = Tensor(np.linspace(0.0, 1.0, 6).astype(np.float32))
    y = Tensor((2.0 * np.exp(-1.3 * np.linspace(0.0, 1.0, 6))).astype(np.float32))

    def residuals(theta):
        return theta[0] * ops.exp(theta[1] * t) - y

    theta = Tensor(np.array([1.0, -0.5], np.float32))
    fit_losses = []
    for step in range(4):
        jac = ms.jacrev(residuals)(theta)
        res = residuals(theta)
        fit_losses.append(float((res * res).sum().asnumpy()))
        jtj = ops.matmul(jac.T, jac)
        step_vec = ops.matmul(ops.inverse(jtj), ops.matmul(jac.T, res))
        theta = theta - step_vec
    return {"jac_rev": listed(jac_rev), "jac_fwd": listed(jac_fwd),
            "jac_both": listed(jac_both), "aux": listed(aux), "hessian": listed(hessian),
            "vjp_out": listed(out), "vjp": listed(pulled), "jvp_primal": listed(primal),
            "jvp": listed(pushed), "fit_losses": fit_losses, "theta": listed(theta)}


if __name__ == "__main__":
    print(main())
