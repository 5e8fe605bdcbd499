"""Writes into values that live in MXNet: ``a[index] = v``, ``a[index] += v``, ``ufunc.at``.

MXNet's data is never written here. A write makes the new data in NumPy (NumPy's own
indexing and casting rules, and its errors) and the value takes it:

* an ``MXArray`` rebinds its ``nd`` to a copy of the new data in MXNet (two counted
  copies). Another MXArray that shares the old NDArray (``a.copy()``) keeps its numbers,
  as a NumPy copy would.
* a traced ``MXBox`` takes the value and node of ``to_mxnet(assign_at(box, index, v))``:
  ``assign_at`` is the differentiable assignment NumPy values use (any order), and
  ``to_mxnet`` brings its result back into MXNet with the gradient passed through.

A value made by indexing with ints and slices remembers where it came from
(``_view_of``, as a traced NumPy view does), so ``a[0][1] = v`` and ``row = a[0];
row[1] = v`` reach ``a``. Views taken before a write keep the old numbers.
A traced value written into an MXArray that is not traced (``out = np.zeros(3)`` under
``prefer_mxnet``, then ``out[0] = f(x)`` under ``grad``) makes it traced until the trace
closes (``mxnet_adopted``), as NumPy's ``Array`` becomes (``adopted``).
"""
import numpy as onp
from autograd.extend import primitive
from autograd.tracer import Box, getval, isbox

from .. import registry
from ..assignment import assign_at
from ..errors import TracedValueError, message
from ..traced_array import Rearranged, plain_index
from ..traced_writes import write_through
from . import mxnet_backend as backend


@primitive
def to_mxnet(value):
    """``value`` (NumPy data) as an ``MXArray`` on the current context (one counted copy)."""
    return backend.array(value)


def _as_numpy_gradient(g):
    """A gradient for a NumPy value: NumPy data (a traced gradient, of a higher order,
    is NumPy's already: MXNet ops do not run while two traces are open)."""
    return onp.asarray(g) if type(g) is backend._array.MXArray else g


registry.define_vjp(to_mxnet, lambda ans, value: _as_numpy_gradient)


def is_basic(index):
    """Whether ``x[index]`` is a view in NumPy (ints, slices, Ellipsis, None only)."""
    for part in index if type(index) is tuple else (index,):
        if not (type(part) in (int, slice, type(None)) or part is Ellipsis or
                isinstance(part, onp.integer)):
            return False
    return True


def _in_mxnet(result, base):
    """A view of MXArray ``base`` that NumPy computed (``a[::-1]``, ``a[None]``, any view
    under ``only_numpy``) as an MXArray beside its base (one counted copy), so writes into
    it reach ``base``: NumPy's result would be a read-only or detached copy of the cache."""
    if type(base) is not backend._array.MXArray or not isinstance(result, onp.ndarray) or \
            result.ndim == 0 or result.size == 0 or result.dtype not in backend.DTYPES:
        return result
    data = onp.array(result)
    return backend._array.MXArray(backend.copy_to_mxnet(data, base.nd.context), data.shape,
                                  data.dtype)


def mark_view(result, base, index):
    """Remember that ``result`` (``base[index]``) is a view of ``base``, where NumPy's would
    be one, so a write into it reaches ``base``."""
    if result is base or not is_basic(index):
        return result
    result = _in_mxnet(result, base)
    kind = type(result)
    if kind is backend._array.MXArray and type(base) is kind:
        result._view_of = (base, index)
    elif isbox(result) and isbox(base) and result._trace == base._trace and \
            hasattr(type(result), "_view_of"):
        result._view_of = (base, index)
    return result


def mark_rearranged(result, base, undo):
    """Remember that ``result`` rearranges all of ``base`` (``x.T``, ``x.reshape(...)``,
    views in NumPy): ``undo(view)`` puts a view's values back in ``base``'s arrangement.
    One of them lives in MXNet; the other may be NumPy's (``np.reshape`` of a NumPy array
    that MXNet computed)."""
    if result is base:
        return result
    result = _in_mxnet(result, base)
    if isbox(result) or isbox(base):
        viewing = isbox(result) and isbox(base) and result._trace == base._trace and \
            hasattr(type(result), "_view_of")
    else:
        viewing = type(result) is backend._array.MXArray and (
            type(base) is backend._array.MXArray or isinstance(base, onp.ndarray))
    if viewing:
        result._view_of = (base, Rearranged(undo))
    return result


def _adopted(array, value):
    """``array`` made traced by traced ``value`` (``mxnet_adopted``); else None."""
    if not isbox(value):
        return None
    from .mxnet_adopted import adopt
    adopt(array, value._trace)
    return array


def write(array, index, value):
    """``array[index] = value`` for an MXArray that is not traced."""
    if _adopted(array, value) is not None:
        array[index] = value
        return
    data = array.asnumpy()
    data[_plain(plain_index(index))] = _plain(value)
    replace(array, data)
    write_through(array)


def put(array, indices, values, mode="raise"):
    """``array.put(indices, values, mode)`` for an MXArray that is not traced."""
    if _adopted(array, values) is not None:
        array.put(indices, values, mode)
        return
    data = array.asnumpy()
    data.put(_plain(indices), _plain(values), mode=mode)
    replace(array, data)
    write_through(array)


def replace(array, data):
    """Give MXArray ``array`` the NumPy ``data`` (same shape and dtype) in place."""
    mxnet_context = array.nd.context
    array.nd = backend.copy_to_mxnet(data, mxnet_context)
    array._numpy, array.is_zeros, array._mxnet_context = None, False, mxnet_context


def write_traced(box, index, value):
    """``box[index] = value`` for a traced MXBox: it takes the new value and node."""
    updated = assign_at(box, plain_index(index), value)
    if not (isinstance(updated, Box) and updated._trace == box._trace):
        raise TracedValueError(message(
            "indexed assignment", "a value traced no deeper than the array it goes into",
            "a value from an inner grad", "Compute the array inside the same grad."))
    updated = to_mxnet(updated)
    box._value, box._node = updated._value, updated._node
    write_through(box)


def ufunc_at(ufunc, inputs, kwargs):
    """``ufunc.at(a, indices[, b])`` with an MXArray among the arguments (``a`` changes)."""
    array, plain = inputs[0], [_plain(v) for v in inputs]
    if type(array) is not backend._array.MXArray:  # an MXArray index or value only
        return ufunc.at(*plain, **kwargs)
    if _adopted(array, inputs[-1]) is not None:
        return ufunc.at(array, *inputs[1:], **kwargs)
    data = plain[0].copy()
    ufunc.at(data, *plain[1:], **kwargs)
    replace(array, data)
    write_through(array)


def ufunc_into_out(ufunc, method, inputs, kwargs):
    """``ufunc.<method>(..., out=...)`` with an MXArray among the out= arrays: NumPy writes
    into copies of their data (its casting rules, its errors), then each takes its copy."""
    if any(isbox(value) for value in inputs):  # the result is assigned: out= becomes traced
        from ..out_arguments import ufunc_into_out as traced_into_out  # where= too, as on NumPy's
        return traced_into_out(ufunc, method, inputs, dict(kwargs))
    outs = kwargs["out"] if type(kwargs["out"]) is tuple else (kwargs["out"],)
    MXArray = backend._array.MXArray
    scratch = tuple(target.asnumpy() if type(target) is MXArray else target for target in outs)
    getattr(ufunc, method)(*_plain(tuple(inputs)), **dict(kwargs, out=scratch))
    for target, data in zip(outs, scratch):
        if type(target) is MXArray:
            replace(target, data)
            write_through(target)
    return outs[0] if len(outs) == 1 else outs


def _plain(value):
    """MXArrays (also inside an index tuple) as NumPy data; anything else as it is."""
    if type(value) is tuple:
        return tuple(_plain(v) for v in value)
    return onp.asarray(value) if type(value) is backend._array.MXArray else value


# ---- in-place operators: a += v changes a, so every name bound to it sees the change ----
def adopt(array, new, opname):
    """``array <op>= other`` for an MXArray or MXBox, given ``new = array <op> other``:
    ``array`` takes ``new``'s data (cast to its dtype by NumPy's same_kind rule) and
    returns itself (an MXArray that is not traced becomes traced, see ``mxnet_adopted``).
    A result from an inner grad rebinds the name instead."""
    traced = isbox(array)
    if isbox(new) and not traced:
        traced = _adopted(array, new) is not None
    if isbox(new) != traced or (traced and new._trace != array._trace):
        return new
    shape, dtype = onp.shape(getval(new)), onp.result_type(getval(new))
    if shape != array.shape:
        raise ValueError(message(f"MXArray {opname}", f"a result of shape {array.shape}",
                                 f"shape {shape}"))
    if dtype != array.dtype and not onp.can_cast(dtype, array.dtype, "same_kind"):
        raise TypeError(message(f"MXArray {opname}", f"a result that casts to "
                                f"{array.dtype} (NumPy's same_kind rule)", f"{dtype}"))
    if traced:
        if dtype != array.dtype:
            new = new.astype(array.dtype)
        if type(getval(new)) is not backend._array.MXArray:
            new = to_mxnet(new)
        array._value, array._node = new._value, new._node
    elif type(new) is backend._array.MXArray and dtype == array.dtype:
        array.nd, array._numpy, array.is_zeros = new.nd, None, False
        array._mxnet_context = None
    else:
        replace(array, onp.asarray(new).astype(array.dtype, copy=False))
    write_through(array)
    return array


def _in_place(dunder, symbol):
    def operator(self, other):
        return adopt(self, getattr(self, dunder)(other), symbol)
    operator.__name__ = f"__i{dunder[2:]}"
    return operator


IN_PLACE = {f"__i{name}__": _in_place(f"__{name}__", symbol) for name, symbol in (
    ("add", "+="), ("sub", "-="), ("mul", "*="), ("truediv", "/="), ("pow", "**="),
    ("floordiv", "//="), ("mod", "%="), ("matmul", "@="), ("and", "&="), ("or", "|="),
    ("xor", "^="), ("lshift", "<<="), ("rshift", ">>="))}
