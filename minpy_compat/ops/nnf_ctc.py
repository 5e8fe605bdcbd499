"""MindSpore 2.10's ``ops.ctc_loss``: the Connectionist Temporal Classification loss of
``log_probs`` (T, N, C) against padded ``targets`` (N, S), returning the loss and the
forward variables ``log_alpha`` (N, T, 2S+1). The loss is one op with a hand-written
gradient (the alpha-beta posterior), not a traced recursion.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> log_probs = ms.Tensor(onp.log(onp.full((3, 1, 2), 0.5)), ms.float32)
>>> loss, log_alpha = ops.ctc_loss(log_probs, ms.Tensor([[1]]), (3,), (1,), reduction="none")
>>> round(float(loss[0]), 4)  # three of the eight paths read "1"
0.9808
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, ReductionError, describe, message
from ..primitive import customop
from ..tensor import is_tensor
from . import ctc_kernel as K


def _float_tensor(where, x):
    if not is_tensor(x):
        raise CellTypeError(message(where, "a float32 or float64 Tensor", describe(x),
                                    "Wrap it: ms.Tensor(values, ms.float32)."))
    dtype = getval(x).dtype
    if dtype not in (onp.float32, onp.float64):
        raise CellTypeError(message(where, "a float32 or float64 Tensor", f"{dtype}",
                                    "Cast it first: x.astype(ms.float32)."))
    return x


def _int_values(where, value, shape_n=None):
    """``value`` (an int Tensor, or a tuple/list of ints for the lengths) as int64."""
    if is_tensor(value):
        data = onp.asarray(getval(value))
        if data.dtype not in (onp.int32, onp.int64):
            raise CellTypeError(message(where, "an int32 or int64 Tensor", f"{data.dtype}"))
    elif shape_n is not None and isinstance(value, (tuple, list)) and all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value):
        data = onp.asarray(value, dtype=onp.int64).reshape(-1)
    else:
        raise CellTypeError(message(where, "an int32 or int64 Tensor", describe(value)))
    if shape_n is not None and data.shape != (shape_n,):
        raise CellArgumentError(message(where, f"shape ({shape_n},) (the batch size)",
                                        f"shape {data.shape}"))
    return data.astype(onp.int64)


def _check_lengths(where, log_probs, targets, input_lengths, target_lengths):
    steps, batch, classes = getval(log_probs).shape
    if onp.any(input_lengths < 0) or onp.any(input_lengths > steps):
        raise CellArgumentError(message(f"{where} input_lengths", f"values in [0, {steps}] "
                                        "(T of log_probs)", f"{input_lengths.tolist()}"))
    if onp.any(target_lengths < 0) or onp.any(target_lengths > targets.shape[1]):
        raise CellArgumentError(message(f"{where} target_lengths", "values in [0, "
                                        f"{targets.shape[1]}] (S of targets)",
                                        f"{target_lengths.tolist()}"))
    used = onp.arange(targets.shape[1])[None, :] < target_lengths[:, None]
    if onp.any(used & ((targets < 0) | (targets >= classes))):
        raise CellArgumentError(message(f"{where} targets", f"labels in [0, {classes})",
                                        f"{targets[used].tolist()}"))


def checked_inputs(where, log_probs, targets, input_lengths, target_lengths, blank):
    """The integer inputs as int64 arrays, once every argument is checked."""
    _float_tensor(f"{where} log_probs", log_probs)
    shape = getval(log_probs).shape
    if len(shape) != 3:
        raise CellArgumentError(message(f"{where} log_probs", "a 3-D Tensor (T, N, C)",
                                        f"shape {shape}"))
    targets = _int_values(f"{where} targets", targets)
    if targets.ndim != 2:
        raise CellArgumentError(message(f"{where} targets", "a 2-D Tensor (N, S)",
                                        f"shape {targets.shape}"))
    input_lengths = _int_values(f"{where} input_lengths", input_lengths, shape[1])
    target_lengths = _int_values(f"{where} target_lengths", target_lengths, shape[1])
    if isinstance(blank, bool) or not isinstance(blank, numbers.Integral):
        raise CellTypeError(message(f"{where} blank", "an int", repr(blank)))
    if not 0 <= blank < shape[2]:
        raise CellArgumentError(message(f"{where} blank", f"an int in [0, {shape[2]})",
                                        repr(blank)))
    _check_lengths(where, log_probs, targets, input_lengths, target_lengths)
    return targets, input_lengths, target_lengths


# ---- the loss op ---------------------------------------------------------------------
def _forward(log_probs, targets, input_lengths, target_lengths, blank, merge_repeated):
    path = K.extended(targets, target_lengths, blank, merge_repeated)
    alpha = K.log_alpha(onp.asarray(log_probs), path, input_lengths)
    return path, alpha, K.nll(alpha, input_lengths, target_lengths)


@customop('numpy')
def ctc_nll(log_probs, targets, input_lengths, target_lengths, blank, merge_repeated,
            zero_infinity):
    """Per-sample CTC negative log-likelihood ``(N,)`` in ``log_probs``' dtype; with
    ``zero_infinity`` an impossible sample's loss (and gradient) is 0 instead of inf."""
    losses = _forward(log_probs, targets, input_lengths, target_lengths, blank,
                      merge_repeated)[2]
    if zero_infinity:
        losses = onp.where(onp.isinf(losses), 0.0, losses)
    return losses.astype(log_probs.dtype)


def ctc_nll_grad_log_probs(ans, log_probs, targets, input_lengths, target_lengths, blank,
                           merge_repeated, zero_infinity):
    log_probs = onp.asarray(log_probs)
    path, alpha, losses = _forward(log_probs, targets, input_lengths, target_lengths, blank,
                                   merge_repeated)
    beta = K.log_beta(log_probs, path, input_lengths, target_lengths)
    grad = K.nll_grad(log_probs, path, alpha, beta, losses, input_lengths)
    if zero_infinity:
        grad = onp.where(onp.isinf(losses)[None, :, None], 0.0, grad).astype(grad.dtype)
    return lambda g: (g[None, :, None] * grad).astype(log_probs.dtype)


ctc_nll.def_grad(ctc_nll_grad_log_probs, argnum=0)


def _reduced(loss, target_lengths, reduction, dtype):
    if reduction == "sum":
        return np.sum(loss)
    if reduction == "mean":
        return np.mean(loss / onp.maximum(target_lengths, 1).astype(dtype))
    return loss


def check_reduction(where, reduction, allowed=("none", "mean", "sum")):
    if not isinstance(reduction, str) or reduction not in allowed:
        raise ReductionError(message(f"{where} reduction", "one of " + ", ".join(
            repr(r) for r in allowed), repr(reduction)))
    return reduction


def check_bool(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "a bool", repr(value)))
    return value


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    """CTC loss of ``log_probs`` (T, N, C) against ``targets`` (N, S): ``(loss, log_alpha)``."""
    return ctc_loss_with_alpha("ops.ctc_loss", log_probs, targets, input_lengths,
                               target_lengths, blank, reduction, zero_infinity)


def ctc_loss_with_alpha(where, log_probs, targets, input_lengths, target_lengths, blank,
                        reduction, zero_infinity):
    """``ctc_loss`` with ``where`` naming the caller in error messages."""
    check_reduction(where, reduction)
    check_bool(f"{where} zero_infinity", zero_infinity)
    targets, input_lengths, target_lengths = checked_inputs(
        where, log_probs, targets, input_lengths, target_lengths, blank)
    dtype = getval(log_probs).dtype
    loss = ctc_nll(log_probs, targets, input_lengths, target_lengths, int(blank), True,
                   zero_infinity)
    path = K.extended(targets, target_lengths, int(blank))
    alpha = K.log_alpha(onp.asarray(getval(log_probs)), path, input_lengths)
    log_alpha = np.asarray(onp.ascontiguousarray(alpha.transpose(1, 0, 2)).astype(dtype))
    return _reduced(loss, target_lengths, reduction, dtype), log_alpha
