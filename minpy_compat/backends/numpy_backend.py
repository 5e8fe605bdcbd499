"""The NumPy backend: custom ops see plain ``numpy.ndarray``s."""
import numpy as onp
from autograd.tracer import isbox

NAME = "numpy"


def to_backend(value):
    """An argument as the op's function receives it: plain NumPy data."""
    if isinstance(value, onp.ndarray):
        return value.view(onp.ndarray) if type(value) is not onp.ndarray else value
    asnumpy = getattr(value, "asnumpy", None)  # MXNet NDArray, Number
    if asnumpy is not None and not isinstance(value, (float, int)):
        return asnumpy()
    if type(value) is list:
        return [to_backend(v) for v in value]
    if type(value) is tuple:
        return tuple(to_backend(v) for v in value)
    return value


def grad_view(value):
    """A value as a gradient function receives it; traced values stay traced (2nd order)."""
    if isbox(value):
        return value
    return to_backend(value)


def from_backend(value, inputs=None):
    """A function's result back into the trace: lists and Python numbers become arrays
    (a number a 0-d one, as NumPy's own scalar results are). ``inputs``: unused here
    (the MXNet backend reads them for 0-d results)."""
    if type(value) in (list, float, int, complex):
        return onp.asarray(value)
    return value
