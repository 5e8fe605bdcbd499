"""MindSpore's dtype query: ``ops.dtype(x)`` (``F.dtype`` in model-zoo code) and the
primitive ``ops.DType()(x)``, the dtype of a Tensor (``mstype.float32``, ...), as
``x.dtype``. Model-zoo training cells build their sens with
``P.Fill()(P.DType()(loss), P.Shape()(loss), sens)``.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.DType()(ms.Tensor(onp.ones(2, onp.float32))) == ms.float32
True
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellTypeError, message
from .prims_base import forwarding


def dtype(input):
    """The dtype of a Tensor (``mstype.float32``, ...), as ``input.dtype``."""
    value = getval(input)
    if not hasattr(value, "dtype") or isinstance(value, onp.generic):
        raise CellTypeError(message("ops.dtype input", "a Tensor", type(value).__name__,
                                    "Wrap it: ms.Tensor(value)."))
    return value.dtype


DType = forwarding("DType", dtype, "The dtype of x (mstype.float32, ...).")
