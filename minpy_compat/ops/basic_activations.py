"""MindSpore's oldest activation function ops: ``ops.relu``, ``ops.relu6``,
``ops.sigmoid``, ``ops.softmax`` and ``ops.log_softmax`` (the newer ones live in
``activations.py`` and ``nnf_activations.py``).

Gradients are the tracer's, except where MindSpore's differ at a kink (relu at 0, relu6
at 6), which the forms below follow. ``relu`` is its own op: ``fmax(x, 0)`` forward and
``g`` times the mask backward, each one fast pass (``np.where`` with a random mask takes
~20x longer on a (256, 256) float32 array: NumPy's where loop branches per element).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.relu6(ms.Tensor([-1.0, 3.0, 7.0]))
array([0., 3., 6.], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..primitive import customop
from .checks import float_only, keeps_float_dtype
from .promotion import _dtype_of, _float_like_inputs


@customop('numpy')
def _rectified(x):
    """``x`` where it is above 0, else 0 (NaN too, as ``x > 0`` picks): ``fmax(x, 0)``, then
    ``+ 0`` in place so that -0.0 becomes 0.0 as well."""
    out = onp.fmax(x, 0)
    if isinstance(out, onp.ndarray) and out.dtype.kind == "f":
        out += 0
    return out


def _rectified_grad(ans, x):
    kept = ans > 0  # x > 0 exactly: fmax sends NaN, -0.0 and negatives to 0

    def vjp(g):
        if type(g) is onp.ndarray and onp.isfinite(g).all():
            out = kept.astype(g.dtype)
            out *= g
            return out
        return np.where(kept, g, 0)  # traced (higher order), or NaN/inf dropped as where drops
    return vjp


_rectified.def_grad(_rectified_grad)


@keeps_float_dtype
def relu(input):
    """max(x, 0) with gradient 0 at 0 (MindSpore's, not autograd's 0.5); Bool stays Bool."""
    if _dtype_of(input) == onp.bool_:
        return input
    if not isinstance(getval(input), onp.ndarray):  # a Python number: NumPy's scalar result
        return np.where(getval(input) > 0, input, 0)
    return _rectified(input)


@keeps_float_dtype
def relu6(input):
    """min(max(x, 0), 6) with MindSpore's gradient: 1 on (0, 6], so 1 at x == 6."""
    float_only("ops.relu6 input", input)
    return np.where(getval(input) > 6, 6, relu(input))


def sigmoid(input):
    """``1 / (1 + exp(-input))`` elementwise; int and Bool inputs are refused."""
    float_only("ops.sigmoid input", input)
    # tanh form: no overflow warning for large negative inputs, dtype kept
    return _float_like_inputs((np.tanh(input * 0.5) + 1) * 0.5, input)


def softmax(input, axis=-1, *, dtype=None):
    """``exp(input)`` normalised to sum to 1 along ``axis`` (float inputs; ``dtype``
    casts first)."""
    if dtype is not None:
        input = input.astype(dtype)
    float_only("ops.softmax input", input)
    if not onp.size(getval(input)):  # an empty input (max has nothing to reduce)
        return input * 1
    shifted = input - np.max(getval(input), axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(input, axis=-1):
    """``log(softmax(input, axis))``, computed without overflow (float inputs)."""
    float_only("ops.log_softmax input", input)
    if not onp.size(getval(input)):  # an empty input (max has nothing to reduce)
        return input * 1
    shifted = input - np.max(getval(input), axis=axis, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))
