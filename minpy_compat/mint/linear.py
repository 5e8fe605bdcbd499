"""``mint.conv2d`` (PyTorch-style ``padding``: an int, a pair, 'same' or 'valid') and
``mint.triangular_solve`` (solution, copied coefficient), on ``ops`` and the facade.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> a = ms.Tensor([[2.0, 0.0], [1.0, 1.0]])
>>> mint.triangular_solve(ms.Tensor([[2.0], [2.0]]), a, upper=False)[0]
array([[1.],
       [1.]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from .. import ops
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import _args


def _pair(where, value):
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return (int(value),) * 2
    if isinstance(value, (tuple, list)) and len(value) in (1, 2) and all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value):
        return tuple(int(v) for v in value) * (3 - len(value))
    raise CellTypeError(message(where, "an int or a pair of ints", describe(value)))


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D convolution of (N, C, H, W) ``input`` with (O, C/groups, kH, kW) ``weight``."""
    _args.tensor("mint.conv2d input", input)
    _args.tensor("mint.conv2d weight", weight)
    stride = _pair("mint.conv2d stride", stride)
    dilation = _pair("mint.conv2d dilation", dilation)
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            raise CellArgumentError(message("mint.conv2d padding", "'same', 'valid', an int "
                                            "or a pair", repr(padding)))
        if padding == "same" and stride != (1, 1):
            raise CellArgumentError(message("mint.conv2d padding", "stride 1 with 'same'",
                                            f"stride {stride}"))
        return ops.conv2d(input, weight, bias, stride, padding, 0, dilation, groups)
    h, w = _pair("mint.conv2d padding", padding)
    return ops.conv2d(input, weight, bias, stride, "pad", (h, w), dilation, groups)


def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """(the solution X of ``A X = b`` for triangular ``A`` (batched), a copy of ``A``);
    ``transpose`` solves ``A^T X = b``, ``unitriangular`` takes A's diagonal as ones."""
    _check = _args
    _check.tensor("mint.triangular_solve b", b)
    _check.tensor("mint.triangular_solve A", A)
    if _check.ndim(A) < 2 or onp.shape(getval(A))[-1] != onp.shape(getval(A))[-2]:
        raise CellArgumentError(message("mint.triangular_solve A", "square matrices (..., n, n)",
                                        f"shape {onp.shape(getval(A))}"))
    tri = np.triu(A) if upper else np.tril(A)
    if unitriangular:
        n = onp.shape(getval(A))[-1]
        eye = onp.eye(n, dtype=getval(A).dtype)
        tri = tri * (1 - eye) + eye
    if transpose:
        tri = np.swapaxes(tri, -1, -2)
    return np.linalg.solve(tri, b), A + 0


_args.name_callers(globals(), "mint")  # errors name mint.<function>
