"""``numpy.lib.stride_tricks.sliding_window_view`` on a traced array: each window's
elements read back from the array by index, so the gradient adds up over the windows
each element is in (NumPy's own view has no place for a traced value). ``as_strided``
(raw memory strides, which a traced value does not have) is refused by name.
"""
import autograd.numpy as anp
import numpy as onp
from numpy.lib.stride_tricks import as_strided as _numpy_as_strided, \
    sliding_window_view as _numpy_sliding_window_view
from autograd.tracer import getval

from ..array import ARRAY_FUNCTIONS
from ..traced_array import CONVERSION_REFUSALS
from ..errors import TracedValueError, message


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """NumPy's windows of traced ``x`` (``numpy.lib.stride_tricks`` sends it here)."""
    if writeable:
        raise TracedValueError(message(
            "numpy.lib.stride_tricks.sliding_window_view argument 'writeable'",
            "writeable=False for a traced x (its windows are copies under grad)",
            "writeable=True", "Write into x itself, then take its windows."))
    values = getval(x)
    numbers = onp.arange(values.size).reshape(values.shape)
    index = _numpy_sliding_window_view(numbers, window_shape, axis)  # NumPy's checks
    return anp.reshape(x, (-1,))[index]


sliding_window_view.__wrapped__ = _numpy_sliding_window_view
ARRAY_FUNCTIONS[_numpy_sliding_window_view] = sliding_window_view

# as_strided converts x itself (no __array_function__): TracedArray.__array__ words this.
CONVERSION_REFUSALS[_numpy_as_strided.__code__] = message(
    "numpy.lib.stride_tricks.as_strided argument 0 'x'", "an array with memory strides",
    "a traced value (its gradient cannot follow raw strides)",
    "For windows use numpy.lib.stride_tricks.sliding_window_view(x, window_shape), "
    "which is differentiable; for the values alone, as_strided(x.asnumpy(), ...).")
