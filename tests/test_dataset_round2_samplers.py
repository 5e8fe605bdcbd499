"""Dataset round 2: what the random samplers draw (statistics, seeds, epochs), shards that
partition the rows, and sizes that match what an epoch yields."""
import subprocess
import sys

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

from minpy_compat import dataset as ds


@pytest.fixture(autouse=True)
def seed():
    """Each test runs under dataset seed 3, and leaves the seed as it found it."""
    saved = ds.config._settings["seed"]
    ds.config.set_seed(3)
    yield
    ds.config._settings["seed"] = saved


def column(dataset):
    return [int(row[0]) for row in dataset.create_tuple_iterator(output_numpy=True)]


def rows(n, **kw):
    return ds.NumpySlicesDataset(onp.arange(n), **kw)


def test_weighted_draws_follow_the_weights():
    drawn = column(rows(4000, sampler=ds.WeightedRandomSampler([1, 0, 3, 4])))
    freq = onp.bincount(drawn, minlength=4) / len(drawn)
    assert len(drawn) == 4000 and freq[1] == 0
    assert onp.allclose(freq, [0.125, 0, 0.375, 0.5], atol=0.03), freq


def test_weighted_without_replacement_draws_distinct_rows_heavy_first():
    weights = [0, 5, 0, 1, 2]
    for _ in range(20):
        drawn = column(rows(5, sampler=ds.WeightedRandomSampler(weights, 5, replacement=False)))
        assert sorted(drawn) == [0, 1, 2, 3, 4] and set(drawn[3:]) == {0, 2}
    one = rows(5, sampler=ds.WeightedRandomSampler(weights, 1, False))
    firsts = [column(one)[0] for _ in range(300)]  # each pass is a new epoch
    assert onp.allclose(onp.bincount(firsts, minlength=5) / 300, [0, 5 / 8, 0, 1 / 8, 2 / 8],
                        atol=0.08)


def test_random_sampler_with_replacement_is_uniform_and_repeats():
    drawn = column(rows(3000, sampler=ds.RandomSampler(replacement=True)))
    assert len(drawn) == 3000 and len(set(drawn)) < 3000
    counts = onp.bincount(onp.asarray(drawn) % 3, minlength=3)
    assert onp.allclose(counts / 3000, 1 / 3, atol=0.03)


@pytest.mark.parametrize("make", [
    lambda: rows(12, sampler=ds.RandomSampler()),
    lambda: rows(12, sampler=ds.SubsetRandomSampler(list(range(12)))),
    lambda: rows(12),
    lambda: rows(12, shuffle=False).shuffle(5),
    lambda: rows(12, num_shards=1, shard_id=0),
], ids=["random", "subset_random", "default_shuffle", "shuffle_buffer", "distributed"])
def test_a_seed_fixes_the_orders_and_epochs_differ(make):
    def orders():
        ds.config.set_seed(11)
        it = make().create_tuple_iterator(num_epochs=3, output_numpy=True)
        return [[int(r[0]) for r in it] for _ in range(3)]
    first = orders()
    assert first == orders() and all(sorted(o) == list(range(12)) for o in first)
    assert first[0] != first[1] != first[2]
    ds.config.set_seed(12)
    assert column(make()) != first[0]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.integers(1, 7), st.booleans())
def test_shards_cover_every_row_once_each_with_padding(n, shards, shuffle):
    parts = [column(rows(n, num_shards=shards, shard_id=i, shuffle=shuffle))
             for i in range(shards)]
    per_shard = -(-n // shards)
    assert all(len(p) == per_shard for p in parts)
    assert sorted(set(sum(parts, []))) == list(range(n))
    assert [rows(n, num_shards=shards, shard_id=i).get_dataset_size()
            for i in range(shards)] == [per_shard] * shards


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.integers(1, 7), st.integers(0, 10))
def test_shards_with_an_offset_partition_the_rows(n, shards, offset):
    parts = [column(rows(n, sampler=ds.DistributedSampler(shards, i, False, offset=offset)))
             for i in range(shards)]
    assert sorted(sum(parts, [])) == list(range(n))
    assert all(all((k + offset) % shards == i for k in p) for i, p in enumerate(parts))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 15), st.integers(-1, 20).filter(bool), st.integers(0, 20),
       st.integers(1, 4))
def test_sizes_match_what_an_epoch_yields(n, take, skip, batch):
    pipelines = [rows(n, shuffle=False).take(take), rows(n, shuffle=False).skip(skip),
                 rows(n, shuffle=False).skip(skip) + rows(n, shuffle=False).take(take),
                 rows(n, shuffle=False).filter(lambda v: v % 2 == 0).batch(batch),
                 rows(n, shuffle=False).repeat(3).take(take).batch(batch, True),
                 rows(n, sampler=ds.SequentialSampler(n - 1, take if take > 0 else None)),
                 rows(n, shuffle=False).zip(ds.NumpySlicesDataset({"y": onp.arange(skip + 1)}))]
    for pipeline in pipelines:
        assert pipeline.get_dataset_size() == len(list(pipeline.create_tuple_iterator()))


def test_iterator_epochs_and_batch_info():
    data = rows(5, sampler=ds.RandomSampler()).batch(
        2, per_batch_map=lambda v, info: ([x * 0 + info.get_epoch_num() for x in v],))
    it = data.create_dict_iterator(num_epochs=2, output_numpy=True)
    assert [[b["column_0"].tolist() for b in it] for _ in range(2)] == \
        [[[0, 0], [0, 0], [0]], [[1, 1], [1, 1], [1]]]
    endless = rows(3, shuffle=False).create_tuple_iterator(output_numpy=True)
    assert [len(list(endless)) for _ in range(4)] == [3, 3, 3, 3]


def test_importing_the_package_loads_no_dataset_module():
    code = ("import sys, minpy_compat, minpy_compat.numpy; "
            "print([m for m in sys.modules if m.startswith('minpy_compat.dataset')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
    code = ("import sys; from minpy_compat import dataset; "
            "print('minpy_compat.dataset.transforms' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"


@pytest.mark.parametrize("name", ["minpy_compat.dataset.samplers",
                                  "minpy_compat.dataset.transforms"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
