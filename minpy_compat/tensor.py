"""MindSpore's ``Tensor``, ``Parameter`` and ``ParameterTuple`` on minpy_compat's Array.

* ``Tensor(data, dtype=None)`` makes an ``Array`` (Python floats default to
  float32, as in MindSpore). ``isinstance(x, Tensor)`` holds for every Array and
  every traced value.
* ``Parameter`` is an Array subclass with a ``name`` and ``requires_grad``; its
  data changes in place (``set_data``, ``ops.assign``), and arithmetic on it gives
  plain Arrays.
* Gradients with respect to Parameters (``ms.grad(net, weights=...)``) work by
  substitution (``substitution.py``): while one is open, a Parameter's NumPy protocols,
  indexing and computing methods act on the traced value standing for it.

>>> import minpy_compat as ms
>>> w = ms.Parameter(ms.Tensor([2.0]), name='w')
>>> type(w * 3).__name__, w.name, (w * 3).dtype
('Array', 'w', dtype('float32'))
"""
import itertools
import sys

import numpy as onp
from autograd.numpy.numpy_vspaces import ArrayVSpace
from autograd.tracer import isbox

from .array import Array, TracedArray
from .errors import CellArgumentError, CellTypeError, describe, message
from .parameter_reads import install_reads
from .tensor_specs import is_dynamic, tensor_without_data
from .substitution import (OPEN as _substitutions_open, PARAMETER_TYPES, stand_in_kwargs,
                           stand_ins, traced_value)
from .write_journal import before_write

_names = itertools.count(1)


def _tensor_types():
    """Array types a Tensor may be: NumPy-backed, and MXNet-backed once that backend loaded."""
    mxnet_values = sys.modules.get("minpy_compat.backends.mxnet_array")
    if mxnet_values is None:
        return (Array, TracedArray)
    return (Array, TracedArray, mxnet_values.MXArray, mxnet_values.MXBox)


class _TensorMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, _tensor_types())

    def __subclasscheck__(cls, sub):
        return sub is cls or issubclass(sub, _tensor_types())


class Tensor(metaclass=_TensorMeta):
    """MindSpore's Tensor: ``Tensor(data, dtype=None)`` gives an ``Array``.

    >>> import minpy_compat as ms
    >>> ms.Tensor([0.1, 0.2]).dtype, ms.Tensor(1).dtype
    (dtype('float32'), dtype('int64'))
    """

    def __new__(cls, input_data=None, dtype=None, shape=None, init=None, **ignored):
        if input_data is None and (init is None or is_dynamic(shape)):
            return tensor_without_data(shape, dtype, init)
        if init is not None:
            from .common.initializer import initializer
            return initializer(init, shape, dtype or onp.float32)
        return as_tensor(input_data, dtype)


def as_tensor(data, dtype=None):
    """Data as an Array (traced values stay traced); Python floats become float32."""
    if isbox(data):
        return data if dtype is None else data.astype(dtype)
    if isinstance(data, Parameter):
        data = data.view(Array)
    plain = onp.array(data.asnumpy() if hasattr(data, "asnumpy") and not isinstance(
        data, onp.ndarray) else data, dtype=dtype, copy=True)
    # Python floats become float32; NumPy arrays and scalars (numpy.float64(1.5)) keep theirs.
    if dtype is None and plain.dtype == onp.float64 and not isinstance(
            data, (onp.ndarray, onp.generic)):
        plain = plain.astype(onp.float32)
    return plain.view(Array)


def is_tensor(value):
    """True for arrays and traced arrays (what MindSpore would call a Tensor)."""
    return isinstance(value, onp.ndarray) or isinstance(value, _tensor_types()[1:])


class Parameter(Array):
    """A named, trainable Array whose data can be replaced in place.

    >>> import minpy_compat as ms
    >>> p = ms.Parameter(ms.Tensor([1.0, 2.0]), name='w')
    >>> _ = p.set_data(ms.Tensor([3.0, 4.0]))
    >>> p, p.tolist()
    (Parameter (name=w, shape=(2,), dtype=Float32, requires_grad=True), [3.0, 4.0])
    """

    def __new__(cls, default_input, name=None, requires_grad=True, **ignored):
        if isinstance(default_input, (str, bytes)) or default_input is None:
            raise CellTypeError(message("Parameter", "a Tensor, array or number",
                                        describe(default_input)))
        if isbox(default_input):
            raise CellTypeError(message(
                "Parameter", "a concrete Tensor", "a traced value",
                "Create Parameters outside the function being differentiated."))
        # MindSpore: a Python int makes an Int32 Parameter (Tensor(3) is Int64), and any
        # float scalar (numpy.float64 too) a Float32 one
        dtype = onp.int32 if type(default_input) is int else \
            onp.float32 if isinstance(default_input, float) else None
        obj = as_tensor(default_input, dtype).view(cls)
        obj.name = name
        obj.requires_grad = requires_grad
        return obj

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        PARAMETER_TYPES.add(cls)

    def __array_finalize__(self, obj):
        self._name = getattr(obj, "_name", None)
        self._auto_name = getattr(obj, "_auto_name", True)
        self._requires_grad = getattr(obj, "_requires_grad", True)

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, value):
        """A str; None or '' gives an automatic name (``Parameter#3``), as in MindSpore."""
        if value is not None and not isinstance(value, str):
            raise CellTypeError(message("Parameter.name", "a str or None", describe(value)))
        if value:
            self._name, self._auto_name = value, False
        else:
            self._name, self._auto_name = f"Parameter#{next(_names)}", True

    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if not isinstance(value, bool):
            raise CellTypeError(message(f"Parameter '{self._name}' requires_grad", "a bool",
                                        describe(value), "Pass True or False."))
        self._requires_grad = value

    def requires_grad_(self, requires_grad=True):
        """Set ``requires_grad`` in place (ints count as their truth value); returns None."""
        self.requires_grad = bool(requires_grad) if type(requires_grad) is int else requires_grad

    @property
    def data(self):
        return self

    # MindSpore's lazy initialisation: its Parameter made from ``initializer(...)`` has no
    # data until ``init_data()`` (or its first use). Here the data always exists already.
    has_init = False

    def init_data(self, *args, **kwargs):
        return self

    def set_data(self, data, slice_shape=False):
        """Replace the data in place (same shape; the dtype is kept)."""
        if isinstance(data, float) and self.dtype.kind in "iu":  # MindSpore refuses it too
            raise CellTypeError(message(f"Parameter '{self.name}'.set_data", "an int for an "
                                        f"{self.dtype} Parameter", f"float {data!r}",
                                        "Pass int(value), or make the Parameter float."))
        new = as_tensor(data)
        if new.shape != self.shape:
            raise CellArgumentError(message(
                f"Parameter '{self.name}'.set_data", f"data of shape {self.shape}",
                f"shape {new.shape}",
                "Parameters change in place here; to change the shape, assign a new Parameter."))
        if self.dtype.kind in "biufc" and new.dtype.kind not in "biufc":
            raise CellTypeError(message(f"Parameter '{self.name}'.set_data", "numbers",
                                        describe(data), "Pass a Tensor or a number."))
        before_write(self)
        self.view(onp.ndarray)[...] = new  # numbers cast to numbers: no write stops half-way
        return self

    def clone(self, init="same"):
        """A new Parameter with the same name: a copy of the data, or filled by ``init``."""
        if isinstance(init, str) and init == "same":
            data = self.view(Array).copy()
        else:
            from .common.initializer import initializer
            data = initializer(init, self.shape, self.dtype)
        return Parameter(data, name=self.name, requires_grad=self.requires_grad)

    # ---- arithmetic and views give plain Arrays (traced ones under a substitution) -------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        out = kwargs.get("out")
        if _substitutions_open[0] and not out:
            traced = stand_ins(inputs)
            if traced is not inputs:
                return getattr(ufunc, method)(*traced, **kwargs)
        if out:
            for target in out:
                if isinstance(target, Parameter):
                    before_write(target)
            kwargs["out"] = tuple(_plain(o) for o in out)
        result = getattr(ufunc, method)(*[_plain(i) for i in inputs], **kwargs)
        if out:  # in place (p += 1): keep the Parameter bound
            return out[0] if len(out) == 1 else out
        return result

    def __array_function__(self, func, types, args, kwargs):
        if _substitutions_open[0]:
            traced, traced_kwargs = stand_ins(args), stand_in_kwargs(kwargs)
            if traced is not args or traced_kwargs is not kwargs:
                return func(*traced, **traced_kwargs)
        return func(*_plain_tree(args), **_plain_tree(kwargs))

    def __setitem__(self, index, value):
        if _substitutions_open[0]:  # under grad with weights: a write into the stand-in,
            stand_in = traced_value(self)  # as in a Cell (the Parameter keeps its data)
            if stand_in is not self:
                stand_in[index] = value
                return
        before_write(self)
        super().__setitem__(index, value)

    def fill(self, value):
        before_write(self)
        super().fill(value)

    def __hash__(self):
        return id(self)

    def __repr__(self):
        from .dtype import pretty
        return (f"Parameter (name={self.name}, shape={self.shape}, dtype={pretty(self.dtype)}, "
                f"requires_grad={self.requires_grad})")

    __str__ = __repr__

    def __reduce__(self):
        return (_rebuild, (self.view(onp.ndarray).copy(), self.name, self.requires_grad))

    def __copy__(self):
        return _rebuild(self.view(onp.ndarray).copy(), self.name, self.requires_grad)

    def __deepcopy__(self, memo):
        return self.__copy__()


def _rebuild(data, name, requires_grad):
    return Parameter(data, name=name, requires_grad=requires_grad)


def _plain(value):
    return value.view(Array) if isinstance(value, Parameter) else value


def _plain_tree(value):
    if type(value) in (tuple, list):
        return type(value)(_plain_tree(v) for v in value)
    if type(value) is dict:
        return {k: _plain_tree(v) for k, v in value.items()}
    return _plain(value)


install_reads(Parameter)
PARAMETER_TYPES.add(Parameter)
TracedArray.register(Parameter)
ArrayVSpace.register(Parameter)


class ParameterTuple(tuple):
    """A tuple of Parameters (MindSpore's container for weights).

    >>> import minpy_compat as ms
    >>> ps = ms.ParameterTuple([ms.Parameter(ms.Tensor([1.0]), name='w')])
    >>> ps.clone(prefix='moments', init='zeros')[0].name
    'moments.w'
    """

    def __new__(cls, iterable=()):
        items = tuple(iterable)
        for i, item in enumerate(items):
            if not isinstance(item, Parameter):
                raise CellTypeError(message(f"ParameterTuple item {i}", "a Parameter",
                                            describe(item)))
        return super().__new__(cls, items)

    def clone(self, prefix, init="same"):
        """New Parameters named ``prefix.name``: copies, or filled by ``init`` ('zeros', ...)."""
        clones = []
        for param in self:
            twin = param.clone(init)
            twin.name = f"{prefix}.{param.name}"
            clones.append(twin)
        return ParameterTuple(clones)


__all__ = ["Tensor", "Parameter", "ParameterTuple", "as_tensor", "is_tensor"]
