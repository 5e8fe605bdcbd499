"""Training wrappers: ``WithLossCell`` and ``TrainOneStepCell``.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> net = nn.Dense(1, 1, weight_init='zeros', bias_init='zeros')
>>> optimizer = nn.SGD(net.trainable_params(), 0.1)
>>> step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer)
>>> float(step(ms.Tensor([[1.0]]), ms.Tensor([[2.0]])))   # the loss before the update
4.0
"""
from ..ops.differentiate import differentiate
from ..ops.grad_operation import GradOperation
from ..tensor import ParameterTuple
from .cell import Cell
from .reshape_cells import Identity


class WithLossCell(Cell):
    """``loss_fn(backbone(data), label)``."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self):
        return self._backbone


class TrainOneStepCell(Cell):
    """One training step: the loss, its gradients for the optimizer's Parameters, an update.

    Returns the loss computed before the update (with ``return_grad=True``, also a dict
    from Parameter name to gradient). ``sens`` scales the gradients.
    """

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        self.network = network
        self.optimizer = optimizer
        self.weights = ParameterTuple(optimizer.parameters)
        self.sens = 1.0 if sens is None else sens
        self.return_grad = return_grad
        # what a model-zoo subclass's construct calls, as MindSpore's TrainOneStepCell has it
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = GradOperation(get_by_list=True)
        self.reducer_flag = False
        self.grad_reducer = Identity()  # one device: the gradients as they are

    def construct(self, *inputs):
        loss, _, grads, _ = differentiate(self.network, inputs, {}, (), self.weights,
                                          where=f"TrainOneStepCell({type(self.network).__name__})")
        if self.sens != 1.0:
            grads = [g * self.sens for g in grads]
        self.optimizer(tuple(grads))
        if self.return_grad:  # MindSpore 2.10: a dict from Parameter name to gradient
            return loss, {param.name: grad for param, grad in zip(self.weights, grads)}
        return loss
