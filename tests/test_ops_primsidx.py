"""Area primsidx's index, segment and alias ops: float64 finite-difference checks,
float32 staying float32, the in-place writes MindSpore's IndexAdd/InplaceIndexAdd make
(and the Inplace* rows ops do not), and an error test per refused argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

rng = onp.random.RandomState(16)
I32 = ms.int32


def _f64(*shape):
    return ms.Tensor(rng.normal(size=shape))


def _i(values):
    return ms.Tensor(onp.array(values, onp.int32))


ROWS = _i([0, 2])
GRAD_CASES = [
    ("IndexAdd", lambda x, y: ops.IndexAdd(0)(x, ROWS, y), ((3, 2), (2, 2))),
    ("InplaceIndexAdd", lambda x, y: ops.InplaceIndexAdd(1)(x, ROWS, y), ((2, 3), (2, 2))),
    ("inplace_index_add", lambda x, y: ops.inplace_index_add(x, _i([1, 1]), y, 0),
     ((3, 2), (2, 2))),
    ("InplaceAdd", lambda x, v: ops.InplaceAdd((0, 2))(x, v), ((3, 2), (2, 2))),
    ("InplaceSub", lambda x, v: ops.InplaceSub(1)(x, v), ((3, 2), (1, 2))),
    ("InplaceUpdate", lambda x, v: ops.InplaceUpdate((2, 0))(x, v), ((3, 2), (2, 2))),
    ("InplaceUpdateV2", lambda x, v: ops.InplaceUpdateV2()(x, ROWS, v), ((3, 2), (2, 2))),
    ("inplace_add", lambda x, v: ops.inplace_add(x, v, (0, 2)), ((3, 2), (2, 2))),
    ("inplace_sub", lambda x, v: ops.inplace_sub(x, v, 1), ((3, 2), (1, 2))),
    ("inplace_update", lambda x, v: ops.inplace_update(x, v, (1,)), ((3, 2), (1, 2))),
    ("IndexFill", lambda x, v: ops.IndexFill()(x, 1, _i([0]), v), ((3, 2), ())),
    ("IndexPut", lambda x, v: ops.IndexPut(1)(x, v, (_i([0, 0]), _i([1, 0]))), ((3, 2), (2,))),
    ("MaskedScatter", lambda x, u: ops.MaskedScatter()(
        x, ms.Tensor(onp.array([True, False])), u), ((3, 2), (4,))),
    ("FillDiagonal", lambda x: ops.FillDiagonal(2.0, True)(x), ((5, 2),)),
    ("SegmentSum", lambda x: ops.SegmentSum()(x, _i([0, 0, 2])), ((3, 2),)),
    ("SegmentMax", lambda x: ops.SegmentMax()(x, _i([0, 0, 2])), ((3, 2),)),
    ("SegmentMin", lambda x: ops.SegmentMin()(x, _i([0, 1, 1])), ((3, 2),)),
    ("SegmentMean", lambda x: ops.SegmentMean()(x, _i([0, 0, 2])), ((3, 2),)),
    ("SegmentProd", lambda x: ops.SegmentProd()(x, _i([0, 0, 2])), ((3, 2),)),
    ("ReverseSequence", lambda x: ops.ReverseSequence(1)(x, _i([1, 3])), ((2, 3),)),
    ("BatchToSpaceND", lambda x: ops.BatchToSpaceND([2, 1], [[0, 1], [0, 0]])(x),
     ((2, 1, 2, 2),)),
    ("SpaceToBatchND", lambda x: ops.SpaceToBatchND([2, 1], [[1, 1], [0, 0]])(x),
     ((1, 1, 2, 2),)),
    ("ChannelShuffle", lambda x: ops.ChannelShuffle(2)(x), ((1, 4, 1, 2),)),
    ("dense", lambda x, w, b: ops.dense(x, w, b), ((2, 3), (4, 3), (4,))),
    ("bias_add", lambda x, b: ops.bias_add(x, b), ((2, 3, 2), (3,))),
    ("addn", lambda x, y: ops.addn([x, y]), ((2, 3), (2, 3))),
    ("view_as", lambda x: ops.view_as(x, ms.Tensor(onp.zeros((3, 2)))), ((2, 3),)),
    ("pows", lambda x: ops.pows(ops.abs(x) + 0.5, 2.5), ((2, 3),)),
    ("tensor_muls", lambda x: ops.tensor_muls(x, 3.0), ((2, 3),)),
    ("reduce_mean", lambda x: ops.reduce_mean(x, 1), ((2, 3),)),
]


@pytest.mark.parametrize("name, fn, shapes", GRAD_CASES, ids=[c[0] for c in GRAD_CASES])
def test_gradients_match_finite_differences_in_float64(name, fn, shapes):
    check_grads(fn, modes=["rev"], order=1)(*[_f64(*s) for s in shapes])


@pytest.mark.parametrize("name, fn, shapes", GRAD_CASES, ids=[c[0] for c in GRAD_CASES])
def test_float32_stays_float32(name, fn, shapes):
    args = [ms.Tensor(rng.normal(size=s).astype(onp.float32)) for s in shapes]
    assert fn(*args).dtype == onp.float32


def test_index_add_writes_its_input_in_place_and_inplace_add_does_not():
    w = ms.Parameter(ms.Tensor(onp.zeros((3, 2), onp.float32)), name="w")
    out = ops.IndexAdd(0)(w, ROWS, ms.Tensor(onp.ones((2, 2), onp.float32)))
    assert out is not w and w.asnumpy().tolist() == [[1, 1], [0, 0], [1, 1]]
    t = ms.Tensor(onp.zeros((3, 2), onp.float32))
    ops.inplace_index_add(t, _i([1]), ms.Tensor([[2.0, 3.0]]), 0)
    assert t.asnumpy().tolist() == [[0, 0], [2, 3], [0, 0]]
    out = ops.InplaceAdd((0, 2))(t, ms.Tensor(onp.ones((2, 2), onp.float32)))
    assert t.asnumpy().tolist() == [[0, 0], [2, 3], [0, 0]]
    assert out.asnumpy().tolist() == [[1, 1], [2, 3], [1, 1]]


def test_assign_add_and_sub_write_the_parameter():
    w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
    assert ops.assign_add(w, ms.Tensor([3.0, 4.0])) is w and w.tolist() == [4.0, 6.0]
    assert ops.assign_sub(w, ms.Tensor([1.0, 1.0])).tolist() == [3.0, 5.0]


def test_a_refused_index_add_leaves_the_parameter_alone():
    w = ms.Parameter(ms.Tensor(onp.zeros((3, 2), onp.float32)), name="w")
    with pytest.raises(CellArgumentError):
        ops.IndexAdd(0)(w, ROWS, ms.Tensor(onp.ones((3, 2), onp.float32)))
    assert not w.asnumpy().any()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=8).map(sorted))
def test_segment_sum_equals_a_numpy_bincount(ids):
    x = rng.normal(size=len(ids))
    got = ops.SegmentSum()(ms.Tensor(x), _i(ids)).asnumpy()
    assert onp.allclose(got, onp.bincount(ids, weights=x, minlength=ids[-1] + 1))


def test_set_and_sequence_ops_give_mindsporess_answers():
    values, idx = ops.UniqueWithPad()(_i([3, 1, 3, 2]), -1)
    assert values.tolist() == [3, 1, 2, -1] and idx.tolist() == [0, 1, 0, 2]
    kept, at = ops.ListDiff()(_i([4, 1, 3, 4, 2]), _i([4, 9]))
    assert kept.tolist() == [1, 3, 2] and at.tolist() == [1, 2, 4]
    i64 = ms.int64
    dist = ops.EditDistance(False)(ms.Tensor([[0, 0], [0, 1]], i64), ms.Tensor([1, 2], I32),
                                   ms.Tensor([1, 2], i64), ms.Tensor([[0, 0]], i64),
                                   ms.Tensor([2], I32), ms.Tensor([1, 2], i64))
    assert dist.tolist() == [1.0] and dist.dtype == onp.float32


ERRORS = [
    (lambda: ops.IndexAdd(0)(_f64(3), ms.Tensor([0], ms.int64), _f64(1)), CellTypeError,
     "IndexAdd indices: expected an int32 Tensor"),
    (lambda: ops.IndexAdd(0.5), CellTypeError, "IndexAdd axis"),
    (lambda: ops.inplace_index_add(_f64(3), _i([[0]]), _f64(1), 0), CellArgumentError,
     "ops.inplace_index_add indices: expected a 1-D"),
    (lambda: ops.InplaceAdd((0, 5))(_f64(3, 2), _f64(2, 2)), CellArgumentError,
     "InplaceAdd indices: expected row numbers in"),
    (lambda: ops.inplace_sub(_f64(3, 2), _f64(2, 3), (0, 1)), CellArgumentError,
     r"ops.inplace_sub v: expected shape \(2, 2\)"),
    (lambda: ops.InplaceUpdate(0)(_f64(3, 2), ms.Tensor([[1.0, 2.0]])), CellTypeError,
     "InplaceUpdate v: expected the dtype"),
    (lambda: ops.IndexFill()(_f64(3, 2), 2, _i([0]), ms.Tensor(1.0)), CellArgumentError,
     "IndexFill dim"),
    (lambda: ops.IndexPut(2), CellArgumentError, "IndexPut accumulate: expected 0 or 1"),
    (lambda: ops.IndexPut()(_f64(3), _f64(1), _i([0])), CellTypeError, "IndexPut indices"),
    (lambda: ops.MaskedScatter()(_f64(2), ms.Tensor([True, True]), _f64(1)),
     CellArgumentError, "MaskedScatter updates: expected at least 2"),
    (lambda: ops.MaskedScatter()(_f64(2), _i([1, 0]), _f64(2)), CellTypeError,
     "MaskedScatter mask: expected a bool Tensor"),
    (lambda: ops.FillDiagonal(1.0)(_f64(3)), CellArgumentError, "FillDiagonal input_x"),
    (lambda: ops.SegmentSum()(_f64(3), _i([1, 0, 1])), CellArgumentError,
     "SegmentSum segment_ids: expected ids sorted ascending"),
    (lambda: ops.SegmentMax()(_f64(3), _i([0, 1])), CellArgumentError,
     "SegmentMax segment_ids: expected a 1-D Tensor"),
    (lambda: ops.SegmentMin()(_f64(2), _i([-1, 0])), CellArgumentError,
     "SegmentMin segment_ids: expected ids >= 0"),
    (lambda: ops.ChannelShuffle(2)(_f64(1, 4, 2)), CellTypeError, "ChannelShuffle x"),
    (lambda: ops.BartlettWindow()(_i([5])), CellArgumentError,
     "BartlettWindow window_length: expected a 0-D"),
    (lambda: ops.HammingWindow()(ms.Tensor([5.0])), CellTypeError, "HammingWindow window_len"),
    (lambda: ops.BlackmanWindow(dtype=ms.int32), CellTypeError, "BlackmanWindow dtype"),
    (lambda: ops.ListDiff()(_i([1]), ms.Tensor([1], ms.int64)), CellTypeError, "ListDiff y"),
    (lambda: ops.unique_with_pad(_i([[1]]), 0), CellArgumentError, "ops.unique_with_pad x"),
    (lambda: ops.EditDistance()(*[ms.Tensor([0.0])] * 6), CellTypeError,
     "EditDistance hypothesis_indices"),
    (lambda: ops.dense(_f64(2, 3), _f64(4, 2)), CellArgumentError, "ops.dense weight"),
    (lambda: ops.view_as(_f64(2, 3), _f64(4)), CellArgumentError, "ops.view_as other"),
    (lambda: ops.is_nonzero(_f64(2)), CellArgumentError, "ops.is_nonzero input"),
    (lambda: ops.is_nonzero(1.0), CellTypeError, "ops.is_nonzero input: expected a Tensor"),
    (lambda: ops.tensor_muls(_f64(2), _f64(2)), CellTypeError, "ops.tensor_muls other"),
    (lambda: ops.assign_add(ms.Parameter(_f64(3), name="w"), _f64(1)), CellArgumentError,
     r"ops.assign_add value: expected variable's shape \(3,\)"),
    (lambda: ops.assign_sub(_f64(3), _f64(3)), CellTypeError, "AssignSub variable"),
]


@pytest.mark.parametrize("call, error, words", ERRORS, ids=[e[2][:30] for e in ERRORS])
def test_bad_arguments_name_the_op_and_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_aliases_are_the_primitive_instances_mindspore_has():
    assert repr(ops.tensor_add) == "Prim[Add]" and repr(ops.reduce_max) == "Prim[ReduceMax]"
    assert ops.is_tensor(ms.Parameter(ms.Tensor([1.0]), name="p")) and not ops.is_tensor(1)
    assert ops.is_nonzero(ms.Tensor([[True]])) is True
