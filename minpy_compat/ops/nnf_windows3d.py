"""MindSpore 2.10's functional 3-D windows: ``conv3d``, ``avg_pool3d`` and
``max_pool3d`` on (N, C, D, H, W), built on ``nn.cells3d``'s window arithmetic.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.max_pool3d(ms.Tensor(onp.arange(8.0).reshape(1, 1, 2, 2, 2)), 2).ravel()
array([7.])
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message
from .checks import float_only


def _triple(where, value):
    items = (value,) * 3 if isinstance(value, numbers.Integral) else tuple(value)
    if len(items) != 3 or any(isinstance(v, bool) or not isinstance(v, numbers.Integral)
                              or v < 0 for v in items):
        raise CellArgumentError(message(where, "an int or a tuple of 3 ints >= 0", repr(value)))
    return tuple(int(v) for v in items)


def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """3-D cross-correlation of (N, C, D, H, W) ``input`` with (F, C / groups, kd, kh, kw)
    ``weight``."""
    from ..nn.cells3d import _padded, _same, _windows
    where = "ops.conv3d"
    float_only(f"{where} input", input)
    float_only(f"{where} weight", weight)
    shape, w_shape = onp.shape(getval(input)), onp.shape(getval(weight))
    if len(shape) != 5 or len(w_shape) != 5:
        raise CellArgumentError(message(f"{where} input", "5-D input and weight",
                                        f"shapes {shape} and {w_shape}"))
    if isinstance(groups, bool) or not isinstance(groups, numbers.Integral) or groups < 1 \
            or shape[1] != w_shape[1] * groups or w_shape[0] % groups:
        raise CellArgumentError(message(f"{where} weight", f"input channels / groups per "
                                        f"group (groups={groups})", f"shape {w_shape}"))
    if pad_mode not in ("valid", "same", "pad"):
        raise CellArgumentError(message(f"{where} pad_mode", "'valid', 'same' or 'pad'",
                                        repr(pad_mode)))
    stride = _triple(f"{where} stride", stride)
    dilation = _triple(f"{where} dilation", dilation)
    pads = _triple(f"{where} padding", padding)
    if pad_mode != "pad" and any(pads):
        raise CellArgumentError(message(f"{where} padding", f"0 with pad_mode='{pad_mode}'",
                                        repr(padding), "Pass pad_mode='pad'."))
    pads = sum(((p, p) for p in pads), ())
    if pad_mode == "same":
        pads = _same(shape[2:], w_shape[2:], stride, dilation)
    taps = _windows(where, _padded(input, pads), w_shape[2:], stride, dilation)
    per_group, outs = w_shape[1], w_shape[0] // groups
    kernels = np.reshape(weight, (w_shape[0], per_group, -1))
    parts = [np.tensordot(taps[:, g * per_group:(g + 1) * per_group],
                          kernels[g * outs:(g + 1) * outs], axes=([1, 2], [1, 2]))
             for g in range(groups)]
    out = np.transpose(parts[0] if groups == 1 else np.concatenate(parts, axis=-1),
                       (0, 4, 1, 2, 3))
    return out if bias is None else out + np.reshape(bias, (1, -1, 1, 1, 1))


def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    """The mean of each window of an (N, C, D, H, W) input (its sum over
    ``divisor_override`` when that is nonzero)."""
    from ..nn.cells3d import AvgPool3d
    return AvgPool3d(kernel_size, stride, "pad" if padding else "valid", padding, ceil_mode,
                     count_include_pad, divisor_override or None)(input_x)


def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The maximum of each window of an (N, C, D, H, W) input."""
    from ..nn.cells3d import MaxPool3d
    stride = kernel_size if stride is None else stride
    return MaxPool3d(kernel_size, stride, "pad", padding, dilation, return_indices,
                     ceil_mode)(x)
