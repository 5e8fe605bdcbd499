"""MindSpore's ``OcclusionSensitivity``: how much a classifier's score for the label drops
when a window around each position of the input is overwritten with ``pad_val``.

>>> import numpy
>>> from minpy_compat import nn
>>> from minpy_compat.train import OcclusionSensitivity
>>> net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
>>> m = OcclusionSensitivity(margin=1)
>>> m.update(net, numpy.array([[1.0, 2.0, 3.0]], numpy.float32), 1)
>>> m.eval().tolist()
[1.0, 3.0, 5.0]
"""
import numbers

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, describe, message
from .metrics import Metric, _numpy, rearrange_inputs


def _int(where, value, low):
    if isinstance(value, bool) or not isinstance(value, int):
        raise CellTypeError(message(where, f"an int >= {low}", describe(value)))
    if value < low:
        raise CellArgumentError(message(where, f"an int >= {low}", repr(value)))
    return value


def _box(b_box, shape):
    """``(low, high)`` corners (inclusive) of ``b_box`` ([low0, high0, low1, high1, ...];
    a negative low is 0, a negative high the last index) in an image of ``shape``."""
    if b_box is None:
        return onp.zeros(len(shape), int), onp.asarray(shape) - 1
    if len(b_box) != 2 * len(shape):
        raise CellArgumentError(message("OcclusionSensitivity 'b_box'", f"{2 * len(shape)} "
                                        "bounds (low and high for each non-batch axis)",
                                        f"{len(b_box)}"))
    low, high = onp.array(b_box[::2], int), onp.array(b_box[1::2], int)
    low[low < 0] = 0
    high = onp.where(high < 0, onp.asarray(shape) - 1, high)
    if onp.any(high >= shape) or onp.any(low > high):
        raise CellArgumentError(message("OcclusionSensitivity 'b_box'", "low <= high < size "
                                        f"on every axis of shape {tuple(shape)}", repr(b_box)))
    return low, high


class OcclusionSensitivity(Metric):
    """``update(model, x, label)`` on one sample ``x`` (batch 1); ``eval`` gives, for each
    position in ``b_box`` (or all of ``x``), the model's baseline score for ``label`` less its
    score with ``x[pos - margin:pos + margin]`` set to ``pad_val`` (MindSpore's window)."""

    def __init__(self, pad_val=0.0, margin=2, n_batch=128, b_box=None):
        super().__init__()
        if not isinstance(pad_val, float):
            raise CellTypeError(message("OcclusionSensitivity 'pad_val'", "a float",
                                        describe(pad_val)))
        self.pad_val = pad_val
        self.margin = _int("OcclusionSensitivity 'margin'", margin, 0)
        self.n_batch = _int("OcclusionSensitivity 'n_batch'", n_batch, 1)
        if b_box is not None and not isinstance(b_box, list):
            raise CellTypeError(message("OcclusionSensitivity 'b_box'", "None or a list of ints",
                                        describe(b_box)))
        self.b_box = b_box
        self.clear()

    def clear(self):
        self._baseline, self._sensitivity_im, self._is_update = 0.0, None, False

    def _scores(self, model, images, label):
        from ..tensor import Tensor
        out = _numpy(model(Tensor(onp.stack(images))))
        return out.reshape(len(images), -1)[:, label]

    @rearrange_inputs
    def update(self, *inputs):
        where = "OcclusionSensitivity.update"
        if len(inputs) != 3:
            raise CellArgumentError(message(where, "3 inputs (classification model, predicted "
                                            "value, label)", f"{len(inputs)}"))
        model, x, label = inputs
        if not callable(model):
            raise CellTypeError(message(f"{where} model", "a Cell", describe(model)))
        x = _numpy(x)
        if x.ndim < 2 or x.shape[0] != 1:
            raise CellArgumentError(message(f"{where} predicted value (input[1])", "one sample: "
                                            "shape (1, ...)", f"shape {x.shape}"))
        if not isinstance(label, numbers.Integral):
            label = _numpy(label)
            if label.size != 1:
                raise CellArgumentError(message(f"{where} label (input[2])", "one label",
                                                f"{label.size} labels"))
            label = label.reshape(())
        label = int(label)
        shape = onp.array(x.shape[1:])
        low, high = _box(self.b_box, shape)
        self._baseline = float(self._scores(model, [x[0]], label)[0])
        out_shape = tuple(high - low + 1)
        scores, batch = [], []
        for count, offset in enumerate(onp.ndindex(*out_shape)):
            centre = onp.asarray(offset) + low
            window = tuple(slice(max(0, c - self.margin), min(n, c + self.margin))
                           for c, n in zip(centre, shape))
            image = x[0].copy()
            image[window] = self.pad_val
            batch.append(image)
            if len(batch) == self.n_batch or count == int(onp.prod(out_shape)) - 1:
                scores.append(self._scores(model, batch, label))
                batch = []
        self._sensitivity_im = onp.concatenate(scores).reshape(out_shape)
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise self._empty()
        return self._baseline - onp.squeeze(self._sensitivity_im)
