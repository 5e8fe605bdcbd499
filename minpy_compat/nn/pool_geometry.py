"""Window geometry the pooling Cells share across ranks: ``ceil_mode``'s overhang and the
divisor of an average pool.

With ``ceil_mode`` an axis of length n (padded by ``before`` and ``after``) gets
ceil((n + before + after - extent) / stride) + 1 windows, less the last one when it would
start in the right padding (PyTorch's and MindSpore's rule); the last window may hang over
the edge, and the overhang is padded with the pool's fill so that it never counts.
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, message


def overhang(size, kernel, stride, dilation, before, after, ceil_mode):
    """How many elements past ``after`` the last window of one axis reaches (0 without
    ``ceil_mode``)."""
    span = size + before + after - (kernel - 1) * dilation - 1
    if not ceil_mode or span < 0:
        return 0
    count = -(-span // stride) + 1
    if (count - 1) * stride >= size + before:
        count -= 1
    return max((count - 1) * stride - span, 0)


def ceil_pads(sizes, kernel, stride, dilation, pads, ceil_mode):
    """``pads`` ((before, after) per axis, flattened) and the overhang of each axis."""
    extra = tuple(overhang(n, k, s, d, pads[2 * i], pads[2 * i + 1], ceil_mode)
                  for i, (n, k, s, d) in enumerate(zip(sizes, kernel, stride, dilation)))
    return pads, extra


def grown(pads, extra):
    """``pads`` with each axis's overhang added after it."""
    return tuple(p + (extra[i // 2] if i % 2 else 0) for i, p in enumerate(pads))


def padded_nd(x, pads, value=0.0):
    """``x`` padded on its trailing axes by ``pads`` ((before, after) per axis)."""
    if not any(pads):
        return x
    lead = ((0, 0),) * (onp.ndim(getval(x)) - len(pads) // 2)
    return np.pad(x, lead + tuple(zip(pads[::2], pads[1::2])), constant_values=value)


def divisors(spatial, pads, extra, count_pads, window_sums, dtype):
    """The number of elements each window averages: the input's, plus the explicit padding's
    when ``count_pads``, never the overhang's. ``window_sums(ones)`` sums each window."""
    ones = onp.ones((1, 1) + tuple(spatial), dtype)
    if count_pads:
        ones = onp.pad(ones, ((0, 0), (0, 0)) + tuple(zip(pads[::2], pads[1::2])),
                       constant_values=1)
        inner = (0,) * len(pads)
    else:
        inner = pads
    return window_sums(padded_nd(ones, grown(inner, extra)))


def check_divisor(where, divisor_override):
    """``divisor_override``: None or a positive int (0 means None, as MindSpore's functions
    take it)."""
    if divisor_override is None or divisor_override == 0 and not isinstance(
            divisor_override, bool):
        return None
    if isinstance(divisor_override, bool) or not isinstance(divisor_override, numbers.Integral) \
            or divisor_override < 0:
        raise CellArgumentError(message(f"{where} divisor_override", "None or a positive int",
                                        repr(divisor_override)))
    return int(divisor_override)
