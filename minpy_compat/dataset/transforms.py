"""``mindspore.dataset.transforms``: per-row operations for ``Dataset.map``.

>>> import numpy
>>> from minpy_compat.dataset import transforms
>>> step = transforms.Compose([transforms.OneHot(3), transforms.TypeCast(numpy.float32)])
>>> step(numpy.array(1))
array([0., 1., 0.], dtype=float32)
"""
import numbers
import sys

import numpy as onp

from ..errors import CellArgumentError, CellTypeError, DatasetPipelineError, describe, message

__all__ = ["Compose", "Concatenate", "Duplicate", "Fill", "Mask", "OneHot", "PadEnd",
           "RandomApply", "RandomChoice", "RandomOrder", "Relational", "Slice", "TypeCast",
           "Unique"]


class TypeCast:
    """Cast a column to ``data_type`` (a MindSpore or NumPy dtype); floats to ints drop
    their fractions, as NumPy's ``astype``."""

    def __init__(self, data_type):
        is_type = isinstance(data_type, type) and issubclass(data_type, onp.generic)
        if not (is_type or isinstance(data_type, onp.dtype)):
            raise CellTypeError(message("TypeCast 'data_type'", "a MindSpore or NumPy dtype",
                                        describe(data_type)))
        self.data_type = onp.dtype(data_type)

    def __call__(self, data):
        return onp.asarray(data).astype(self.data_type)


class OneHot:
    """Integer labels to one-hot rows of ``num_classes`` (a new last axis), in the labels'
    dtype; ``smoothing_rate`` spreads that much of the mass evenly (float64 then). A
    negative label gives a row of zeros and the labels are a scalar or 1-d once axes of
    length 1 are dropped, as MindSpore's."""

    def __init__(self, num_classes, smoothing_rate=0.0):
        if isinstance(num_classes, bool) or not isinstance(num_classes, numbers.Integral):
            raise CellTypeError(message("OneHot 'num_classes'", "an int",
                                        describe(num_classes)))
        if num_classes < 1:
            raise CellArgumentError(message("OneHot 'num_classes'", "an int >= 1",
                                            str(num_classes)))
        if isinstance(smoothing_rate, bool) or \
                not isinstance(smoothing_rate, numbers.Real):
            raise CellTypeError(message("OneHot 'smoothing_rate'", "a float",
                                        describe(smoothing_rate)))
        if not 0.0 <= smoothing_rate <= 1.0:
            raise CellArgumentError(message("OneHot 'smoothing_rate'", "a float in [0, 1]",
                                            str(smoothing_rate)))
        self.num_classes, self.smoothing_rate = int(num_classes), float(smoothing_rate)

    def __call__(self, data):
        labels = onp.asarray(data)
        if labels.dtype.kind not in "iu":
            raise CellTypeError(message("OneHot: the input", "integer class labels",
                                        f"dtype {labels.dtype}", "Cast with TypeCast first."))
        if labels.ndim > 1:
            labels = labels.squeeze()
            if labels.ndim > 1:
                raise DatasetPipelineError(message("OneHot: the input", "a scalar or 1-d labels",
                                                   f"shape {onp.shape(data)}"))
        if (labels >= self.num_classes).any():
            raise DatasetPipelineError(message(
                "OneHot: the input", f"labels below num_classes={self.num_classes}",
                f"{int(labels.max())}"))
        hot = labels[..., None] == onp.arange(self.num_classes)
        if not self.smoothing_rate:
            return hot.astype(labels.dtype)
        off = self.smoothing_rate / self.num_classes
        return onp.where(hot, 1.0 - self.smoothing_rate + off, off) * (labels[..., None] >= 0)


class Fill:
    """A column of the same shape and dtype, every element ``fill_value`` (cast to it)."""

    def __init__(self, fill_value):
        if not isinstance(fill_value, (str, bytes, bool, numbers.Real)) or \
                isinstance(fill_value, onp.ndarray):
            raise CellTypeError(message("Fill 'fill_value'", "a number, bool, str or bytes",
                                        describe(fill_value)))
        self.fill_value = fill_value

    def __call__(self, data):
        data = onp.asarray(data)
        return onp.full(data.shape, self.fill_value).astype(data.dtype) \
            if data.dtype.kind not in "US" else onp.full(data.shape, self.fill_value)


class Compose:
    """Run ``transforms`` in turn; a tuple result becomes the next one's arguments."""

    def __init__(self, transforms):
        if not isinstance(transforms, (list, tuple)):
            raise CellTypeError(message("Compose 'transforms'", "a list of transforms",
                                        describe(transforms)))
        if not transforms:
            raise CellArgumentError(message("Compose 'transforms'", "at least one transform",
                                            "an empty list"))
        for i, step in enumerate(transforms):
            if not callable(step):
                raise CellTypeError(message(f"Compose 'transforms' item {i}",
                                            "a transform or a callable", describe(step)))
        self.transforms = list(transforms)

    def __call__(self, *data):
        for step in self.transforms:
            result = step(*data)
            data = result if isinstance(result, tuple) else (result,)
        return data[0] if len(data) == 1 else data


from .tensor_ops import (Concatenate, Duplicate, Mask, PadEnd, RandomApply,  # noqa: E402
                         RandomChoice, RandomOrder, Relational, Slice, Unique)


# MindSpore 2.x also spells this module ``mindspore.dataset.transforms.transforms``; the
# import system finds that name here once this module is loaded, before it asks whether
# this module is a package (it is not), so ``import ....transforms.transforms as C`` works.
sys.modules[__name__ + ".transforms"] = sys.modules[__name__]


def __getattr__(name):
    """``transforms.vision`` is ``dataset.vision``, as MindSpore's; loaded on first use;
    ``transforms.transforms`` is this module."""
    if name == "vision":
        from . import vision
        return vision
    if name == "transforms":
        return sys.modules[__name__]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
