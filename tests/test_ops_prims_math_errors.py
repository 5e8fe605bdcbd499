"""The math and array primitive classes (``minpy_compat/ops/prims_*.py``): each is a
``Primitive`` with a docstring and a MindSpore-shaped repr, each bad constructor or call
argument raises a minpy_compat error naming the primitive and the argument (MindSpore's
class), and the values the oracle fixture leaves open (NaN/zero rules, int rounding)."""
import re

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError, MinpyError
from minpy_compat.ops import _LAZY
from minpy_compat.ops.primitives import Primitive

MODULES = ("prims_elementwise", "prims_reduce", "prims_linalg", "prims_array", "prims_select")
NAMES = sorted(n for module in MODULES for n in _LAZY[module])
F = ms.Tensor([0.5, -0.25, 0.75])
IN = ms.Tensor(onp.array([7, -7, 6], onp.int32))


def test_the_block_lists_every_primitive_added():
    assert len(NAMES) == 125 and set(NAMES) <= set(ops.__all__)


@pytest.mark.parametrize("name", NAMES)
def test_each_is_a_primitive_with_a_docstring_and_a_mindspore_repr(name):
    cls = getattr(ops, name)
    assert issubclass(cls, Primitive) and cls.__doc__ and cls.__doc__.strip()
    assert cls.__module__.startswith("minpy_compat.ops.prims_")


def test_repr_lists_the_constructor_arguments_as_mindspore_does():
    assert repr(ops.Sin()) == "Prim[Sin]"
    assert repr(ops.Logit()) == "Prim[Logit]<eps=-1.0>"
    assert repr(ops.IsClose()) == "Prim[IsClose]<rtol=1e-05, atol=1e-08, equal_nan=False>"
    assert repr(ops.ReduceAll(True)) == "Prim[ReduceAll]<keep_dims=True>"
    assert repr(ops.Cummax(0)) == "Prim[Cummax]<axis=0>"
    assert repr(ops.StridedSlice()) == ("Prim[StridedSlice]<begin_mask=0, end_mask=0, "
                                        "ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0>")
    assert ops.Cummax(1).axis == 1 and ops.Logit(0.1).attrs == {"eps": 0.1}


# (call, error class, words the message must hold)
BAD = [
    (lambda: ops.Logit("a"), CellTypeError, r"Logit eps: expected a float/int, got 'a'"),
    (lambda: ops.IsClose(rtol="a"), CellTypeError, r"IsClose rtol: expected"),
    (lambda: ops.ApproximateEqual("a"), CellTypeError, r"ApproximateEqual tolerance"),
    (lambda: ops.ReduceAll(1), CellTypeError, r"ReduceAll keep_dims: expected a bool"),
    (lambda: ops.ReduceAny("x"), CellTypeError, r"ReduceAny keep_dims"),
    (lambda: ops.ReduceStd(unbiased=1), CellTypeError, r"ReduceStd unbiased"),
    (lambda: ops.ReduceStd(axis=1.5), CellTypeError, r"ReduceStd axis: expected an int"),
    (lambda: ops.EuclideanNorm()(F, 0), CellTypeError, r"EuclideanNorm axes: expected an int "
     r"Tensor, got int"),
    (lambda: ops.LpNorm(0.5), CellTypeError, r"LpNorm axis: expected an int"),
    (lambda: ops.LpNorm(0, p=1.5), CellTypeError, r"LpNorm p: expected an int"),
    (lambda: ops.Cummax("a"), CellTypeError, r"Cummax axis: expected an int"),
    (lambda: ops.Cummin(1.5), CellTypeError, r"Cummin axis: expected an int"),
    (lambda: ops.CumulativeLogsumexp(1), CellTypeError, r"CumulativeLogsumexp exclusive"),
    (lambda: ops.CumulativeLogsumexp()(F, 0.5), CellTypeError, r"CumulativeLogsumexp axis"),
    (lambda: ops.CountNonZero(1.5), CellTypeError, r"CountNonZero dims: expected an int"),
    (lambda: ops.Median(axis=1.0), CellTypeError, r"Median axis: expected an int"),
    (lambda: ops.Median(True, 0, True)(F), CellArgumentError, r"Median keep_dims: expected "
     r"False with global_median"),
    (lambda: ops.SquareSumAll()(F, ms.Tensor([1.0])), CellArgumentError, r"SquareSumAll y: "
     r"expected x's shape \(3,\)"),
    (lambda: ops.SquareSumAll()(IN, IN), CellTypeError, r"SquareSumAll x: expected a float"),
    (lambda: ops.Einsum(3), CellTypeError, r"Einsum equation: expected a str"),
    (lambda: ops.Einsum("i->i")(F), CellTypeError, r"Einsum inputs: expected a tuple"),
    (lambda: ops.Cdist("x"), CellTypeError, r"Cdist p: expected a float"),
    (lambda: ops.Cholesky(1), CellTypeError, r"Cholesky upper: expected a bool"),
    (lambda: ops.Cholesky()(F), CellArgumentError, r"Cholesky input_x: expected square"),
    (lambda: ops.MatrixInverse(1), CellTypeError, r"MatrixInverse adjoint"),
    (lambda: ops.MatrixInverse()(ms.Tensor(onp.eye(2, dtype=onp.int32))), CellTypeError,
     r"MatrixInverse x: expected a float Tensor, got int32"),
    (lambda: ops.MatrixDeterminant()(F), CellArgumentError, r"MatrixDeterminant input"),
    (lambda: ops.LogMatrixDeterminant()(F), CellArgumentError, r"LogMatrixDeterminant input"),
    (lambda: ops.DiagPart()(ms.Tensor(onp.ones((2, 3)))), CellArgumentError,
     r"DiagPart input: expected shape \(D1..Dk, D1..Dk\), got shape \(2, 3\)"),
    (lambda: ops.MatrixBandPart()(F, 1, 1), CellArgumentError, r"MatrixBandPart x: expected "
     r"rank >= 2"),
    (lambda: ops.Tril(1.5), CellTypeError, r"Tril diagonal: expected an int"),
    (lambda: ops.Triu("a"), CellTypeError, r"Triu diagonal: expected an int"),
    (lambda: ops.Cross(1.5), CellTypeError, r"Cross dim: expected an int"),
    (lambda: ops.Eye()(2.5, 2, ms.float32), CellTypeError, r"Eye n: expected an int"),
    (lambda: ops.Range(1.5), CellTypeError, r"Range maxlen: expected an int"),
    (lambda: ops.Range()(ms.Tensor(1), ms.Tensor(9), ms.Tensor(0)), CellArgumentError,
     r"Range step: expected a nonzero step toward end"),
    (lambda: ops.Range(2)(ms.Tensor(1), ms.Tensor(9), ms.Tensor(1)), CellArgumentError,
     r"Range: expected at most maxlen=2 values"),
    (lambda: ops.Slice()(F, (0, 0), (1, 1)), CellArgumentError, r"Slice begin/size: expected "
     r"1 values each"),
    (lambda: ops.Slice()(F, (2,), (3,)), CellArgumentError, r"Slice begin/size: expected a "
     r"window inside shape"),
    (lambda: ops.StridedSlice(begin_mask=1.5), CellTypeError, r"StridedSlice begin_mask"),
    (lambda: ops.StridedSlice(end_mask=-1), CellArgumentError, r"StridedSlice end_mask: "
     r"expected an int >= 0"),
    (lambda: ops.StridedSlice(ellipsis_mask=3), CellArgumentError, r"StridedSlice "
     r"ellipsis_mask: expected at most one bit set"),
    (lambda: ops.StridedSlice()(F, (0,), (2,), (0,)), CellArgumentError, r"StridedSlice "
     r"strides: expected nonzero strides"),
    (lambda: ops.StridedSlice()(F, (0,), (2, 1), (1,)), CellArgumentError, r"StridedSlice "
     r"begin/end/strides: expected equal lengths"),
    (lambda: ops.ReverseV2(0), CellTypeError, r"ReverseV2 axis: expected a tuple or list"),
    (lambda: ops.Roll(1.5), CellTypeError, r"Roll shifts: expected an int"),
    (lambda: ops.Meshgrid("ab"), CellArgumentError, r"Meshgrid indexing: expected 'xy' or "
     r"'ij', got 'ab'"),
    (lambda: ops.Pack(1.5), CellTypeError, r"Pack axis: expected an int"),
    (lambda: ops.Unpack("a"), CellTypeError, r"Unpack axis: expected an int"),
    (lambda: ops.Expand()(F, (3, 1.5)), CellTypeError, r"Expand shape: expected an int"),
    (lambda: ops.Identity()(1.0), CellTypeError, r"Identity input_x: expected a Tensor"),
    (lambda: ops.UnsortedSegmentSum()(F, F, 2), CellTypeError, r"UnsortedSegmentSum "
     r"segment_ids: expected an int Tensor"),
    (lambda: ops.UnsortedSegmentMax()(F, IN[:2], 2), CellArgumentError, r"UnsortedSegmentMax "
     r"segment_ids: expected a prefix of shape \(3,\)"),
    (lambda: ops.UnsortedSegmentProd()(F, IN, 2.5), CellTypeError, r"UnsortedSegmentProd "
     r"num_segments: expected an int"),
    (lambda: ops.TensorScatterMax()(F, ms.Tensor([[5]]), ms.Tensor([1.0])), CellArgumentError,
     r"TensorScatterMax indices"),
    (lambda: ops.TensorScatterDiv()(F, ms.Tensor([[1]]), ms.Tensor([1.0, 2.0])),
     CellArgumentError, r"TensorScatterDiv updates: expected shape \(1,\)"),
    (lambda: ops.TensorScatterElements(0, "mul"), CellArgumentError,
     r"TensorScatterElements reduction: expected 'none' or 'add', got 'mul'"),
    (lambda: ops.TensorScatterElements(0.5), CellTypeError, r"TensorScatterElements axis"),
    (lambda: ops.InvertPermutation()(IN), CellArgumentError, r"InvertPermutation input_x: "
     r"expected a tuple or list of ints, got Array"),
    (lambda: ops.InvertPermutation()((2, 0, 0)), CellArgumentError, r"InvertPermutation "
     r"input_x: expected a permutation of 0..n-1"),
    (lambda: ops.UniqueConsecutive(1), CellTypeError, r"UniqueConsecutive return_inverse"),
    (lambda: ops.UniqueConsecutive(dim=0.5), CellTypeError, r"UniqueConsecutive dim"),
    (lambda: ops.SearchSorted(ms.float32), CellTypeError, r"SearchSorted dtype: expected "
     r"int32 or int64"),
    (lambda: ops.SearchSorted(right=1), CellTypeError, r"SearchSorted right: expected a bool"),
    (lambda: ops.Bucketize(1.0), CellTypeError, r"Bucketize boundaries: expected a list"),
    (lambda: ops.Bucketize([3, 1]), CellTypeError, r"Bucketize boundaries item: expected a "
     r"float, got 3"),
    (lambda: ops.AddN()(F), CellTypeError, r"AddN inputs: expected a non-empty tuple"),
    (lambda: ops.Rint()(IN), CellTypeError, r"Rint input 0: expected a float Tensor"),
    (lambda: ops.Xdivy()(IN, IN), CellTypeError, r"Xdivy input 0: expected a float Tensor"),
    (lambda: ops.DivNoNan()(IN, IN), CellTypeError, r"DivNoNan input 0: expected a float"),
    (lambda: ops.Invert()(F), CellTypeError, r"Invert input 0: expected an int Tensor"),
    (lambda: ops.LeftShift()(F, IN), CellTypeError, r"LeftShift input 0: expected an int"),
    (lambda: ops.RightShift()(IN, F), CellTypeError, r"RightShift input 1: expected an int"),
    (lambda: ops.Gcd()(F, F), CellTypeError, r"Gcd input 0: expected an int Tensor"),
    (lambda: ops.Lcm()(IN, F), CellTypeError, r"Lcm input 1: expected an int Tensor"),
]


@pytest.mark.parametrize("call, error, words", BAD,
                         ids=[f"{i}-{re.split(r'[ :]', w)[0]}" for i, (_, _, w) in enumerate(BAD)])
def test_bad_arguments_name_the_primitive_and_the_argument(call, error, words):
    with pytest.raises(error, match=words) as info:
        call()
    assert isinstance(info.value, MinpyError)


def test_zero_and_nan_rules():
    zero, one = ms.Tensor([0.0, 2.0, 3.0]), ms.Tensor([0.0, 0.0, 2.0])
    assert ops.DivNoNan()(zero + 1, one).tolist() == [0.0, 0.0, 2.0]
    assert ops.Xdivy()(zero, one)[0] == 0.0 and onp.isinf(ops.Xdivy()(zero, one)[1])
    assert ops.MulNoNan()(ms.Tensor([onp.inf, onp.nan, 2.0]), one).tolist() == [0.0, 0.0, 4.0]
    nan = ms.Tensor([onp.nan, 1.0])
    assert ops.Fmax()(nan, ms.Tensor([2.0, onp.nan])).tolist() == [2.0, 1.0]
    assert ops.Heaviside()(ms.Tensor([-1.0, 0.0, 2.0]), ms.Tensor([0.5])).tolist() == \
        [0.0, 0.5, 1.0]


def test_int_division_and_rounding_rules():
    three = ms.Tensor(onp.array([2, -4, 4], onp.int32))
    assert ops.TruncateDiv()(IN, three).tolist() == [3, 1, 1]
    assert ops.TruncateDiv()(IN, three).dtype == onp.int32
    assert ops.FloorDiv()(IN, three).tolist() == [3, 1, 1]
    assert ops.TruncateMod()(IN, ms.Tensor(onp.array([3, 3, -4], onp.int32))).tolist() == \
        [1, -1, 2]
    assert ops.Inv()(ms.Tensor(onp.array([1, 2, -1], onp.int32))).tolist() == [1, 0, -1]
    assert ops.Rint()(ms.Tensor([0.5, 1.5, -2.5])).tolist() == [0.0, 2.0, -2.0]


def test_strided_slice_masks_follow_mindspore():
    x = ms.Tensor(onp.arange(24.0).reshape(2, 3, 4))
    data = onp.arange(24.0).reshape(2, 3, 4)
    assert (ops.StridedSlice(ellipsis_mask=1)(x, (0, 1), (0, 3), (1, 1)) ==
            data[..., 1:3]).all()
    assert (ops.StridedSlice(shrink_axis_mask=2)(x, (0, 1), (2, 2), (1, 1)) ==
            data[0:2, 1]).all()
    assert (ops.StridedSlice(begin_mask=1, end_mask=2)(x, (1, 1), (2, 0), (1, 1)) ==
            data[:, 1:]).all()


def test_segments_scatter_and_permutation_values():
    out = ops.UnsortedSegmentMax()(ms.Tensor([1.0, 5.0, 2.0]), ms.Tensor([0, 0, 2]), 3)
    assert out.tolist()[0] == 5.0 and out.tolist()[2] == 2.0
    assert out.tolist()[1] == onp.finfo(onp.float32).min
    x = ms.Tensor([1.0, 2.0, 3.0])
    assert ops.TensorScatterMul()(x, ms.Tensor([[1], [1]]), ms.Tensor([3.0, 4.0])).tolist() == \
        [1.0, 24.0, 3.0]
    assert ops.TensorScatterSub()(x, ms.Tensor([[1], [1]]), ms.Tensor([3.0, 4.0])).tolist() == \
        [1.0, -5.0, 3.0]
    assert ops.InvertPermutation()([2, 0, 3, 1]) == (1, 3, 0, 2)
    assert ops.Size()(x) == 3 and ops.Rank()(x) == 1
    assert ops.TensorShape()(x).dtype == onp.int64
    assert ops.Range()(ms.Tensor(1.0), ms.Tensor(2.0), ms.Tensor(0.5)).dtype == onp.float32
