"""Model-zoo style gradients of a tied-weight autoencoder (one Parameter used by the
encoder and, transposed, by the decoder): ops.GradOperation(get_all=True) and
get_by_list, ms.grad with grad_position=(0, 1), weights and has_aux, and per-example
gradients by ops.vmap over a per-sample loss; then a few SGD steps on the tied net."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter, ParameterTuple


class TiedAutoEncoder(nn.Cell):
    def __init__(self, w):
        super().__init__()
        self.weight = Parameter(Tensor(w), name="tied_weight")
        self.bias = Parameter(Tensor(np.zeros(3, np.float32)), name="code_bias")
        self.matmul = ops.MatMul(transpose_b=True)

    def construct(self, x, scale):
        code = ops.tanh(self.matmul(x, self.weight) + self.bias)
        return ops.matmul(code, self.weight) * scale


class ReconLoss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, x, scale):
        return ((self.net(x, scale) - x) ** 2).mean()


def _list(t):
    return t.asnumpy().astype(np.float64).tolist()


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(2)
    net = TiedAutoEncoder((rng.randn(3, 5) * 0.4).astype(np.float32))
    loss_net = ReconLoss(net)
    x = Tensor(rng.randn(4, 5).astype(np.float32))
    scale = Tensor(np.float32(1.3))
    weights = ParameterTuple(loss_net.trainable_params())

    grad_all = ops.GradOperation(get_all=True)(loss_net)(x, scale)
    grad_params = ops.GradOperation(get_by_list=True)(loss_net, weights)(x, scale)

    def with_aux(inp, s):
        out = net(inp, s)
        return ((out - inp) ** 2).mean(), out.sum()

    (loss, aux), (inputs_grads, weights_grads) = ms.value_and_grad(
        with_aux, grad_position=(0, 1), weights=net.trainable_params(), has_aux=True)(x, scale)
    grad_only = ms.grad(with_aux, grad_position=(0, 1), weights=net.trainable_params(),
                        has_aux=True)(x, scale)

    def sample_loss(sample):
        return ((net(sample[None], scale) - sample[None]) ** 2).mean()

    per_sample_grads = ops.vmap(ms.grad(sample_loss), in_axes=0)(x)
    per_sample_losses = ops.vmap(sample_loss, in_axes=0)(x)

    opt = nn.SGD(loss_net.trainable_params(), learning_rate=0.3)
    train = nn.TrainOneStepCell(loss_net, opt)
    losses = [float(train(x, scale).asnumpy()) for _ in range(4)]
    return {"grad_all_count": len(grad_all), "grad_x": _list(grad_all[0]),
            "grad_scale": float(grad_all[1].asnumpy()),
            "grad_weight": _list(grad_params[0]), "grad_bias": _list(grad_params[1]),
            "names": [p.name for p in weights],
            "aux": float(aux.asnumpy()), "loss": float(loss.asnumpy()),
            "vg_input_grads": [_list(g) for g in inputs_grads],
            "vg_weight_grads": [_list(g) for g in weights_grads],
            "grad_only_structure": [len(grad_only), len(grad_only[0]), len(grad_only[1])],
            "grad_only_aux_type": type(grad_only[-1]).__name__,
            "per_sample_grads": _list(per_sample_grads),
            "per_sample_losses": _list(per_sample_losses),
            "losses": losses, "tied_weight": _list(net.weight)}


if __name__ == "__main__":
    print(main())
