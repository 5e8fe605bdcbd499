"""Model-zoo style knowledge distillation: a frozen teacher (set_train(False),
requires_grad False, its logits through ops.stop_gradient) and a student trained on a
mix of hard-label cross entropy and temperature-softened KL divergence, with a backward
pre-hook on the student's first layer recording the incoming gradient norms; the step
is a TrainOneStepCell over a loss Cell that holds both nets."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

SEEN = []


def pre_hook(cell, grad_output):
    SEEN.append(float(np.sqrt((grad_output[0].asnumpy().astype(np.float64) ** 2).sum())))


def mlp(rng, sizes):
    layers = []
    for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:])):
        layers.append(nn.Dense(n_in, n_out, bias_init="zeros",
                               weight_init=Tensor((rng.randn(n_out, n_in) * 0.5)
                                                  .astype(np.float32))))
        if i < len(sizes) - 2:
            layers.append(nn.ReLU())
    return nn.SequentialCell(layers)


class DistillLoss(nn.Cell):
    def __init__(self, student, teacher, temperature, alpha):
        super().__init__()
        self.student = student
        self.teacher = teacher
        self.t = temperature
        self.alpha = alpha
        self.ce = nn.CrossEntropyLoss()
        self.kl = nn.KLDivLoss(reduction="batchmean")

    def construct(self, x, label):
        logits = self.student(x)
        soft = ops.stop_gradient(ops.softmax(self.teacher(x) / self.t, axis=-1))
        distill = self.kl(ops.log_softmax(logits / self.t, axis=-1), soft) * self.t * self.t
        return self.alpha * distill + (1 - self.alpha) * self.ce(logits, label)


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    SEEN.clear()
    rng = np.random.RandomState(17)
    teacher = mlp(rng, [6, 12, 4])
    student = mlp(rng, [6, 5, 4])
    teacher.set_train(False)
    for param in teacher.get_parameters():
        param.requires_grad = False
    handle = student[0].register_backward_pre_hook(pre_hook)
    loss_cell = DistillLoss(student, teacher, temperature=2.0, alpha=0.7)
    opt = nn.AdamWeightDecay(student.trainable_params(), learning_rate=0.05, weight_decay=0.01)
    step = nn.TrainOneStepCell(loss_cell, opt)
    step.set_train()
    x = Tensor(rng.randn(10, 6).astype(np.float32))
    label = Tensor(rng.randint(0, 4, size=10).astype(np.int32))
    teacher_before = [float(p.asnumpy().sum()) for p in teacher.get_parameters()]
    losses = [float(step(x, label).asnumpy()) for _ in range(4)]
    handle.remove()
    losses.append(float(step(x, label).asnumpy()))
    agree = (student(x).argmax(-1) == teacher(x).argmax(-1)).astype(ms.float32).mean()
    return {"losses": losses, "pre_hook_norms": list(SEEN),
            "teacher_unchanged": teacher_before == [float(p.asnumpy().sum())
                                                    for p in teacher.get_parameters()],
            "trainable": [p.name for p in loss_cell.trainable_params()],
            "opt_names": [p.name for p in opt.parameters],
            "agreement": float(agree.asnumpy()),
            "student_out": student(x).asnumpy().astype(np.float64).tolist()}


if __name__ == "__main__":
    print(main())
