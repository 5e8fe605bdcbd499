"""MindSpore 2.10's in-place Tensor methods (``x.add_(y)``, ``x.fill_(v)``, ``x.scatter_(...)``).

Each computes its result with the op of the same name, then writes it into ``x`` and
returns ``x`` itself: every name bound to ``x`` (and every view of its memory) sees the
change. The write is ``x[...] = result``, so under ``grad`` it is the differentiable
indexed write of ``assignment.py`` (the old value gets no gradient, the result all of
it), and on a Parameter it goes through the write journal (``write_journal.py``).

``x`` keeps its shape and dtype (documented MindSpore, as PyTorch): a result that only
widens ``x``'s dtype within its kind is cast back (float64 into float32); a float result
into an int ``x`` is refused (``x.add_(1.5)`` on Int32), as NumPy's ``x += 1.5`` is; a
result of another shape than ``x`` is refused. The fills (``fill_``, ``masked_fill_``,
``index_fill_``, ...) cast their value to ``x``'s dtype.

>>> import minpy_compat as ms
>>> x = ms.Tensor([1.0, 2.0])
>>> x.add_(ms.Tensor([3.0, 4.0]), alpha=2) is x, x
(True, array([ 7., 10.], dtype=float32))
"""
import numbers

import numpy as onp
from autograd.tracer import getval, isbox

from ..errors import CellArgumentError, CellTypeError, describe, message


def _np():
    from .. import numpy as facade
    return facade


def _ops():
    from .. import ops
    return ops


def write(self, result, where, casting="same_kind"):
    """Write ``result`` into ``self`` (same shape, ``self``'s dtype) and return ``self``."""
    shape, dtype = onp.shape(getval(self)), getval(self).dtype
    got = onp.shape(getval(result))
    if got != shape:
        try:
            fits = onp.broadcast_shapes(got, shape) == shape
        except ValueError:
            fits = False
        if not fits:
            raise CellArgumentError(message(
                where, f"a result of the Tensor's own shape {shape} (an in-place op keeps it)",
                f"shape {got}", "Use the op without '_' to get a result of another shape."))
        result = _np().broadcast_to(result, shape)
    have = onp.result_type(getval(result))
    if have != dtype:
        if not onp.can_cast(have, dtype, casting):
            raise CellTypeError(message(
                where, f"a result that casts to the Tensor's dtype {dtype}", f"{have}",
                f"Cast first: x = x.astype({have.name}), then call the op."))
        result = result.astype(dtype) if isbox(result) else onp.asarray(result).astype(dtype)
    self[...] = result
    return self


def _scalar_or_tensor(where, name, value):
    if isinstance(value, bool) or isinstance(value, numbers.Number) or \
            isinstance(getval(value), onp.ndarray) or isinstance(getval(value), onp.generic):
        return value
    raise CellTypeError(message(f"{where} {name}", "a number or a Tensor", describe(value)))


def _alpha(where, other, alpha):
    other = _scalar_or_tensor(where, "other", other)
    if not isinstance(alpha, numbers.Number):
        raise CellTypeError(message(f"{where} alpha", "a number", describe(alpha)))
    return other if alpha == 1 else other * alpha


def add_(self, other, *, alpha=1):
    """In place: ``self += alpha * other``; returns ``self``."""
    return write(self, self + _alpha("Tensor.add_", other, alpha), "Tensor.add_")


def sub_(self, other, *, alpha=1):
    """In place: ``self -= alpha * other``; returns ``self``."""
    return write(self, self - _alpha("Tensor.sub_", other, alpha), "Tensor.sub_")


def mul_(self, other):
    """In place: ``self *= other``; returns ``self``."""
    return write(self, self * _scalar_or_tensor("Tensor.mul_", "other", other), "Tensor.mul_")


def div_(self, other, *, rounding_mode=None):
    """In place: ``self / other`` (``rounding_mode`` None, 'floor' or 'trunc')."""
    if rounding_mode not in (None, "floor", "trunc"):
        raise CellArgumentError(message("Tensor.div_ rounding_mode", "None, 'floor' or 'trunc'",
                                        repr(rounding_mode)))
    other = _scalar_or_tensor("Tensor.div_", "other", other)
    return write(self, _ops().div(self, other, rounding_mode=rounding_mode), "Tensor.div_")


def remainder_(self, other):
    """In place: Python's modulo (the sign of ``other``)."""
    other = _scalar_or_tensor("Tensor.remainder_", "other", other)
    return write(self, _np().mod(self, other), "Tensor.remainder_")


def floor_divide_(self, other):
    """In place: ``floor(self / other)``."""
    other = _scalar_or_tensor("Tensor.floor_divide_", "other", other)
    return write(self, _np().floor_divide(self, other), "Tensor.floor_divide_")


def fill_(self, value):
    """In place: every element set to ``value`` (a number or a one-element Tensor)."""
    value = _scalar_or_tensor("Tensor.fill_", "value", value)
    if onp.size(getval(value)) != 1:
        raise CellArgumentError(message("Tensor.fill_ value", "a number or a one-element "
                                        "Tensor", f"shape {onp.shape(getval(value))}"))
    value = _np().reshape(value, ()) if onp.ndim(getval(value)) else value
    filled = _np().zeros(onp.shape(getval(self)), getval(self).dtype) + value
    return write(self, filled, "Tensor.fill_", "unsafe")


def zero_(self):
    """In place: every element set to 0."""
    return write(self, onp.zeros(onp.shape(getval(self)), getval(self).dtype), "Tensor.zero_")


def copy_(self, src, non_blocking=False):
    """In place: ``src``'s values (broadcast to ``self``'s shape, cast to its dtype)."""
    src = _scalar_or_tensor("Tensor.copy_", "src", src)
    return write(self, src, "Tensor.copy_", "unsafe")


def clamp_(self, min=None, max=None):
    """In place: limited to [min, max]."""
    return write(self, _ops().clamp(self, min, max), "Tensor.clamp_")


def masked_fill_(self, mask, value):
    """In place: ``value`` where ``mask`` is True."""
    return write(self, _ops().masked_fill(self, mask, value), "Tensor.masked_fill_", "unsafe")


def index_fill_(self, dim, index, value):
    """In place: ``value`` at ``index`` along ``dim``."""
    return write(self, _ops().index_fill(self, dim, index, value), "Tensor.index_fill_",
                 "unsafe")


def index_add_(self, dim, index, source, *, alpha=1):
    """In place: ``alpha * source`` added at ``index`` along ``dim`` (repeats add up)."""
    source = _alpha("Tensor.index_add_", source, alpha)
    return write(self, _ops().index_add(self, index, source, dim), "Tensor.index_add_")


def scatter_(self, dim, index, src=None, *, value=None, reduce="none"):
    """In place: ``src[i][j]`` (or the number ``value``) written at ``index[i][j]``
    along ``dim``; ``reduce='add'`` adds instead."""
    if (src is None) == (value is None):
        raise CellArgumentError(message("Tensor.scatter_", "one of src or value",
                                        "both" if src is not None else "neither"))
    if reduce not in ("none", "add"):
        raise CellArgumentError(message("Tensor.scatter_ reduce", "'none' or 'add'",
                                        repr(reduce)))
    if src is None or not isinstance(getval(src), onp.ndarray):
        fill = value if src is None else src
        src = onp.full(onp.shape(getval(index)), fill, getval(self).dtype)
    result = _ops().tensor_scatter_elements(self, index, src, dim, reduce)
    return write(self, result, "Tensor.scatter_")


def scatter_add_(self, dim, index, src):
    """In place: ``src[i][j]`` added at ``index[i][j]`` along ``dim``."""
    result = _ops().tensor_scatter_elements(self, index, src, dim, "add")
    return write(self, result, "Tensor.scatter_add_")


def _unary(name, fn):
    def method(self):
        return write(self, fn(self), f"Tensor.{name}_")
    method.__name__ = f"{name}_"
    method.__doc__ = f"In place: ``self.{name}()``; returns ``self``."
    return method


METHODS = {
    "add_": add_, "sub_": sub_, "mul_": mul_, "div_": div_, "remainder_": remainder_,
    "floor_divide_": floor_divide_, "fill_": fill_, "zero_": zero_, "copy_": copy_,
    "clamp_": clamp_, "masked_fill_": masked_fill_, "index_fill_": index_fill_,
    "index_add_": index_add_, "scatter_": scatter_, "scatter_add_": scatter_add_,
    "floor_": _unary("floor", lambda x: x if getval(x).dtype.kind in "biu" else _np().floor(x)),
    "log_": _unary("log", lambda x: _np().log(x)),
    "exp_": _unary("exp", lambda x: _np().exp(x)),
    "sigmoid_": _unary("sigmoid", lambda x: _ops().sigmoid(x)),
    "tanh_": _unary("tanh", lambda x: _np().tanh(x)),
    "sign_": _unary("sign", lambda x: _np().sign(x)),
    "erfinv_": _unary("erfinv", lambda x: _ops().erfinv(x)),
}
