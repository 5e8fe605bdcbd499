"""Argument and image checks shared by the vision transforms: MindSpore's classes
(TypeError/ValueError when a transform is built, RuntimeError when it runs), our words."""
import numbers

import numpy as onp

from ...errors import (CellArgumentError, CellTypeError, DatasetPipelineError, describe,
                       message)
from .. import config

MAX_SIZE = 16777216


def is_int(value):
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_number(value):
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def number(where, value, low=None, high=None, integer=False, low_open=False):
    """``value`` checked to be a number (an int with ``integer``) in ``[low, high]``."""
    if not (is_int(value) if integer else is_number(value)):
        raise CellTypeError(message(where, "an int" if integer else "a number",
                                    describe(value)))
    below = low is not None and (value <= low if low_open else value < low)
    if below or (high is not None and value > high):
        bounds = f"{'(' if low_open else '['}{low}, {high}]"
        raise CellArgumentError(message(where, f"a value in {bounds}", repr(value)))
    return value


def size_pair(where, size, low=1):
    """An int ``n`` as ``(n, n)``, or a sequence ``(h, w)`` of ints, each at least ``low``."""
    if is_int(size):
        size = (size, size)
    if not isinstance(size, (list, tuple)) or len(size) != 2 or not all(map(is_int, size)):
        raise CellTypeError(message(where, "an int or a (height, width) pair of ints",
                                    describe(size)))
    for value in size:
        number(where, value, low, MAX_SIZE, integer=True)
    return tuple(int(v) for v in size)


def probability(where, prob):
    return float(number(where, prob, 0.0, 1.0))


def enum_member(where, value, enum):
    if not isinstance(value, enum):
        raise CellTypeError(message(where, f"a member of {enum.__name__}", describe(value)))
    return value


def transform_list(where, transforms):
    if not isinstance(transforms, list):
        raise CellTypeError(message(where, "a list of transforms", describe(transforms)))
    if not transforms:
        raise CellArgumentError(message(where, "at least one transform", "an empty list"))
    for i, step in enumerate(transforms):
        if not callable(step):
            raise CellTypeError(message(f"{where} item {i}", "a transform or a callable",
                                        describe(step)))
    return list(transforms)


def image(where, data, ranks=(2, 3), dtypes=None):
    """The image ``data`` as an array: numbers, of a rank in ``ranks``, of ``dtypes``."""
    data = onp.asarray(data)
    if data.dtype.kind not in "biuf":
        raise DatasetPipelineError(message(f"{where}: the image", "an array of numbers",
                                           f"dtype {data.dtype}"))
    if data.ndim not in ranks:
        raise DatasetPipelineError(message(
            f"{where}: the image", f"an array of rank {' or '.join(map(str, ranks))} "
            "(<H,W> or <H,W,C>)", f"shape {data.shape}",
            "Decode encoded images first; batch after the vision transforms."))
    if dtypes is not None and data.dtype.name not in dtypes:
        raise DatasetPipelineError(message(f"{where}: the image",
                                           f"dtype {' or '.join(dtypes)}", str(data.dtype)))
    return data


def rgb(where, data, dtypes=None):
    """An <H,W,3> image."""
    data = image(where, data, (3,), dtypes)
    if data.shape[2] != 3:
        raise DatasetPipelineError(message(f"{where}: the image", "3 channels (<H,W,3>)",
                                           f"shape {data.shape}"))
    return data


class Random:
    """A transform that draws: its own generator, seeded from ``dataset.config`` when it
    first runs (so ``set_seed`` before iterating a pipeline repeats its draws)."""

    def __init__(self):
        self._generator = None

    @property
    def _rng(self):
        if self._generator is None:
            self._generator = onp.random.default_rng(config.get_seed())
        return self._generator
