"""How a ``TracedArray`` hands out views, as NumPy does: ``x[basic index]`` and the
rearranging methods (``transpose``, ``swapaxes``, ``reshape``, ``ravel``, ``squeeze``,
``T``, ``mT``, and the read-only ``diagonal``) mark their result as a view of ``x`` where
NumPy's result would be one, so a write into it reaches ``x``. Importing this module
installs them on ``TracedArray`` (with ``lean_call``'s operators first, which
``__getitem__`` wraps); ``array`` imports it.
"""
import numpy as onp
from autograd.tracer import getval

from .lean_call import lean_operators
from .live_views import remember_view
from .memory_order import concrete_order, memory_order_positions
from .traced_array import Rearranged, TracedArray, int_input_original, shape_argument
from .traced_methods import facade_function as _facade


def _is_basic(index):
    """Whether ``x[index]`` is a NumPy view (no index arrays, lists or booleans)."""
    for part in index if type(index) is tuple else (index,):
        kind = type(part)
        if not (kind is int or kind is slice or part is Ellipsis or part is None or
                isinstance(part, onp.integer)):
            return False
    return True


def mark_view(result, base, undo, redo=None):
    """Remember that traced ``result`` views all of ``base`` (``undo(view)`` puts a view's
    values back in ``base``'s arrangement; ``redo(base)``, the call that made it, makes it
    again after a write into ``base``), where NumPy's result would share memory."""
    if type(result) is TracedArray and type(base) is TracedArray and result is not base and \
            result._trace == base._trace and onp.may_share_memory(result._value, base._value):
        remember_view(result, base, Rearranged(undo, redo))
    return result


def _rearranging(method, undo_for):
    """``method`` marking its result as a view of ``self`` where NumPy's own result would
    be one (it shares the value's memory): writes into it reach ``self``, as in NumPy.
    ``undo_for(self, *args, **kwargs)`` gives the ``undo`` of that call."""
    def rearranged(self, *args, **kwargs):
        return mark_view(method(self, *args, **kwargs), self,
                         undo_for(self, *args, **kwargs),
                         lambda base: method(base, *args, **kwargs))
    rearranged.__name__ = getattr(method, "__name__", "rearranged")
    rearranged.__doc__ = getattr(method, "__doc__", None)
    return rearranged


def undo_reshape(base, order="C"):
    """The ``undo`` of a reshape or ravel of ``base`` that read it in ``order``."""
    shape = base.shape
    positions = memory_order_positions(getval(base)) if order == "K" else None
    if positions is not None:
        inverse = onp.argsort(positions)
        return lambda view: view.reshape(-1)[inverse].reshape(shape)
    order = concrete_order(getval(base), "C" if order == "K" else order)
    return lambda view: view.reshape(shape, order=order)


def undo_transpose(self, *axes):
    axes = shape_argument(axes) or tuple(reversed(range(self.ndim)))
    inverse = tuple(onp.argsort([axis % self.ndim for axis in axes]))  # (0, -1, 1) too
    return lambda view: view.transpose(inverse)


def undo_swapaxes(self, first, second):
    return lambda view: view.swapaxes(first, second)


def undo_read_only(self, *args, **kwargs):
    """The ``undo`` of a read-only view (``x.diagonal()``, ``np.broadcast_to(x, shape)``):
    nothing writes through it, and after a write into its base it is made again by the call
    that made it (``reads_base``: never from positions, as it need not cover the base)."""
    def undo(view):
        return view
    undo.reads_base = True
    return undo


def _undo_reshape(self, *args, order="C", **kwargs):
    return undo_reshape(self, order)


def _undo_ravel(self, order="C"):
    return undo_reshape(self, order)


def _viewing(getitem):
    def __getitem__(self, index):
        if type(index) is TracedArray:  # a MindSpore pass's int input indexes by its ints
            original = int_input_original(index)
            index = index if original is None else original
        result = getitem(self, index)
        if type(result) is TracedArray and result._trace == self._trace and \
                isinstance(getval(result), onp.ndarray) and _is_basic(index):  # x[0, 1]: a scalar
            remember_view(result, self, index)
        return result
    return __getitem__


for _name, _operator in lean_operators().items():
    setattr(TracedArray, _name, _operator)
plain_getitem = TracedArray.__getitem__  # x[index] as a new value, not remembered as a view
TracedArray.__getitem__ = _viewing(plain_getitem)
for _name, _undo in (("transpose", undo_transpose), ("swapaxes", undo_swapaxes),
                     ("reshape", _undo_reshape), ("ravel", _undo_ravel),
                     ("squeeze", _undo_reshape), ("diagonal", undo_read_only)):
    setattr(TracedArray, _name, _rearranging(getattr(TracedArray, _name), _undo))
TracedArray.T = property(_rearranging(lambda self: self.transpose(), lambda self: (
    lambda view: view.transpose())), doc="The transpose (a view: writes into it reach x).")
TracedArray.mT = property(_rearranging(lambda self: _facade("swapaxes")(self, -1, -2),
                                       lambda self: lambda view: view.swapaxes(-1, -2)),
                          doc="NumPy 2's matrix transpose: the last two axes swapped (a view).")
