"""MinPy's names in ``minpy.numpy`` that NumPy lacks (MXNet's, reached by name in MinPy):
``onehot_encode``, ``softmax_output``, ``slice_axis``, and the deprecated ``set_policy``.

Written with the facade's own functions, so their gradients are the true ones (MinPy's
``softmax_output`` gradient ignored the upstream gradient; here it is the softmax's).

>>> import minpy_compat.numpy as np
>>> np.onehot_encode(np.array([2, 0]), np.zeros((2, 3)))
array([[0., 0., 1.],
       [1., 0., 0.]])
>>> np.slice_axis(np.arange(6).reshape(2, 3), axis=1, begin=1, end=2)
array([[1],
       [4]])
"""
import numbers

import numpy as onp

from ..array import to_numpy
from ..dispatch.policy import set_global_policy
from ..errors import message


def onehot_encode(indices, out):
    """MXNet's ``onehot_encode``: ``out[i, indices[i]] = 1``, every other entry 0; fills
    ``out`` (an (N, C) array) and returns it. Float labels holding whole numbers work."""
    where = "numpy.onehot_encode"
    labels, shape = onp.asarray(to_numpy(indices)), onp.shape(out)
    if len(shape) != 2 or labels.shape != shape[:1]:
        raise ValueError(message(where, "indices of shape (N,) and out of shape (N, C)",
                                 f"indices {labels.shape} and out {shape}",
                                 "Pass one label per row of out."))
    if labels.dtype.kind not in "biuf" or not onp.all(onp.mod(labels, 1) == 0) or \
            labels.size and not (labels.min() >= 0 and labels.max() < shape[1]):
        raise ValueError(message(where, f"whole-number labels in 0..{shape[1] - 1}",
                                 f"{labels!r:.80}", "Give each row's class index."))
    out[...] = 0
    out[onp.arange(shape[0]), labels.astype(onp.intp)] = 1
    return out


def softmax_output(x, label):
    """The softmax of ``x`` along axis 1 (MinPy's ``softmax_output``; ``label``, the one-hot
    labels, only fed MinPy's loss-shaped gradient). The cross-entropy of its result with
    ``label`` has the gradient ``(p - label) / N``, as in MinPy."""
    from .. import numpy as np
    if onp.ndim(x) < 2:
        raise ValueError(message("numpy.softmax_output argument 0 'x'", "an array of 2 or more "
                                 "dimensions (N, C, ...)", f"shape {onp.shape(x)}",
                                 "Reshape the scores to (N, C)."))
    shifted = x - np.max(x, axis=1, keepdims=True)  # exp cannot overflow
    exps = np.exp(shifted)
    return exps / np.sum(exps, axis=1, keepdims=True)


def slice_axis(data, axis, begin, end):
    """MXNet's ``slice_axis``: ``data[begin:end]`` along ``axis`` (``end=None``: to the end;
    negative positions count from the end), differentiable."""
    ndim = onp.ndim(data)
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral) or \
            not -ndim <= axis < ndim:
        raise ValueError(message("numpy.slice_axis argument 'axis'", f"an int in {-ndim}.."
                                 f"{ndim - 1} for an array of {ndim} dimensions", repr(axis)))
    return data[(slice(None),) * (axis % ndim) + (slice(begin, end),)]


def set_policy(policy):
    """MinPy's deprecated per-module setter: ``set_global_policy(policy)``."""
    set_global_policy(policy)
