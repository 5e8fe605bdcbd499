"""MindSpore 2.10's ``ExtractGlimpse``: (h, w) windows of an NHWC float32 image batch at
per-image offsets (y, x), read as TensorFlow does: scaled by the image size when
``normalized``, moved to the image centre (halved) when ``centered``, less half the window,
truncated toward zero. Pixels outside the image are noise, as MindSpore's CPU kernel
draws it: 'uniform' on [-1, 1), 'gaussian' with mean 10 and deviation 0.5, or 'zero'.
Gradients (to the image) come from the tracer.

>>> import numpy as onp
>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor(onp.arange(1.0, 10.0, dtype=onp.float32).reshape(1, 3, 3, 1))
>>> glimpse = ops.ExtractGlimpse(uniform_noise=False, noise="zero")
>>> glimpse(x, ms.Tensor(onp.int32([2, 2])), ms.Tensor([[0.0, 0.0]]))[0, :, :, 0].tolist()
[[1.0, 2.0], [4.0, 5.0]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .prims_base import AttrPrimitive

_NOISES = ("uniform", "gaussian", "zero")


def _array(value):
    return onp.asarray(getval(value.asnumpy() if isinstance(value, Tensor) else value))


class ExtractGlimpse(AttrPrimitive):
    """``ExtractGlimpse(centered=True, normalized=True, uniform_noise=True,
    noise='uniform')(x, size, offsets)``: the (B, h, w, C) glimpses of an NHWC ``x``."""

    def __init__(self, centered=True, normalized=True, uniform_noise=True, noise="uniform"):
        super().__init__()
        for name, flag in (("centered", centered), ("normalized", normalized),
                           ("uniform_noise", uniform_noise)):
            if not isinstance(flag, bool):
                raise CellTypeError(message(f"{self.name} {name}", "a bool", describe(flag)))
        if noise not in _NOISES:
            raise CellArgumentError(message(f"{self.name} noise", "'uniform', 'gaussian' or "
                                            "'zero'", repr(noise)))
        if uniform_noise and noise != "uniform":
            raise CellArgumentError(message(f"{self.name} noise", "'uniform' while "
                                            "uniform_noise is True", repr(noise),
                                            "Pass uniform_noise=False to choose the noise."))
        self._keep(centered=centered, normalized=normalized, uniform_noise=uniform_noise,
                   noise=noise)

    def __call__(self, x, size, offsets):
        where = self.name
        data, box, moves = getval(x), _array(size), _array(offsets)
        if getattr(data, "dtype", None) != onp.float32:
            raise CellTypeError(message(f"{where} x", "a float32 Tensor", describe(x)))
        if data.ndim != 4:
            raise CellArgumentError(message(f"{where} x", "a rank-4 (B, H, W, C) Tensor",
                                            f"shape {data.shape}"))
        if box.dtype != onp.int32 or box.shape != (2,):
            raise CellTypeError(message(f"{where} size", "an int32 Tensor of shape (2,)",
                                        f"{box.dtype} of shape {box.shape}"))
        batch, height, width, channels = data.shape
        if moves.dtype != onp.float32 or moves.shape != (batch, 2):
            raise CellArgumentError(message(f"{where} offsets", f"a float32 Tensor of shape "
                                            f"({batch}, 2)", f"{moves.dtype} of shape "
                                            f"{moves.shape}"))
        rows, cols = int(box[0]), int(box[1])
        if rows < 1 or cols < 1:
            raise CellArgumentError(message(f"{where} size", "two positive ints", str(box)))
        pieces = []
        for b in range(batch):
            y, x0 = onp.float32(moves[b, 0]), onp.float32(moves[b, 1])
            if self.normalized:
                y, x0 = y * onp.float32(height), x0 * onp.float32(width)
            if self.centered:
                y = y / onp.float32(2) + onp.float32(height / 2)
                x0 = x0 / onp.float32(2) + onp.float32(width / 2)
            top = int(y - onp.float32(rows / 2))
            left = int(x0 - onp.float32(cols / 2))
            ys, xs = onp.arange(rows) + top, onp.arange(cols) + left
            inside = ((ys >= 0) & (ys < height))[:, None] & ((xs >= 0) & (xs < width))[None]
            picked = x[b][onp.clip(ys, 0, height - 1)][:, onp.clip(xs, 0, width - 1)]
            pieces.append(np.where(inside[..., None], picked, self._noise(rows, cols, channels)))
        return np.stack(pieces)

    def _noise(self, rows, cols, channels):
        shape = (rows, cols, channels)
        if self.noise == "uniform":
            return onp.random.uniform(-1, 1, shape).astype(onp.float32)
        if self.noise == "gaussian":
            return onp.random.normal(10, 0.5, shape).astype(onp.float32)
        return onp.zeros(shape, onp.float32)


__all__ = ["ExtractGlimpse"]
