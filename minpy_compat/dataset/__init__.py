"""A small ``mindspore.dataset``: in-memory sources, batch, shuffle, map, repeat.

>>> import numpy
>>> from minpy_compat import dataset as ds
>>> data = ds.NumpySlicesDataset({'x': numpy.arange(5.0), 'y': numpy.arange(5)}, shuffle=False)
>>> batches = data.batch(2, drop_remainder=True)
>>> batches.get_dataset_size(), [b[1].tolist() for b in batches.create_tuple_iterator()]
(2, [[0, 1], [2, 3]])
"""
from .datasets import Dataset, GeneratorDataset, NumpySlicesDataset
from . import config

__all__ = ["Dataset", "GeneratorDataset", "NumpySlicesDataset", "config"]
