"""MindSpore's function forms of a few elementwise primitives: ``population_count``,
``xdivy``, ``truncate_div``, ``truncate_mod``, ``bitwise_left_shift``,
``bitwise_right_shift``, ``inv``, ``invert``, ``approximate_equal`` and ``intopk``.

Each checks its arguments under its own name, then shares the primitive's kernel
(``prims_elementwise.py``, ``prims_mathx.py``, ``prims_fills.py``), so the two forms agree.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.population_count(ms.Tensor([7, -1], ms.int16))
array([ 3, 16], dtype=uint8)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..array import wrap
from ..errors import CellTypeError, message
from . import math_elementwise as E
from .prims_elementwise import _inv, _truncate_div, _xdivy
from .prims_fills import in_top_k
from .prims_mathx import popcount


def _dtype_of(x):
    value = getval(x)
    return getattr(value, "dtype", None) if not isinstance(value, onp.generic) else None


def _tensor_kinds(where, x, kinds, wanted):
    dtype = _dtype_of(x)
    if dtype is None or dtype.kind not in kinds:
        got = str(dtype) if dtype is not None else type(getval(x)).__name__
        raise CellTypeError(message(where, wanted, got))
    return x


def population_count(input_x):
    """The number of set bits of each element of an int Tensor, as UInt8."""
    return popcount("ops.population_count input_x", input_x)


def _promoted_kinds(where, x, y, kinds, wanted):
    """MindSpore promotes first (an int Tensor beside a float one becomes float), then
    checks: ``x`` must reach one of ``kinds`` once promoted with ``y``."""
    if _dtype_of(x) is not None and _dtype_of(y) is not None and \
            onp.result_type(_dtype_of(x), _dtype_of(y)).kind in kinds:
        return x
    return _tensor_kinds(where, x, kinds, wanted)


def xdivy(x, y):
    """x / y, 0 where x is 0 (float or complex Tensors; an int one beside a float one)."""
    _promoted_kinds("ops.xdivy x", x, y, "fc", "a float or complex Tensor")
    return _xdivy(x, y)


def truncate_div(x, y):
    """x / y rounded toward 0; ints stay ints."""
    return wrap(_truncate_div(x, y))


def truncate_mod(x, y):
    """x - trunc(x / y) * y (the sign of x)."""
    return E.fmod(x, y)


def _shift(where, shift, input, other):
    int_kinds = "iu"
    first = _dtype_of(input)
    second = _dtype_of(other)
    if first is None and second is None:
        raise CellTypeError(message(f"{where} input", "a Tensor in input or other",
                                    f"{type(input).__name__} and {type(other).__name__}"))
    for name, value, dtype in (("input", input, first), ("other", other, second)):
        if dtype is None:
            if not isinstance(value, numbers.Integral) or isinstance(value, bool):
                raise CellTypeError(message(f"{where} {name}", "an int Tensor or int",
                                            repr(value)))
        elif dtype.kind not in int_kinds:
            raise CellTypeError(message(f"{where} {name}", "an int Tensor", str(dtype)))
    if first is not None and second is not None and first != second:
        raise CellTypeError(message(f"{where} other", f"input's dtype {first}", str(second),
                                    "Cast one to the other's dtype."))
    dtype = first if first is not None else second
    return wrap(shift(onp.asarray(getval(input), dtype), onp.asarray(getval(other), dtype)))


def bitwise_left_shift(input, other):
    """input << other, elementwise (int Tensors of one dtype, or an int and a Tensor)."""
    return _shift("ops.bitwise_left_shift", onp.left_shift, input, other)


def bitwise_right_shift(input, other):
    """input >> other, elementwise (int Tensors of one dtype, or an int and a Tensor)."""
    return _shift("ops.bitwise_right_shift", onp.right_shift, input, other)


def inv(x):
    """1 / x, elementwise; ints stay ints (1 // x)."""
    _tensor_kinds("ops.inv x", x, "iuf", "an int or float Tensor")
    return _inv(x)


def invert(x):
    """The bitwise not of an int Tensor."""
    _tensor_kinds("ops.invert x", x, "iu", "an int Tensor")
    return onp.invert(getval(x))


def approximate_equal(x, y, tolerance=1e-05):
    """|x - y| < tolerance, elementwise (Bool; float Tensors, float tolerance)."""
    if not isinstance(tolerance, float):
        raise CellTypeError(message("ops.approximate_equal tolerance", "a float",
                                    repr(tolerance)))
    _promoted_kinds("ops.approximate_equal x", x, y, "f", "a float Tensor")
    _promoted_kinds("ops.approximate_equal y", y, x, "f", "a float Tensor")
    return onp.abs(getval(x) - getval(y)) < tolerance


def intopk(x1, x2, k):
    """Whether each row's target class ``x2[i]`` is among the ``k`` largest of ``x1[i]``."""
    return in_top_k("ops.intopk", x1, x2, k)
