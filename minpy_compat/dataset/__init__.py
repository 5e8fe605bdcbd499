"""A small ``mindspore.dataset``: in-memory sources read through samplers, and the
pipeline operations (batch, shuffle, map, filter, zip, concat, ...), as MindSpore 2.10's.

>>> import numpy
>>> from minpy_compat import dataset as ds
>>> data = ds.NumpySlicesDataset({'x': numpy.arange(5.0), 'y': numpy.arange(5)}, shuffle=False)
>>> batches = data.batch(2, drop_remainder=True)
>>> batches.get_dataset_size(), [b[1].tolist() for b in batches.create_tuple_iterator()]
(2, [[0, 1], [2, 3]])
"""
from .datasets import Dataset
from .sources import GeneratorDataset, NumpySlicesDataset
from . import config
from ..lazy_names import lazy_names

__all__ = ["BatchInfo", "Dataset", "DictIterator", "DistributedSampler", "GeneratorDataset",
           "NumpySlicesDataset", "RandomSampler", "Sampler", "SequentialSampler",
           "SubsetRandomSampler", "SubsetSampler", "TupleIterator", "WeightedRandomSampler",
           "config", "samplers", "transforms", "vision", "zip"]

__getattr__, __dir__ = lazy_names(__name__, {
    "samplers": ["DistributedSampler", "RandomSampler", "Sampler", "SequentialSampler",
                 "SubsetRandomSampler", "SubsetSampler", "WeightedRandomSampler"],
    "batching": ["BatchInfo"],
    "iterators": ["DictIterator", "TupleIterator"],
}, globals(), submodules=("samplers", "transforms", "vision"))


def zip(datasets):
    """One dataset of the columns of a tuple of datasets, as long as the shortest."""
    from .pipeline import zip_datasets
    return zip_datasets(datasets)
