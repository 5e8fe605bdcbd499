"""The operators and methods ``MXArray`` and ``MXBox`` share (``_Operators``): each goes
through ``minpy_compat.numpy`` (so the dispatch policy picks the backend), or, for the
methods NumPy's own functions call on an MXArray, straight to the dispatcher
(``_method``). Writes are refused (``_refuse_write``): the data lives in MXNet.
``mxnet_array`` adds the rest of a traced NumPy value's methods.
"""
import numpy as onp

from ..errors import message
from ..traced_array import shape_argument
from .mxnet_layout import keeps_memory


_facade_functions = {}


def _facade(name):
    function = _facade_functions.get(name)
    if function is None:
        from .. import numpy as facade
        function = _facade_functions[name] = getattr(facade, name)
    return function


class _Operators:
    """Operators and methods shared by MXArray and MXBox: all go through the facade."""

    __slots__ = ()
    __array_priority__ = 1000  # ndarray (+) MXArray defers to MXArray's reflected operator

    def __add__(self, other): return _facade("add")(self, other)
    def __radd__(self, other): return _facade("add")(other, self)
    def __sub__(self, other): return _facade("subtract")(self, other)
    def __rsub__(self, other): return _facade("subtract")(other, self)
    def __mul__(self, other): return _facade("multiply")(self, other)
    def __rmul__(self, other): return _facade("multiply")(other, self)
    def __truediv__(self, other): return _facade("true_divide")(self, other)
    def __rtruediv__(self, other): return _facade("true_divide")(other, self)
    def __pow__(self, other): return _facade("power")(self, other)
    def __rpow__(self, other): return _facade("power")(other, self)
    def __matmul__(self, other): return _facade("matmul")(self, other)
    def __rmatmul__(self, other): return _facade("matmul")(other, self)
    def __neg__(self): return _facade("negative")(self)
    def __pos__(self): return self.copy()  # a new array, as NumPy's +x is
    def __abs__(self): return _facade("abs")(self)
    def __lt__(self, other): return _facade("less")(self, other)
    def __le__(self, other): return _facade("less_equal")(self, other)
    def __gt__(self, other): return _facade("greater")(self, other)
    def __ge__(self, other): return _facade("greater_equal")(self, other)
    def __eq__(self, other): return _facade("equal")(self, other)
    def __ne__(self, other): return _facade("not_equal")(self, other)
    __hash__ = object.__hash__

    def __mod__(self, other): return _facade("remainder")(self, other)
    def __rmod__(self, other): return _facade("remainder")(other, self)
    def __floordiv__(self, other): return _facade("floor_divide")(self, other)
    def __rfloordiv__(self, other): return _facade("floor_divide")(other, self)
    def __divmod__(self, other): return _facade("divmod")(self, other)
    def __rdivmod__(self, other): return _facade("divmod")(other, self)
    # Masks: comparisons give bool arrays, and (x > 0) & (x < 1) combines them.
    def __and__(self, other): return _facade("bitwise_and")(self, other)
    def __rand__(self, other): return _facade("bitwise_and")(other, self)
    def __or__(self, other): return _facade("bitwise_or")(self, other)
    def __ror__(self, other): return _facade("bitwise_or")(other, self)
    def __xor__(self, other): return _facade("bitwise_xor")(self, other)
    def __rxor__(self, other): return _facade("bitwise_xor")(other, self)
    def __invert__(self): return _facade("invert")(self)
    def __lshift__(self, other): return _facade("left_shift")(self, other)
    def __rlshift__(self, other): return _facade("left_shift")(other, self)
    def __rshift__(self, other): return _facade("right_shift")(self, other)
    def __rrshift__(self, other): return _facade("right_shift")(other, self)

    def __round__(self, ndigits=None):
        return _facade("round")(self, 0 if ndigits is None else ndigits)

    def __getitem__(self, index):
        from ..dispatch.policy import getitem
        from .mxnet_writes import mark_view
        return mark_view(getitem(self, index), self, index)

    def __len__(self):
        return self.shape[0]

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return int(onp.prod(self.shape))

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def T(self):
        return self.transpose()

    def copy(self):
        return _method("copy", self)  # a new value: writes into it do not reach this one

    # NumPy's reshape/transpose call these methods on an MXArray: go straight to the
    # dispatcher (as the reductions below do), never back through numpy.reshape.
    # Their results are views in NumPy: writes into them reach this value (mxnet_writes).
    # Read in order='F', NumPy's reshape and ravel of C-ordered data are copies.
    def reshape(self, *shape, **kwargs):
        shape = shape_argument(shape)
        result = _method("reshape", self, shape, **kwargs)
        if kwargs.get("order") == "F" or not keeps_memory(self, lambda x: x.reshape(shape)):
            return result  # a copy in NumPy (a.T.reshape(-1) too)
        return _rearranged(self, result, lambda view: view.reshape(self.shape))

    def transpose(self, *axes):
        axes = shape_argument(axes) or None
        back = None if axes is None else tuple(onp.argsort([a % self.ndim for a in axes]))
        return _rearranged(self, _method("transpose", self, axes),
                           lambda view: view.transpose(back))

    # NumPy's own reductions call these methods on an MXArray, so they go straight to
    # the dispatcher (which hands NumPy plain data), never back through numpy.sum.
    def dot(self, other):
        return _method("dot", self, other)

    # (**where_initial: where= and initial=, which NumPy passes on only when given)
    def sum(self, axis=None, dtype=None, out=None, keepdims=False, **where_initial):
        return _method("sum", self, axis, dtype=dtype, out=out, keepdims=keepdims,
                       **where_initial)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False, **where):
        return _method("mean", self, axis, dtype=dtype, out=out, keepdims=keepdims, **where)

    def max(self, axis=None, out=None, keepdims=False, **where_initial):
        return _method("amax", self, axis, out=out, keepdims=keepdims, **where_initial)

    def min(self, axis=None, out=None, keepdims=False, **where_initial):
        return _method("amin", self, axis, out=out, keepdims=keepdims, **where_initial)

    def argmax(self, axis=None, out=None):
        return _method("argmax", self, axis, out=out)

    def argmin(self, axis=None, out=None):
        return _method("argmin", self, axis, out=out)

    def ravel(self, order="C"):
        result = _method("reshape", self, (-1,), order=order)
        if order == "F" or not keeps_memory(self, lambda x: x.ravel()):
            return result
        return _rearranged(self, result, lambda view: view.reshape(self.shape))  # a view

    def flatten(self, order="C"):
        return _method("reshape", _method("copy", self), (-1,), order=order)  # a copy


def _method(name, *args, **kwargs):
    import autograd.numpy as anp
    from ..dispatch.policy import run_op
    raw = getattr(onp, name)
    return run_op(raw, getattr(anp, name, None), args, kwargs)


def _rearranged(base, result, undo):
    from .mxnet_writes import mark_rearranged
    return mark_rearranged(result, base, undo)


def _refuse_write(where):
    raise TypeError(message(where, "an array that can be written",
                            "data that lives in MXNet (immutable here)",
                            "Write into x.asnumpy(), or build the value with np.where."))
