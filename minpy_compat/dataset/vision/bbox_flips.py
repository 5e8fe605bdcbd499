"""RandomHorizontalFlipWithBBox and RandomVerticalFlipWithBBox: MindSpore 2.10's flips of
an image and its bounding boxes (rows ``(x, y, width, height, ...)``, float32; the columns
after the fourth are kept as they are)."""
import numpy as onp

from ...errors import DatasetPipelineError, message
from . import _checks

__all__ = ["RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox"]


def _boxes(where, img, bboxes):
    """``bboxes`` checked: float32 <N, 4+>, every box inside ``img``."""
    bboxes = onp.asarray(bboxes)
    if bboxes.ndim != 2 or bboxes.shape[1] < 4:
        raise DatasetPipelineError(message(f"{where}: the bounding boxes",
                                           "a <N, 4 or more> array", f"shape {bboxes.shape}"))
    if bboxes.dtype != onp.float32:
        raise DatasetPipelineError(message(f"{where}: the bounding boxes", "dtype float32",
                                           str(bboxes.dtype)))
    x, y, w, h = (bboxes[:, k] for k in range(4))
    if (x < 0).any() or (y < 0).any() or (x + w > img.shape[1]).any() or \
            (y + h > img.shape[0]).any():
        raise DatasetPipelineError(message(f"{where}: the bounding boxes",
                                           f"boxes inside the {img.shape[1]}x{img.shape[0]} "
                                           "image (width x height)", "a box outside"))
    return bboxes


class _FlipWithBBox(_checks.Random):
    _name, _axis = "", 0

    def __init__(self, prob=0.5):
        super().__init__()
        self.prob = _checks.probability(f"{self._name} 'prob'", prob)

    def __call__(self, img, bboxes):
        img = _checks.image(self._name, img)
        bboxes = _boxes(self._name, img, bboxes)
        if self._rng.random() >= self.prob:
            return img, bboxes
        out = bboxes.copy()
        side = img.shape[1 - self._axis]  # the width for x (axis 0), the height for y
        out[:, self._axis] = side - bboxes[:, self._axis] - bboxes[:, self._axis + 2]
        flipped = img[:, ::-1] if self._axis == 0 else img[::-1]
        return flipped.copy(), out


class RandomHorizontalFlipWithBBox(_FlipWithBBox):
    """With probability ``prob``, mirror the image left to right and move each box's x
    to ``width - x - box_width``."""
    _name, _axis = "RandomHorizontalFlipWithBBox", 0


class RandomVerticalFlipWithBBox(_FlipWithBBox):
    """With probability ``prob``, mirror the image top to bottom and move each box's y
    to ``height - y - box_height``."""
    _name, _axis = "RandomVerticalFlipWithBBox", 1
