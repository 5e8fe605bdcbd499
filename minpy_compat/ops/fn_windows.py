"""MindSpore's window functions: ``hann_window``, ``hamming_window``, ``bartlett_window``,
``blackman_window`` and ``kaiser_window``. A periodic window of length N is the first N
points of the symmetric window of length N + 1. As in MindSpore 2.10, ``bartlett_window``
and ``blackman_window`` take the length as an int Tensor; hann and kaiser default to
float64, the others to float32.

>>> from minpy_compat import ops
>>> ops.hann_window(4)
array([0. , 0.5, 1. , 0.5])
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellTypeError, message


def _length(where, window_length, tensor):
    value = getval(window_length)
    if tensor:
        if not hasattr(value, "dtype") or isinstance(value, onp.generic) or \
                onp.ndim(value) != 0 or value.dtype.kind not in "iu":
            raise CellTypeError(message(f"{where} window_length", "a 0-D int Tensor",
                                        repr(value), "Wrap it: ms.Tensor(5, ms.int32)."))
        value = int(value)
    elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise CellTypeError(message(f"{where} window_length", "a non-negative int",
                                    repr(value)))
    if value < 0:
        raise CellTypeError(message(f"{where} window_length", "a non-negative length",
                                    repr(value)))
    return value


def _window(where, window_length, periodic, dtype, default, shape, tensor=False):
    n = _length(where, window_length, tensor)
    if not isinstance(periodic, bool):
        raise CellTypeError(message(f"{where} periodic", "a bool", repr(periodic)))
    if n <= 1 and not tensor:  # MindSpore 2.10's hamming_window answers these in float64
        default = onp.float64
    dtype = onp.dtype(dtype or default)
    if dtype.kind != "f":
        raise CellTypeError(message(f"{where} dtype", "a float dtype", str(dtype)))
    if n <= 1:
        return np.asarray(onp.ones(n, dtype))
    size = n + 1 if periodic else n
    position = onp.arange(n, dtype=onp.float64) / (size - 1)
    return np.asarray(shape(position).astype(dtype))


def _cosine_sum(*weights):
    def shape(position):
        return sum(w * (-1) ** i * onp.cos(2 * onp.pi * i * position)
                   for i, w in enumerate(weights))
    return shape


def hann_window(window_length, periodic=True, *, dtype=None):
    """The Hann window 0.5 - 0.5 cos(2 pi n / (N - 1))."""
    return _window("ops.hann_window", window_length, periodic, dtype, onp.float64,
                   _cosine_sum(0.5, 0.5))


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    """The generalised Hamming window alpha - beta cos(2 pi n / (N - 1))."""
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise CellTypeError(message(f"ops.hamming_window {name}", "a float", repr(value)))
    return _window("ops.hamming_window", window_length, periodic, dtype, onp.float32,
                   _cosine_sum(alpha, beta))


def bartlett_window(window_length, periodic=True, *, dtype=None):
    """The triangular Bartlett window 1 - |2n / (N - 1) - 1| (length: an int Tensor)."""
    return _window("ops.bartlett_window", window_length, periodic, dtype, onp.float32,
                   lambda p: 1.0 - onp.abs(2.0 * p - 1.0), tensor=True)


def blackman_window(window_length, periodic=True, *, dtype=None):
    """The Blackman window 0.42 - 0.5 cos(2 pi n/(N-1)) + 0.08 cos(4 pi n/(N-1))
    (length: an int Tensor)."""
    return _window("ops.blackman_window", window_length, periodic, dtype, onp.float32,
                   _cosine_sum(0.42, 0.5, 0.08), tensor=True)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    """The Kaiser window I0(beta sqrt(1 - (2n/(N-1) - 1)^2)) / I0(beta)."""
    if not isinstance(beta, (int, float)) or isinstance(beta, bool):
        raise CellTypeError(message("ops.kaiser_window beta", "a float", repr(beta)))
    return _window("ops.kaiser_window", window_length, periodic, dtype, onp.float64,
                   lambda p: onp.i0(beta * onp.sqrt(onp.clip(1 - (2 * p - 1) ** 2, 0, None)))
                   / onp.i0(beta))
