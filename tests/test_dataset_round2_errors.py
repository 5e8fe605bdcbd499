"""Dataset round 2: every bad argument names the dataset operation (or sampler, or
transform) and the argument, with MindSpore's exception class."""
import numpy as onp
import pytest

from minpy_compat import dataset as ds
from minpy_compat.dataset import transforms as T


def data(n=6, **kw):
    kw.setdefault("shuffle", None if "sampler" in kw else False)
    return ds.NumpySlicesDataset({"a": onp.arange(n), "b": onp.arange(n) * 10}, **kw)


def rows(dataset):
    return list(dataset.create_tuple_iterator(output_numpy=True))


PIPELINE = [
    (TypeError, r"NumpySlicesDataset.batch 'batch_size': expected an int or a function",
     lambda: data().batch(2.0)),
    (TypeError, r"NumpySlicesDataset.batch 'per_batch_map': expected a callable",
     lambda: data().batch(2, per_batch_map=3)),
    (ValueError, r"NumpySlicesDataset.batch 'input_columns': expected a per_batch_map",
     lambda: data().batch(2, input_columns=["a"])),
    (RuntimeError, r"NumpySlicesDataset.batch 'per_batch_map' output 0: expected a list of 2",
     lambda: rows(data().batch(2, input_columns=["a"],
                               per_batch_map=lambda a, info: (a + a,)))),
    (TypeError, r"NumpySlicesDataset.batch 'drop_remainder': expected True or False, got int",
     lambda: data().batch(2, drop_remainder=1)),
    (RuntimeError, r"NumpySlicesDataset.batch 'per_batch_map': expected 1 columns \(one per "
     r"output column\), got 2", lambda: rows(data().batch(
         2, input_columns=["a"], per_batch_map=lambda a, info: (a, a)))),
    (ValueError, r"NumpySlicesDataset.batch 'batch_size' \(the function's result\): expected",
     lambda: rows(data().batch(lambda info: 0))),
    (TypeError, r"NumpySlicesDataset.shuffle 'buffer_size': expected an int, got float",
     lambda: data().shuffle(2.5)),
    (ValueError, r"NumpySlicesDataset.repeat 'count': expected an int >= 1 or -1, got 0",
     lambda: data().repeat(0)),
    (ValueError, r"NumpySlicesDataset.take 'count': expected an int >= 1 or -1, got -2",
     lambda: data().take(-2)),
    (TypeError, r"NumpySlicesDataset.take 'count': expected an int", lambda: data().take(1.5)),
    (ValueError, r"NumpySlicesDataset.skip 'count': expected an int >= 0, got -1",
     lambda: data().skip(-1)),
    (TypeError, r"NumpySlicesDataset.zip 'datasets': expected a dataset or a tuple",
     lambda: data().zip([data()])),
    (RuntimeError, r"NumpySlicesDataset.zip 'datasets': expected distinct column names, "
     r"got \['a', 'b'\] more than once", lambda: data().zip(data())),
    (TypeError, r"dataset.zip 'datasets': expected a tuple of datasets", lambda: ds.zip([1])),
    (TypeError, r"NumpySlicesDataset.concat 'datasets': expected a dataset or a list",
     lambda: data().concat(3)),
    (RuntimeError, r"NumpySlicesDataset.concat 'datasets': expected datasets with the "
     r"columns \['a', 'b'\], got \['x'\]",
     lambda: data() + ds.NumpySlicesDataset({"x": [1]})),
    (ValueError, r"NumpySlicesDataset.project 'columns': expected at least one column",
     lambda: data().project([])),
    (TypeError, r"NumpySlicesDataset.project 'columns': expected a column name or a list",
     lambda: data().project(3)),
    (RuntimeError, r"NumpySlicesDataset.project 'columns': expected a column among "
     r"\['a', 'b'\], got 'z'", lambda: data().project(["z"])),
    (ValueError, r"NumpySlicesDataset.rename 'output_columns': expected 2 names",
     lambda: data().rename(["a", "b"], ["q"])),
    (RuntimeError, r"NumpySlicesDataset.rename 'input_columns': expected a column among",
     lambda: data().rename(["z"], ["q"])),
    (RuntimeError, r"NumpySlicesDataset.rename 'output_columns': expected distinct column",
     lambda: data().rename(["a"], ["b"])),
    (TypeError, r"NumpySlicesDataset.filter 'predicate': expected a callable",
     lambda: data().filter(3)),
    (RuntimeError, r"NumpySlicesDataset.filter 'input_columns': expected a column among",
     lambda: data().filter(lambda z: True, input_columns=["z"])),
    (RuntimeError, r"NumpySlicesDataset.map 'output_columns': expected distinct column names",
     lambda: data().map(lambda a: (a, a), input_columns=["a"], output_columns=["b", "c"])),
    (RuntimeError, r"NumpySlicesDataset.map: the operations' result: expected 2 values",
     lambda: rows(data().map(lambda a: a, input_columns=["a"], output_columns=["p", "q"]))),
    (RuntimeError, r"NumpySlicesDataset.create_tuple_iterator 'num_epochs': expected -1 or",
     lambda: data().create_tuple_iterator(num_epochs=0)),
    (TypeError, r"NumpySlicesDataset.create_dict_iterator 'output_numpy': expected True or",
     lambda: data().create_dict_iterator(output_numpy=1)),
    (RuntimeError, r"SkipDataset.output_shapes: expected at least one row",
     lambda: data().skip(9).output_shapes()),
]

SAMPLERS = [
    (TypeError, r"SequentialSampler 'start_index': expected an int or None, got float",
     lambda: ds.SequentialSampler(1.5)),
    (RuntimeError, r"NumpySlicesDataset SequentialSampler 'start_index': expected an index "
     r"in \[0, 6\), got 12", lambda: data(sampler=ds.SequentialSampler(12))),
    (ValueError, r"RandomSampler 'num_samples': expected an int >= 0, got -1",
     lambda: ds.RandomSampler(num_samples=-1)),
    (TypeError, r"RandomSampler 'replacement': expected True or False, got int",
     lambda: ds.RandomSampler(replacement=1)),
    (TypeError, r"SubsetSampler 'indices' item 0: expected an int, got float",
     lambda: ds.SubsetSampler([2.0])),
    (TypeError, r"SubsetRandomSampler 'indices': expected a list of row indices",
     lambda: ds.SubsetRandomSampler("12")),
    (RuntimeError, r"GeneratorDataset SubsetSampler 'indices': expected indices in "
     r"\[0, 2\), got \[5\]",
     lambda: ds.GeneratorDataset([1, 2], ["x"], sampler=ds.SubsetSampler([5]))),
    (RuntimeError, r"WeightedRandomSampler 'weights': expected non-negative weights",
     lambda: ds.WeightedRandomSampler([-1, 1])),
    (TypeError, r"WeightedRandomSampler 'weights': expected a list of numbers",
     lambda: ds.WeightedRandomSampler(["a"])),
    (RuntimeError, r"DistributedSampler 'shard_id': expected an int in \[0, 3\), got 3",
     lambda: ds.DistributedSampler(3, 3)),
    (RuntimeError, r"DistributedSampler 'num_shards': expected an int >= 1, got 0",
     lambda: ds.DistributedSampler(0, 0)),
    (TypeError, r"DistributedSampler 'shuffle': expected True or False, got int",
     lambda: ds.DistributedSampler(2, 0, shuffle=1)),
    (ValueError, r"DistributedSampler 'offset': expected an int >= -1, got -2",
     lambda: ds.DistributedSampler(2, 0, offset=-2)),
    (ValueError, r"NumpySlicesDataset 'sampler': expected no num_samples, shuffle, "
     r"num_shards or shard_id with it, got shuffle=True",
     lambda: data(sampler=ds.SequentialSampler(), shuffle=True)),
    (TypeError, r"NumpySlicesDataset 'sampler': expected a dataset sampler or a list",
     lambda: data(sampler=3)),
    (ValueError, r"NumpySlicesDataset 'num_shards'/'shard_id': expected both or neither",
     lambda: data(num_shards=2)),
    (RuntimeError, r"DistributedSampler 'shard_id': expected an int in \[0, 2\), got 2",
     lambda: data(num_shards=2, shard_id=2)),
    (TypeError, r"NumpySlicesDataset 'shuffle': expected True or False, got str",
     lambda: data(shuffle="yes")),
    (ValueError, r"GeneratorDataset 'sampler': expected a source with \[i\] access and len",
     lambda: ds.GeneratorDataset(lambda: iter([1]), ["x"], sampler=ds.SequentialSampler())),
    (ValueError, r"GeneratorDataset 'num_shards': expected a source with \[i\] access",
     lambda: ds.GeneratorDataset(lambda: iter([1]), ["x"], num_shards=2, shard_id=0)),
    (ValueError, r"GeneratorDataset 'num_samples': expected an int >= 0, got -3",
     lambda: ds.GeneratorDataset(lambda: iter([1]), ["x"], num_samples=-3)),
    (RuntimeError, r"GeneratorDataset 'column_names': expected distinct column names",
     lambda: ds.GeneratorDataset([1], ["x", "x"])),
]

TRANSFORMS = [
    (TypeError, r"TypeCast 'data_type': expected a MindSpore or NumPy dtype, got str",
     lambda: T.TypeCast("abc")),
    (TypeError, r"OneHot 'num_classes': expected an int, got float", lambda: T.OneHot(2.0)),
    (ValueError, r"OneHot 'num_classes': expected an int >= 1, got 0", lambda: T.OneHot(0)),
    (ValueError, r"OneHot 'smoothing_rate': expected a float in \[0, 1\], got 1.5",
     lambda: T.OneHot(3, 1.5)),
    (TypeError, r"OneHot: the input: expected integer class labels, got dtype float64",
     lambda: T.OneHot(3)(onp.array(1.0))),
    (RuntimeError, r"OneHot: the input: expected labels below num_classes=3, got 5",
     lambda: T.OneHot(3)(onp.array([1, 5]))),
    (RuntimeError, r"OneHot: the input: expected a scalar or 1-d labels, got shape \(2, 2\)",
     lambda: T.OneHot(3)(onp.zeros((2, 2), int))),
    (TypeError, r"Fill 'fill_value': expected a number, bool, str or bytes, got list",
     lambda: T.Fill([1])),
    (ValueError, r"Compose 'transforms': expected at least one transform",
     lambda: T.Compose([])),
    (TypeError, r"Compose 'transforms' item 1: expected a transform or a callable, got int",
     lambda: T.Compose([abs, 3])),
]


@pytest.mark.parametrize("error, pattern, call", PIPELINE + SAMPLERS + TRANSFORMS,
                         ids=[p for _, p, _ in PIPELINE + SAMPLERS + TRANSFORMS])
def test_bad_arguments_name_the_operation(error, pattern, call):
    with pytest.raises(error, match=pattern):
        call()


def test_iterating_past_num_epochs_names_the_iterator():
    it = data(2).create_tuple_iterator(num_epochs=1)
    assert len(list(it)) == 2
    with pytest.raises(RuntimeError, match=r"NumpySlicesDataset.create_tuple_iterator: "
                                           r"expected at most num_epochs=1 passes, got pass 2"):
        next(it)


def test_samplers_of_your_own_are_checked():
    class Wrong(ds.Sampler):
        def __iter__(self):
            yield from (0, 9)

    with pytest.raises(RuntimeError, match=r"Wrong.__iter__: expected indices in \[0, 6\), "
                                           r"got \[9\]"):
        rows(data(sampler=Wrong()))
    with pytest.raises(TypeError, match=r"Sampler: expected a Sampler subclass that defines "
                                        r"__iter__"):
        rows(data(sampler=ds.Sampler()))
