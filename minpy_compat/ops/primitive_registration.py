"""MindSpore's custom-primitive idiom: ``PrimitiveWithInfer`` / ``PrimitiveWithCheck``
subclasses whose ``__init__`` is wrapped by ``prim_attr_register``, and the dtype readers
``ops.dtype`` / ``ops.DType()`` that grad-scale Cells use.

``prim_attr_register`` records every constructor argument (defaults included) as an
attribute, in ``attrs`` and in ``init_attrs``, as MindSpore 2.10 does; a subclass with a
Python ``__call__`` runs it, and one without raises ``CustomOpError`` (MindSpore: no kernel)
after running its ``infer_dtype``/``infer_shape``/``infer_value`` (or ``check_*``) hooks, so
the checks a user wrote there still speak first.

>>> from minpy_compat import ops
>>> class Scale(ops.PrimitiveWithInfer):
...     @ops.prim_attr_register
...     def __init__(self, alpha=1.0):
...         self.init_prim_io_names(inputs=['x'], outputs=['y'])
...     def __call__(self, x):
...         return x * self.alpha
>>> Scale(2.0)
Prim[Scale]<alpha=2.0>
"""
import functools
import inspect

import numpy as onp
from autograd.tracer import getval

from ..array import Array
from ..errors import CellTypeError, CustomOpError, message
from ..ms_decorators import constexpr
from ..tensor import Tensor
from .primitives import Primitive

__all__ = ["DType", "PrimitiveWithCheck", "PrimitiveWithInfer", "Tensor", "constexpr",
           "dtype", "prim_arg_register", "prim_attr_register"]


def _bound(fn, self, args, kwargs):
    """``fn``'s arguments by name (defaults filled in), ``self`` left out."""
    where = f"{type(self).__name__}.__init__"
    try:
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
    except TypeError as error:  # a wrong argument list: say which Primitive
        said = str(error)
        raise CellTypeError(message(where, "the arguments of its signature "
                                    f"{inspect.signature(fn)}",
                                    said[4:] if said.startswith("got ") else said)) from None
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    arguments.pop(next(iter(inspect.signature(fn).parameters)))
    return arguments


def _register(fn):
    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        Primitive.__init__(self, type(self).__name__)
        arguments = _bound(fn, self, args, kwargs)
        self.init_attrs = dict(arguments)
        for name, value in arguments.items():
            self.add_prim_attr(name, value)
        fn(self, *args, **kwargs)
    deco.decorated_func = fn
    return deco


def prim_attr_register(fn):
    """Decorate a Primitive's ``__init__``: each argument (defaults included) becomes an
    attribute (``self.alpha``), a primitive attribute (``self.attrs['alpha']``) and an entry
    of ``self.init_attrs``, before the body runs."""
    return _register(fn)


def prim_arg_register(fn):
    """Decorate a Primitive's ``__init__``: like ``prim_attr_register``, for the arguments
    MindSpore passes to the kernel (the same records in PyNative)."""
    return _register(fn)


def _shape(value):
    return list(onp.shape(getval(value)))


def _dtype(value):
    data = getval(value)
    return onp.dtype(data.dtype).type if hasattr(data, "dtype") else type(data)


def _no_kernel(prim, kind):
    return CustomOpError(message(
        f"{prim.name}", "a Primitive with a kernel or a Python __call__",
        f"a {kind} subclass with neither",
        f"Define {type(prim).__name__}.__call__ (its infer_* methods only describe the "
        "output), or write the op with ops.Custom."))


class PrimitiveWithInfer(Primitive):
    """A Primitive whose output shape and dtype come from ``infer_shape`` and
    ``infer_dtype``. Calling one runs the hooks (each gets one argument per input) and then
    its ``__call__``: a subclass must define one, as there is no kernel to run."""

    def __init__(self, name=None):
        super().__init__(name)

    def infer_shape(self, *shapes):
        return shapes[0] if len(shapes) == 1 else None

    def infer_dtype(self, *dtypes):
        return dtypes[0] if len(dtypes) == 1 else None

    def infer_value(self, *values):
        return None

    def __call__(self, *args):
        self.infer_dtype(*[_dtype(a) for a in args])
        self.infer_shape(*[_shape(a) for a in args])
        self.infer_value(*[None for _ in args])
        raise _no_kernel(self, "PrimitiveWithInfer")


class PrimitiveWithCheck(Primitive):
    """A Primitive whose inputs are checked by ``check_shape`` and ``check_dtype`` (and
    ``check_value``). A subclass defines ``__call__``; with none, calling it runs the checks
    and raises, as there is no kernel to run."""

    def __init__(self, name=None):
        super().__init__(name)

    def check_shape(self, *shapes):
        return None

    def check_dtype(self, *dtypes):
        return None

    def check_value(self, *values):
        return None

    def __call__(self, *args):
        self.check_dtype(*[_dtype(a) for a in args])
        self.check_shape(*[_shape(a) for a in args])
        raise _no_kernel(self, "PrimitiveWithCheck")


def dtype(x):
    """The dtype of the Tensor ``x`` (``ms.float32``, ...), as ``ops.dtype`` and
    ``F.dtype`` give it."""
    return _tensor_dtype("ops.dtype x", x)


class DType(Primitive):
    """``DType()(x)``: the dtype of the Tensor ``x`` (``ops.dtype`` as a primitive)."""

    def __init__(self):
        super().__init__("DType")

    def __call__(self, input_x):
        return _tensor_dtype("DType input_x", input_x)


def _tensor_dtype(where, value):
    data = getval(value)
    traced = data is not value and isinstance(data, onp.ndarray)  # a Tensor being traced
    if not traced and Array not in type(data).__mro__:  # no NumPy array or number
        raise CellTypeError(message(where, "a Tensor", type(value).__name__,
                                    "Wrap it first: ms.Tensor(value)."))
    return data.dtype.type
