"""``mint.optim``: MindSpore 2.10's PyTorch-style optimizers ``Adam``, ``AdamW``,
``FusedAdamW`` and ``SGD``. ``params`` are Parameters or group dicts (``param_groups``);
``optimizer(grads)`` updates them in place, as in MindSpore's training loop:

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> from minpy_compat.mint import optim
>>> net = nn.Dense(3, 1)
>>> opt = optim.SGD(net.trainable_params(), lr=0.1)
>>> grad_fn = ms.value_and_grad(lambda x: net(x).sum(), None, opt.parameters)
>>> loss, grads = grad_fn(ms.Tensor([[1.0, 2.0, 3.0]]))
>>> opt(grads)
True
"""
from ...lazy_names import lazy_names

_EXPORTS = {
    "base": ["Optimizer"],
    "adam": ["Adam", "AdamW", "FusedAdamW"],
    "sgd": ["SGD"],
}
__all__ = sorted(name for names in _EXPORTS.values() for name in names)
__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, globals())
