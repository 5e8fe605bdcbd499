"""MindSpore 2.10's ``ScaleAndTranslate``: TensorFlow's resampling of an NHWC image batch
to ``size`` by a separable kernel (lanczos1/3/5, gaussian, box, triangle, keyscubic,
mitchellcubic) placed at ``(out + 0.5 - translation) / scale`` in each axis, widened by
1 / scale when shrinking with ``antialias``, each output's weights normalised to sum 1 and
output positions outside the source left 0. Always float32 out. Gradients (to the image)
come from the tracer.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor(onp.ones((1, 2, 2, 1), onp.float32))
>>> ops.ScaleAndTranslate("triangle")(x, ms.Tensor(onp.int32([4, 4])), ms.Tensor([2.0, 2.0]),
...                                   ms.Tensor([0.0, 0.0])).shape
(1, 4, 4, 1)
"""
import math

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .prims_base import AttrPrimitive


def _lanczos(radius):
    def kernel(x):
        if x > radius:
            return 0.0
        if x <= 1e-3:
            return 1.0
        return radius * math.sin(math.pi * x) * math.sin(math.pi * x / radius) / \
            (math.pi * math.pi * x * x)
    return kernel, float(radius)


def _cubic(x, near, far):
    if x >= 2:
        return 0.0
    return ((far[0] * x + far[1]) * x + far[2]) * x + far[3] if x >= 1 else \
        ((near[0] * x + near[1]) * x) * x + near[2]


KERNELS = {
    "lanczos1": _lanczos(1), "lanczos3": _lanczos(3), "lanczos5": _lanczos(5),
    "gaussian": (lambda x: 0.0 if x >= 1.5 else math.exp(-x * x / 0.5), 1.5),
    "box": (lambda x: 1.0 if x < 0.5 else 0.5 if x == 0.5 else 0.0, 1.0),
    "triangle": (lambda x: 1.0 - x if x < 1 else 0.0, 1.0),
    "keyscubic": (lambda x: _cubic(x, (1.5, -2.5, 1.0), (-0.5, 2.5, -4.0, 2.0)), 2.0),
    "mitchellcubic": (lambda x: _cubic(x, (7 / 6, -2.0, 8 / 9),
                                       (-7 / 18, 2.0, -10 / 3, 16 / 9)), 2.0),
}


def weights(kernel_type, antialias, in_size, out_size, scale, translate):
    """The (out_size, in_size) float32 resampling matrix of one axis."""
    kernel, radius = KERNELS[kernel_type]
    f32 = onp.float32
    inv = f32(1) / f32(scale)
    widen = max(inv, f32(1)) if antialias else f32(1)
    narrow, reach = f32(1) / widen, f32(radius) * widen
    table = onp.zeros((out_size, in_size), onp.float32)
    for out in range(out_size):
        sample = (f32(out) + f32(0.5) - f32(translate)) * inv
        if sample < 0 or sample > in_size:
            continue
        start = min(max(math.ceil(sample - reach - f32(0.5)), 0), in_size - 1)
        end = min(max(math.floor(sample + reach - f32(0.5)), 0), in_size - 1) + 1
        row = onp.array([kernel(float(abs((f32(s) + f32(0.5) - sample) * narrow)))
                         for s in range(start, end)], onp.float32)
        total = row.sum(dtype=onp.float32)
        if abs(total) >= 1000.0 * onp.finfo(onp.float32).tiny:
            row = row / total
        table[out, start:end] = row
    return table


def _pair(where, value, kind):
    data = onp.asarray(value.asnumpy() if isinstance(value, Tensor) else value)
    good = data.dtype == onp.int32 if kind == "int32" else data.dtype == onp.float32
    if not good:
        raise CellTypeError(message(where, f"a {kind} Tensor", str(data.dtype)))
    if data.shape != (2,):
        raise CellArgumentError(message(where, "a Tensor of shape (2,)", f"shape {data.shape}"))
    return data


class ScaleAndTranslate(AttrPrimitive):
    """``ScaleAndTranslate(kernel_type='lanczos3', antialias=True)(images, size, scale,
    translation)``: the (B, size[0], size[1], C) float32 resampled NHWC ``images``."""

    def __init__(self, kernel_type="lanczos3", antialias=True):
        super().__init__()
        if kernel_type not in KERNELS:
            raise CellArgumentError(message(f"{self.name} kernel_type", "one of "
                                            + ", ".join(sorted(KERNELS)), repr(kernel_type)))
        if not isinstance(antialias, bool):
            raise CellTypeError(message(f"{self.name} antialias", "a bool",
                                        describe(antialias)))
        self._keep(kernel_type=kernel_type, antialias=antialias)

    def __call__(self, images, size, scale, translation):
        where = self.name
        data = getval(images)
        dtype = getattr(data, "dtype", None)
        if dtype is None or dtype == onp.bool_ or dtype.kind not in "iuf":
            raise CellTypeError(message(f"{where} images", "a real Tensor", describe(images)))
        if data.ndim != 4:
            raise CellArgumentError(message(f"{where} images", "a rank-4 (B, H, W, C) Tensor",
                                            f"shape {data.shape}"))
        box = _pair(f"{where} size", size, "int32")
        scales = _pair(f"{where} scale", scale, "float32")
        moves = _pair(f"{where} translation", translation, "float32")
        if (box <= 0).any():
            raise CellArgumentError(message(f"{where} size", "two positive ints", str(box)))
        if (scales <= 0).any():
            raise CellArgumentError(message(f"{where} scale", "two positive floats",
                                            str(scales)))
        rows = weights(self.kernel_type, self.antialias, data.shape[1], int(box[0]),
                       scales[0], moves[0])
        cols = weights(self.kernel_type, self.antialias, data.shape[2], int(box[1]),
                       scales[1], moves[1])
        source = images if dtype == onp.float32 else np.asarray(images).astype(onp.float32)
        return np.einsum("yh,bhwc,xw->byxc", rows, source, cols)


__all__ = ["ScaleAndTranslate"]
