"""MindSpore 2.10's sparse optimizer-step primitives (``SparseApplyAdagrad``,
``SparseApplyAdagradV2``, ``SparseApplyFtrl``, ``SparseApplyRMSProp``, ``FusedSparseAdam``,
``FusedSparseLazyAdam``, ``FusedSparseFtrl``, ``FusedSparseProximalAdagrad``), and
``AdamNoUpdateParam`` and ``EmbeddingLookup``.

A sparse step runs the dense ``Apply*`` primitive on the rows of ``var`` (and its slots)
named by ``indices``, with ``grad``'s rows as their gradient. Repeated indices follow
MindSpore 2.10's CPU kernels: ``SparseApplyAdagrad`` and the ``FusedSparse*`` ones sum the
gradients of a repeated row and step it once; ``SparseApplyAdagradV2``, ``SparseApplyFtrl``
and ``SparseApplyRMSProp`` step a repeated row once per occurrence, in order. Every new
value is computed first and written through ``writes.assign_all``, so a bad argument leaves
every Parameter as it was; the write is not differentiated.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> var = ms.Parameter(ms.Tensor([[1.0], [2.0]]), name='var')
>>> accum = ms.Parameter(ms.Tensor([[0.0], [0.0]]), name='accum')
>>> step = ops.SparseApplyAdagrad(0.5)
>>> [t.tolist() for t in step(var, accum, ms.Tensor([[2.0]]), ms.Tensor([1]))]
[[[1.0], [1.5]], [[0.0], [4.0]]]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter, Tensor, is_tensor
from .prims_apply import ApplyAdagrad, ApplyRMSProp, _params, _scalar
from .prims_apply2 import ApplyAdagradV2, ApplyFtrl, ApplyProximalAdagrad, _flag, _float
from .prims_base import AttrPrimitive
from .prims_rest1_optim import Adam
from .writes import assign_all


def _sparse_grad(where, grad, var):
    data = onp.asarray(getval(grad))
    if data.dtype.kind != "f" or not onp.can_cast(data.dtype, var.dtype, "safe"):
        raise CellTypeError(message(f"{where} grad", f"a {var.dtype} Tensor like var (or a "
                                    "narrower float one)", describe(grad)))
    if data.ndim != var.ndim or data.shape[1:] != var.shape[1:]:
        raise CellArgumentError(message(f"{where} grad", f"shape (n, *{var.shape[1:]}) (rows "
                                        f"of var {var.shape})", f"shape {data.shape}"))
    return data


def _indices(where, indices, count, rows):
    data = onp.asarray(getval(indices))
    if not is_tensor(indices) or data.dtype not in (onp.int32, onp.int64):
        raise CellTypeError(message(f"{where} indices", "an int32 or int64 Tensor",
                                    describe(indices)))
    if data.shape != (count,):
        raise CellArgumentError(message(f"{where} indices", f"shape ({count},) (one index per "
                                        "row of grad)", f"shape {data.shape}"))
    if data.size and (data.min() < 0 or data.max() >= rows):
        raise CellArgumentError(message(f"{where} indices", f"rows in [0, {rows})",
                                        f"{data.tolist()}", "Index rows of var."))
    return data


def _summed(idx, grad):
    """The distinct rows of ``idx`` and, for each, the sum of its rows of ``grad``."""
    rows, inverse = onp.unique(idx, return_inverse=True)
    total = onp.zeros((rows.size,) + grad.shape[1:], grad.dtype)
    onp.add.at(total, inverse.reshape(-1), grad)
    return rows, total


def _checked(where, names, slots, grad, indices):
    """The slots' data and Parameters, ``grad``'s and ``indices``' data, all checked; the
    data in float32 when the slots are float16 (MindSpore's kernels step in float32)."""
    data, params = _params(where, names, slots)
    g = _sparse_grad(where, grad, data[0])
    idx = _indices(where, indices, g.shape[0], data[0].shape[0])
    work = onp.promote_types(data[0].dtype, onp.float32)
    return [d.astype(work) for d in data], params, g.astype(work), idx


def _rows_step(where, names, slots, grad, indices, dense, summed):
    """Run ``dense(row_parameters, row_grad)`` on the rows named by ``indices``; write every
    slot at once; returns the slots' Parameters."""
    data, params, g, idx = _checked(where, names, slots, grad, indices)
    new = [d.copy() for d in data]
    batches = [_summed(idx, g)] if summed else [(idx[i:i + 1], g[i:i + 1])
                                                for i in range(idx.size)]
    for rows, row_grad in batches:
        temps = [Parameter(Tensor(n[rows])) for n in new]
        dense(temps, row_grad)
        for n, t, p in zip(new, temps, params):
            n[rows] = t.view(onp.ndarray).astype(p.dtype)  # each step lands in var's dtype
    assign_all(list(zip(params, new)))
    return tuple(params)


class SparseApplyAdagrad(AttrPrimitive):
    """``SparseApplyAdagrad(lr, update_slots=True, use_locking=False)(var, accum, grad,
    indices)``: ``ApplyAdagrad`` on the rows named by ``indices`` (a repeated row's
    gradients summed); returns ``(var, accum)``."""

    def __init__(self, lr, update_slots=True, use_locking=False):
        super().__init__()
        w = type(self).__name__
        self._keep(lr=_float(f"{w} lr", lr),
                   update_slots=_flag(f"{w} update_slots", update_slots),
                   use_locking=_flag(f"{w} use_locking", use_locking))

    def __call__(self, var, accum, grad, indices):
        dense = ApplyAdagrad(self.update_slots)
        return _rows_step("SparseApplyAdagrad", ("var", "accum"), (var, accum), grad, indices,
                          lambda p, g: dense(*p, self.lr, g), summed=True)


class SparseApplyAdagradV2(AttrPrimitive):
    """``SparseApplyAdagradV2(lr, epsilon, use_locking=False, update_slots=True)(var, accum,
    grad, indices)``: ``ApplyAdagradV2`` on the rows named by ``indices``, once per
    occurrence; returns ``(var, accum)``."""

    def __init__(self, lr, epsilon, use_locking=False, update_slots=True):
        super().__init__()
        w = type(self).__name__
        self._keep(lr=_float(f"{w} lr", lr), epsilon=_float(f"{w} epsilon", epsilon),
                   use_locking=_flag(f"{w} use_locking", use_locking),
                   update_slots=_flag(f"{w} update_slots", update_slots))

    def __call__(self, var, accum, grad, indices):
        dense = ApplyAdagradV2(self.epsilon, self.update_slots)
        return _rows_step("SparseApplyAdagradV2", ("var", "accum"), (var, accum), grad,
                          indices, lambda p, g: dense(*p, self.lr, g), summed=False)


class _FtrlStep(AttrPrimitive):
    summed = False

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__()
        w = type(self).__name__
        self._keep(lr=_float(f"{w} lr", lr), l1=_float(f"{w} l1", l1),
                   l2=_float(f"{w} l2", l2), lr_power=_float(f"{w} lr_power", lr_power),
                   use_locking=_flag(f"{w} use_locking", use_locking))

    def __call__(self, var, accum, linear, grad, indices):
        dense = ApplyFtrl()
        return _rows_step(type(self).__name__, ("var", "accum", "linear"),
                          (var, accum, linear), grad, indices,
                          lambda p, g: dense(*p, g, self.lr, self.l1, self.l2, self.lr_power),
                          summed=self.summed)


class SparseApplyFtrl(_FtrlStep):
    """``SparseApplyFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad,
    indices)``: ``ApplyFtrl`` on the rows named by ``indices``, once per occurrence;
    returns ``(var, accum, linear)``."""


class FusedSparseFtrl(_FtrlStep):
    """``FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad,
    indices)``: ``ApplyFtrl`` on the rows named by ``indices`` (a repeated row's gradients
    summed); returns ``(var, accum, linear)``."""
    summed = True


class SparseApplyRMSProp(AttrPrimitive):
    """``SparseApplyRMSProp(rho, momentum, epsilon, use_locking=False)(var, ms, mom, lr,
    grad, indices)``: ``ApplyRMSProp`` on the rows named by ``indices``, once per
    occurrence; returns ``(var, ms, mom)``."""

    def __init__(self, rho, momentum, epsilon, use_locking=False):
        super().__init__()
        w = type(self).__name__
        self._keep(rho=_float(f"{w} rho", rho), momentum=_float(f"{w} momentum", momentum),
                   epsilon=_float(f"{w} epsilon", epsilon),
                   use_locking=_flag(f"{w} use_locking", use_locking))

    def __call__(self, var, ms, mom, lr, grad, indices):
        w = "SparseApplyRMSProp"
        lr = _scalar(f"{w} lr", lr, onp.asarray(getval(var)))
        dense = ApplyRMSProp()
        return _rows_step(w, ("var", "ms", "mom"), (var, ms, mom), grad, indices,
                          lambda p, g: dense(*p, lr, g, self.rho, self.momentum,
                                             self.epsilon), summed=False)


class FusedSparseProximalAdagrad(AttrPrimitive):
    """``FusedSparseProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad,
    indices)``: ``ApplyProximalAdagrad`` on the rows named by ``indices`` (a repeated row's
    gradients summed); returns ``(var, accum)``."""

    def __init__(self, use_locking=False):
        super().__init__()
        self._keep(use_locking=_flag(f"{type(self).__name__} use_locking", use_locking))

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        w = "FusedSparseProximalAdagrad"
        like = onp.asarray(getval(var))
        lr, l1, l2 = (_scalar(f"{w} {n}", s, like)
                      for n, s in (("lr", lr), ("l1", l1), ("l2", l2)))
        dense = ApplyProximalAdagrad()
        return _rows_step(w, ("var", "accum"), (var, accum), grad, indices,
                          lambda p, g: dense(*p, lr, l1, l2, g), summed=True)


class _AdamStep(AttrPrimitive):
    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        w = type(self).__name__
        self._keep(use_locking=_flag(f"{w} use_locking", use_locking),
                   use_nesterov=_flag(f"{w} use_nesterov", use_nesterov))

    def _rates(self, var, rates):
        like = onp.asarray(getval(var))
        names = ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon")
        return [_scalar(f"{type(self).__name__} {n}", s, like) for n, s in zip(names, rates)]


class FusedSparseAdam(_AdamStep):
    """``FusedSparseAdam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, grad, indices)``: ``Adam`` with the gradient
    zero outside the rows named by ``indices`` (a repeated row's gradients summed): ``m``
    and ``v`` decay everywhere; ``var`` moves everywhere, or (Nesterov) on those rows only;
    returns ``(var, m, v)``."""

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad,
                 indices):
        w = "FusedSparseAdam"
        rates = self._rates(var, (beta1_power, beta2_power, lr, beta1, beta2, epsilon))
        data, params, g, idx = _checked(w, ("var", "m", "v"), (var, m, v), grad, indices)
        rows, total = _summed(idx, g)
        full = onp.zeros_like(data[0])
        full[rows] = total
        temps = [Parameter(Tensor(d.copy())) for d in data]
        Adam(use_nesterov=self.use_nesterov)(*temps, *rates, full)
        new = [t.view(onp.ndarray) for t in temps]
        if self.use_nesterov:  # MindSpore's kernel moves var on the named rows only
            missed = onp.setdiff1d(onp.arange(data[0].shape[0]), rows)
            new[0][missed] = data[0][missed]
        assign_all(list(zip(params, new)))
        return tuple(params)


class FusedSparseLazyAdam(_AdamStep):
    """``FusedSparseLazyAdam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, grad, indices)``: ``Adam`` on the rows named by
    ``indices`` only (a repeated row's gradients summed); returns ``(var, m, v)``."""

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad,
                 indices):
        rates = self._rates(var, (beta1_power, beta2_power, lr, beta1, beta2, epsilon))
        dense = Adam(use_nesterov=self.use_nesterov)
        return _rows_step("FusedSparseLazyAdam", ("var", "m", "v"), (var, m, v), grad,
                          indices, lambda p, g: dense(*p, *rates, g), summed=True)
