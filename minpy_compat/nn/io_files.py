"""Data and labels in a file (MinPy's ``minpy.nn.io`` helpers, re-exported there):
NumPy's .npz format, which loads without running code (MinPy pickled them)."""
import os

import numpy as onp

from ..array import to_numpy, wrap


def save_data_labels(data, labels, file):
    """Save ``data`` and ``labels`` arrays to ``file`` (a path or binary file), NumPy's .npz
    format (MinPy pickled them; .npz loads without running code).

    >>> import io, numpy
    >>> file = io.BytesIO()
    >>> save_data_labels(numpy.ones((2, 3)), numpy.array([0, 1]), file)
    >>> _ = file.seek(0)
    >>> data, labels = load_data_labels(file)
    >>> data.shape, labels
    ((2, 3), array([0, 1]))
    """
    arrays = {"data": onp.asarray(to_numpy(data)), "labels": onp.asarray(to_numpy(labels))}
    if isinstance(file, (str, os.PathLike)):  # opened here: savez would append '.npz'
        with open(file, "wb") as handle:
            onp.savez(handle, **arrays)
    else:
        onp.savez(file, **arrays)


def load_data_labels(file):
    """``(data, labels)`` as Arrays from a file written by ``save_data_labels``."""
    with onp.load(file, allow_pickle=False) as saved:
        return wrap(saved["data"]), wrap(saved["labels"])
