"""The NumPy backend: custom ops see plain ``numpy.ndarray``s."""
import numpy as onp
from autograd.tracer import isbox

NAME = "numpy"
_NUMBERS = (bool, int, float, complex)


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
    if type(value) is dict:  # the gradient of a dict result (or a dict argument)
        return {key: to_backend(item) for key, item in value.items()}
    return value


def refusal(value, where):
    """NumPy holds any argument: never a message refusing one (see the MXNet backend's)."""
    return None


def grad_view(value):
    """A value as a gradient function receives it; traced values stay traced (2nd order)."""
    if isbox(value):
        return value
    return to_backend(value)


def from_backend(value, inputs=None):
    """A function's result back into the trace. Numbers (Python's, bools included, and
    NumPy scalars) become 0-d arrays, as NumPy's own scalar results are; a list of numbers
    becomes an array; a list holding arrays stays a list (MinPy's ops returned lists as
    they were; NumPy would refuse arrays of different shapes), its items and a tuple's
    converted one by one (a dict's values too). ``inputs``: unused here (the MXNet
    backend reads them)."""
    kind = type(value)
    if kind is onp.ndarray:
        return value
    if kind is tuple or kind is list and any(map(_holds_array, value)):
        return kind(from_backend(item) for item in value)
    if kind is dict:  # a dict's items as a tuple's, as the MXNet backend converts them
        return {key: from_backend(item) for key, item in value.items()}
    if kind is list or kind in _NUMBERS or isinstance(value, onp.generic):
        return onp.asarray(value)
    return value


def _holds_array(value):
    return isinstance(value, onp.ndarray) or type(value) in (list, tuple) and any(
        map(_holds_array, value))


def grad_from_backend(grad, arg):
    """A gradient as the op's gradient function returned it, a list or a Python number
    as an array (``arg``, the argument it is for, is checked against it afterwards)."""
    if type(grad) in (list, float, int, complex):
        return onp.asarray(grad)
    return grad
