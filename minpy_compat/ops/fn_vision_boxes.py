"""MindSpore 2.10's detection-box functions: ``iou``, ``bounding_box_encode``,
``bounding_box_decode`` and ``check_valid``. Boxes are rows ``(x1, y1, x2, y2)`` in pixel
units and, as in MindSpore's kernels, a box's width is ``x2 - x1 + 1`` (its corners are
both inside it). Each is facade arithmetic, so gradients come from the tracer (MindSpore's
IOU gradient is zero and its encode/decode have none) and float16/float32 stay themselves.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.iou(ms.Tensor([[0.0, 0.0, 2.0, 2.0]]), ms.Tensor([[1.0, 1.0, 3.0, 4.0]])).tolist()
[[0.23529411852359772]]
"""
import math

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from .math_elementwise import tensor_input

FLOATS = ("float16", "float32", "float64")


def _dtype(x):
    return onp.dtype(getattr(getval(x), "dtype", onp.float64)).name


def boxes_input(where, x, columns=4, allowed=FLOATS):
    """``x`` once it is a 2-D Tensor of ``columns`` columns and an ``allowed`` dtype."""
    tensor_input(where, x)
    if _dtype(x) not in allowed:
        raise CellTypeError(message(where, "a Tensor of " + "/".join(allowed), _dtype(x),
                                    "Cast it first: x.astype(ms.float32)."))
    shape = onp.shape(getval(x))
    if len(shape) != 2 or shape[1] != columns:
        raise CellArgumentError(message(where, f"a 2-D Tensor of shape (N, {columns})",
                                        f"shape {shape}"))
    return shape


def same_dtype(where, a, b):
    if _dtype(a) != _dtype(b):
        raise CellTypeError(message(where, "two Tensors of one dtype",
                                    f"{_dtype(a)} and {_dtype(b)}",
                                    "Cast one of them: b.astype(a.dtype)."))


def _split(boxes):
    return [boxes[:, i] for i in range(4)]


def iou(anchor_boxes, gt_boxes, mode='iou'):
    """The (M, N) overlaps of N ``anchor_boxes`` and M ``gt_boxes``: intersection over
    union (``mode='iou'``) or over the ground-truth box's area (``'iof'``)."""
    if mode not in ("iou", "iof"):
        raise CellArgumentError(message("ops.iou mode", "'iou' or 'iof'", repr(mode)))
    boxes_input("ops.iou anchor_boxes", anchor_boxes)
    boxes_input("ops.iou gt_boxes", gt_boxes)
    same_dtype("ops.iou anchor_boxes and gt_boxes", anchor_boxes, gt_boxes)
    ax1, ay1, ax2, ay2 = _split(anchor_boxes)
    gx1, gy1, gx2, gy2 = [c[:, None] for c in _split(gt_boxes)]
    one = onp.ones((), _dtype(anchor_boxes))
    width = np.maximum(np.minimum(ax2, gx2) - np.maximum(ax1, gx1) + one, 0 * one)
    height = np.maximum(np.minimum(ay2, gy2) - np.maximum(ay1, gy1) + one, 0 * one)
    inter = width * height
    gt_area = (gx2 - gx1 + one) * (gy2 - gy1 + one)
    if mode == "iof":
        return inter / gt_area
    return inter / ((ax2 - ax1 + one) * (ay2 - ay1 + one) + gt_area - inter)


def _four(where, value):
    if not isinstance(value, (tuple, list)) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        raise CellTypeError(message(where, "a tuple of 4 floats", describe(value)))
    if len(value) != 4:
        raise CellArgumentError(message(where, "a tuple of 4 floats",
                                        f"{len(value)} values"))
    return tuple(float(v) for v in value)


def _centres(boxes):
    x1, y1, x2, y2 = _split(boxes)
    one = onp.ones((), _dtype(boxes))
    return (x1 + x2) * 0.5, (y1 + y2) * 0.5, x2 - x1 + one, y2 - y1 + one


def _pair_input(where, anchor_box, other, name):
    n = boxes_input(f"{where} anchor_box", anchor_box)[0]
    m = boxes_input(f"{where} {name}", other)[0]
    same_dtype(f"{where} anchor_box and {name}", anchor_box, other)
    if n != m:
        raise CellArgumentError(message(f"{where} {name}", f"{n} rows like anchor_box",
                                        f"{m} rows"))


def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0),
                        stds=(1.0, 1.0, 1.0, 1.0)):
    """The deltas ``(dx, dy, dw, dh)`` that move each anchor box onto its ground-truth
    box, normalised by ``means`` and ``stds``."""
    means = _four("ops.bounding_box_encode means", means)
    stds = _four("ops.bounding_box_encode stds", stds)
    _pair_input("ops.bounding_box_encode", anchor_box, groundtruth_box, "groundtruth_box")
    px, py, pw, ph = _centres(anchor_box)
    gx, gy, gw, gh = _centres(groundtruth_box)
    deltas = [(gx - px) / pw, (gy - py) / ph, np.log(gw / pw), np.log(gh / ph)]
    dtype = _dtype(anchor_box)
    return np.stack([(d - onp.asarray(m, dtype)) / onp.asarray(s, dtype)
                     for d, m, s in zip(deltas, means, stds)], axis=1)


def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0),
                        stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
    """The boxes that ``deltas`` (from ``bounding_box_encode``) make of ``anchor_box``,
    clipped to an image of ``max_shape = (height, width)``; the log-size deltas are
    clipped to ``|log(wh_ratio_clip)|``."""
    if not isinstance(max_shape, (tuple, list)) or len(max_shape) != 2:
        raise CellTypeError(message("ops.bounding_box_decode max_shape",
                                    "a tuple (height, width)", describe(max_shape)))
    if not isinstance(wh_ratio_clip, float) or wh_ratio_clip <= 0:
        raise CellTypeError(message("ops.bounding_box_decode wh_ratio_clip", "a positive float",
                                    describe(wh_ratio_clip)))
    means = _four("ops.bounding_box_decode means", means)
    stds = _four("ops.bounding_box_decode stds", stds)
    _pair_input("ops.bounding_box_decode", anchor_box, deltas, "deltas")
    dtype = _dtype(anchor_box)
    dx, dy, dw, dh = [d * onp.asarray(s, dtype) + onp.asarray(m, dtype)
                      for d, m, s in zip(_split(deltas), means, stds)]
    limit = onp.asarray(abs(math.log(wh_ratio_clip)), dtype)
    dw, dh = np.clip(dw, -limit, limit), np.clip(dh, -limit, limit)
    px, py, pw, ph = _centres(anchor_box)
    gx, gy = px + pw * dx, py + ph * dy
    half_w, half_h = pw * np.exp(dw) * 0.5, ph * np.exp(dh) * 0.5
    height, width = (onp.asarray(float(s), dtype) for s in max_shape)
    zero, half = onp.zeros((), dtype), onp.asarray(0.5, dtype)
    return np.stack([np.clip(gx - half_w + half, zero, width),
                     np.clip(gy - half_h + half, zero, height),
                     np.clip(gx + half_w - half, zero, width),
                     np.clip(gy + half_h - half, zero, height)], axis=1)


CHECK_VALID = ("float16", "float32", "int16", "uint8")


def check_valid(bboxes, img_metas):
    """Which of the (N, 4) ``bboxes`` lie inside the image ``img_metas = (height, width,
    ratio)``: ``x1, y1 >= 0``, ``x2 <= width * ratio - 1`` and ``y2 <= height * ratio - 1``."""
    boxes_input("ops.check_valid bboxes", bboxes, allowed=CHECK_VALID)
    tensor_input("ops.check_valid img_metas", img_metas)
    metas = onp.asarray(getval(img_metas))
    if metas.shape != (3,):
        raise CellArgumentError(message("ops.check_valid img_metas",
                                        "a Tensor (height, width, ratio) of shape (3,)",
                                        f"shape {metas.shape}"))
    same_dtype("ops.check_valid bboxes and img_metas", bboxes, img_metas)
    data = onp.asarray(getval(bboxes))
    one = onp.ones((), data.dtype)
    height = (metas[0] * metas[2]).astype(data.dtype) - one
    width = (metas[1] * metas[2]).astype(data.dtype) - one
    return np.asarray((data[:, 0] >= 0) & (data[:, 1] >= 0) & (data[:, 2] <= width)
                      & (data[:, 3] <= height))
