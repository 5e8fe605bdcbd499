"""Model-zoo style hooks while training: forward pre-hooks and forward hooks on Cells,
a backward hook on a Cell, ops.HookBackward and ops.InsertGradientOf inside construct,
each collecting values over a few value_and_grad + optimizer steps; then the hooks are
removed and a step runs without them."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

RECORD = {"pre": [], "fwd": [], "bwd": [], "hook_grad": [], "clip_seen": []}


def _norm(t):
    return float(np.sqrt((t.asnumpy().astype(np.float64) ** 2).sum()))


def pre_hook(cell, inputs):
    RECORD["pre"].append([type(cell).__name__, list(inputs[0].shape)])
    return (inputs[0] * 2,)


def fwd_hook(cell, inputs, output):
    RECORD["fwd"].append(_norm(output))
    return output * 0.5


def bwd_hook(cell, grad_input, grad_output):
    RECORD["bwd"].append([_norm(grad_input[0]), _norm(grad_output[0])])


def hook_fn(grads):
    RECORD["hook_grad"].append([len(grads), _norm(grads[0])])


def clip_grad(grad):
    RECORD["clip_seen"].append(_norm(grad))
    return ops.clip_by_value(grad, -0.05, 0.05)


class Net(nn.Cell):
    def __init__(self, w1, w2):
        super().__init__()
        self.fc1 = nn.Dense(4, 5, weight_init=Tensor(w1), bias_init="zeros")
        self.act = nn.Sigmoid()
        self.fc2 = nn.Dense(5, 2, weight_init=Tensor(w2), bias_init="zeros")
        self.hook = ops.HookBackward(hook_fn)
        self.clip = ops.InsertGradientOf(clip_grad)

    def construct(self, x):
        h = self.act(self.fc1(x))
        h = self.hook(h)
        h = self.clip(h)
        return self.fc2(h)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    for values in RECORD.values():
        values.clear()
    rng = np.random.RandomState(7)
    net = Net((rng.randn(5, 4) * 0.5).astype(np.float32),
              (rng.randn(2, 5) * 0.5).astype(np.float32))
    handles = [net.fc1.register_forward_pre_hook(pre_hook),
               net.fc2.register_forward_hook(fwd_hook),
               net.act.register_backward_hook(bwd_hook)]
    loss_fn = nn.MSELoss()

    def forward(x, y):
        return loss_fn(net(x), y)

    opt = nn.Momentum(net.trainable_params(), learning_rate=0.2, momentum=0.9)
    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    x = Tensor(rng.randn(6, 4).astype(np.float32))
    y = Tensor(rng.randn(6, 2).astype(np.float32))
    losses = []
    for _ in range(3):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(float(loss.asnumpy()))
    counts = {key: len(values) for key, values in RECORD.items()}
    for handle in handles:
        handle.remove()
    loss, grads = grad_fn(x, y)
    opt(grads)
    losses.append(float(loss.asnumpy()))
    after = {key: len(values) for key, values in RECORD.items()}
    return {"losses": losses, "counts_with_hooks": counts, "counts_after_remove": after,
            "pre": RECORD["pre"], "fwd": RECORD["fwd"], "bwd": RECORD["bwd"],
            "hook_grad": RECORD["hook_grad"], "clip_seen": RECORD["clip_seen"],
            "fc1_weight": net.fc1.weight.asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
