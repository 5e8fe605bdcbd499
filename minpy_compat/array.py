"""The array types users see: ``Array``, ``Number``, and ``TracedArray``.

* ``Array`` is a ``numpy.ndarray`` subclass, so it goes anywhere NumPy goes
  (matplotlib, pandas, ``numpy.asarray``) and prints like NumPy. It adds MinPy's
  ``asnumpy()`` and ``context``.
* ``Number`` is a ``float`` with the same two extras (MinPy's scalar).
* ``TracedArray`` is what a value looks like while ``grad`` traces a function:
  autograd's ``ArrayBox`` plus the Array extras, NumPy's protocols
  (``numpy.sin(x)`` and ``numpy.concatenate([x, y])`` stay differentiable) and
  differentiable indexed assignment (``x[i] = v``, ``x[i] += v``).

Why a subclass of autograd's ArrayBox registered for ``numpy.ndarray``: autograd's
primitives box their raw NumPy results through ``Box.type_mappings``; registering
ours there makes every value in a trace a ``TracedArray`` without wrapping any op,
so tracing costs exactly what autograd costs. ``TracedArray`` is a strict superset
of ``ArrayBox`` (``isinstance`` still holds), so plain autograd code keeps working.

``TracedArray`` is defined in ``traced_array`` (its view-taking methods in ``traced_views``);
this module registers the three types with autograd.
"""
import numpy as onp
from autograd.builtins import SequenceBox
from autograd.numpy.numpy_vspaces import ArrayVSpace
from autograd.tracer import getval, isbox

from .constant_views import remember_constant_view
from .context import cpu
from .errors import message
from .trees import map_items
# ARRAY_FUNCTIONS: the facade fills it from here; the rest stay importable from here too.
from .traced_array import (ARRAY_FUNCTIONS, Rearranged, TracedArray, constant_node,  # noqa: F401
                           plain_index, shape_argument)
from . import traced_views  # noqa: F401  (installs TracedArray's view-taking methods)
from . import kernels
from .traced_methods import facade_function as _facade, reduction_method

_CPU = cpu()


def _as_0d(result):
    """A NumPy scalar result as a 0-d Array (an array result is one already)."""
    return onp.asarray(result).view(Array) if isinstance(result, onp.generic) else result


class _ArrayType(type):
    """``isinstance(x, np.ndarray)`` holds for any NumPy array and for traced values,
    so user code branches the same way inside and outside ``grad``."""

    def __instancecheck__(cls, value):
        if cls is Array:
            return isinstance(value, (onp.ndarray, TracedArray))
        return super().__instancecheck__(value)


class Array(onp.ndarray, metaclass=_ArrayType):
    """A NumPy array with MinPy's extras.

    >>> import minpy_compat.numpy as np
    >>> a = np.array([1.0, 2.0])
    >>> type(a.asnumpy()).__name__, a.context
    ('ndarray', cpu(0))
    """

    # numpy.ma keeps a masked array's data as this class: NumPy's own, so that it prints
    # masked_array(...) as NumPy does (not masked_Array(...)).
    _baseclass = onp.ndarray
    from .tensor_signatures import shaped_view as view  # view(*shape): MindSpore's reshape
    from .array_resize import resize
    from .array_flat import flat as _flat, set_flat as _set_flat
    flat = property(_flat, _set_flat, doc="NumPy's flat iterator (see array_flat.py).")

    def __array_finalize__(self, obj):
        if type(self.base) is Array:  # a view of an Array: see constant_views.py
            remember_constant_view(self)

    def asnumpy(self):
        """A plain ``numpy.ndarray`` copy of this array."""
        return onp.array(self.view(onp.ndarray), copy=True)

    @property
    def context(self):
        """The device this value lives on (NumPy data is always on the CPU)."""
        return _CPU

    def wait_to_read(self):
        """MinPy's synchronisation point; NumPy data is always ready."""
        return self

    def __repr__(self):
        return repr(self.view(onp.ndarray))

    def __setitem__(self, index, value):
        if isbox(value):  # the array becomes traced (see adopted.py)
            from .adopted import assign_into_constant
            assign_into_constant(self, index, value)
            return
        super().__setitem__(index, value)

    def fill(self, value):
        if isbox(value):
            self[...] = value
            return
        super().fill(value)

    def put(self, indices, values, mode="raise"):
        if isbox(values):
            from .numpy.in_place import put
            put(self, indices, values, mode=mode)
            return
        super().put(indices, values, mode=mode)

    # These NumPy methods (and argmax, argmin: reduction_method below, which also reads MindSpore's
    # spellings) return a NumPy scalar where the reductions and the facade give a 0-d Array.
    def trace(self, *args, **kwargs):
        return _as_0d(super().trace(*args, **kwargs))

    def dot(self, b, out=None):
        if isbox(b):  # NumPy's method reads a traced b as data (no __array_function__)
            return _facade("dot")(self, b) if out is None else _facade("dot")(self, b, out=out)
        return _as_0d(super().dot(b) if out is None else super().dot(b, out))

    def searchsorted(self, *args, **kwargs):
        return _as_0d(super().searchsorted(*args, **kwargs))

    # NumPy 2.4 refuses float() of a one-element array with ndim > 0; NumPy 1.x (MinPy's)
    # and MindSpore read it: float(Tensor([2.5])) == 2.5. More elements still raise.
    def __float__(self):
        return float(_one_element(self))

    def __int__(self):
        return int(_one_element(self))

    def __complex__(self):
        return complex(_one_element(self))

    # A 0-d Array stands where NumPy gives a scalar (np.sum(x)), so it rounds and hashes as
    # that scalar does: round(np.sum(x), 2), {np.sum(x): ...}. Other shapes refuse both, as
    # NumPy's arrays do.
    def __round__(self, ndigits=None):
        if self.ndim:
            raise TypeError(f"round() of a minpy_compat Array: expected a 0-d array, got shape "
                            f"{self.shape}. Use np.round(x, decimals) for every element.")
        return round(self.view(onp.ndarray)[()], ndigits)

    def __hash__(self):
        if self.ndim:
            raise TypeError(f"unhashable type: '{type(self).__name__}' of shape {self.shape} "
                            "(a 0-d one hashes as its scalar)")
        return hash(self.view(onp.ndarray)[()])

    def __str__(self):
        return str(self.view(onp.ndarray))

    def __reduce__(self):
        # Pickles (and so multiprocessing, joblib) carry the data as a plain array.
        return (_array_from_plain, (self.view(onp.ndarray).copy(),))


def _sum_all(array):  # x.sum(): the add.reduce ndarray.sum runs, less ndarray.sum's own frame
    return onp.add.reduce(array, None)


for _name in "sum mean prod all any max min std var cumsum cumprod argmax argmin".split():
    _numpy = getattr(onp.ndarray, _name)
    if _name in ("argmax", "argmin"):
        _numpy = (lambda f: lambda self, *a, **k: _as_0d(f(self, *a, **k)))(_numpy)
    setattr(Array, _name, reduction_method(_name, _numpy, _sum_all if _name == "sum" else None))


def _comparison(name):
    compare = getattr(onp.ndarray, name)

    def method(self, other):
        result = compare(self, other)
        return result.view(Array) if type(result) is onp.ndarray else result
    method.__name__ = method.__qualname__ = name
    return method


# NumPy 1.x compares string and bytes arrays outside the ufunc path and gives a plain ndarray
# (np.array(['a', 'b']) == 'a'); NumPy 2 gives an Array, with no Python-level method.
if int(onp.__version__.split(".")[0]) < 2:
    for _name in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
        setattr(Array, _name, _comparison(_name))
    del _name


def _array_from_plain(plain):
    return plain.view(Array)


def _one_element(array):
    plain = array.view(onp.ndarray)
    return plain.reshape(()) if plain.ndim and plain.size == 1 else plain


class Number(float):
    """A Python float with MinPy's extras (MinPy's scalar type)."""

    __slots__ = ()

    @property
    def val(self):
        return float(self)

    def asnumpy(self):
        return float(self)

    @property
    def context(self):
        return _CPU


def wrap(value):
    """Turn a raw result into what users see: ndarray -> Array, NumPy scalar -> 0-d Array.

    Traced values, Python scalars and anything else pass through; tuples and lists
    are wrapped element by element.
    """
    kind = type(value)
    if kind is onp.ndarray:
        return value.view(Array)
    if kind is Array or kind is TracedArray:
        return value
    if isinstance(value, onp.generic):
        return onp.asarray(value).view(Array)
    if kind is tuple or kind is list:
        return kind(wrap(v) for v in value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # linalg's named results
        return kind(*(wrap(v) for v in value))
    return value


def wrap_result(value):
    """``wrap`` for a NumPy function's result: a traced tuple or list (autograd's
    SequenceBox) becomes the container its value is, each item traced on its own, so
    ``eigh(a).eigenvalues``, ``isinstance(svd(a), tuple)`` and ``type(split(a, 2)) is list``
    work as on values."""
    if type(value) is not SequenceBox:
        return wrap(value)
    container = getval(value)
    items = [wrap(value[i]) for i in range(len(container))]
    if hasattr(container, "_fields"):
        return type(container)(*items)
    return type(container)(items)


def wrap_tree(value):
    """``wrap`` that also recurses into dicts (for gradient structures)."""
    kind = type(value)
    if kind is dict:
        return {k: wrap_tree(v) for k, v in value.items()}
    if kind is tuple or kind is list:  # (a plain array wrapped inline: no call per gradient)
        return kind([v.view(Array) if type(v) is onp.ndarray else wrap_tree(v) for v in value])
    if kind is float:
        return Number(value)
    if isinstance(value, (list, tuple, dict)):  # a namedtuple, an OrderedDict: the same kind
        return map_items(value, wrap_tree)
    return wrap(value)


def to_numpy(value):
    """The plain NumPy data of any value: Array, traced value, NDArray, Number, nested
    lists and dicts."""
    if type(value) is dict:
        return {k: to_numpy(v) for k, v in value.items()}
    if type(value) in (tuple, list):
        return type(value)(to_numpy(v) for v in value)
    if isbox(value):
        return to_numpy(getval(value))
    if isinstance(value, onp.ndarray):
        return value.view(onp.ndarray) if type(value) is not onp.ndarray else value
    if isinstance(value, Number):
        return float(value)
    asnumpy = getattr(value, "asnumpy", None)
    return asnumpy() if asnumpy is not None else value


# ---- registration with autograd ----------------------------------------------
for _value_type in (onp.ndarray, Array, Number, float, onp.float64, onp.float32, onp.float16,
                    onp.longdouble, complex, onp.complex64, onp.complex128, onp.clongdouble):
    TracedArray.register(_value_type)
ArrayVSpace.register(Array)
ArrayVSpace.register(Number)
kernels.ROW_ARRAY_TYPES.add(Array)  # maximum(a, 0) of an Array takes the faster call too
