"""MindSpore 2.10's detection and sampling primitives: ``IOU``, ``BoundingBoxEncode``,
``BoundingBoxDecode``, ``CheckValid``, ``NMSWithMask``, ``CropAndResize``,
``GridSampler2D``/``GridSampler3D``, ``AffineGrid`` and ``ROIAlign``. Most call the
functions of ``fn_vision_boxes``/``fn_vision_sample``; ``NMSWithMask`` (no gradient) and
``ROIAlign`` (MindSpore's CPU kernel: Detectron's averaging of bilinear samples) are here.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> boxes = ms.Tensor([[0.0, 0.0, 2.0, 2.0, 0.9], [0.0, 0.0, 2.0, 2.1, 0.5]])
>>> ops.NMSWithMask(0.5)(boxes)[2].tolist()
[True, False]
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import fn_vision_boxes as B
from . import fn_vision_sample as S
from .prims_base import AttrPrimitive


class IOU(AttrPrimitive):
    """``IOU(mode='iou')(anchor_boxes, gt_boxes)``: ``ops.iou`` as a primitive."""

    def __init__(self, mode='iou'):
        super().__init__()
        if mode not in ("iou", "iof"):
            raise CellArgumentError(message("IOU mode", "'iou' or 'iof'", repr(mode)))
        self._keep(mode=mode)

    def __call__(self, anchor_boxes, gt_boxes):
        return B.iou(anchor_boxes, gt_boxes, self.mode)


class BoundingBoxEncode(AttrPrimitive):
    """``BoundingBoxEncode(means, stds)(anchor_box, groundtruth_box)``:
    ``ops.bounding_box_encode`` as a primitive."""

    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        super().__init__()
        self._keep(means=B._four("BoundingBoxEncode means", means),
                   stds=B._four("BoundingBoxEncode stds", stds))

    def __call__(self, anchor_box, groundtruth_box):
        return B.bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(AttrPrimitive):
    """``BoundingBoxDecode(max_shape, means, stds, wh_ratio_clip)(anchor_box, deltas)``:
    ``ops.bounding_box_decode`` as a primitive."""

    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                 wh_ratio_clip=0.016):
        super().__init__()
        self._keep(max_shape=max_shape, means=B._four("BoundingBoxDecode means", means),
                   stds=B._four("BoundingBoxDecode stds", stds), wh_ratio_clip=wh_ratio_clip)

    def __call__(self, anchor_box, deltas):
        return B.bounding_box_decode(anchor_box, deltas, self.max_shape, self.means, self.stds,
                                     self.wh_ratio_clip)


class CheckValid(AttrPrimitive):
    """``CheckValid()(bboxes, img_metas)``: ``ops.check_valid`` as a primitive."""

    def __call__(self, bboxes, img_metas):
        return B.check_valid(bboxes, img_metas)


def _nms_keep(boxes, threshold):
    """Greedy suppression of score-sorted (x1, y1, x2, y2) rows: which ones survive."""
    x1, y1, x2, y2 = boxes.T
    area = (x2 - x1) * (y2 - y1)
    keep = onp.ones(len(boxes), bool)
    for i in range(len(boxes)):
        if not keep[i]:
            continue
        w = onp.maximum(onp.minimum(x2[i], x2) - onp.maximum(x1[i], x1), 0)
        h = onp.maximum(onp.minimum(y2[i], y2) - onp.maximum(y1[i], y1), 0)
        overlap = w * h / (area[i] + area - w * h)
        later = onp.arange(len(boxes)) > i
        keep[later & (overlap > threshold)] = False
    return keep


class NMSWithMask(AttrPrimitive):
    """``NMSWithMask(iou_threshold=0.5)(bboxes)``: the (N, 5) ``(x1, y1, x2, y2, score)``
    rows sorted by falling score, their positions in that order (int32, as MindSpore's CPU
    kernel gives) and which of them non-maximum suppression keeps."""

    def __init__(self, iou_threshold=0.5):
        super().__init__()
        if not isinstance(iou_threshold, float):
            raise CellTypeError(message("NMSWithMask iou_threshold", "a float",
                                        describe(iou_threshold)))
        self._keep(iou_threshold=iou_threshold)

    def __call__(self, bboxes):
        B.boxes_input("NMSWithMask bboxes", bboxes, columns=5, allowed=("float16", "float32"))
        data = onp.asarray(getval(bboxes))
        order = onp.argsort(-data[:, 4].astype(onp.float64), kind="stable")
        ranked = data[order]
        keep = _nms_keep(ranked[:, :4].astype(onp.float64), self.iou_threshold)
        return (np.asarray(ranked), np.asarray(onp.arange(len(data), dtype=onp.int32)),
                np.asarray(keep))


class CropAndResize(AttrPrimitive):
    """``CropAndResize(method, extrapolation_value)(x, boxes, box_index, crop_size)``:
    ``ops.crop_and_resize`` as a primitive."""

    def __init__(self, method='bilinear', extrapolation_value=0.0):
        super().__init__()
        if method not in ("bilinear", "nearest", "bilinear_v2"):
            raise CellArgumentError(message("CropAndResize method",
                                            "'bilinear', 'nearest' or 'bilinear_v2'",
                                            repr(method)))
        self._keep(method=method, extrapolation_value=extrapolation_value)

    def __call__(self, x, boxes, box_index, crop_size):
        return S.crop_and_resize(x, boxes, box_index, crop_size, self.method,
                                 self.extrapolation_value)


class _GridSampler(AttrPrimitive):
    rank = 4

    def __init__(self, interpolation_mode='bilinear', padding_mode='zeros',
                 align_corners=False):
        super().__init__()
        self._keep(interpolation_mode=interpolation_mode, padding_mode=padding_mode,
                   align_corners=align_corners)

    def __call__(self, input_x, grid):
        shape = onp.shape(getval(input_x))
        if len(shape) != self.rank:
            raise CellArgumentError(message(f"{self.name} input_x", f"a {self.rank}-D Tensor",
                                            f"shape {shape}"))
        return S.grid_sample(input_x, grid, self.interpolation_mode, self.padding_mode,
                             self.align_corners)


class GridSampler2D(_GridSampler):
    """``GridSampler2D(interpolation_mode, padding_mode, align_corners)(input_x, grid)``:
    ``ops.grid_sample`` of an (N, C, H, W) input."""


class GridSampler3D(_GridSampler):
    """``GridSampler3D(interpolation_mode, padding_mode, align_corners)(input_x, grid)``:
    ``ops.grid_sample`` of an (N, C, D, H, W) input."""
    rank = 5


class AffineGrid(AttrPrimitive):
    """``AffineGrid(align_corners=False)(theta, output_size)``: ``ops.affine_grid``."""

    def __init__(self, align_corners=False):
        super().__init__()
        if not isinstance(align_corners, bool):
            raise CellTypeError(message("AffineGrid align_corners", "a bool",
                                        describe(align_corners)))
        self._keep(align_corners=align_corners)

    def __call__(self, theta, output_size):
        return S.affine_grid(theta, output_size, self.align_corners)


def _roi_points(start, size, pooled, grid):
    """Sample positions along one axis: (rois, pooled * grid)."""
    bins = size / pooled
    steps = (onp.arange(pooled)[:, None] + (onp.arange(grid)[None, :] + 0.5) / grid).ravel()
    return start[:, None] + bins[:, None] * steps[None, :]


def _roi_taps(points, n):
    """Bilinear taps of MindSpore's ROIAlign kernel along an axis of ``n`` pixels."""
    valid = (points >= -1.0) & (points <= n)
    p = onp.maximum(points, 0.0)
    low = onp.where(p <= 7e-5, 0, onp.floor(p)).astype(int)
    edge = low >= n - 1
    low = onp.where(edge, n - 1, low)
    high = onp.where(edge, n - 1, low + 1)
    frac = onp.where(edge, 0.0, p - low)
    return low, high, frac, valid


class ROIAlign(AttrPrimitive):
    """``ROIAlign(pooled_height, pooled_width, spatial_scale, sample_num=2,
    roi_end_mode=1)(features, rois)``: each (batch, x1, y1, x2, y2) row of ``rois`` pooled
    from the (N, C, H, W) ``features`` into (C, pooled_height, pooled_width) averages of
    bilinear samples."""

    def __init__(self, pooled_height, pooled_width, spatial_scale, sample_num=2,
                 roi_end_mode=1):
        super().__init__()
        for name, value in (("pooled_height", pooled_height), ("pooled_width", pooled_width),
                            ("sample_num", sample_num), ("roi_end_mode", roi_end_mode)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise CellTypeError(message(f"ROIAlign {name}", "an int", describe(value)))
        if roi_end_mode not in (0, 1):
            raise CellArgumentError(message("ROIAlign roi_end_mode", "0 or 1",
                                            repr(roi_end_mode)))
        if not isinstance(spatial_scale, float):
            raise CellTypeError(message("ROIAlign spatial_scale", "a float",
                                        describe(spatial_scale)))
        self._keep(pooled_height=pooled_height, pooled_width=pooled_width,
                   spatial_scale=spatial_scale, sample_num=sample_num, roi_end_mode=roi_end_mode)

    def __call__(self, features, rois):
        B.boxes_input("ROIAlign rois", rois, columns=5, allowed=("float16", "float32"))
        shape = onp.shape(getval(features))
        if len(shape) != 4:
            raise CellArgumentError(message("ROIAlign features", "a 4-D (N, C, H, W) Tensor",
                                            f"shape {shape}"))
        B.same_dtype("ROIAlign features and rois", features, rois)
        r = onp.asarray(getval(rois)).astype(onp.float64)
        batch = onp.rint(r[:, 0] + 7e-5).astype(int)
        if ((batch < 0) | (batch >= shape[0])).any():
            raise CellArgumentError(message("ROIAlign rois[:, 0]", f"batch indices in "
                                            f"[0, {shape[0] - 1}]", f"{r[:, 0].tolist()}"))
        scale, end = self.spatial_scale, self.roi_end_mode
        start = r[:, 1:3] * scale
        size = (r[:, 3:5] + end) * scale - start
        if end == 0:
            size = onp.maximum(size, 1.0)
        pooled = (self.pooled_width, self.pooled_height)
        grids = [self.sample_num if self.sample_num > 0 else
                 int(onp.floor(size[:, d] / pooled[d]).max()) for d in (0, 1)]
        if self.sample_num <= 0 and len(r) > 1:
            return np.stack([self(features, rois[i:i + 1])[0] for i in range(len(r))])
        xs = _roi_taps(_roi_points(start[:, 0], size[:, 0], pooled[0], grids[0]), shape[3])
        ys = _roi_taps(_roi_points(start[:, 1], size[:, 1], pooled[1], grids[1]), shape[2])
        return self._pool(features, batch, xs, ys, grids)

    def _pool(self, features, batch, xs, ys, grids):
        dtype = getval(features).dtype
        (xl, xh, fx, vx), (yl, yh, fy, vy) = xs, ys
        picked = features[batch]  # (R, C, H, W)
        total = None
        for yi, wy in ((yl, 1 - fy), (yh, fy)):
            for xi, wx in ((xl, 1 - fx), (xh, fx)):
                weight = (wy * vy)[:, :, None] * (wx * vx)[:, None, :]
                full = weight.shape
                value = S.gather(picked, [onp.broadcast_to(yi[:, :, None], full),
                                          onp.broadcast_to(xi[:, None, :], full)])
                part = value * weight[:, None].astype(dtype)
                total = part if total is None else total + part
        r, c, gy, gx = onp.shape(getval(total))
        ph, pw = self.pooled_height, self.pooled_width
        pooled = np.reshape(total, (r, c, ph, grids[1], pw, grids[0]))
        count = onp.asarray(grids[0] * grids[1], dtype)
        return np.sum(np.sum(pooled, axis=5), axis=3) / count
