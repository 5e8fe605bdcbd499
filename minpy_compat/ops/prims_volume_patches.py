"""MindSpore 2.10's ``ExtractVolumePatches``: every (kd, kh, kw) patch of an NCDHW volume,
stacked along the channel axis as (kd, kh, kw, C) with C fastest (TensorFlow's order), with
'VALID' or 'SAME' (zero, TensorFlow-split) padding. Gradients come from the tracer.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor(onp.arange(8.0).reshape(1, 1, 2, 2, 2))
>>> ops.ExtractVolumePatches([1, 1, 2, 2, 2], [1, 1, 1, 1, 1], "VALID")(x).shape
(1, 8, 1, 1, 1)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .prims_base import AttrPrimitive, check_int


def _five(where, value):
    items = tuple(value) if isinstance(value, (tuple, list)) else None
    if items is None or len(items) != 5 or items[:2] != (1, 1) or \
            any(check_int(where, item) < 1 for item in items):
        raise CellArgumentError(message(where, "a tuple of 5 positive ints starting 1, 1",
                                        repr(value)))
    return items[2:]


class ExtractVolumePatches(AttrPrimitive):
    """``ExtractVolumePatches(kernel_size, strides, padding)(input_x)``: the
    (N, C * kd * kh * kw, D_out, H_out, W_out) patches of an NCDHW ``input_x``."""

    def __init__(self, kernel_size, strides, padding):
        super().__init__()
        kernel = _five(f"{self.name} kernel_size", kernel_size)
        stride = _five(f"{self.name} strides", strides)
        if not isinstance(padding, str) or padding.upper() not in ("VALID", "SAME"):
            raise CellArgumentError(message(f"{self.name} padding", "'VALID' or 'SAME'",
                                            repr(padding)))
        self._keep(kernel_size=tuple(kernel_size), strides=tuple(strides),
                   padding=padding.upper())
        self._kernel, self._stride = kernel, stride

    def __call__(self, input_x):
        where = self.name
        data = getval(input_x)
        shape, dtype = onp.shape(data), getattr(data, "dtype", None)
        if dtype is None or dtype == onp.bool_ or onp.issubdtype(dtype, onp.complexfloating):
            raise CellTypeError(message(f"{where} input_x", "a real Tensor", describe(input_x)))
        if len(shape) != 5:
            raise CellArgumentError(message(f"{where} input_x", "a rank-5 (N, C, D, H, W) "
                                            "Tensor", f"shape {shape}"))
        spatial, pads, outs = shape[2:], [], []
        for n, k, s in zip(spatial, self._kernel, self._stride):
            if self.padding == "VALID":
                if n < k:
                    raise CellArgumentError(message(f"{where} kernel_size", f"at most the "
                                                    f"input's {spatial}", str(self._kernel)))
                outs.append((n - k) // s + 1)
                pads.append((0, 0))
            else:
                out = -(-n // s)
                extra = max((out - 1) * s + k - n, 0)
                outs.append(out)
                pads.append((extra // 2, extra - extra // 2))
        padded = np.pad(input_x, [(0, 0), (0, 0)] + pads) if any(sum(p) for p in pads) \
            else input_x
        pieces = []
        for a in range(self._kernel[0]):
            for b in range(self._kernel[1]):
                for c in range(self._kernel[2]):
                    pieces.append(padded[:, :, a:a + (outs[0] - 1) * self._stride[0] + 1:
                                         self._stride[0],
                                         b:b + (outs[1] - 1) * self._stride[1] + 1:
                                         self._stride[1],
                                         c:c + (outs[2] - 1) * self._stride[2] + 1:
                                         self._stride[2]])
        stacked = np.stack(pieces, 1)               # (N, K, C, D_out, H_out, W_out)
        return np.reshape(stacked, (shape[0], -1) + tuple(outs))


__all__ = ["ExtractVolumePatches"]
