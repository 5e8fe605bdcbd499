"""Fixes for the MindSpore differences round 16's fuzzing left open (area fuzzleft):
index dtypes, tensor_scatter_* updates of another dtype and the order of checks, Bool
inputs to the segment reductions and pools, LowerBound's rule for NaN and unsorted rows,
AssignAdd/AssignSub without broadcasting, and TensorScatter*'s linear combining of
repeated indices (values equal to combining one update at a time; float64 gradients
checked by finite differences). The oracle replay is test_cell_oracle_ops_fuzzleft.py."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

KINDS = ("Sub", "Mul", "Div", "Max", "Min")
REFERENCE = {"Sub": onp.subtract, "Mul": onp.multiply, "Div": onp.divide,
             "Max": onp.maximum, "Min": onp.minimum}


def _t(values, dtype="float32"):
    return ms.Tensor(onp.asarray(values, dtype))


def _one_at_a_time(kind, x, places, updates):
    out = x.copy()
    for place, value in zip(places, updates):
        out[place] = REFERENCE[kind](out[place], value)
    return out


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_repeated_indices_combine_one_after_another(kind, dtype):
    rng = onp.random.RandomState(3)
    x = rng.uniform(1, 2, 7).astype(dtype)
    places = rng.randint(0, 7, 3000)  # hundreds of repeats per place
    updates = rng.uniform(0.9, 1.1, 3000).astype(dtype)
    for op in (getattr(ops, f"TensorScatter{kind}")(),
               getattr(ops, f"tensor_scatter_{kind.lower()}")):
        got = op(_t(x, dtype), _t(places[:, None], "int32"), _t(updates, dtype))
        want = _one_at_a_time(kind, x, places, updates)
        assert got.dtype == dtype and onp.array_equal(onp.asarray(got), want)


@pytest.mark.parametrize("kind", KINDS + ("Update", "Add"))
def test_repeated_indices_gradients_match_finite_differences(kind):
    op = getattr(ops, f"TensorScatter{kind}")()
    index = _t([[0], [1], [0], [0]], "int32")
    x = onp.array([7.0, -9.0, 8.0])
    updates = onp.array([2.0, -2.5, 3.0, 1.5])
    check_grads(lambda a, u: np.sum(op(a, index, u) * np.array([1.0, 2.0, 3.0])),
                modes=["rev"], order=1)(x, updates)


def test_traced_and_untraced_values_agree():
    index = _t([[0], [0], [1]], "int32")
    updates = _t([2.0, onp.nan, 3.0], "float64")
    seen = {}

    def f(x):
        seen["traced"] = ops.TensorScatterMax()(x, index, updates)
        return np.sum(seen["traced"])
    ops.grad(f)(_t([1.0, 5.0, 0.0], "float64"))
    plain = ops.TensorScatterMax()(_t([1.0, 5.0, 0.0], "float64"), index, updates)
    traced = getattr(seen["traced"], "_value", seen["traced"])
    assert onp.array_equal(onp.asarray(plain), onp.asarray(traced), equal_nan=True)


def test_uint64_division_by_zero_saturates():
    out = ops.TensorScatterDiv()(_t([5, 0, 2], "uint64"), _t([[0], [1]], "int32"),
                                 _t([0, 0], "uint64"))
    assert out.tolist() == [onp.iinfo(onp.uint64).max, 0, 2]


X3, X34 = _t([1.0, 2.0, 3.0]), _t(onp.zeros((3, 4)))
BAD = [
    (lambda: ops.Gather()(X34, _t([0], "int8"), 0), CellTypeError,
     r"^Gather indices: expected an int16, int32 or int64 Tensor, got dtype int8"),
    (lambda: ops.gather_nd(X34, _t([[0, 1]], "uint8")), CellTypeError,
     r"ops.gather_nd indices: expected an int16, int32 or int64 Tensor"),
    (lambda: ops.GatherD()(X34, 1, _t([[0]], "int16")), CellTypeError,
     r"GatherD indices: expected an int32 or int64 Tensor, got dtype int16"),
    (lambda: ops.OneHot()(_t([0], "int16"), 3, _t(1.0), _t(0.0)), CellTypeError,
     r"^OneHot indices: expected an int32 or int64"),
    (lambda: ops.OneHot()(_t([0], "int8"), -2, _t(1.0), _t(0.0)), CellArgumentError,
     r"^OneHot depth: expected an int >= 0, got -2"),
    (lambda: ops.Gather()(X3, _t([0], "int8"), 3), CellArgumentError,
     r"^Gather axis: expected an axis in \[-1, 1\), got 3"),
    (lambda: ops.ScatterNd()(_t([[0]], "int8"), X3[:1], (3,)), CellTypeError,
     r"ScatterNd indices: expected an int16, int32 or int64 Tensor"),
    (lambda: ops.UnsortedSegmentMax()(X3, _t([0, 1, 0], "int16"), 2), CellTypeError,
     r"UnsortedSegmentMax segment_ids: expected an int32 or int64 Tensor, got int16"),
    (lambda: ops.unsorted_segment_sum(X3, _t([0, 1, 0], "int8"), 2), CellTypeError,
     r"ops.unsorted_segment_sum segment_ids: expected an int16, int32 or int64 Tensor"),
    (lambda: ops.UnsortedSegmentSum()(X3, _t([0, 1], "int8"), 2), CellArgumentError,
     r"UnsortedSegmentSum segment_ids: expected a prefix of shape"),
    (lambda: ops.TensorScatterMax()(X3, _t([[0]], "uint8"), X3[:1]), CellTypeError,
     r"TensorScatterMax indices: expected an int32 or int64 Tensor, got dtype uint8"),
    (lambda: ops.tensor_scatter_sub(X3, _t([[0]], "int32"), _t([1.0], "float16")),
     CellTypeError, r"ops.tensor_scatter_sub updates: expected input_x's dtype float32, "
     r"got dtype float16"),
    (lambda: ops.TensorScatterUpdate()(X3, _t([[0]], "int32"), _t([1, 2], "int32")),
     CellTypeError, r"TensorScatterUpdate updates: expected input_x's dtype float32"),
    (lambda: ops.TensorScatterAdd()(X3, _t([[0]], "int32"), _t([1, 2], "float16")),
     CellArgumentError, r"TensorScatterAdd updates: expected shape \(1,\)"),
    (lambda: ops.TensorScatterSub()(_t([True], bool), _t([[0]], "int32"), _t([False], bool)),
     CellTypeError, r"TensorScatterSub input_x: expected a Tensor of numbers \(not bool\)"),
    (lambda: ops.TensorScatterDiv()(_t([4], "int8"), _t([[0]], "int32"), _t([2], "int8")),
     CellTypeError, r"TensorScatterDiv input_x: expected a Tensor of numbers \(not int8\)"),
    (lambda: ops.SegmentMax()(_t([True, False], bool), _t([0, 0, 1], "int32")), CellTypeError,
     r"SegmentMax input_x: expected a Tensor of numbers, got dtype bool"),
    (lambda: ops.UnsortedSegmentProd()(_t([True, False], bool), _t([0, 1], "int32"), 2),
     CellTypeError, r"UnsortedSegmentProd input_x: expected a Tensor of numbers"),
    (lambda: ops.LowerBound()(_t([[1, 2]], "uint32"), _t([[1]], "uint32")), CellTypeError,
     r"LowerBound sorted_x: expected a real Tensor other than uint32/uint64, got uint32"),
    (lambda: ops.UpperBound()(_t([[1.0, 2.0]]), _t([1.0], "float16")), CellTypeError,
     r"UpperBound values: expected sorted_x's dtype float32, got float16"),
    (lambda: ops.NthElement()(_t([[1, 2]], "uint64"), 0), CellTypeError,
     r"NthElement input: expected a real Tensor other than uint32/uint64"),
    (lambda: ops.MaxPool3DWithArgmax(2, 1, 0)(_t(onp.ones((1, 2, 2, 2)), bool)),
     CellTypeError, r"MaxPool3DWithArgmax x: expected a float or int Tensor \(not bool\)"),
    (lambda: ops.AdaptiveAvgPool3D(1)(_t(onp.ones((1, 1, 2, 2, 2)), "uint16")),
     CellTypeError, r"AdaptiveAvgPool3D x: expected a float or int Tensor \(not bool, "
     r"uint16, uint32, uint64\), got dtype uint16"),
    (lambda: ops.AdaptiveAvgPool3D(1)(_t(onp.ones((0, 1, 2, 2, 2)))), CellArgumentError,
     r"AdaptiveAvgPool3D x: expected a \(N, C, D, H, W\) or \(C, D, H, W\) Tensor with no "
     r"empty axis, got shape \(0, 1, 2, 2, 2\)"),
    (lambda: ops.FractionalMaxPool([1.0, 1.5, 1.5, 1.0])(_t(onp.ones((0, 4, 4, 1)))),
     CellArgumentError, r"FractionalMaxPool x: expected an \(N, H, W, C\) Tensor with no "
     r"empty axis, got shape \(0, 4, 4, 1\)"),
    (lambda: ops.FractionalAvgPool([1.0, 1.5, 1.5, 1.0])(_t(onp.ones((1, 4, 4, 0)))),
     CellArgumentError, r"FractionalAvgPool x: expected an \(N, H, W, C\) Tensor with no "
     r"empty axis"),
]


@pytest.mark.parametrize("call, error, words", BAD, ids=[w.split(" ")[0] for _, _, w in BAD])
def test_bad_arguments_name_the_op_and_the_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_lower_and_upper_bound_follow_mindspores_rule():
    table, values = _t([[1.0, 2.0, onp.nan], [3.0, 1.0, 2.0]]), _t([[onp.nan, 2.0, 5.0]] * 2)
    # the first place holding a value >= (UpperBound: >) each value, else the row's length
    assert ops.LowerBound()(table, values).tolist() == [[3, 1, 3], [3, 0, 3]]
    assert ops.UpperBound()(table, values).tolist() == [[3, 3, 3], [3, 0, 3]]
    sorted_rows = _t([[1, 2, 2, 5]], "int32")
    assert ops.LowerBound()(sorted_rows, _t([[2, 6, 0]], "int32")).tolist() == [[1, 4, 0]]


def test_argmax_pools_give_an_empty_answer_for_an_empty_batch():
    out, where = ops.MaxPool3DWithArgmax(2, 1, 0)(_t(onp.zeros((0, 1, 2, 2, 2))))
    assert out.shape == where.shape == (0, 1, 1, 1, 1) and where.dtype == onp.int64
    out, where = ops.MaxPoolWithArgmaxV2(2)(_t(onp.zeros((0, 1, 2, 2))))
    assert out.shape == (0, 1, 1, 1) and out.dtype == onp.float32


def _w(dtype="float32"):
    return ms.Parameter(_t(onp.ones((2, 3)), dtype), name="w")


@pytest.mark.parametrize("op", ["AssignAdd", "AssignSub"])
def test_assign_add_and_sub_neither_broadcast_nor_narrow(op):
    w = _w()
    with pytest.raises(CellArgumentError, match=rf"{op} value: expected the variable's shape "
                       r"\(2, 3\), got shape \(3,\)"):
        getattr(ops, op)()(w, _t([1.0, 1.0, 1.0]))
    with pytest.raises(CellTypeError, match=rf"{op} value: expected a dtype that converts to "
                       r"the variable's float32, got dtype float64"):
        getattr(ops, op)()(w, _t([1.0, 1.0, 1.0], "float64"))  # dtype first, as MindSpore
    with pytest.raises(CellTypeError, match=rf"{op} value: .* got dtype int64"):
        getattr(ops, op)()(_w("int32"), _t(onp.ones((2, 3)), "int64"))
    getattr(ops, op)()(w, _t(onp.full((2, 3), 2), "int32"))
    assert w.dtype == onp.float32 and w.tolist() == [[3.0 if op == "AssignAdd" else -1.0] * 3] * 2
