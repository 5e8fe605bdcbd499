"""Model-zoo style custom gradients: a gradient reversal layer (DANN) and a
straight-through sign (binarised weights) written as Cells with ``bprop``, and an
``ops.Custom(func_type="pyfunc")`` op with its own bprop, all inside a trained net."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter
import mindspore.common.dtype as mstype


def cube_np(x):
    return x * x * x


class GradientReversal(nn.Cell):
    def __init__(self, coeff):
        super().__init__()
        self.coeff = coeff

    def construct(self, x):
        return x

    def bprop(self, x, out, dout):
        return (-self.coeff * dout,)


class SignSTE(nn.Cell):
    def construct(self, x):
        return ops.sign(x)

    def bprop(self, x, out, dout):
        return (dout * (ops.abs(x) <= 1).astype(dout.dtype),)


class BinaryDense(nn.Cell):
    def __init__(self, w):
        super().__init__()
        self.weight = Parameter(Tensor(w), name="weight")
        self.sign = SignSTE()
        self.matmul = ops.MatMul(transpose_b=True)

    def construct(self, x):
        return self.matmul(x, self.sign(self.weight))


class DANN(nn.Cell):
    def __init__(self, rng):
        super().__init__()
        self.feature = nn.Dense(5, 6,
                                weight_init=Tensor((rng.randn(6, 5) * 0.4).astype(np.float32)),
                                bias_init="zeros")
        self.label_head = BinaryDense((rng.randn(2, 6) * 0.5).astype(np.float32))
        self.reverse = GradientReversal(0.5)
        self.domain_head = nn.Dense(6, 1,
                                    weight_init=Tensor((rng.randn(1, 6) * 0.4).astype(np.float32)),
                                    bias_init="zeros")

        def cube_bprop(x, out, dout):
            return (3 * x * x * dout,)

        self.cube = ops.Custom(cube_np, out_shape=lambda x: x, out_dtype=lambda x: x,
                               func_type="pyfunc", bprop=cube_bprop)

    def construct(self, x):
        feat = self.cube(ops.tanh(self.feature(x)))
        return self.label_head(feat), self.domain_head(self.reverse(feat))


class DANNLoss(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net
        self.ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        self.bce = nn.BCEWithLogitsLoss()

    def construct(self, x, label, domain):
        logits, dom = self.net(x)
        return self.ce(logits, label) + self.bce(dom, domain)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(3)
    net = DANN(rng)
    x = Tensor(rng.randn(8, 5).astype(np.float32))
    label = Tensor(rng.randint(0, 2, size=8).astype(np.int32))
    domain = Tensor(rng.randint(0, 2, size=(8, 1)).astype(np.float32))
    loss_net = DANNLoss(net)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    grad_fn = ms.value_and_grad(loss_net, None, opt.parameters)
    losses, grad_norms = [], []
    for _ in range(4):
        loss, grads = grad_fn(x, label, domain)
        opt(grads)
        losses.append(float(loss.asnumpy()))
        grad_norms.append([float(ops.norm(g).asnumpy()) for g in grads])
    x_grad = ms.grad(lambda inp: net(inp)[1].sum())(x)
    net.set_train(False)
    logits, dom = net(x)
    return {"losses": losses, "grad_norms": grad_norms,
            "names": [p.name for p in opt.parameters],
            "x_grad": x_grad.asnumpy().astype(np.float64).tolist(),
            "logits": logits.asnumpy().astype(np.float64).tolist(),
            "dom_shape": list(dom.shape),
            "label_weight": net.label_head.weight.asnumpy().astype(np.float64).tolist(),
            "dtype_is_float32": logits.dtype == mstype.float32}


if __name__ == "__main__":
    print(main())
