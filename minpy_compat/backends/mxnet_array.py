"""``MXArray``: a value that lives in MXNet, and its traced form ``MXBox``.

Why a separate class (not the core ``Array``): ``Array`` is a ``numpy.ndarray``
subclass, so its data must be in NumPy's memory. An ``MXArray`` holds an
``mxnet.nd.NDArray`` and copies to NumPy only when NumPy needs the data
(``numpy.asarray``, printing, ``asnumpy()``, a NumPy-only op); that copy is made
once, cached and counted. It acts as an array: ``shape``/``dtype``/``ndim``/``T``,
NumPy's ``repr``, operators and methods that run through ``minpy_compat.numpy``
(so the dispatch policy picks the backend), ``context``.

For the tracer, ``MXArray`` is a value type of its own: ``MXBox`` (autograd
``Box``) and ``MXVSpace`` (``mxnet_vspace``) are registered for it, so NumPy and MXNet
ops share one graph and a gradient may arrive as either kind of array.

The operators and methods both share are in ``mxnet_operators``; the rest of the methods
a traced NumPy value has are added to them here (``_routed``: they tell MXArray apart).
"""
import numpy as onp
from autograd.extend import Box
from autograd.numpy.numpy_boxes import ArrayBox

from ..array import TracedArray
from ..traced_methods import NdarrayMethods, TracedFlat
from ..traced_raw_memory import RawMemoryRefusals
from . import mxnet_backend as backend
from . import mxnet_writes as writes
from .mxnet_flags import MXFlags
from .mxnet_operators import _Operators, _facade, _method, _rearranged, _refuse_write
from .mxnet_vspace import MXVSpace


def _routed(name):
    """``x.<name>(...)`` as ``minpy_compat.numpy.<name>(x, ...)``. A traced value goes through
    the facade (its gradient rules and argument handling); an MXArray straight to the
    dispatcher, which hands NumPy plain data: NumPy's own functions call these methods on
    an MXArray, and through the facade they would call them again."""
    def method(self, *args, **kwargs):
        if type(self) is MXArray:
            return _method(name, self, *args, **kwargs)
        return _facade(name)(self, *args, **kwargs)
    method.__name__ = name
    method.__doc__ = f"``minpy_compat.numpy.{name}(x, ...)``."
    return method


# The rest of the methods a traced NumPy value has (autograd's ArrayBox gives it these).
for _name in ("all", "any", "argpartition", "argsort", "clip", "conj", "conjugate", "cumprod",
              "cumsum", "diagonal", "nonzero", "prod", "ptp", "repeat", "round", "searchsorted",
              "squeeze", "std", "swapaxes", "take", "trace", "var"):
    setattr(_Operators, _name, _routed(_name))
_routed_swapaxes, _routed_squeeze = _Operators.swapaxes, _Operators.squeeze


def _swapaxes(self, axis1, axis2):
    return _rearranged(self, _routed_swapaxes(self, axis1, axis2),
                       lambda view: view.swapaxes(axis1, axis2))


def _squeeze(self, axis=None):
    return _rearranged(self, _routed_squeeze(self, axis), lambda view: view.reshape(self.shape))


# Views in NumPy: writes into them reach this value (mxnet_writes).
_Operators.swapaxes, _Operators.squeeze = _swapaxes, _squeeze
_Operators.real = property(_routed("real"))
_Operators.imag = property(_routed("imag"))


class MXArray(_Operators):
    """Data in MXNet that acts (and prints) like a NumPy array; see the module docstring.

    >>> from minpy_compat.backends import mxnet_backend  # doctest: +SKIP
    >>> a = mxnet_backend.array([1.0, 2.0])               # doctest: +SKIP
    >>> a * 2                                             # doctest: +SKIP
    array([2., 4.])
    """

    # _value, _trace, _node: set while a traced write makes it traced (mxnet_adopted)
    __slots__ = ("nd", "shape", "dtype", "_numpy", "is_zeros", "_mxnet_context", "_view_of",
                 "_value", "_trace", "_node")

    def __init__(self, nd, shape=None, dtype=None, is_zeros=False, mxnet_context=None):
        self.nd = nd
        self.is_zeros = is_zeros  # made by MXVSpace.zeros: adding to it is free
        self.shape = tuple(nd.shape) if shape is None else tuple(shape)
        self.dtype = onp.dtype(nd.dtype if dtype is None else dtype)
        self._numpy = None
        self._mxnet_context = mxnet_context  # nd.context, once asked (a call into MXNet)
        self._view_of = None  # (base, index) where this is base[index] (see mxnet_writes)

    @property
    def context(self):
        from ..context import Context
        ctx = self.nd.context
        return Context("gpu" if ctx.device_type == "gpu" else "cpu", ctx.device_id)

    def on(self, ctx):
        """The NDArray on MXNet context ``ctx`` (a device copy only if it lives elsewhere)."""
        here = self._mxnet_context
        if here is None:
            here = self._mxnet_context = self.nd.context
        return self.nd if here == ctx else self.nd.as_in_context(ctx)

    def _data(self):
        if self._numpy is None:
            data = backend.copy_to_numpy(self.nd, self.shape, self.dtype)
            data.flags.writeable = False  # cached: the MXNet data never changes under it
            self._numpy = data
        return self._numpy

    def asnumpy(self):
        """A plain ``numpy.ndarray`` copy of the data."""
        return self._data().copy()

    def __array__(self, dtype=None, copy=None):
        data = self._data()
        return data if dtype is None else data.astype(dtype)

    def wait_to_read(self):
        self.nd.wait_to_read()
        return self

    def __repr__(self):
        return repr(self._data())

    def __str__(self):
        return str(self._data())

    def __format__(self, spec):
        return format(self._data(), spec)

    def __float__(self): return float(self._data())
    def __int__(self): return int(self._data())
    def __bool__(self): return bool(self._data())
    def __index__(self): return self._data().__index__()  # NumPy's rule: 0-d integers only
    def __contains__(self, value): return value in self._data()
    def item(self, *args): return self._data().item(*args)
    def tolist(self): return self._data().tolist()

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        """``ndarray.astype``; a cast between float dtypes that MXNet has stays in MXNet."""
        dtype = onp.dtype(dtype)
        if dtype == self.dtype:
            return self.copy() if copy else self
        in_mxnet = onp.dtype(self.nd.dtype) == self.dtype  # False for bools held as floats
        if casting == "unsafe" and in_mxnet and {self.dtype, dtype} <= backend.FLOATS:
            return MXArray(self.nd.astype(dtype), self.shape, dtype)
        return _facade("asarray")(self._data().astype(dtype, order, casting, subok, copy))

    def __reduce__(self):
        return (onp.asarray, (self.asnumpy(),))

    # copy.copy / copy.deepcopy keep the value in MXNet (__reduce__ would give an ndarray).
    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def copy(self):
        """A new MXArray on the same NDArray: a write rebinds the writer's NDArray only."""
        return MXArray(self.nd, self.shape, self.dtype, mxnet_context=self._mxnet_context)

    def __setitem__(self, index, value):
        writes.write(self, index, value)

    def fill(self, value):
        self[...] = value

    def put(self, indices, values, mode="raise"):
        writes.put(self, indices, values, mode)

    @property
    def flat(self):
        """``ndarray.flat``: ``a.flat[i]`` reads (a copy, as NumPy's), ``a.flat[i] = v``
        writes into ``a``."""
        return MXFlat(self)

    @flat.setter
    def flat(self, value):
        MXFlat(self)[...] = value

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """``ufunc.at`` writes into an MXArray (see ``mxnet_writes``); a ufunc's call runs
        through the dispatcher (``ndarray + MXArray`` too); other methods on NumPy data."""
        if method == "at":
            return writes.ufunc_at(ufunc, inputs, kwargs)
        if kwargs.get("out") is not None:
            return writes.ufunc_into_out(ufunc, method, inputs, kwargs)
        if method == "__call__" and kwargs.get("out") is None and \
                getattr(onp, ufunc.__name__, None) is ufunc:
            kwargs.pop("out", None)
            return _method(ufunc.__name__, *inputs, **kwargs)
        return getattr(ufunc, method)(*writes._plain(inputs), **kwargs)


class MXFlat(TracedFlat):
    """``MXArray.flat``: reads in flat (C) order give new arrays, as NumPy's flatiter does
    (a view of ``np.ravel(a)`` would write into ``a``); writes go through ``a[...] = v``."""

    def __getitem__(self, index):
        return super().__getitem__(index).copy()


def _of_data(name):
    return property(lambda self: getattr(self._data(), name),
                    doc=f"``ndarray.{name}`` of the data (its NumPy copy).")


# Facts of the data and serialising it, read off the NumPy copy (made once, cached);
# flags describe the MXArray (its NumPy copy is a read-only cache).
for _name in ("strides", "tobytes", "tofile", "dump", "dumps", "tostring"):
    if hasattr(onp.ndarray, _name):
        setattr(MXArray, _name, _of_data(_name))
MXArray.flags = property(MXFlags, doc="``ndarray.flags`` of the MXArray (see mxnet_flags).")


class MXBox(_Operators, NdarrayMethods, Box, RawMemoryRefusals):
    """An MXArray being traced by ``grad``. It has the interface of a traced NumPy value
    (``TracedArray``: methods, operators, NumPy's functions and ufuncs, the same refusals),
    and the policy chooses where each op runs. Its data is never written: ``x //= y``
    rebinds ``x`` (as ``x += y`` does), and in-place methods are refused."""

    __slots__ = ["_view_of"]  # (base, index) where this is base[index] (see mxnet_writes)

    @property
    def shape(self): return self._value.shape

    @property
    def dtype(self): return self._value.dtype

    @property
    def context(self): return self._value.context

    def asnumpy(self):
        return self._value.asnumpy()

    def __repr__(self):
        return f"MXBox({self._value!r})"

    # As on a traced NumPy value: the same conversions, refusals and NumPy functions.
    __array__ = TracedArray.__array__
    __array_function__ = TracedArray.__array_function__
    __float__ = __int__ = __complex__ = TracedArray.__float__
    item, tolist, _as_python = TracedArray.item, TracedArray.tolist, TracedArray._as_python
    astype = ArrayBox.astype  # autograd's: the gradient is cast back to the input's dtype

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """A NumPy ufunc's call runs the facade's function, so the policy picks the backend;
        its methods (reduce, accumulate, outer) and ``out=`` as on a traced NumPy value."""
        if method == "__call__" and kwargs.get("out") is None and \
                getattr(onp, ufunc.__name__, None) is ufunc:
            kwargs.pop("out", None)
            return _facade(ufunc.__name__)(*inputs, **kwargs)
        return TracedArray.__array_ufunc__(self, ufunc, method, *inputs, **kwargs)

    @property
    def mT(self):
        return self.swapaxes(-1, -2)

    def __setitem__(self, index, value):
        writes.write_traced(self, index, value)

    def _adopt(self, new, opname):
        """An in-place change (``NdarrayMethods``): an operator (``x //= y``) changes ``x``
        (see ``mxnet_writes.adopt``); an in-place method (``x.sort()``) is refused."""
        if opname.endswith("="):
            return writes.adopt(self, new, opname)
        _refuse_write(f"x.{opname}() on a traced MXNet value")

    def _become(self, new):
        _refuse_write("an in-place method (x.resize(...)) on a traced MXNet value")


MXBox.register(MXArray)
for _name, _operator in writes.IN_PLACE.items():  # a += v changes a (see mxnet_writes)
    setattr(MXArray, _name, _operator)
    setattr(MXBox, _name, _operator)
MXVSpace.register(MXArray)
from . import mxnet_adopted  # noqa: E402,F401  (traced writes into an MXArray: it registers)
