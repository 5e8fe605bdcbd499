"""MindSpore's segmentation-surface metrics: ``HausdorffDistance``, ``MeanSurfaceDistance``
and ``RootMeanSquareDistance``, on label maps of any rank, in NumPy (no scipy).

Each ``update(y_pred, y, label_idx)`` replaces the stored edges (as MindSpore: the last
update is the one ``eval`` measures). An edge pixel is a pixel of the label whose face
neighbour (or the border) is not; distances run from edge pixels to the nearest edge pixel
of the other map, in unit pixels ('euclidean', 'chessboard' or 'taxicab').

>>> import numpy
>>> from minpy_compat.train import HausdorffDistance
>>> a = numpy.zeros((6, 6)); a[1:3, 1:3] = 1
>>> b = numpy.zeros((6, 6)); b[1:3, 2:4] = 1
>>> m = HausdorffDistance()
>>> m.update(a, b, 1)
>>> float(m.eval())
1.0
"""
import numbers

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from .metrics import Metric, rearrange_inputs

_METRICS = ("euclidean", "chessboard", "taxicab")


def _choice(where, value):
    if not isinstance(value, str):
        raise CellTypeError(message(where, "a str", describe(value)))
    if value not in _METRICS:
        raise CellArgumentError(message(where, f"one of {_METRICS}", repr(value)))
    return value


def _flag(where, value):
    if not isinstance(value, bool):
        raise CellTypeError(message(where, "a bool", describe(value)))
    return value


def _edges(mask):
    """Pixels of ``mask`` with a face neighbour outside it (the border counts as outside)."""
    padded = onp.pad(mask, 1, constant_values=False)
    inner = tuple(slice(1, -1) for _ in range(mask.ndim))
    eroded = mask.copy()
    for axis in range(mask.ndim):
        for step in (-1, 1):
            eroded &= onp.roll(padded, step, axis=axis)[inner]
    return mask & ~eroded


def _surface_distance(from_edges, to_edges, metric):
    """Distance from each edge pixel of ``from_edges`` to the nearest one of ``to_edges``."""
    points = onp.argwhere(from_edges).astype(float)
    if not len(points):
        return onp.zeros(0)
    targets = onp.argwhere(to_edges).astype(float)
    if not len(targets):
        return onp.full(len(points), onp.inf)
    out = onp.empty(len(points))
    step = max(1, 2 ** 22 // max(1, len(targets) * from_edges.ndim))
    for start in range(0, len(points), step):
        gaps = onp.abs(points[start:start + step, None, :] - targets[None, :, :])
        if metric == "euclidean":
            dist = onp.sqrt((gaps ** 2).sum(-1))
        else:
            dist = gaps.max(-1) if metric == "chessboard" else gaps.sum(-1)
        out[start:start + step] = dist.min(axis=1)
    return out


class _SurfaceMetric(Metric):
    _label_error = CellArgumentError

    def clear(self):
        self._y_pred_edges, self._y_edges, self._is_update = None, None, False

    @rearrange_inputs
    def update(self, *inputs):
        name = type(self).__name__
        if len(inputs) != 3:
            raise CellArgumentError(message(f"{name}.update", "3 inputs (predicted value, true "
                                            "value, label index)", f"{len(inputs)}"))
        y_pred, y = self._inputs(inputs[:2])
        label = inputs[2]
        if isinstance(label, bool) or not isinstance(label, numbers.Real):
            raise self._label_error(message(f"{name}.update label index (input[2])",
                                            "an int or float", describe(label)))
        if label not in y_pred and label not in y:
            raise CellArgumentError(message(f"{name}.update label index (input[2])",
                                            "a label found in y_pred or y", repr(label)))
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise CellArgumentError(message(f"{name}.update", "non-empty y_pred and y of one "
                                            "shape", f"shapes {y_pred.shape} and {y.shape}"))
        y_pred = y_pred if y_pred.dtype == bool else y_pred == label
        y = y if y.dtype == bool else y == label
        self._y_pred_edges, self._y_edges = _edges(y_pred), _edges(y)
        self._is_update = True

    def _distances(self, reverse=False):
        if not self._is_update:
            raise self._empty()
        edges = (self._y_pred_edges, self._y_edges)
        return _surface_distance(*(edges[::-1] if reverse else edges), self.distance_metric)


class HausdorffDistance(_SurfaceMetric):
    """The largest (or the ``percentile``-th) distance between the two maps' edges; with
    ``directed`` only from the prediction's edges to the truth's."""

    def __init__(self, distance_metric="euclidean", percentile=None, directed=False, crop=True):
        super().__init__()
        self.distance_metric = _choice("HausdorffDistance 'distance_metric'", distance_metric)
        if percentile is not None:
            if not isinstance(percentile, float):
                raise CellTypeError(message("HausdorffDistance 'percentile'",
                                            "None or a float in [0, 100]", describe(percentile)))
            if not 0.0 <= percentile <= 100.0:
                raise CellArgumentError(message("HausdorffDistance 'percentile'",
                                                "None or a float in [0, 100]", repr(percentile)))
        self.percentile = percentile
        self.directed = _flag("HausdorffDistance 'directed'", directed)
        self.crop = _flag("HausdorffDistance 'crop'", crop)  # a speed-up only: same distances
        self.clear()

    def _one_way(self, reverse):
        dist = self._distances(reverse)
        if not dist.size:
            return onp.inf
        if self.percentile is None:
            return dist.max()
        return onp.percentile(dist, self.percentile)

    def eval(self):
        forward = self._one_way(False)
        return forward if self.directed else max(forward, self._one_way(True))


class MeanSurfaceDistance(_SurfaceMetric):
    """The mean distance from the prediction's edges to the truth's (``symmetric``: the mean
    of both directions' means)."""

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric = _choice("MeanSurfaceDistance 'distance_metric'", distance_metric)
        self.symmetric = _flag("MeanSurfaceDistance 'symmetric'", symmetric)
        self.clear()

    def eval(self):
        dist = self._distances()
        if not dist.size:
            return onp.inf
        if not self.symmetric:
            return dist.mean()
        back = self._distances(reverse=True)
        return onp.inf if not back.size else onp.mean((dist.mean(), back.mean()))


class RootMeanSquareDistance(_SurfaceMetric):
    """The root of the mean squared distance from the prediction's edges to the truth's
    (``symmetric``: the root of both directions' mean squares, averaged)."""
    _label_error = CellTypeError

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric = _choice("RootMeanSquareDistance 'distance_metric'",
                                       distance_metric)
        self.symmetric = _flag("RootMeanSquareDistance 'symmetric'", symmetric)
        self.clear()

    def eval(self):
        dist = self._distances()
        if not dist.size:
            return onp.inf
        square = (dist ** 2).mean()
        if not self.symmetric:
            return onp.sqrt(square)
        back = self._distances(reverse=True)
        return onp.inf if not back.size else onp.sqrt(onp.mean((square, (back ** 2).mean())))
