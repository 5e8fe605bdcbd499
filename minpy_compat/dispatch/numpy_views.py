"""Views that NumPy makes of a value in MXNet (the NumPy path of ``run_op``).

NumPy reads an ``MXArray`` through its cached copy, which is read-only (the MXNet data
never changes under it). A view of that copy (``np.reshape(a, ...)``, ``np.flip``,
``np.asarray``, ``np.split``'s pieces) would be read-only where NumPy's view of ``a`` is
writeable, and writes into it could never reach ``a``. So such a result becomes an
``MXArray`` beside ``a`` (one counted copy) that remembers which of ``a``'s elements it
shows: a write into it reaches ``a``, as a write into NumPy's view would. Where NumPy's own
result would be read-only (``np.broadcast_to``, ``np.diagonal``) it stays as it is.
"""
import numpy as onp

from ..backends.mxnet_array import MXArray
from ..backends.mxnet_layout import keeps_memory
from ..traced_array import Rearranged


def views_of_mxarrays(function, args, kwargs, result):
    """``result`` of ``function(*args, **kwargs)`` on plain data, with each array in it
    that views an MXArray argument's data as an MXArray view of that argument."""
    bases = [arg for arg in args if type(arg) is MXArray and arg._numpy is not None]
    if not bases:
        return result
    kind = type(result)
    if kind is list or kind is tuple:
        if not any(_base_of(item, bases) is not None for item in result):
            return result
        return kind(_as_view(item, i, function, args, kwargs, bases)
                    for i, item in enumerate(result))
    if _base_of(result, bases) is None:
        return result
    return _as_view(result, None, function, args, kwargs, bases)


def _base_of(value, bases):
    if not isinstance(value, onp.ndarray) or value.ndim == 0 or value.size == 0:
        return None
    for base in bases:
        if onp.may_share_memory(value, base._numpy):
            return base
    return None


def _as_view(value, item, function, args, kwargs, bases):
    base = _base_of(value, bases)
    if base is None:
        return value
    from ..backends import mxnet_backend as backend
    if value.dtype not in backend.DTYPES:
        return value
    # Which of base's elements each element shows: the same call on their positions.
    numbered = onp.arange(base.size).reshape(base.shape)
    positions = function(*[numbered if arg is base else onp.asarray(arg) if type(arg) is
                           MXArray else arg for arg in args], **kwargs)
    positions = positions if item is None else positions[item]
    if not (isinstance(positions, onp.ndarray) and positions.flags.writeable and
            positions.shape == value.shape):
        return value  # NumPy's own result would be read-only: so is this one
    positions = positions.astype(onp.intp).ravel()
    view = MXArray(backend.copy_to_mxnet(onp.array(value), base.nd.context), value.shape,
                   value.dtype)
    if item is None and not keeps_memory(base, lambda stand_in: function(*[
            stand_in if arg is base else arg for arg in args], **kwargs)):
        return view  # base views another MXArray (b.T): NumPy's result is a copy

    def undo(written):
        data = base.asnumpy()
        data.reshape(-1)[positions] = onp.asarray(written).ravel()
        return data
    view._view_of = (base, Rearranged(undo))
    return view
