"""The last single-device Cells of MindSpore 2.10's ``nn``: ``SyncBatchNorm`` (on one
device, BatchNorm over (N, C) or (N, C, H, W) inputs; ``process_groups`` is checked as
MindSpore checks it on a one-device run), ``TripletMarginWithDistanceLoss`` and the
function-wrapping ``Jvp``/``Vjp`` Cells (``ops.jvp``/``ops.vjp`` as Cells).

>>> import minpy_compat as ms
>>> from minpy_compat import nn
>>> nn.Vjp(lambda x: x * x)(ms.Tensor([3.0]), ms.Tensor([1.0]))
(array([9.], dtype=float32), array([6.], dtype=float32))
"""
import numbers

import numpy as onp

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from ..tracing import getval
from .cell import Cell
from .loss import LossBase
from .normalization import _BatchNorm


def _check_groups(process_groups):
    """MindSpore's checks on a one-device run: None (or 0), or a list of lists of distinct
    rank ids in [0, 1)."""
    where = "SyncBatchNorm process_groups"
    if process_groups is None or (process_groups == 0 and not isinstance(process_groups, bool)):
        return
    if not isinstance(process_groups, list) or \
            not all(isinstance(group, list) for group in process_groups):
        raise CellArgumentError(message(where, "None or a list of lists of rank ids",
                                        describe(process_groups)))
    ranks = [rank for group in process_groups for rank in group]
    if any(isinstance(r, bool) or not isinstance(r, int) or r != 0 for r in ranks):
        raise CellArgumentError(message(where, "rank ids in [0, 1) (this run has one device)",
                                        repr(process_groups)))
    if len(ranks) > 1:
        raise CellArgumentError(message(where, "each rank id once", repr(process_groups)))


class SyncBatchNorm(_BatchNorm):
    """BatchNorm synchronised across devices; on one device, BatchNorm of (N, C) or
    (N, C, H, W) inputs with MindSpore's Parameter names."""

    ranks = (2, 4)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones",
                 beta_init="zeros", moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, process_groups=None, dtype=onp.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init,
                         moving_mean_init, moving_var_init, use_batch_statistics, dtype=dtype)
        _check_groups(process_groups)
        self.process_groups = process_groups


def _pairwise_distance(x, y):
    """MindSpore's default distance: the 2-norm of ``|x - y|`` over axis 1."""
    if onp.ndim(getval(x)) < 2 and onp.ndim(getval(y)) < 2:
        raise CellArgumentError(message(
            "TripletMarginWithDistanceLoss input", "Tensors of rank >= 2 (the distance is "
            "taken over axis 1)", f"shape {onp.shape(getval(x))}", "Add a batch axis."))
    return np.sqrt(np.sum(np.square(x - y), axis=1))


class TripletMarginWithDistanceLoss(LossBase):
    """``max(d(x, positive) - d(x, negative) + margin, 0)`` reduced, ``d`` given (default:
    the 2-norm over axis 1); ``swap`` takes ``min(d(x, negative), d(positive, negative))``."""

    def __init__(self, distance_function=None, swap=False, reduction="mean", margin=1.0):
        super().__init__(reduction)
        where = "TripletMarginWithDistanceLoss"
        if not isinstance(margin, float):
            raise CellTypeError(message(f"{where} margin", "a float", describe(margin),
                                        "Write it as a float: margin=1.0."))
        if not isinstance(swap, bool):
            raise CellTypeError(message(f"{where} swap", "a bool", describe(swap)))
        if distance_function is not None and not callable(distance_function):
            raise CellTypeError(message(f"{where} distance_function", "a callable or None",
                                        describe(distance_function)))
        self.distance_function = distance_function or _pairwise_distance
        self.swap, self.margin = swap, margin

    def construct(self, x, positive, negative):
        for name, value in (("x", x), ("positive", positive), ("negative", negative)):
            if not is_tensor(value):
                raise CellTypeError(message(f"TripletMarginWithDistanceLoss {name}",
                                            "a Tensor", describe(value)))
        d_pos = self.distance_function(x, positive)
        d_neg = self.distance_function(x, negative)
        if self.swap:
            d_neg = np.minimum(d_neg, self.distance_function(positive, negative))
        return self.get_loss(np.maximum(d_pos - d_neg + self.margin, 0))


def _check_fn(where, fn):
    if not callable(fn):
        raise CellTypeError(message(f"{where} fn", "a function or a Cell", describe(fn)))
    return fn


def _split(where, args):
    if len(args) < 2:
        raise CellArgumentError(message(f"{where} inputs", "the function's inputs, then v",
                                        f"{len(args)} argument(s)"))
    return args[:-1], args[-1]


class Jvp(Cell):
    """``Jvp(fn)(*inputs, v)``: ``(fn(*inputs), J @ v)``, ``v`` a Tensor for one input, a
    tuple of them for several (``ops.jvp`` as a Cell)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = _check_fn("Jvp", fn)

    def construct(self, *args):
        from ..ops.transforms import jvp
        inputs, v = _split("Jvp", args)
        return jvp(self.fn, inputs, v)


class Vjp(Cell):
    """``Vjp(fn)(*inputs, v)``: ``(fn(*inputs), v @ J)``, the gradient a Tensor for one
    input, a tuple for several (``ops.vjp`` as a Cell)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = _check_fn("Vjp", fn)

    def construct(self, *args):
        from ..ops.transforms import vjp
        inputs, v = _split("Vjp", args)
        output, vjp_fn = vjp(self.fn, *inputs)
        grads = vjp_fn(v)
        return output, grads[0] if len(inputs) == 1 else grads
