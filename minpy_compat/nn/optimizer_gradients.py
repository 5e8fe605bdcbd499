"""Which gradients an optimizer takes: ``_check_gradient`` refuses, with a message naming
the gradient and its Parameter, one whose shape or dtype cannot update that Parameter."""
import numpy as onp
from autograd.tracer import getval

from ..errors import OptimizerError, OptimizerTypeError, describe, message


def _check_gradient(where, param, grad, index=None):
    """A gradient is numbers whose shape broadcasts to its Parameter's without growing it
    (with ``index``, the message names the gradient and its Parameter, on an error only)."""
    data = onp.asarray(getval(grad))
    shape, dtype = data.shape, data.dtype
    if shape != param.shape and (len(shape) > param.ndim or any(
            s not in (1, n) for s, n in zip(reversed(shape), reversed(param.shape)))):
        raise OptimizerError(message(_gradient_where(where, param, index),
                                     f"shape {param.shape}, the Parameter's",
                                     f"shape {shape}", "Pass the gradients in the order of "
                                     "the optimizer's parameters."))
    if dtype.kind not in "biuf":
        raise OptimizerTypeError(message(_gradient_where(where, param, index), "real numbers",
                                         describe(grad)))


def _gradient_where(where, param, index):
    return where if index is None else f"{where} gradient {index} (Parameter '{param.name}')"
