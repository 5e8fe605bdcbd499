"""NumPy indexing of values that live in MXNet, with a gradient (the policy's fallback)."""
import numpy as onp

from ..primitive import customop


@customop('numpy')
def mx_value_getitem(x, index):
    return x[index]


def _untake(ans, x, index):
    def grad(g):
        result = onp.zeros(x.shape, x.dtype)
        onp.add.at(result, index, g)  # repeated indices add up
        return result
    return grad


mx_value_getitem.def_grad(_untake, argnum=0)


def _plain_index(index):
    from autograd.tracer import getval
    if type(index) is tuple:
        return tuple(_plain_index(i) for i in index)
    value = getval(index)
    return onp.asarray(value) if hasattr(value, "nd") else value


def numpy_getitem(value, index):
    return mx_value_getitem(value, _plain_index(index))
