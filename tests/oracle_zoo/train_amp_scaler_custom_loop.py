"""Model-zoo style custom training loop of MindSpore 2.x: ``ms.value_and_grad`` over a
forward function with ``has_aux=True`` and ``weights=optimizer.parameters``, the loss
scaled by ``amp.DynamicLossScaler`` (scale, unscale, ``amp.all_finite``, adjust: on the
poisoned step the scale halves and the update is skipped; it doubles after ``scale_window``
good steps) with ``ops.clip_by_global_norm``, and by ``amp.StaticLossScaler`` with
``ops.clip_by_norm`` on each gradient; SGD with momentum whose rate is changed mid-run with
``ops.assign``."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, amp


class Net(nn.Cell):
    def __init__(self, rng):
        super(Net, self).__init__()
        self.fc1 = nn.Dense(4, 6, weight_init=Tensor((rng.randn(6, 4) * 0.5).astype(np.float32)),
                            bias_init="zeros")
        self.act = nn.GELU()
        self.fc2 = nn.Dense(6, 2, weight_init=Tensor((rng.randn(2, 6) * 0.5).astype(np.float32)),
                            bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


def run(scaler, clip, poison_step):
    rng = np.random.RandomState(31)
    net = Net(rng)
    loss_fn = nn.MSELoss()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1, momentum=0.5)

    def forward(x, y):
        pred = net(x)
        loss = loss_fn(pred, y)
        return scaler.scale(loss), pred

    grad_fn = ms.value_and_grad(forward, None, opt.parameters, has_aux=True)
    losses, scales, finite, norms = [], [], [], []
    for step in range(7):
        x = rng.randn(5, 4).astype(np.float32)
        if step == poison_step:
            x[0, 0] = np.inf
        y = Tensor(rng.randn(5, 2).astype(np.float32))
        (loss, pred), grads = grad_fn(Tensor(x), y)
        loss = scaler.unscale(loss)
        grads = scaler.unscale(grads)
        is_finite = amp.all_finite(grads)
        scales.append(float(scaler.scale_value.asnumpy()))
        scaler.adjust(is_finite)
        finite.append(bool(is_finite.asnumpy()))
        if bool(is_finite.asnumpy()):
            if clip == "global":
                grads = ops.clip_by_global_norm(grads, 1.0)
            else:
                grads = tuple(ops.clip_by_norm(g, 0.5) for g in grads)
            norms.append([float(np.linalg.norm(g.asnumpy())) for g in grads])
            opt(grads)
        losses.append(float(loss.asnumpy()) if step != poison_step else None)
        if step == 3:
            ops.assign(opt.learning_rate, Tensor(0.05, ms.float32))
    return {"losses": losses, "scales": scales, "finite": finite, "norms": norms,
            "final_scale": float(scaler.scale_value.asnumpy()),
            "lr": float(opt.get_lr().asnumpy()),
            "weights": [p.asnumpy().astype(np.float64).ravel().tolist()
                        for p in net.trainable_params()]}


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"dynamic_global": run(amp.DynamicLossScaler(1024.0, 2, 2), "global", 2),
            "static_by_norm": run(amp.StaticLossScaler(64.0), "each", None)}


if __name__ == "__main__":
    print(main())
