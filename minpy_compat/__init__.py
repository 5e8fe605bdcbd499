"""minpy_compat: write NumPy, get gradients, extend it with your own operators.

>>> import minpy_compat.numpy as np
>>> from minpy_compat import grad
>>> float(grad(lambda x: np.sum(np.tanh(x)))(np.zeros(3))[0])
1.0
"""
from .array import Array, Number
from .core import (convert_args, elementwise_grad, grad, grad_and_loss, hessian,
                   hessian_vector_product, jacobian, make_vjp, minpy_to_numpy, numpy_to_minpy,
                   return_numpy, value_and_grad)
from .primitive import Primitive, customop
from .context import Context, cpu, gpu, current_context
from .dispatch.policy import get_global_policy, set_global_policy, wrap_policy

__version__ = "0.1.0"
