"""MindSpore 2.10's ``AdamNoUpdateParam`` (an Adam step that returns ``var``'s change
instead of applying it), ``FusedCastAdamWeightDecay`` (``AdamWeightDecay`` on a float16 or
float32 ``var`` with float32 moments and a gradient divided by its global norm) and
``EmbeddingLookup`` (rows of a table, zero for the indices
outside it). ``AdamNoUpdateParam`` runs the dense ``Adam`` primitive on a zero ``var``,
``FusedCastAdamWeightDecay`` the dense ``AdamWeightDecay`` in float32; both write through
``writes.assign_all`` (all or none); ``EmbeddingLookup``'s
gradient comes from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> table = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
>>> ops.EmbeddingLookup()(table, ms.Tensor([2, 3]), 1).tolist()
[[3.0, 4.0], [0.0, 0.0]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter, Tensor, is_tensor
from .prims_apply import _grad, _params, _scalar
from .prims_apply2 import _flag
from .prims_base import AttrPrimitive, check_int
from .prims_rest1_optim import Adam, AdamWeightDecay
from .writes import assign_all


class AdamNoUpdateParam(AttrPrimitive):
    """``AdamNoUpdateParam(use_locking=False, use_nesterov=False)(m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, gradient)``: ``Adam``'s step on ``m`` and
    ``v``; returns the change ``Adam`` would add to ``var``, leaving it to the caller."""

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        w = type(self).__name__
        self._keep(use_locking=_flag(f"{w} use_locking", use_locking),
                   use_nesterov=_flag(f"{w} use_nesterov", use_nesterov))

    def __call__(self, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        w = "AdamNoUpdateParam"
        data, params = _params(w, ("m", "v"), (m, v))
        g = _grad(w, gradient, data[0], "gradient")
        names = ("beta1_power", "beta2_power", "lr", "beta1", "beta2", "epsilon")
        rates = [_scalar(f"{w} {n}", s, data[0]) for n, s in zip(names, (
            beta1_power, beta2_power, lr, beta1, beta2, epsilon))]
        temps = [Parameter(Tensor(onp.zeros_like(data[0])))] + \
            [Parameter(Tensor(d.copy())) for d in data]
        Adam(use_nesterov=self.use_nesterov)(*temps, *rates, g)
        assign_all([(params[0], temps[1]), (params[1], temps[2])])
        return Tensor(temps[0].view(onp.ndarray).copy())


class FusedCastAdamWeightDecay(AttrPrimitive):
    """``FusedCastAdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon,
    decay, gradient, global_norm)``: ``AdamWeightDecay`` with ``gradient / global_norm``,
    computed in float32 (``var`` may be float16); returns ``(var, m, v)``."""

    def __init__(self, use_locking=False):
        super().__init__()
        self._keep(use_locking=_flag(f"{type(self).__name__} use_locking", use_locking))

    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient, global_norm):
        w = "FusedCastAdamWeightDecay"
        (x, m_, v_), params = _params(w, ("var", "m", "v"), (var, m, v))
        for name, data in (("var", x), ("m", m_), ("v", v_)):
            wanted = ("float16", "float32") if name == "var" else ("float32",)
            if data.dtype.name not in wanted:
                raise CellTypeError(message(f"{w} {name}", f"a {' or '.join(wanted)} Parameter",
                                            describe(data)))
        g = onp.asarray(getval(gradient))
        if g.dtype.name not in ("float16", "float32"):
            raise CellTypeError(message(f"{w} gradient", "a float16 or float32 Tensor",
                                        describe(gradient)))
        if g.shape != x.shape:
            raise CellArgumentError(message(f"{w} gradient", f"var's shape {x.shape}",
                                            f"shape {g.shape}"))
        norm = _scalar(f"{w} global_norm", global_norm, m_)
        temps = [Parameter(Tensor(d.astype(onp.float32))) for d in (x, m_, v_)]
        AdamWeightDecay()(*temps, lr, beta1, beta2, epsilon, decay,
                          g.astype(onp.float32) / norm)
        assign_all(list(zip(params, temps)))
        return tuple(params)


def _offset(offset):
    """``EmbeddingLookup``'s offset: an int, or an int Tensor holding one."""
    if is_tensor(offset):
        data = onp.asarray(getval(offset))
        if data.dtype.kind in "iu" and data.size == 1:
            return int(data.reshape(()))
        raise CellTypeError(message("EmbeddingLookup offset", "an int or an int scalar Tensor",
                                    describe(offset)))
    return check_int("EmbeddingLookup offset", offset)


class EmbeddingLookup(AttrPrimitive):
    """``EmbeddingLookup()(input_params, input_indices, offset)``: the rows
    ``input_indices - offset`` of ``input_params``, zero for those outside ``[0,
    input_params.shape[0])``."""

    def __call__(self, input_params, input_indices, offset):
        w = "EmbeddingLookup"
        table = onp.asarray(getval(input_params))
        if not is_tensor(input_params) or table.ndim < 1:
            raise CellTypeError(message(f"{w} input_params", "a Tensor of at least 1 dimension",
                                        describe(input_params)))
        idx = onp.asarray(getval(input_indices))
        if not is_tensor(input_indices) or idx.dtype not in (onp.int32, onp.int64):
            raise CellTypeError(message(f"{w} input_indices", "an int32 or int64 Tensor",
                                        describe(input_indices)))
        local = idx - _offset(offset)
        inside = (local >= 0) & (local < table.shape[0])
        rows = np.take(input_params, onp.where(inside, local, 0), axis=0)
        mask = inside.reshape(inside.shape + (1,) * (table.ndim - 1)).astype(table.dtype)
        return rows * mask
