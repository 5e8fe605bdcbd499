"""NumPy functions whose result views all of a value in MXNet, on either backend.

``v = np.reshape(a, (3, 2)); v[0] = 1`` changes ``a`` in NumPy. Where ``a`` or the
result lives in MXNet (an ``MXArray``, or an ``MXBox`` under ``grad``), the result of
``np.reshape``, ``ravel``, ``transpose``, ``swapaxes``, ``moveaxis``, ``squeeze`` and
``expand_dims`` is marked here as a view of ``a``, with the rearrangement that undoes it
(as ``a.reshape(...)`` and ``a.T`` already are), so a write into it reaches ``a``.
"""
import numpy as onp
from autograd.tracer import getval

from ..backends.mxnet_array import MXArray
from ..backends.mxnet_layout import keeps_memory
from ..traced_views import undo_reshape, undo_transpose


def _reshape(a, *args, order="C", copy=None, **kwargs):
    shape = args[0] if args else kwargs.get("shape", kwargs.get("newshape"))
    reads_in_place = _reads_in_place(a, order, lambda x: x.reshape(shape))
    return undo_reshape(a, order) if not copy and reads_in_place else None


def _ravel(a, order="C"):
    return undo_reshape(a, order) if _reads_in_place(a, order, onp.ravel) else None


def _reads_in_place(a, order, rearrange):
    """Whether NumPy reshapes ``a`` in ``order`` without a copy: a C-ordered value (an
    MXArray's data always is, but a view of one, ``b.T``, stands for NumPy's strided view)
    read in C order; otherwise NumPy's result is a copy."""
    value = getval(a)
    if type(value) is MXArray:
        return order != "F" and keeps_memory(a, rearrange)
    return order != "F" and value.flags.c_contiguous


def _transpose(a, axes=None):
    return undo_transpose(a, axes)


def _swapaxes(a, axis1, axis2):
    return lambda view: view.swapaxes(axis1, axis2)


def _moveaxis(a, source, destination):
    from .. import numpy as facade
    return lambda view: facade.moveaxis(view, destination, source)


def _reshaping(a, *args, **kwargs):  # squeeze, expand_dims: the base's shape comes back
    shape = a.shape
    return lambda view: view.reshape(shape)


_UNDO = {onp.reshape: _reshape, onp.ravel: _ravel, onp.transpose: _transpose,
         onp.swapaxes: _swapaxes, onp.moveaxis: _moveaxis, onp.squeeze: _reshaping,
         onp.expand_dims: _reshaping}


def rearranging(raw):
    """The maker of the undo of ``raw``'s result, or None where ``raw`` makes no view."""
    return _UNDO.get(raw)


def as_view(undo_for, args, kwargs, result):
    """``result`` of a rearranging call on ``args[0]`` as its view (one of them is in
    MXNet)."""
    from ..backends.mxnet_writes import mark_rearranged
    base = args[0]
    if getattr(result, "_view_of", None) is not None:  # marked already (NumPy's path)
        return result
    raw = getval(base)
    if type(raw) is not MXArray and not (isinstance(raw, onp.ndarray) and raw.flags.writeable):
        return result  # NumPy's view would be read-only: the result is an array of its own
    value, cache = getattr(result, "_value", None), getattr(raw, "_numpy", None)
    if isinstance(value, onp.ndarray) and not value.flags.writeable and cache is not None \
            and onp.may_share_memory(value, cache):
        result._value = value.copy()  # NumPy viewed the read-only cache: writeable
    undo = undo_for(base, *args[1:], **kwargs)
    return result if undo is None else mark_rearranged(result, base, undo)
