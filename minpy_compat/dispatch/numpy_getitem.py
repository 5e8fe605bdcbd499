"""NumPy indexing of values that live in MXNet, with a gradient (the policy's fallback)."""
import numpy as onp
from autograd.extend import primitive

from .. import registry
from ..primitive import customop


@primitive
def scatter_add(values, index, shape, dtype):
    """Zeros of ``shape`` with ``values`` added at ``index`` (repeated indices add up)."""
    result = onp.zeros(shape, dtype)
    onp.add.at(result, index, values)
    return result


# Differentiable in turn (getitem is), so a gradient of a gradient reaches through it.
registry.define_vjp(scatter_add, lambda ans, values, index, shape, dtype: lambda g: g[index])


@customop('numpy')
def mx_value_getitem(x, index):
    return x[index]


mx_value_getitem.def_grad(
    lambda ans, x, index: lambda g: scatter_add(g, index, x.shape, x.dtype), argnum=0)


def _plain_index(index):
    from autograd.tracer import getval
    if type(index) is tuple:
        return tuple(_plain_index(i) for i in index)
    value = getval(index)
    return onp.asarray(value) if hasattr(value, "nd") else value


def numpy_getitem(value, index):
    return mx_value_getitem(value, _plain_index(index))
