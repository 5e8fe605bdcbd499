"""Helpers shared by the layer modules (``layers_dense``, ``layers_losses``,
``layers_recurrent``): constants as plain data, dtypes, batch means, one-hot labels.
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import to_numpy
from ..errors import message


def _plain(value):
    """A constant's plain NumPy data (running statistics and labels carry no gradient)."""
    return onp.asarray(to_numpy(value))


def _float_dtype(x):
    """``x``'s dtype when it is floating, else float64 (the dtype constants should take)."""
    dtype = onp.dtype(getattr(getval(x), "dtype", onp.float64))
    return dtype if dtype.kind == "f" else onp.dtype(onp.float64)


def _batch_mean(total, x):
    """``total / N`` in ``x``'s float dtype (NumPy 1.x makes a 0-d float32 / int float64)."""
    N = np.shape(x)[0]
    return total * onp.asarray(1.0 / N if N else onp.nan, _float_dtype(x))


def _running(stat, width, dtype):
    """A running statistic as plain data of ``dtype``; None starts at zeros."""
    return onp.zeros(width, dtype) if stat is None else _plain(stat).astype(dtype)


def _stacked(states, h0):
    """Hidden states (N, T, H) from T states (N, H); T may be 0."""
    if not states:
        return np.zeros((np.shape(h0)[0], 0, np.shape(h0)[1]), dtype=_float_dtype(h0))
    return np.stack(states, axis=1)


def _check_mode(where, mode):
    if mode not in ("train", "test"):
        raise ValueError(message(f"{where} argument 'mode'", "'train' or 'test'", repr(mode)))


def _log_softmax(x):
    shifted = x - onp.max(getval(x), axis=1, keepdims=True)  # a constant shift: stability only
    return shifted - np.log(np.sum(np.exp(shifted), axis=1, keepdims=True))


def _onehot(label, scores, where):
    """``label`` as a one-hot matrix shaped like ``scores`` (N, C); one-hot passes through.
    A column of indices (N, 1) is read as indices, as ``Solver.check_accuracy`` reads it."""
    label, dtype = _plain(label), _float_dtype(scores)
    N, C = onp.shape(getval(scores))
    if label.shape == (N, C):
        return label.astype(dtype)
    if label.shape == (N, 1):
        label = label.reshape(N)
    if label.shape != (N,):
        raise ValueError(message(f"{where} argument 1 'label'", f"{N} class indices or a "
                                 f"({N}, {C}) one-hot matrix", f"shape {label.shape}"))
    index = label.astype(onp.int64)
    if not onp.array_equal(index, label) or index.min(initial=0) < 0 or \
            index.max(initial=0) >= C:
        raise ValueError(message(f"{where} argument 1 'label'", f"integer class indices "
                                 f"in 0..{C - 1}", f"values from {label.min()} to {label.max()}"))
    onehot = onp.zeros((N, C), dtype=dtype)
    onehot[onp.arange(N), index] = 1
    return onehot
