"""``Array.resize``: NumPy's in-place resize for the arrays ``minpy_compat.numpy`` returns.

Each result is a view of the plain array NumPy computed for it (``wrap``), so NumPy sees a
view and refuses to resize it. Nothing else can reach that plain array, so the view is
resized as if it owned the memory: it gets memory of its own, as NumPy's ``resize`` would
reallocate. An assignment to ``a.shape`` or ``a.dtype`` since then changes nothing here.
"""
import sys

import numpy as onp

from .errors import message

# sys.getrefcount(x) inside a method when only one other name holds x (the caller's name, or
# for the base, the view's .base): that name, the method's own name, getrefcount's argument
_ONLY_THE_CALLER = 3


def resize(self, *new_shape, refcheck=True):
    """NumPy's in-place ``resize`` (see the module's docstring)."""
    base = self.base
    own = self.flags.owndata or (sys.getrefcount(base) <= _ONLY_THE_CALLER and
                                 _whole_view(self, base))
    shape = new_shape[0] if len(new_shape) == 1 else new_shape
    # NumPy decides where no memory changes hands, and refuses a view of other memory
    if not own or not new_shape or shape is None or int(onp.prod(shape)) == self.size:
        return onp.ndarray.resize(self, *new_shape, refcheck=False)
    if refcheck and sys.getrefcount(self) > _ONLY_THE_CALLER:
        raise ValueError(message(
            "Array.resize", "an array nothing else refers to (NumPy's refcheck)",
            "an array another name or view refers to",
            "Use np.resize(a, shape), or pass refcheck=False."))
    if self.flags.owndata:
        return onp.ndarray.resize(self, *new_shape, refcheck=False)
    owned = onp.ndarray.view(self, onp.ndarray).copy(order="K")  # this shape and dtype
    owned.resize(*new_shape, refcheck=False)
    self.__setstate__(owned.__reduce__()[2])  # the pickle protocol's in-place restore
    return None


def _whole_view(array, base):
    """Whether ``array`` views all of ``base``, a plain ndarray that owns its memory (as
    ``wrap`` leaves a computed result), in one block read in the same order: its shape or
    dtype may have been set since (``a.shape = (6,)``, ``a.dtype = 'int32'``)."""
    if type(base) is not onp.ndarray or base.base is not None or not base.flags.owndata or \
            base.nbytes != array.nbytes or base.ctypes.data != array.ctypes.data:
        return False
    return (base.flags.c_contiguous and array.flags.c_contiguous or
            base.flags.f_contiguous and array.flags.f_contiguous)
