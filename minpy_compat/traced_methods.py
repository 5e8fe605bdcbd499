"""The rest of ``numpy.ndarray``'s interface on traced values (``TracedArray`` inherits it).

* In-place methods (``fill``, ``sort``, ``partition``, ``put``, ``resize``, ``itemset``,
  ``x.flat[i] = v``): the box adopts the new value and graph node, as ``x[i] = v`` does,
  so every name bound to the array sees the change and the gradient follows it.
* Operators autograd's ``ArrayBox`` lacks (``//``, ``divmod``, ``round``, the bitwise
  ones), ``copy.copy``/``copy.deepcopy`` (a traced copy: a deep copy of the box would
  copy the graph and silently cut the gradient), ``v in x``.
* ``compress`` and ``choose`` with NumPy's argument order (``ArrayBox`` passes the array
  first, which ``numpy.compress`` reads as the condition).
* Read-only facts of the value (``strides``, ``flags``, ``device``) and serialising it
  (``tobytes``, ``dump``, ...): like ``item()``, they read the current numbers.
* Anything else ``numpy.ndarray`` has (raw memory: ``ctypes``, ``view(dtype)``,
  ``byteswap``, ...) raises an AttributeError that says why and what to use instead.
"""
import numpy as onp
from autograd.numpy import numpy_wrapper
from autograd.tracer import getval

from .errors import MinpyError, TracedValueError, message
from .tensor_signatures import view_shape


class TracedAttributeError(MinpyError, AttributeError):
    """An ndarray attribute that a traced value cannot offer (``hasattr`` stays False)."""


def facade_function(name):
    """``minpy_compat.numpy.<name>`` (imported on use: the facade imports this module)."""
    from . import numpy as facade
    return getattr(facade, name)


_facade = facade_function


def _in_place():
    from .numpy import in_place
    return in_place


class TracedFlat:
    """``x.flat`` of a traced ``x``: reads and writes in flat (C) order, differentiably."""

    def __init__(self, base):
        self.base = base

    def __len__(self):
        return int(onp.size(getval(self.base)))

    def __getitem__(self, index):
        return _facade("ravel")(self.base)[getval(index)]

    def __setitem__(self, index, value):
        positions = _in_place().flat_positions(len(self), index)
        _in_place().write_flat(self.base, positions, value)

    def __iter__(self):
        flat = _facade("ravel")(self.base)
        return (flat[i] for i in range(len(self)))

    def copy(self):
        return _facade("ravel")(self.base).copy()


class NdarrayMethods:
    """Mixed into ``TracedArray`` (which keeps ``_value``, ``_node`` and ``__setitem__``)."""

    __slots__ = ()

    def __iter__(self):  # (Python's fallback through __getitem__ gave [] for a 0-d value)
        if not onp.ndim(self._value):
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(len(self._value)))

    # ---- in place: the box adopts the result ---------------------------------------
    def _become(self, new):
        """Take ``new``'s value and node (a result of this same trace), whatever its shape."""
        self._refuse_read_only("resize")
        self._value, self._node = new._value, new._node
        self._write_through()

    def fill(self, value):
        self[...] = value

    def sort(self, axis=-1, kind=None, order=None):
        self._adopt(_facade("sort")(self, axis=axis, kind=kind, order=order), "sort")

    def partition(self, kth, axis=-1, kind="introselect", order=None):
        self._adopt(_facade("partition")(self, kth, axis=axis, kind=kind, order=order),
                    "partition")

    def put(self, indices, values, mode="raise"):
        _in_place().put(self, indices, values, mode=mode)

    def resize(self, *new_shape, refcheck=True):
        """NumPy's in-place resize: the flat contents cut or padded with zeros."""
        shape = tuple(onp.atleast_1d(new_shape[0] if len(new_shape) == 1 else new_shape))
        size, flat = int(onp.prod(shape)), _facade("ravel")(self)
        have = len(flat)
        if size <= have:
            resized = flat[:size]
        else:
            padding = onp.zeros(size - have, dtype=getval(flat).dtype)
            resized = _facade("concatenate")([flat, padding])
        self._become(_facade("reshape")(resized, shape))

    if hasattr(onp.ndarray, "itemset"):  # NumPy 1.x only
        def itemset(self, *args):
            if len(args) == 1:
                raise ValueError("itemset must have at least one argument")
            index, value = args[:-1], args[-1]
            if len(index) == 1 and onp.ndim(index[0]) == 0 and not isinstance(index[0], tuple):
                self.flat[index[0]] = value
            else:
                self[index[0] if len(index) == 1 else index] = value

    @property
    def flat(self):
        return TracedFlat(self)

    @flat.setter
    def flat(self, value):
        TracedFlat(self)[...] = value

    # ---- operators ------------------------------------------------------------------
    def __floordiv__(self, other):
        return _facade("floor_divide")(self, other)

    def __rfloordiv__(self, other):
        return _facade("floor_divide")(other, self)

    def __divmod__(self, other):
        return _facade("divmod")(self, other)

    def __rdivmod__(self, other):
        return _facade("divmod")(other, self)

    def __round__(self, ndigits=None):
        return _facade("round")(self, 0 if ndigits is None else ndigits)

    def __invert__(self):
        return _facade("invert")(self)

    def __index__(self):  # an integer read off a traced value: no gradient can pass
        return getval(self).__index__()

    def __contains__(self, value):
        return bool((getval(self) == getval(value)).any())

    def __copy__(self, memo=None):  # a deep copy too: a traced copy, the graph shared
        return self.copy()
    __deepcopy__ = __copy__

    def __reduce_ex__(self, protocol):
        raise TracedValueError(message(
            "pickling a traced value", "a plain array", "a value inside grad's trace",
            "Pickle x.asnumpy() (its current numbers) instead."))

    def __array_namespace__(self, *, api_version=None):
        from . import numpy as facade
        return facade

    # ---- conversions and printing ----------------------------------------------------
    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True, device=None):
        """``ndarray.astype`` with all its arguments (autograd's takes the dtype alone on
        NumPy 2); ``casting`` is checked as NumPy does, the layout is the value's own."""
        if not onp.can_cast(self.dtype, dtype, casting):
            raise TypeError(f"Cannot cast array data from {self.dtype!r} to "
                            f"{onp.dtype(dtype)!r} according to the rule {casting!r}")
        if onp.dtype(dtype) == self.dtype and not copy:
            return self
        return numpy_wrapper._astype(self, dtype)  # autograd's (its gradient: cast back)

    def __format__(self, spec):
        """``f"{loss:.3f}"`` inside a traced function formats the current numbers."""
        return format(getval(self), spec)

    def __str__(self):
        return str(getval(self))

    # ---- NumPy's argument order -------------------------------------------------------
    def compress(self, condition, axis=None):
        return _facade("compress")(getval(condition), self, axis=axis)

    def choose(self, choices, mode="raise"):
        return _facade("choose")(self, choices, mode=mode)

    def clip(self, *bounds, **kwargs):  # also NumPy 2.1's min=/max= keywords
        return _facade("clip")(self, *bounds, **kwargs)

    # ---- facts of the value, and views ------------------------------------------------
    @property
    def strides(self):
        return getval(self).strides

    @property
    def flags(self):
        return getval(self).flags

    @property
    def device(self):
        return "cpu"

    def to_device(self, device, /, *, stream=None):
        if device != "cpu":
            raise ValueError(message("to_device on a traced value", "device 'cpu'",
                                     repr(device)))
        return self

    def view(self, *args, **kwargs):
        """``x.view()``: the same numbers as a new traced value (as slicing gives one); with
        ints or one tuple of ints, MindSpore's ``Tensor.view(*shape)``. Another dtype is refused."""
        if args and not kwargs and (shape := view_shape(args)) is not None:
            return _facade("reshape")(self, shape)
        dtype = kwargs.get("dtype", args[0] if args else None)
        kind = kwargs.get("type", args[1] if len(args) > 1 else None)
        if isinstance(dtype, type) and issubclass(dtype, onp.ndarray):
            dtype, kind = None, dtype
        value = getval(self)
        if (dtype is None or onp.dtype(dtype) == value.dtype) and \
                (kind is None or issubclass(kind, onp.ndarray)):
            return _facade("reshape")(self, onp.shape(value))
        raise TracedValueError(message(
            "view on a traced value", "view() or view(its own dtype)", f"view({dtype!r})",
            "Reinterpreting the bytes has no gradient: use x.asnumpy().view(...) for the "
            "numbers, or x.astype(...) to convert differentiably."))

    def _value_method(name):
        def method(self, *args, **kwargs):
            return getattr(getval(self), name)(*args, **kwargs)
        method.__name__ = name
        method.__doc__ = f"``ndarray.{name}`` of the current value (not differentiated)."
        return method

    tobytes = _value_method("tobytes")
    tofile = _value_method("tofile")
    dump = _value_method("dump")
    dumps = _value_method("dumps")
    if hasattr(onp.ndarray, "tostring"):
        tostring = _value_method("tostring")
    del _value_method


def _bitwise(name, reflected=False):
    if reflected:
        def operator(self, other):
            return _facade(name)(other, self)
    else:
        def operator(self, other):
            return _facade(name)(self, other)
    return operator


def _in_place_operator(dunder, symbol):
    def operator(self, other):
        return self._adopt(getattr(self, dunder)(other), symbol)
    return operator


for _dunder, _function in (("and", "bitwise_and"), ("or", "bitwise_or"),
                           ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                           ("rshift", "right_shift")):
    setattr(NdarrayMethods, f"__{_dunder}__", _bitwise(_function))
    setattr(NdarrayMethods, f"__r{_dunder}__", _bitwise(_function, reflected=True))

# x //= y and the rest change x in place, so every name bound to it sees the change (the
# arithmetic ones, +=, -=, ..., are TracedArray's own).
for _dunder, _symbol in (("floordiv", "//="), ("mod", "%="), ("matmul", "@="), ("and", "&="),
                         ("or", "|="), ("xor", "^="), ("lshift", "<<="), ("rshift", ">>=")):
    setattr(NdarrayMethods, f"__i{_dunder}__", _in_place_operator(f"__{_dunder}__", _symbol))


# ---- reductions: the facade's function (a lean traced call, no gradient through an int or
# bool dtype=, traced keywords, MinPy's policies); MindSpore's spellings: tensor_signatures.
def reduction_method(name, numpy_method=None, plain=None):
    """``x.<name>``: ``numpy_method`` (None: the facade's), or ``plain`` with no arguments."""
    function = call = None

    def method(self, *args, **kwargs):
        nonlocal function, call
        if function is None:
            from .tensor_signatures import call
            function = numpy_method or facade_function(name)
        if args or kwargs:
            return call(name, function, self, args, kwargs)
        return (plain or function)(self)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"NumPy's ``ndarray.{name}`` (and MindSpore's ``Tensor.{name}``)."
    return method


for _name in ("sum", "prod", "mean", "std", "var", "max", "min", "cumsum", "cumprod", "all",
              "any", "argmax", "argmin", "trace", "round"):
    setattr(NdarrayMethods, _name, reduction_method(_name))
