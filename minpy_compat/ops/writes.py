"""``ops.assign`` and ``assign_all``: in-place writes to Parameters, all or none.

The optimizers commit a step with ``assign_all``, so a bad value leaves every
Parameter (moments and step count included) as it was.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name='w')
>>> ops.assign(w, ms.Tensor([3.0, 4.0])).tolist()
[3.0, 4.0]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Parameter, before_write


def assign(variable, value):
    """Write ``value`` into Parameter ``variable`` in place; returns ``variable``."""
    assign_all([(variable, value)])
    return variable


def assign_all(pairs):
    """Write each ``(Parameter, value)`` pair in place, all or none: every value is checked
    and cast to its Parameter's dtype (a copy, so a value may alias a target) before the
    first write, so a bad value leaves every Parameter as it was."""
    staged = [(variable, _staged(variable, value)) for variable, value in pairs]
    for variable, data in staged:
        before_write(variable)
        variable.view(onp.ndarray)[...] = data


def _staged(variable, value):
    if not isinstance(variable, Parameter):
        raise CellTypeError(message("ops.assign variable", "a Parameter", describe(variable),
                                    "Only Parameters can be assigned to."))
    data = onp.asarray(getval(value))
    if data.shape != variable.shape and data.size != 1:
        raise CellArgumentError(message(_where(variable), f"a value of shape {variable.shape}",
                                        f"shape {data.shape}"))
    if data.dtype.kind not in "biufc":
        raise CellTypeError(message(_where(variable), "numbers", describe(value),
                                    "Pass a Tensor or a number."))
    return onp.array(data, dtype=variable.dtype)


def _where(variable):
    return f"ops.assign to Parameter '{variable.name}'"
