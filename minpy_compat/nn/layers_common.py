"""Helpers shared by the layer modules (``layers_dense``, ``layers_losses``,
``layers_recurrent``): constants as plain data, dtypes, batch means, one-hot labels.
"""
import numpy as onp
from autograd.tracer import getval, isbox

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


def _running(where, stat, width, dtype):
    """A running statistic as plain data of ``dtype`` and shape ``width``; None starts at
    zeros, and a value that broadcasts to ``width`` (a scalar) is spread over it."""
    if stat is None:
        return onp.zeros(width, dtype)
    stat = _plain(stat).astype(dtype)
    if not _broadcasts_to(stat.shape, width):
        raise ValueError(message(where, f"shape {width}, one value per normalised feature",
                                 f"shape {stat.shape}",
                                 "Pass the running statistics returned by the last call."))
    return onp.array(onp.broadcast_to(stat, width))


def _broadcasts_to(shape, target):
    """Whether an array of ``shape`` broadcasts to ``target`` without growing it."""
    if len(shape) > len(target):
        return False
    return all(s in (1, t) for s, t in zip(reversed(shape), reversed(target)))


def _check_ndim(where, x, ndim, layout, fix=""):
    """Refuse an ``x`` that does not have ``ndim`` dimensions (``layout`` names them)."""
    shape = np.shape(x)
    if len(shape) != ndim:
        raise ValueError(message(where, f"a {ndim}-d array {layout}", f"shape {shape}", fix))


def _check_rows(where, name, weight, rows, source):
    """``weight`` has ``rows`` rows, the width of ``source`` (an argument name); it is a
    matrix or, as ``dot`` allows, a vector."""
    shape = np.shape(weight)
    if len(shape) not in (1, 2) or shape[0] != rows:
        raise ValueError(message(f"{where} argument {name!r}", f"a matrix of {rows} rows, the "
                                 f"width of {source}", f"shape {shape}"))


def _check_bias(where, name, bias, shape):
    """``bias`` broadcasts to the layer's output ``shape`` without growing it."""
    if not _broadcasts_to(np.shape(bias), shape):
        raise ValueError(message(f"{where} argument {name!r}", "a shape that broadcasts to "
                                 f"{shape}, the output's", f"shape {np.shape(bias)}"))


def _stacked(states, x, h0):
    """Hidden states (N, T, H) from T states (N, H); T may be 0 (N from ``x`` (N, T, D),
    H from ``h0``)."""
    if not states:
        return np.zeros((np.shape(x)[0], 0, np.shape(h0)[-1]), dtype=_float_dtype(h0))
    return np.stack(states, axis=1)


def _check_mode(where, mode):
    if mode not in ("train", "test"):
        raise ValueError(message(f"{where} argument 'mode'", "'train' or 'test'", repr(mode)))


def _log_softmax(x):
    shifted = x - onp.max(getval(x), axis=1, keepdims=True)  # a constant shift: stability only
    return shifted - np.log(np.sum(np.exp(shifted), axis=1, keepdims=True))


def _onehot(label, scores, where, scores_name="x"):
    """``label`` as a one-hot matrix shaped like ``scores`` (N, C); one-hot passes through
    (a traced one as it is, so the loss has a gradient with respect to it too).
    A column of indices (N, 1) is read as indices, as ``Solver.check_accuracy`` reads it."""
    _check_ndim(f"{where} argument 0 {scores_name!r}", scores, 2, "of scores (N, C)",
                f"Reshape one sample with {scores_name}.reshape(1, -1).")
    N, C = onp.shape(getval(scores))
    if isbox(label) and onp.shape(getval(label)) == (N, C):
        return label  # soft targets that carry a gradient (another net's output, say)
    label, dtype = _plain(label), _float_dtype(scores)
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
