"""A MindSpore script's usual imports and one training step, written once for both
libraries: ``train_one_step("mindspore")`` records the fixture
(``make_module_paths_fixture.py``), ``train_one_step("minpy_compat")`` replays it
(``tests/test_module_paths_train.py``)."""
import importlib

import numpy as onp

X = onp.array([[1.0, 2.0, -1.0], [0.5, -0.5, 2.0]])
Y = onp.array([[1.0, 0.0], [0.0, 1.0]])
W = onp.array([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]])


def modules(root):
    """The modules a MindSpore script imports by path, from library ``root``."""
    names = ["ops.operations", "ops.functional", "ops.composite", "common.dtype",
             "common.tensor", "common.parameter", "nn.wrap.cell_wrapper", "nn.optim.optimizer",
             "nn.cell", "nn.loss.loss"]
    return [importlib.import_module(f"{root}.{name}") for name in names]


def train_one_step(root):
    """``{"loss", "grad", "w"}``: the loss before the step, the weight's gradient, the
    weight after one step of a hand-written SGD ``Optimizer``."""
    P, F, C, mstype, tensor, parameter, wrap, optimizer, cell, loss = modules(root)

    class Net(cell.Cell):
        def __init__(self):
            super().__init__()
            self.w = parameter.Parameter(tensor.Tensor(W, mstype.float32), name="w")
            self.matmul = P.MatMul()
            self.relu = P.ReLU()

        def construct(self, x):
            return self.relu(self.matmul(F.cast(x, mstype.float32), self.w))

    class SquareLoss(loss.LossBase):
        def construct(self, logits, labels):
            return self.get_loss(F.square(logits - labels))

    class PlainSGD(optimizer.Optimizer):
        def construct(self, gradients):
            lr = self.get_lr()
            for param, grad in zip(self.parameters, gradients):
                F.assign(param, param - lr * grad)
            return True

    net = Net()
    with_loss = wrap.WithLossCell(net, SquareLoss())
    x, y = tensor.Tensor(X, mstype.float32), tensor.Tensor(Y, mstype.float32)
    grad = C.GradOperation(get_by_list=True)(with_loss, net.trainable_params())(x, y)[0]
    step = wrap.TrainOneStepCell(with_loss, PlainSGD(0.5, net.trainable_params()))
    step.set_train()
    loss_value = step(x, y)
    return {"loss": float(loss_value.asnumpy()), "grad": grad.asnumpy().tolist(),
            "w": net.w.asnumpy().tolist(), "dtype": str(net.w.asnumpy().dtype)}
