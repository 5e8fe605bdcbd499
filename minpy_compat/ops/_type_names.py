"""MindSpore's type names for ``MultitypeFuncGraph.register``: which names a Python value
answers to, and the check of a name given to ``register``.

A value answers to several names, from the most to the least specific: ``True`` is
``Bool`` and ``Number``; ``2.5`` is ``Float64``, ``Float`` and ``Number``; a float32 Tensor
(or Parameter) is ``Tensor[Float32]`` and ``Tensor``. Registrations are tried in the order
they were made, so the first one whose names all match wins (MindSpore's rule).
"""
import numbers

import numpy as onp

from ..errors import CellTypeError, OpInputError, message

_SCALAR_KINDS = {"b": "Bool", "i": "Int", "u": "UInt", "f": "Float", "c": "Complex"}
_SIZED = ("Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
          "Float16", "Float32", "Float64", "BFloat16", "Complex64", "Complex128")
_PLAIN = ("Tensor", "Number", "Bool", "Int", "UInt", "Float", "Complex", "String", "Tuple",
          "List", "Dictionary", "None", "Function", "Slice", "Ellipsis", "TypeType",
          "COOTensor", "CSRTensor", "RowTensor", "MapTensor") + _SIZED
KNOWN = frozenset(_PLAIN + tuple(f"Tensor[{name}]" for name in _SIZED + ("Bool",)))


def dtype_name(dtype):
    """``Float32`` for float32, ``Bool`` for bool, ``BFloat16`` for bfloat16."""
    dtype = onp.dtype(dtype)
    if dtype.name == "bfloat16":
        return "BFloat16"
    kind = _SCALAR_KINDS.get(dtype.kind, dtype.name.capitalize())
    return kind if kind == "Bool" else f"{kind}{dtype.itemsize * 8}"


def check_name(type_name):
    """The registered name of one ``register`` argument: a name string, or a dtype (a
    NumPy scalar type such as ``ms.float32``)."""
    if isinstance(type_name, str):
        if type_name not in KNOWN:
            raise OpInputError(message(
                "MultitypeFuncGraph.register", "a MindSpore type name such as 'Tensor', "
                "'Number', 'Bool', 'Tuple', 'List' or 'Tensor[Float32]'", repr(type_name),
                "A Parameter is a 'Tensor'."))
        return type_name
    if isinstance(type_name, type) and issubclass(type_name, onp.generic):
        return dtype_name(type_name)
    raise CellTypeError(message(
        "MultitypeFuncGraph.register", "a type name (str) or a dtype such as ms.float32",
        f"{type(type_name).__name__} {type_name!r}", "Pass the name as a string."))


def _is_tensor(value):
    return (hasattr(value, "shape") and hasattr(value, "dtype")
            and not isinstance(value, (onp.generic, type)))


def _number_names(value):
    if isinstance(value, (bool, onp.bool_)):
        return ("Bool", "Number")
    if isinstance(value, onp.generic):
        name = dtype_name(value.dtype)
        return (name, name.rstrip("0123456789"), "Number")
    kind = ("Int64", "Int") if isinstance(value, numbers.Integral) else \
        ("Float64", "Float") if isinstance(value, numbers.Real) else ("Complex128", "Complex")
    return kind + ("Number",)


def names_of(value):
    """The type names ``value`` answers to, most specific first."""
    if _is_tensor(value):
        own = type(value).__name__
        sparse = (own,) if own in ("COOTensor", "CSRTensor", "RowTensor") else ()
        return sparse + (f"Tensor[{dtype_name(value.dtype)}]", "Tensor")
    if isinstance(value, (numbers.Number, onp.generic)) and not isinstance(value, str):
        return _number_names(value)
    if isinstance(value, type):
        return ("TypeType",)
    for kind, name in ((str, "String"), (tuple, "Tuple"), (list, "List"),
                       (dict, "Dictionary"), (slice, "Slice")):
        if isinstance(value, kind):
            return (name,)
    if value is None:
        return ("None",)
    if value is Ellipsis:
        return ("Ellipsis",)
    return ("Function",) if callable(value) else (type(value).__name__,)


def matches(names, args):
    """Whether the registered ``names`` accept ``args`` one by one."""
    return len(names) == len(args) and all(
        name in names_of(arg) for name, arg in zip(names, args))
