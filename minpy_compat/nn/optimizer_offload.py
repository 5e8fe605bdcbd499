"""MindSpore 2.10's ``nn.AdamOffload``: Adam whose update runs on the host CPU to save device
memory. Everything runs on the CPU here, so it is ``nn.Adam`` under MindSpore's signature
(no ``use_amsgrad``), with the same updates.

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> opt = nn.AdamOffload(nn.Dense(2, 1).trainable_params(), learning_rate=0.1)
>>> opt.beta1, opt.beta2
(0.9, 0.999)
"""
from .adam import Adam


class AdamOffload(Adam):
    """Adam (``nn.Adam``'s update) with MindSpore's ``AdamOffload`` arguments."""

    _power_shape = (1,)  # MindSpore's AdamOffload keeps its beta powers in shape [1]

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov,
                         weight_decay, loss_scale)
