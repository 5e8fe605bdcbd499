"""minpy_compat.dataset: columns, batching, shuffling with a seed, map, repeat, iterators."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import dataset as ds


def _column(dataset, index=0):
    return [row[index].tolist() for row in dataset.create_tuple_iterator(output_numpy=True)]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 20), st.integers(1, 8), st.booleans())
def test_batch_sizes_and_contents(rows, size, drop):
    data = ds.NumpySlicesDataset(onp.arange(rows), shuffle=False).batch(size, drop)
    want = [list(range(i, min(i + size, rows))) for i in range(0, rows, size)]
    want = [b for b in want if len(b) == size] if drop else want
    assert data.get_dataset_size() == len(want) and _column(data) == want


def test_column_names_and_tensor_rows_as_mindspore():
    data = ds.NumpySlicesDataset({"data": onp.ones((5, 2), onp.float32),
                                  "label": onp.arange(5)}, shuffle=False)
    assert data.get_col_names() == ["data", "label"] and data.get_dataset_size() == 5
    row = next(data.batch(2).create_tuple_iterator())
    assert isinstance(row, list) and all(isinstance(t, ms.Tensor) for t in row)
    assert row[0].shape == (2, 2) and row[0].dtype == onp.float32 and row[1].dtype == onp.int64
    first = next(data.create_dict_iterator())
    assert list(first) == ["data", "label"] and isinstance(first["label"], ms.Tensor)
    assert isinstance(next(data.create_dict_iterator(output_numpy=True))["data"], onp.ndarray)
    assert ds.NumpySlicesDataset([1, 2]).get_col_names() == ["column_0"]
    pair = ds.NumpySlicesDataset((onp.arange(3), onp.arange(3)), shuffle=False)
    assert pair.get_col_names() == ["column_0", "column_1"]
    assert [r[0].tolist() for r in pair.create_tuple_iterator(columns=["column_1"])] == [0, 1, 2]


def test_one_dataset_feeds_two_pipelines():
    base = ds.NumpySlicesDataset(onp.arange(5), shuffle=False)
    assert base.batch(2).get_dataset_size() == 3
    assert base.batch(2, drop_remainder=True).get_dataset_size() == 2


@pytest.fixture
def seeds():
    """Leave the dataset seed and the global seed as the test found them."""
    from minpy_compat import ms_context
    saved = ds.config._settings["seed"], dict(ms_context._settings)
    state = onp.random.get_state()
    yield
    ds.config._settings["seed"] = saved[0]
    ms_context._settings.clear()
    ms_context._settings.update(saved[1])
    onp.random.set_state(state)


def test_a_seed_reproduces_shuffles_and_epochs_differ(seeds):
    def orders():
        ds.config.set_seed(7)
        data = ds.NumpySlicesDataset(onp.arange(10)).shuffle(4)
        return _column(data), _column(data)
    first, second = orders(), orders()
    assert first == second and first[0] != first[1]
    assert sorted(first[0]) == list(range(10))
    ms.set_seed(1)
    ds.config._settings["seed"] = None
    a = _column(ds.NumpySlicesDataset(onp.arange(10)))
    assert a == _column(ds.NumpySlicesDataset(onp.arange(10))) and a != list(range(10))


def test_map_repeat_and_generator_sources():
    data = ds.NumpySlicesDataset({"a": [1, 2, 3], "b": [4, 5, 6]}, shuffle=False)
    mapped = data.map(operations=[lambda v: v * 10, lambda v: v + 1], input_columns=["b"])
    assert _column(mapped, 1) == [41, 51, 61] and _column(mapped, 0) == [1, 2, 3]
    assert data.repeat(3).get_dataset_size() == 9 and _column(data.repeat(2)) == [1, 2, 3] * 2

    def gen():
        for i in range(3):
            yield onp.array([i], onp.float32), onp.array(i)
    made = ds.GeneratorDataset(gen, column_names=["x", "y"], shuffle=False)
    assert made.get_dataset_size() == 3 and _column(made, 1) == [0, 1, 2]

    once = ds.GeneratorDataset((onp.array(i) for i in range(3)), ["x"], shuffle=False)
    assert once.get_dataset_size() == 3 and _column(once) == [0, 1, 2] == _column(once)

    class Source:
        def __getitem__(self, i):
            return onp.array([i], onp.float32), onp.int32(i)

        def __len__(self):
            return 6
    batches = ds.GeneratorDataset(Source(), ["x", "y"], shuffle=False).batch(4)
    assert batches.get_dataset_size() == 2
    assert [r[0].shape for r in batches.create_tuple_iterator()] == [(4, 1), (2, 1)]


def test_dataset_errors_name_the_operation_and_argument():
    data = ds.NumpySlicesDataset([1, 2, 3])
    with pytest.raises(ValueError, match=r"NumpySlicesDataset.batch 'batch_size': expected an"):
        data.batch(0)
    with pytest.raises(ValueError, match=r"NumpySlicesDataset.shuffle 'buffer_size'"):
        data.shuffle(1)
    with pytest.raises(ValueError, match=r"NumpySlicesDataset 'data': expected columns with"):
        ds.NumpySlicesDataset({"a": [1, 2], "b": [1, 2, 3]})
    with pytest.raises(ValueError, match=r"NumpySlicesDataset 'column_names': expected 1 n"):
        ds.NumpySlicesDataset([1, 2], column_names=["a", "b"])
    with pytest.raises(ValueError, match=r"GeneratorDataset 'column_names': expected a list"):
        ds.GeneratorDataset(lambda: iter([]))
    with pytest.raises(TypeError, match=r"Dataset.map 'operations': expected a callable"):
        data.map(operations=3)
    with pytest.raises(ValueError, match=r"Dataset.map 'input_columns': expected a column among"):
        data.map(operations=abs, input_columns=["nope"])
    with pytest.raises(ValueError, match=r"GeneratorDataset: a row: expected 2 values"):
        list(ds.GeneratorDataset(lambda: iter([(1,)]), ["x", "y"]))
    with pytest.raises(ValueError, match=r"Dataset.batch: expected rows of one shape"):
        list(ds.GeneratorDataset([onp.ones(2), onp.ones(3)], ["x"]).batch(2))
    with pytest.raises(TypeError, match=r"dataset.config.set_seed 'seed'"):
        ds.config.set_seed(-1)
