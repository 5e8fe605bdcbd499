"""MindSpore's Tensor methods whose arguments do not map one to one onto an ``ops``
function: ``x.select``, ``x.where``, ``x.add(y, alpha=2)``, ``x.expand``,
``x.sum_to_size``, ``x.masked_scatter``, ``x.index_put``, ``x.fill_diagonal``, ``x.H``,
... Each builds on ``ops`` and the facade (looked up at call time), so traced values
get gradients. ``tensor_methods`` attaches them (loaded on first use).
"""
import sys

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, message


def _ops():
    return sys.modules[__package__]


def _np():
    from .. import numpy as facade
    return facade


def _shape(x):
    return onp.shape(getval(x))


def _size(size, where):
    """``f(2, 3)``, ``f((2, 3))`` and ``f(Tensor([2, 3]))`` alike, as a tuple of ints."""
    if len(size) == 1 and not isinstance(size[0], (int, onp.integer)):
        size = onp.asarray(getval(size[0])).reshape(-1).tolist()
    if not all(isinstance(s, (int, onp.integer)) and not isinstance(s, bool) for s in size):
        raise CellTypeError(message(f"{where} size", "ints (or one tuple/Tensor of them)",
                                    repr(size), "Pass the sizes as ints."))
    return tuple(int(s) for s in size)


def select(self, *args, **kwargs):
    """``x.select(dim, index)`` picks ``index`` along ``dim``; ``x.select(condition, y)``
    (MindSpore's older overload) is ``ops.select(condition, x, y)``."""
    first = args[0] if args else kwargs.get("condition")
    if "y" in kwargs or "condition" in kwargs or (
            onp.ndim(getval(first)) > 0 and onp.asarray(getval(first)).dtype == bool):
        named = dict(zip(("condition", "y"), args), **kwargs)
        return _ops().select(named["condition"], self, named["y"])
    named = dict(zip(("dim", "index"), args), **kwargs)
    dim, index = named["dim"], named["index"]
    ndim = len(_shape(self))
    if not isinstance(dim, (int, onp.integer)) or not -ndim <= dim < ndim:
        raise CellArgumentError(message("Tensor.select dim", f"an int in [{-ndim}, {ndim})",
                                        repr(dim), "Pick an existing dimension."))
    return self[(slice(None),) * (int(dim) % ndim) + (int(index),)]


def where(self, condition, y):
    """``ops.where(condition, self, y)``."""
    return _ops().where(condition, self, y)


def add(self, other, *, alpha=1):
    """``self + alpha * other``."""
    return _ops().add(self, other if alpha == 1 else _ops().mul(other, alpha))


def expand(self, *size):
    """``self`` broadcast to ``size`` (-1 keeps a dimension), ``x.expand(2, 3)`` or
    ``x.expand((2, 3))``."""
    size, shape = _size(size, "Tensor.expand"), _shape(self)
    lead = len(size) - len(shape)
    if lead < 0 or any(d not in (1, s) and s != -1 for s, d in zip(size[lead:], shape)):
        raise CellArgumentError(message("Tensor.expand size", f"a shape {shape} broadcasts to",
                                        repr(size), "Give 1-sized dims the new size."))
    return _ops().broadcast_to(self, size)


def sum_to_size(self, *size):
    """``self`` summed down to ``size``, which it must broadcast from."""
    size, shape = _size(size, "Tensor.sum_to_size"), _shape(self)
    lead = len(shape) - len(size)
    if lead < 0 or any(s not in (1, d) for s, d in zip(size, shape[lead:])):
        raise CellArgumentError(message("Tensor.sum_to_size size",
                                        f"a shape {shape} broadcasts to", repr(size),
                                        "Give a size of 1 or the tensor's own per dim."))
    keep = tuple(lead + i for i, (s, d) in enumerate(zip(size, shape[lead:])) if s == 1 != d)
    out = _np().sum(self, axis=keep, keepdims=True) if keep else self
    return _np().sum(out, axis=tuple(range(lead))) if lead else out


def fill_diagonal(self, fill_value, wrap=False):
    """``self`` with its main diagonal set to ``fill_value`` (NumPy's rule, ``wrap`` for a
    tall matrix); not in place."""
    shape = _shape(self)
    if len(shape) < 2 or (len(shape) > 2 and len(set(shape)) != 1):
        raise CellArgumentError(message("Tensor.fill_diagonal input", "2-D or all dims equal",
                                        f"shape {shape}", "Reshape it first."))
    mask = onp.zeros(shape, bool)
    onp.fill_diagonal(mask, True, wrap=bool(wrap))
    value = _np().asarray(fill_value).astype(onp.asarray(getval(self)).dtype)
    return _np().where(mask, value, self)


def masked_scatter(self, mask, source):
    """``self`` with the places where ``mask`` is True filled, in order, from ``source``."""
    shape = _shape(self)
    flags = onp.broadcast_to(onp.asarray(getval(mask)), shape)
    if flags.dtype != bool:
        raise CellTypeError(message("Tensor.masked_scatter mask", "a bool Tensor",
                                    flags.dtype.name, "Pass a comparison's result."))
    if flags.sum() > onp.size(getval(source)):
        raise CellArgumentError(message("Tensor.masked_scatter source",
                                        f"at least {int(flags.sum())} elements",
                                        onp.size(getval(source)), "Give a larger source."))
    order = onp.maximum(onp.cumsum(flags.reshape(-1)) - 1, 0).reshape(shape)
    return _np().where(flags, _np().ravel(source)[order], self)


def index_put(self, indices, values, accumulate=False):
    """``self`` with ``self[indices] = values`` (or ``+=`` with ``accumulate``), not in
    place; ``indices`` is a tuple of int Tensors, one per leading dimension."""
    if not isinstance(indices, (tuple, list)) or not indices:
        raise CellTypeError(message("Tensor.index_put indices", "a non-empty tuple of int "
                                    "Tensors", type(indices).__name__, "Wrap them in a tuple."))
    cols = onp.broadcast_arrays(*[onp.asarray(getval(i)).reshape(-1) for i in indices])
    where = onp.stack(cols, -1)
    rows = (where.shape[0],) + _shape(self)[len(indices):]
    values = _ops().broadcast_to(_np().asarray(values).astype(
        onp.asarray(getval(self)).dtype), rows)
    op = _ops().tensor_scatter_add if accumulate else _ops().tensor_scatter_update
    return op(self, where, values)


def inplace_update(self, v, indices):
    """``self`` with the rows ``indices`` (an int or Tensor of them) replaced by ``v``."""
    rows = onp.asarray(getval(indices)).reshape(-1, 1)
    values = _np().reshape(v, (rows.shape[0],) + _shape(self)[1:])
    return _ops().tensor_scatter_update(self, rows, values)


def scatter_add(self, *args, **kwargs):
    """``x.scatter_add(dim, index, src)`` adds ``src`` along ``dim`` at ``index``; the
    older ``x.scatter_add(indices, updates)`` is ``ops.tensor_scatter_add``."""
    if len(args) + len(kwargs) == 3:
        named = dict(zip(("dim", "index", "src"), args), **kwargs)
        return _ops().tensor_scatter_elements(self, named["index"], named["src"],
                                              axis=named["dim"], reduction="add")
    return _ops().tensor_scatter_add(self, *args, **kwargs)


def diag(self, diagonal=0):
    """``ops.diag(self)``; MindSpore 2.10 takes only ``diagonal=0``."""
    if diagonal != 0:
        raise CellArgumentError(message("Tensor.diag diagonal", "0", repr(diagonal),
                                        "Use ops.diagflat(x, offset) for other diagonals."))
    return _ops().diag(self)


def _matrix_adjoint(where, two_d):
    def adjoint(self):
        ndim = len(_shape(self))
        if ndim < 2 or (two_d and ndim != 2):
            raise CellArgumentError(message(f"Tensor.{where}", "a 2-D Tensor" if two_d else
                                            "a Tensor of at least 2 dims", f"{ndim}-D",
                                            "Use x.t() for 1-D or x.mH for batches."))
        return _ops().adjoint(self)
    adjoint.__doc__ = f"``x.{where}``: the conjugate transpose (of the last two dims)."
    return adjoint


def _with_value(name):
    def method(self, axis=0, keep_dims=False):
        return getattr(_ops(), name)(self, axis, keep_dims)
    method.__doc__ = f"``(values, indices)`` of ``ops.{name}`` along ``axis``."
    return method


def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether all elements are close (a Python bool), NumPy's rule."""
    return bool(onp.allclose(getval(self), getval(other), rtol, atol, equal_nan))


def approximate_equal(self, other, tolerance=1e-05):
    """``|self - other| < tolerance`` elementwise (Bool)."""
    return _ops().ApproximateEqual(tolerance)(self, other)


def qr(self, some=True):
    """``ops.qr`` (reduced with ``some``, else complete)."""
    return _ops().qr(self, "reduced" if some else "complete")


METHODS = {
    "select": select, "where": where, "expand": expand, "sum_to_size": sum_to_size,
    "fill_diagonal": fill_diagonal, "masked_scatter": masked_scatter, "index_put": index_put,
    "inplace_update": inplace_update, "scatter_add": scatter_add, "diag": diag,
    "argmax_with_value": _with_value("max"), "argmin_with_value": _with_value("min"),
    "allclose": allclose, "approximate_equal": approximate_equal, "qr": qr, "add": add,
    "scatter_sub": lambda self, indices, updates: _ops().tensor_scatter_sub(
        self, indices, updates),
}
METHODS["scatter_sub"].__doc__ = "``ops.tensor_scatter_sub(self, indices, updates)``."
PROPERTIES = {"H": _matrix_adjoint("H", True), "mH": _matrix_adjoint("mH", False)}
