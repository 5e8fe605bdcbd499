"""MindSpore 2.10's margin losses: ``triplet_margin_loss``, ``multilabel_margin_loss`` and
``soft_margin_loss`` (its CPU build has no kernel for them; the rules are its documented
ones, which PyTorch's match).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[0.1, 0.2, 0.4, 0.8]], ms.float32)
>>> ops.multilabel_margin_loss(x, ms.Tensor([[3, 0, -1, 1]], ms.int32))
array(0.85, dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from .checks import float_only
from .int_inputs import index_data
from .nnf_losses import _reduction
from .nnf_losses_more import _reduce


def _shape(x):
    return onp.shape(getval(x))


def _distance(x, y, p, eps):
    """``||x - y + eps||_p`` over axis 1."""
    diff = np.abs(x - y + eps)
    if p == 1:
        return np.sum(diff, axis=1)
    return np.sum(diff ** p, axis=1) ** (1.0 / p)


def _margin(where, margin):
    """A float ``margin``: MindSpore also takes a 0-d float Tensor (as a constant)."""
    if not is_tensor(margin):
        return margin
    data = onp.asarray(getval(margin))
    if data.ndim != 0 or data.dtype.kind != "f":
        raise CellArgumentError(message(f"{where} margin", "a float or a 0-d float Tensor",
                                        describe(margin)))
    return float(data)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False,
                        reduction="mean"):
    """``max(d(anchor, positive) - d(anchor, negative) + margin, 0)`` per row, ``d`` the
    p-norm distance over axis 1; ``swap`` takes the smaller of ``d(anchor, negative)`` and
    ``d(positive, negative)``."""
    where = "ops.triplet_margin_loss"
    _reduction("triplet_margin_loss", reduction)
    if isinstance(p, bool) or not isinstance(p, numbers.Integral) or p < 1:
        raise CellArgumentError(message(f"{where} p", "an int >= 1", repr(p)))
    margin = _margin(where, margin)
    for name, value in (("margin", margin), ("eps", eps)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise CellTypeError(message(f"{where} {name}", "a float", describe(value)))
    if not isinstance(swap, bool):
        raise CellTypeError(message(f"{where} swap", "a bool", describe(swap)))
    dtype = getval(float_only(f"{where} anchor", anchor)).dtype
    for name, x in (("positive", positive), ("negative", negative)):
        float_only(f"{where} {name}", x)
        if _shape(x) != _shape(anchor):
            raise CellArgumentError(message(f"{where} {name}", f"shape {_shape(anchor)} (the "
                                            "anchor's)", f"shape {_shape(x)}"))
    if len(_shape(anchor)) != 2:
        raise CellArgumentError(message(f"{where} anchor", "a 2-d Tensor (batch, features)",
                                        f"shape {_shape(anchor)}"))
    eps, p = dtype.type(eps), int(p)
    d_pos = _distance(anchor, positive, p, eps)
    d_neg = _distance(anchor, negative, p, eps)
    if swap:
        d_neg = np.minimum(d_neg, _distance(positive, negative, p, eps))
    loss = np.maximum(d_pos - d_neg + dtype.type(margin), dtype.type(0))
    return _reduce(loss, reduction, dtype)


def _target_mask(where, target, shape):
    """Per row, a 0/1 mask of the classes listed in ``target`` before its first -1."""
    index = index_data(target)
    if index.dtype.kind not in "iu":
        raise CellTypeError(message(f"{where} target", "an int Tensor", f"{index.dtype}"))
    if index.shape != shape:
        raise CellArgumentError(message(f"{where} target", f"shape {shape} (the input's)",
                                        f"shape {index.shape}"))
    rows = index.reshape(-1, shape[-1])
    mask = onp.zeros(rows.shape, bool)
    for row, labels in zip(mask, rows):
        for label in labels:
            if label < 0:
                break
            if label >= shape[-1]:
                raise CellArgumentError(message(f"{where} target", f"class indices in [-1, "
                                                f"{shape[-1]})", f"{label}"))
            row[label] = True
    return mask.reshape(shape)


def multilabel_margin_loss(input, target, reduction="mean"):
    """Per row, ``sum(max(0, 1 - (x[j] - x[i]))) / C`` over the target classes ``j`` (the
    labels before the first -1) and the other classes ``i``."""
    where = "ops.multilabel_margin_loss"
    _reduction("multilabel_margin_loss", reduction)
    dtype = getval(float_only(f"{where} input", input)).dtype
    shape = _shape(input)
    if len(shape) not in (1, 2):
        raise CellArgumentError(message(f"{where} input", "a 1-d or 2-d Tensor",
                                        f"shape {shape}"))
    mask = _target_mask(where, target, shape)
    x = np.reshape(input, (-1, shape[-1]))
    rows = mask.reshape(-1, shape[-1])
    # pairs[n, j, i]: 1 where j is a target class and i is not
    pairs = (rows[:, :, None] & ~rows[:, None, :]).astype(dtype)
    hinge = np.maximum(1 - (x[:, :, None] - x[:, None, :]), dtype.type(0))
    loss = np.sum(hinge * pairs, axis=(1, 2)) / dtype.type(shape[-1])
    if len(shape) == 1:
        loss = np.reshape(loss, ())
    return _reduce(loss, reduction, dtype)


def soft_margin_loss(input, target, reduction="mean"):
    """``log(1 + exp(-target * input))`` (targets 1 or -1), reduced."""
    from ..nn.loss_pairs import SoftMarginLoss
    _reduction("soft_margin_loss", reduction)
    return SoftMarginLoss(reduction)(input, target)
