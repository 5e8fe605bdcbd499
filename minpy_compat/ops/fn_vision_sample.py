"""MindSpore 2.10's sampling functions: ``grid_sample`` (bilinear or nearest, 4-D and 5-D,
zeros/border/reflection padding), ``affine_grid`` and ``crop_and_resize`` (TensorFlow's
box crops). Sample positions are computed in NumPy; the values are gathered and weighed
with the facade, so gradients reach the input and, where the position depends on it, the
grid or the boxes.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
>>> ops.grid_sample(x, ms.Tensor([[[[0.0, 0.0]]]]), align_corners=True).tolist()
[[[[2.5]]]]
"""
import itertools

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .math_elementwise import tensor_input


def _dtype(x):
    return onp.dtype(getattr(getval(x), "dtype", onp.float64))


def gather(x, indices):
    """``x[n, :, indices[0][n, ...], indices[1][n, ...], ...]`` for an (N, C, *S) ``x`` and
    int arrays of one (N, *O) shape: an (N, C, *O) result."""
    shape = onp.shape(getval(x))
    n, c, spatial = shape[0], shape[1], shape[2:]
    out_shape = indices[0].shape[1:]
    linear = onp.ravel_multi_index(tuple(indices), spatial).reshape(n, -1)
    flat = np.transpose(np.reshape(x, (n, c, -1)), (0, 2, 1))
    picked = flat[onp.arange(n)[:, None], linear]
    return np.reshape(np.transpose(picked, (0, 2, 1)), (n, c) + tuple(out_shape))


def _reflect(coord, low2, high2):
    """``coord`` reflected into [low2 / 2, high2 / 2] (PyTorch's reflection padding)."""
    if low2 == high2:
        return coord * 0
    low, span = low2 / 2, (high2 - low2) / 2
    shifted = np.abs(coord - low)
    flips = onp.floor(getval(shifted) / span)
    extra = shifted - flips * span
    return np.where(flips % 2 == 0, extra + low, span - extra + low)


def _source(coord, size, padding, align_corners):
    coord = ((coord + 1) / 2) * (size - 1) if align_corners else ((coord + 1) * size - 1) / 2
    if padding == "border":
        return np.clip(coord, 0, size - 1)
    if padding == "reflection":
        if align_corners:
            return _reflect(coord, 0, 2 * (size - 1))
        return np.clip(_reflect(coord, -1, 2 * size - 1), 0, size - 1)
    return coord


def _check_grid(input, grid, rank):
    tensor_input("ops.grid_sample input", input)
    tensor_input("ops.grid_sample grid", grid)
    shape, gshape = onp.shape(getval(input)), onp.shape(getval(grid))
    if len(shape) not in (4, 5):
        raise CellArgumentError(message("ops.grid_sample input", "a 4-D or 5-D Tensor",
                                        f"shape {shape}"))
    if len(gshape) != len(shape) or gshape[-1] != rank or gshape[0] != shape[0]:
        raise CellArgumentError(message(
            "ops.grid_sample grid", f"shape ({shape[0]}, ..., {rank}) of rank {len(shape)}",
            f"shape {gshape}", "Give one (x, y[, z]) point per output position."))
    for name, value in (("input", input), ("grid", grid)):
        if _dtype(value).name not in ("float16", "float32", "float64"):
            raise CellTypeError(message(f"ops.grid_sample {name}", "a float Tensor",
                                        _dtype(value).name))
    if _dtype(input) != _dtype(grid):
        raise CellTypeError(message("ops.grid_sample grid",
                                    f"dtype {_dtype(input).name} like input", _dtype(grid).name,
                                    "Cast it: grid.astype(input.dtype)."))
    return shape


def grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None):
    """``input`` (N, C, H, W) or (N, C, D, H, W) sampled at the normalised points of
    ``grid`` ((x, y) or (x, y, z) in [-1, 1] on its last axis)."""
    if mode not in ("bilinear", "nearest"):
        raise CellArgumentError(message("ops.grid_sample mode", "'bilinear' or 'nearest'",
                                        repr(mode)))
    if padding_mode not in ("zeros", "border", "reflection"):
        raise CellArgumentError(message("ops.grid_sample padding_mode",
                                        "'zeros', 'border' or 'reflection'", repr(padding_mode)))
    shape = _check_grid(input, grid, len(onp.shape(getval(input))) - 2)
    spatial = shape[2:]
    dims = len(spatial)
    # grid's last axis is (x, y[, z]): x runs along the last spatial axis
    coords = [_source(grid[..., dims - 1 - d], spatial[d], padding_mode, bool(align_corners))
              for d in range(dims)]
    dtype = _dtype(input)
    if mode == "nearest":
        index = [onp.rint(getval(c)).astype(int) for c in coords]
        return _taps(input, spatial, [(index, onp.ones((), dtype))])
    low = [onp.floor(getval(c)).astype(int) for c in coords]
    start = [lo.astype(dtype) for lo in low]
    taps = []
    for corner in itertools.product((0, 1), repeat=dims):
        weight = None
        for d, bit in enumerate(corner):
            part = coords[d] - start[d] if bit else (start[d] + 1) - coords[d]
            weight = part if weight is None else weight * part
        taps.append(([lo + bit for lo, bit in zip(low, corner)], weight))
    return _taps(input, spatial, taps)


def _taps(input, spatial, taps):
    """The sum over ``(index, weight)`` taps of ``weight * input[index]``, zero where an
    index falls outside the input."""
    total, dtype = None, _dtype(input)
    for index, weight in taps:
        inside = onp.all([(i >= 0) & (i < n) for i, n in zip(index, spatial)], axis=0)
        clipped = [onp.clip(i, 0, n - 1) for i, n in zip(index, spatial)]
        value = gather(input, clipped) * np.expand_dims(weight * inside.astype(dtype), 1)
        total = value if total is None else total + value
    return total


def _base_grid(n, align_corners, dtype):
    if n == 1:
        return onp.zeros(1, dtype)
    if align_corners:
        return onp.linspace(-1.0, 1.0, n).astype(dtype)
    return ((onp.arange(n) * 2.0 + 1.0) / n - 1.0).astype(dtype)


def affine_grid(theta, size, align_corners=False):
    """The (N, H, W, 2) or (N, D, H, W, 3) sampling grid of the affine maps ``theta``
    ((N, 2, 3) or (N, 3, 4)) for an output of ``size`` (N, C, H, W) or (N, C, D, H, W)."""
    tensor_input("ops.affine_grid theta", theta)
    if _dtype(theta).name not in ("float16", "float32"):
        raise CellTypeError(message("ops.affine_grid theta", "a float16 or float32 Tensor",
                                    _dtype(theta).name, "Cast it: theta.astype(ms.float32)."))
    if not isinstance(size, (tuple, list)) or len(size) not in (4, 5):
        raise CellArgumentError(message("ops.affine_grid size", "(N, C, H, W) or (N, C, D, H, W)",
                                        describe(size)))
    spatial = tuple(int(s) for s in size[2:])
    rank = len(spatial)
    shape = onp.shape(getval(theta))
    if shape[1:] != (rank, rank + 1) or len(shape) != 3:
        raise CellArgumentError(message("ops.affine_grid theta", f"shape (N, {rank}, {rank + 1}) "
                                        f"for a {len(size)}-D size", f"shape {shape}"))
    if shape[0] != size[0]:
        raise CellArgumentError(message("ops.affine_grid size[0]", f"{shape[0]} like theta",
                                        repr(size[0])))
    dtype = _dtype(theta)
    axes = [_base_grid(n, align_corners, dtype) for n in spatial]
    mesh = list(onp.meshgrid(*axes, indexing="ij"))[::-1]  # x (the last axis) first
    base = onp.stack(mesh + [onp.ones(spatial, dtype)], axis=-1).reshape(-1, rank + 1)
    grid = np.matmul(base, np.transpose(theta, (0, 2, 1)))
    return np.reshape(grid, (shape[0],) + spatial + (rank,))


def _crop_axis(low, high, n, out):
    """Where an axis of ``n`` pixels is sampled for ``out`` points between the normalised
    ``low`` and ``high`` ((boxes, out) arrays); TensorFlow's formula."""
    if out > 1:
        return low[:, None] * (n - 1) + onp.arange(out, dtype=onp.float32) * (
            (high - low) * (n - 1) / (out - 1))[
            :, None]
    return np.reshape((low + high) * 0.5 * (n - 1), (-1, 1))


def crop_and_resize(image, boxes, box_indices, crop_size, method='bilinear',
                    extrapolation_value=0.0):
    """Crops of the (B, H, W, C) ``image`` in the normalised ``boxes`` (y1, x1, y2, x2),
    each from image ``box_indices[i]``, resized to ``crop_size``: a float32
    (num_boxes, crop_h, crop_w, C) Tensor; points outside the image get
    ``extrapolation_value``."""
    if method not in ("bilinear", "nearest", "bilinear_v2"):
        raise CellArgumentError(message("ops.crop_and_resize method",
                                        "'bilinear', 'nearest' or 'bilinear_v2'", repr(method)))
    for name, value in (("image", image), ("boxes", boxes), ("box_indices", box_indices)):
        tensor_input(f"ops.crop_and_resize {name}", value)
    shape = onp.shape(getval(image))
    if len(shape) != 4:
        raise CellArgumentError(message("ops.crop_and_resize image", "a 4-D (B, H, W, C) Tensor",
                                        f"shape {shape}"))
    count = onp.shape(getval(boxes))
    index = onp.asarray(getval(box_indices)).astype(int)
    if len(count) != 2 or count[1] != 4 or index.shape != count[:1]:
        raise CellArgumentError(message("ops.crop_and_resize boxes and box_indices",
                                        "shapes (num_boxes, 4) and (num_boxes,)",
                                        f"{count} and {index.shape}"))
    if ((index < 0) | (index >= shape[0])).any():
        raise CellArgumentError(message("ops.crop_and_resize box_indices",
                                        f"values in [0, {shape[0]})", f"{index.tolist()}"))
    if _dtype(boxes).name != "float32":
        raise CellTypeError(message("ops.crop_and_resize boxes", "a float32 Tensor",
                                    _dtype(boxes).name))
    if not isinstance(crop_size, (tuple, list)) or len(crop_size) != 2 or min(crop_size) < 1:
        raise CellArgumentError(message("ops.crop_and_resize crop_size",
                                        "a tuple of 2 positive ints", describe(crop_size)))
    pixels = np.transpose(image, (0, 3, 1, 2))[index].astype(onp.float32)
    (h, w), (ch, cw) = shape[1:3], crop_size
    if method == "bilinear_v2":
        return _crop_v2(pixels, onp.asarray(getval(boxes)), shape[1:3], crop_size)
    ys = _crop_axis(boxes[:, 0], boxes[:, 2], h, ch)
    xs = _crop_axis(boxes[:, 1], boxes[:, 3], w, cw)
    y, x = np.broadcast_to(ys[:, :, None], (len(index), ch, cw)), \
        np.broadcast_to(xs[:, None, :], (len(index), ch, cw))
    yv, xv = getval(y), getval(x)
    outside = (yv < 0) | (yv > h - 1) | (xv < 0) | (xv > w - 1)
    if method == "nearest":
        taps = [([_round(yv), _round(xv)], onp.ones((), onp.float32))]
    else:
        top, left = onp.floor(yv).astype(int), onp.floor(xv).astype(int)
        dy, dx = y - top, x - left
        taps = [([top, left], (1 - dy) * (1 - dx)),
                ([onp.ceil(yv).astype(int), left], dy * (1 - dx)),
                ([top, onp.ceil(xv).astype(int)], (1 - dy) * dx),
                ([onp.ceil(yv).astype(int), onp.ceil(xv).astype(int)], dy * dx)]
    taps = [([onp.clip(i, 0, n - 1) for i, n in zip(at, (h, w))], weight) for at, weight in taps]
    out = _taps(pixels, (h, w), taps)
    fill = onp.float32(extrapolation_value)
    out = np.where(outside[:, None], fill, out).astype(onp.float32)
    return np.transpose(out, (0, 2, 3, 1))


def _round(v):
    return (onp.sign(v) * onp.floor(onp.abs(v) + 0.5)).astype(int)  # C's roundf


def _crop_v2(pixels, boxes, size, crop):
    """MindSpore's 'bilinear_v2': pixel-centre sampling inside each box's whole-pixel span."""
    corners = []
    for axis, (n, out) in enumerate(zip(size, crop)):
        low = (boxes[:, axis] * n).astype(int)
        span = onp.maximum((boxes[:, axis + 2] * n).astype(int) - low + 1, 1)[:, None]
        point = (onp.arange(out) + 0.5) * (span / out) - 0.5
        first = onp.clip(onp.floor(point).astype(int), 0, span - 1)
        second = onp.clip(onp.ceil(point).astype(int), 0, span - 1)
        corners.append((onp.clip(low[:, None] + first, 0, n - 1),
                        onp.clip(low[:, None] + second, 0, n - 1),
                        (point - first).astype(onp.float32)))
    (t, b, ly), (l, r, lx) = corners
    ext = [lambda a: a[:, :, None], lambda a: a[:, None, :]]
    t, b, ly, l, r, lx = ext[0](t), ext[0](b), ext[0](ly), ext[1](l), ext[1](r), ext[1](lx)
    full = onp.shape(ly + lx)
    taps = [([onp.broadcast_to(t, full), onp.broadcast_to(l, full)], (1 - ly) * (1 - lx)),
            ([onp.broadcast_to(b, full), onp.broadcast_to(r, full)], ly * lx),
            ([onp.broadcast_to(t, full), onp.broadcast_to(r, full)], (1 - ly) * lx),
            ([onp.broadcast_to(b, full), onp.broadcast_to(l, full)], ly * (1 - lx))]
    return np.transpose(_taps(pixels, size, taps), (0, 2, 3, 1))
