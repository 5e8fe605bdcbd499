"""nn.io: NDArrayIter's batching modes, inputs, sub-iterators and files."""
import io as pyio

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat.numpy as np
from minpy_compat.array import Array
from minpy_compat.errors import UnknownOptionError
from minpy_compat.nn.io import (DataBatch, NDArrayIter, load_data_labels, save_data_labels)


def epoch(it):
    return [(b.label[0].tolist(), b.pad) for b in it]


def test_minpy_io_test_counts():
    # MinPy's own test: 1000 samples, batch 100 -> 10; batch 128 with pad -> 8 batches.
    data = onp.ones((1000, 2, 2))
    label = onp.ones(1000)
    label[:124] = 0
    assert len(list(NDArrayIter(data, label, batch_size=100))) == 10
    batches = list(NDArrayIter(data, label, batch_size=128))
    assert len(batches) == 8 and batches[-1].pad == 128 * 8 - 1000
    assert sum(int((b.label[0] == 0).sum()) for b in batches) == 124 + 24  # pad wraps to start


def test_pad_wraps_around_to_the_start():
    it = NDArrayIter(onp.arange(5.0), onp.arange(5), batch_size=2)
    assert epoch(it) == [([0, 1], 0), ([2, 3], 0), ([4, 0], 1)]
    it.reset()
    assert epoch(it) == [([0, 1], 0), ([2, 3], 0), ([4, 0], 1)]
    small = NDArrayIter(onp.arange(2.0), onp.arange(2), batch_size=5)
    assert epoch(small) == [([0, 1, 0, 1, 0], 3)]


def test_discard_drops_the_short_batch_and_counts_right():
    it = NDArrayIter(onp.arange(5.0), onp.arange(5), batch_size=2, last_batch_handle="discard")
    assert epoch(it) == [([0, 1], 0), ([2, 3], 0)]
    assert it.num_data == 4 and it.getnumiterations() == 2


def test_roll_over_carries_leftovers_into_the_next_epoch():
    it = NDArrayIter(onp.arange(5.0), onp.arange(5), batch_size=2, last_batch_handle="roll_over")
    assert epoch(it) == [([0, 1], 0), ([2, 3], 0)]
    it.reset()
    assert epoch(it) == [([4, 0], 0), ([1, 2], 0), ([3, 4], 0)]
    it.reset()
    assert epoch(it) == [([0, 1], 0), ([2, 3], 0)]
    it.reset()
    it.hard_reset()
    assert epoch(it)[0] == ([0, 1], 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.integers(1, 12), st.sampled_from(["pad", "discard", "roll_over"]))
def test_every_mode_yields_full_batches_of_valid_samples(n, batch, mode):
    if mode == "discard" and n < batch:
        return
    it = NDArrayIter(onp.arange(n, dtype=float), onp.arange(n), batch_size=batch,
                     last_batch_handle=mode)
    seen = []
    for _ in range(3):
        it.reset()
        for b in it:
            assert b.data[0].shape == (batch,)
            onp.testing.assert_array_equal(b.data[0], b.label[0])
            seen.extend(b.label[0][:batch - b.pad].tolist())
    if mode == "pad":
        assert seen == list(range(n)) * 3
    elif mode == "discard":
        assert seen == list(range(n - n % batch)) * 3
    else:  # roll_over: a cyclic stream over the data
        assert seen == [i % n for i in range(len(seen))] and len(seen) > 3 * n - batch


def test_shuffle_keeps_data_and_labels_together():
    onp.random.seed(0)
    data = onp.arange(20.0).reshape(10, 2)
    it = NDArrayIter(data, onp.arange(10), batch_size=10, shuffle=True)
    batch = next(it)
    assert batch.label[0].tolist() != list(range(10))
    onp.testing.assert_array_equal(batch.data[0], data[batch.label[0]])
    assert isinstance(batch.data[0], Array) and isinstance(batch, DataBatch)


def test_dict_and_list_inputs_and_provide_data():
    it = NDArrayIter({"b": onp.zeros((6, 3)), "a": onp.ones((6, 2, 2))},
                     [onp.zeros(6), onp.ones(6)], batch_size=4)
    assert it.provide_data == [("a", (4, 2, 2)), ("b", (4, 3))]
    assert it.provide_label == [("_0_softmax_label", (4,)), ("_1_softmax_label", (4,))]
    batch = next(it)
    assert [d.shape for d in batch.data] == [(4, 2, 2), (4, 3)]
    single = NDArrayIter(np.zeros((3, 2)), batch_size=2)
    assert single.provide_data == [("data", (2, 2))] and single.provide_label == []
    assert next(single).label == []


def test_getsubiter_draws_distinct_samples():
    it = NDArrayIter(onp.arange(50.0), onp.arange(50), batch_size=8)
    sub = it.getsubiter(20)
    labels = [v for b in sub for v in b.label[0][:8 - b.pad].tolist()]
    assert len(labels) == 20 == len(set(labels)) and set(labels) <= set(range(50))
    with pytest.raises(ValueError, match=r"getsubiter: expected 1\.\.50 samples, got 51"):
        it.getsubiter(51)


def test_next_and_iteration_protocol():
    it = NDArrayIter(onp.zeros((3, 1)), batch_size=2)
    assert it.next().pad == 0 and next(it).pad == 1
    with pytest.raises(StopIteration):
        next(it)


@pytest.mark.parametrize("kwargs, match", [
    (dict(last_batch_handle="wrap"), "last_batch_handle.*'pad', 'discard', 'roll_over'"),
    (dict(batch_size=0), "batch_size': expected an int >= 1"),
    (dict(label=onp.zeros(4)), "one number of samples"),
    (dict(batch_size=8, last_batch_handle="discard"), "at least one full batch"),
])
def test_iterator_errors(kwargs, match):
    kwargs = {"label": onp.zeros(5), **kwargs}
    with pytest.raises(ValueError, match=match):
        NDArrayIter(onp.zeros((5, 2)), **kwargs)


def test_unknown_last_batch_handle_is_an_unknown_option_error():
    with pytest.raises(UnknownOptionError):
        NDArrayIter(onp.zeros(3), last_batch_handle="keep")


def test_save_and_load_data_labels(tmp_path):
    data, labels = onp.random.rand(4, 3), onp.arange(4)
    path = str(tmp_path / "d.npz")
    save_data_labels(np.array(data), labels, path)
    got_data, got_labels = load_data_labels(path)
    onp.testing.assert_array_equal(got_data, data)
    onp.testing.assert_array_equal(got_labels, labels)
    buffer = pyio.BytesIO()
    save_data_labels(data, labels, buffer)
    buffer.seek(0)
    onp.testing.assert_array_equal(load_data_labels(buffer)[0], data)


def test_mxnet_iterators_load_on_use():
    import minpy_compat.nn.io as nnio
    with pytest.raises(AttributeError):
        nnio.NotAThing  # noqa: B018
    pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")
    import mxnet
    assert nnio.NDArrayIter is NDArrayIter and nnio.CSVIter is mxnet.io.CSVIter
