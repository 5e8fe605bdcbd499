"""MindSpore 2.10's remaining suppression primitives: ``NonMaxSuppressionWithOverlaps``
(greedy selection from a precomputed (N, N) overlap matrix) and
``CombinedNonMaxSuppression`` (TensorFlow's batched, per-class suppression of
(y1, x1, y2, x2) boxes, merged by score and padded to a fixed size). No gradients: both
return selections.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> overlaps = ms.Tensor([[1.0, 0.7], [0.7, 1.0]])
>>> ops.NonMaxSuppressionWithOverlaps()(overlaps, ms.Tensor([0.9, 0.8]), 2, 0.5, 0.0).tolist()
[0]
"""
import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import Tensor
from .prims_base import AttrPrimitive


def _floats(where, value, rank=None):
    data = onp.asarray(getval(value.asnumpy() if isinstance(value, Tensor) else value))
    if not onp.issubdtype(data.dtype, onp.floating) or data.dtype == onp.float64:
        raise CellTypeError(message(where, "a float16 or float32 Tensor", str(data.dtype)))
    if rank is not None and data.ndim != rank:
        raise CellArgumentError(message(where, f"a rank-{rank} Tensor", f"shape {data.shape}"))
    return data


def _scalar(where, value, integral):
    if isinstance(value, (int, float)) and not isinstance(value, bool) and \
            (isinstance(value, int) or not integral):
        return value
    data = onp.asarray(value.asnumpy() if isinstance(value, Tensor) else value)
    ok = data.dtype == onp.int32 if integral else onp.issubdtype(data.dtype, onp.floating)
    if data.size != 1 or data.ndim > 1 or not ok:
        kind = "an int32" if integral else "a float"
        raise CellTypeError(message(where, f"{kind} scalar Tensor",
                                    f"{data.dtype} of shape {data.shape}"))
    return data.reshape(()).item()


def _greedy(order, overlap, keep, limit, threshold, inclusive):
    """Indices of ``order`` taken greedily while none overlaps a taken one too much."""
    chosen = []
    for i in order:
        if len(chosen) >= limit:
            break
        near = [overlap(i, j) for j in chosen]
        if not any(v >= threshold if inclusive else v > threshold for v in near) and keep(i):
            chosen.append(i)
    return chosen


class NonMaxSuppressionWithOverlaps(AttrPrimitive):
    """``NonMaxSuppressionWithOverlaps()(overlaps, scores, max_output_size,
    overlap_threshold, score_threshold)``: the int32 indices kept by greedy suppression
    (best score first; an overlap of at least ``overlap_threshold`` suppresses)."""

    def __call__(self, overlaps, scores, max_output_size, overlap_threshold, score_threshold):
        where = self.name
        table = _floats(f"{where} overlaps", overlaps, 2)
        score = _floats(f"{where} scores", scores, 1)
        if table.shape != (len(score), len(score)):
            raise CellArgumentError(message(f"{where} overlaps", f"shape ({len(score)}, "
                                            f"{len(score)}) for {len(score)} scores",
                                            f"shape {table.shape}"))
        limit = _scalar(f"{where} max_output_size", max_output_size, True)
        if limit < 0:
            raise CellArgumentError(message(f"{where} max_output_size", "at least 0",
                                            str(limit)))
        thresh = _scalar(f"{where} overlap_threshold", overlap_threshold, False)
        floor = _scalar(f"{where} score_threshold", score_threshold, False)
        order = onp.argsort(-score.astype(onp.float64), kind="stable")
        chosen = _greedy(order, lambda i, j: table[i, j], lambda i: score[i] > floor,
                         limit, onp.float32(thresh), True)
        return Tensor(onp.asarray(chosen, onp.int32))


def _iou(a, b):
    """TensorFlow's IoU of two (y1, x1, y2, x2) boxes in any corner order."""
    lo_a, hi_a = onp.minimum(a[:2], a[2:]), onp.maximum(a[:2], a[2:])
    lo_b, hi_b = onp.minimum(b[:2], b[2:]), onp.maximum(b[:2], b[2:])
    area_a, area_b = onp.prod(hi_a - lo_a), onp.prod(hi_b - lo_b)
    if area_a <= 0 or area_b <= 0:
        return 0.0
    inter = onp.prod(onp.maximum(onp.minimum(hi_a, hi_b) - onp.maximum(lo_a, lo_b), 0))
    return inter / (area_a + area_b - inter)


class CombinedNonMaxSuppression(AttrPrimitive):
    """``CombinedNonMaxSuppression(pad_per_class=False, clip_boxes=True)(boxes, scores,
    max_output_size_per_class, max_total_size, iou_threshold, score_threshold)``: the
    boxes, scores, float classes and int32 count kept by per-class suppression."""

    def __init__(self, pad_per_class=False, clip_boxes=True):
        super().__init__()
        for name, flag in (("pad_per_class", pad_per_class), ("clip_boxes", clip_boxes)):
            if not isinstance(flag, bool):
                raise CellTypeError(message(f"{self.name} {name}", "a bool", describe(flag)))
        self._keep(pad_per_class=pad_per_class, clip_boxes=clip_boxes)

    def __call__(self, boxes, scores, max_output_size_per_class, max_total_size,
                 iou_threshold, score_threshold):
        where = self.name
        box, score = _floats(f"{where} boxes", boxes, 4), _floats(f"{where} scores", scores, 3)
        batch, count, classes = score.shape
        if box.shape[:2] != (batch, count) or box.shape[2] not in (1, classes) or \
                box.shape[3] != 4:
            raise CellArgumentError(message(f"{where} boxes", f"shape ({batch}, {count}, 1 or "
                                            f"{classes}, 4) for scores {score.shape}",
                                            f"shape {box.shape}"))
        per_class = _scalar(f"{where} max_output_size_per_class",
                            max_output_size_per_class, True)
        total = _scalar(f"{where} max_total_size", max_total_size, True)
        if per_class < 1 or total < 1:
            raise CellArgumentError(message(f"{where} max_output_size_per_class/"
                                            "max_total_size", "positive sizes",
                                            f"{per_class} and {total}"))
        iou_at = _scalar(f"{where} iou_threshold", iou_threshold, False)
        floor = _scalar(f"{where} score_threshold", score_threshold, False)
        if not 0 <= iou_at <= 1:
            raise CellArgumentError(message(f"{where} iou_threshold", "a value in [0, 1]",
                                            str(iou_at)))
        if self.clip_boxes:
            box = onp.clip(box, 0, 1)
        size = min(total, per_class * classes) if self.pad_per_class else total
        out_box = onp.zeros((batch, size, 4), box.dtype)
        out_score = onp.zeros((batch, size), score.dtype)
        out_class = onp.zeros((batch, size), score.dtype)
        valid = onp.zeros(batch, onp.int32)
        for b in range(batch):
            kept = []
            for c in range(classes):
                pick = box[b, :, c if box.shape[2] > 1 else 0]
                order = onp.argsort(-score[b, :, c].astype(onp.float64), kind="stable")
                chosen = _greedy(order, lambda i, j: _iou(pick[i], pick[j]),
                                 lambda i: score[b, i, c] > floor, per_class, iou_at, False)
                kept += [(-float(score[b, i, c]), c, i) for i in chosen]
            kept = sorted(kept)[:size]
            valid[b] = len(kept)
            for k, (neg, c, i) in enumerate(kept):
                out_box[b, k] = box[b, i, c if box.shape[2] > 1 else 0]
                out_score[b, k], out_class[b, k] = -neg, c
        return Tensor(out_box), Tensor(out_score), Tensor(out_class), Tensor(valid)


__all__ = ["CombinedNonMaxSuppression", "NonMaxSuppressionWithOverlaps"]
