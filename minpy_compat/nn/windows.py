"""Sliding windows over NCHW inputs, shared by ``Conv2d`` and the pooling Cells.

Everything here is written with ``minpy_compat.numpy`` (pad, strided slices, stack),
so the tracer differentiates it to any order; no gradient is registered by hand.
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message

PAD_MODES = ("same", "valid", "pad")


def pair(where, name, value):
    """An int or a 2-tuple of positive ints as a (height, width) pair."""
    items = (value, value) if isinstance(value, numbers.Integral) else value
    if type(items) not in (tuple, list) or len(items) != 2:
        raise CellTypeError(message(f"{where} {name}", "a positive int or a tuple of 2 of them",
                                    describe(value)))
    for item in items:
        if isinstance(item, bool) or not isinstance(item, numbers.Integral) or item <= 0:
            raise CellArgumentError(message(f"{where} {name}",
                                            "a positive int or a tuple of 2 of them", repr(value)))
    return int(items[0]), int(items[1])


def check_pad_mode(where, value):
    """'same', 'valid' or 'pad' (any case, as MindSpore accepts)."""
    if not isinstance(value, str) or value.lower() not in PAD_MODES:
        raise CellArgumentError(message(f"{where} pad_mode", "'same', 'valid' or 'pad'",
                                        repr(value)))
    return value.lower()


def same_pads(size, kernel, stride, dilation):
    """(before, after) padding that gives ceil(size / stride) outputs (extra pad after)."""
    out = -(-size // stride)
    total = max((out - 1) * stride + (kernel - 1) * dilation + 1 - size, 0)
    return total // 2, total - total // 2


# what an input of each rank holds (a 1-d Cell's rank 2/3, an image's rank 4, a volume's 5)
_LAYOUTS = {2: "(N, C)", 3: "(N, C, L)", 4: "(N, C, H, W)", 5: "(N, C, D, H, W)"}


def check_input(where, x, channels=None, ranks=(4,), layout=None):
    """``x``'s shape, after checking its rank (and its channel count, axis 1); ``layout``
    words the accepted shapes where the rank alone does not say (an unbatched pool input)."""
    shape = onp.shape(getval(x))
    if len(shape) not in ranks:
        wanted = " or ".join(f"rank-{r}" for r in ranks)
        layout = layout or " or ".join(_LAYOUTS.get(r, f"rank-{r}") for r in ranks)
        raise CellArgumentError(message(f"{where} input", f"a {wanted} {layout} tensor",
                                        f"shape {shape}"))
    if channels is not None and shape[1] != channels:
        raise CellArgumentError(message(f"{where} input", f"{channels} channels (axis 1)",
                                        f"shape {shape}"))
    return shape


def check_weight_dtype(where, x, weight):
    """``x``'s dtype, which must be the weight's: as in MindSpore, a Conv2d or Dense with
    float32 weights refuses a float16, float64 or int input instead of promoting it.
    ``where`` may be a function giving the name, called only when there is an error."""
    x, weight = getval(x), getval(weight)  # an array's dtype is read straight (no dispatch)
    dtype = x.dtype if isinstance(x, onp.ndarray) else onp.result_type(x)
    wanted = weight.dtype if isinstance(weight, onp.ndarray) else onp.result_type(weight)
    if dtype != wanted:
        where = where() if callable(where) else where
        raise CellTypeError(message(
            f"{where} input", f"dtype {wanted} (the weight's)", f"{dtype}",
            f"Cast the input (x.astype(ms.{wanted})), or build the Cell with dtype=ms.{dtype}."))
    return dtype


def check_float_input(where, x, dtypes=("float16", "float32", "float64")):
    """``x``'s dtype, which must be one of ``dtypes`` (norms and pools refuse ints)."""
    dtype = onp.result_type(getval(x))
    if dtype.name not in dtypes:
        raise CellTypeError(message(f"{where} input", "a Tensor of " + ", ".join(dtypes),
                                    f"{dtype}", "Cast it: x.astype(ms.float32)."))
    return dtype


def padded(x, pads, value=0.0):
    """``x`` padded on H and W by ``pads = (top, bottom, left, right)``."""
    if not any(pads):
        return x
    top, bottom, left, right = pads
    return np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)), constant_values=value)


def out_size(where, size, kernel, stride, dilation):
    count = (size - (kernel - 1) * dilation - 1) // stride + 1
    if count <= 0:
        raise CellArgumentError(message(
            f"{where} input", f"at least {(kernel - 1) * dilation + 1} rows/columns after padding "
            "(the kernel's extent)", f"{size}", "Use a smaller kernel or pad_mode='same'."))
    return count


def windows(where, x, kernel, stride, dilation=(1, 1)):
    """(N, C, kh*kw, Hout, Wout): for each kernel offset, the input it multiplies."""
    height, width = onp.shape(getval(x))[2:]
    rows = out_size(where, height, kernel[0], stride[0], dilation[0])
    cols = out_size(where, width, kernel[1], stride[1], dilation[1])
    taps = []
    for i in range(kernel[0]):
        for j in range(kernel[1]):
            top, left = i * dilation[0], j * dilation[1]
            taps.append(x[:, :, top:top + stride[0] * (rows - 1) + 1:stride[0],
                          left:left + stride[1] * (cols - 1) + 1:stride[1]])
    return np.stack(taps, axis=2)
