"""The math and array primitive classes (``minpy_compat/ops/prims_*.py``): float64
finite-difference checks of every differentiable one, and float32 inputs giving float32
values and gradients."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

from conftest import check_grad

rng = onp.random.RandomState(15)


def U(*shape, low=-1.5, high=1.5):
    return rng.uniform(low, high, size=shape)


def Ints(*values):
    return ms.Tensor(onp.array(values, onp.int32))


def _t(x):
    return ms.Tensor(x) if isinstance(x, onp.ndarray) else x


def _floats(out):
    outs = out if isinstance(out, (tuple, list)) else (out,)
    return [o for o in outs if getattr(o, "dtype", onp.dtype(int)).kind == "f"]


def _call(make, extra):
    """sum of the float outputs of ``make()(*xs, *extra)``."""
    def f(*xs):
        return sum(o.sum() for o in _floats(make()(*xs, *extra)))
    return f


SPD = onp.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.8]])
UNIT = ["Asin", "ACos", "Atanh", "Erfinv"]
REAL = ["Sin", "Cos", "Tan", "Atan", "Sinh", "Cosh", "Asinh", "Erf", "Erfc", "Expm1",
        "Reciprocal", "Inv", "Sinc"]
BINARY = ["Atan2", "Xlogy", "Xdivy", "DivNoNan", "MulNoNan", "FloorMod", "Mod", "TruncateMod",
          "SquaredDifference", "Hypot", "Fmax", "Fmin"]
# (primitive factory, float64 Tensor inputs, other call arguments)
CASES = [(lambda n=n: getattr(ops, n)(), [U(2, 3, low=-0.9, high=0.9)], ()) for n in UNIT] + \
    [(lambda n=n: getattr(ops, n)(), [U(2, 3, low=0.2)], ()) for n in REAL] + \
    [(lambda n=n: getattr(ops, n)(), [U(2, 3, low=1.1, high=3.0)], ())
     for n in ("Acosh", "Log1p")] + \
    [(lambda n=n: getattr(ops, n)(), [U(2, 3, low=0.3, high=2.0), U(3, low=0.3, high=2.0)], ())
     for n in BINARY] + [
    (lambda: ops.Lerp(), [U(2, 3), U(2, 3), U(3)], ()),
    (lambda: ops.Logit(), [U(3, low=0.05, high=0.95)], ()),
    (lambda: ops.Logit(0.1), [U(3, low=0.2, high=0.8)], ()),
    (lambda: ops.Addcdiv(), [U(2, 3), U(2, 3), U(3, low=0.5, high=2.0), U(1)], ()),
    (lambda: ops.Addcmul(), [U(2, 3), U(2, 3), U(3), U(1)], ()),
    (lambda: ops.ReduceStd(), [U(3, 4)], ()),
    (lambda: ops.ReduceStd((0,), False, True), [U(3, 4)], ()),
    (lambda: ops.EuclideanNorm(), [U(2, 3, 4)], (Ints(0, 2),)),
    (lambda: ops.LpNorm(1), [U(2, 3)], ()), (lambda: ops.LpNorm((0, 1), 3, True), [U(2, 3)], ()),
    (lambda: ops.Cummax(1), [U(3, 4)], ()), (lambda: ops.Cummin(0), [U(3, 4)], ()),
    (lambda: ops.CumulativeLogsumexp(), [U(3, 4)], (1,)),
    (lambda: lambda x: ops.CumulativeLogsumexp(True, True)(x, 0)[:2], [U(3, 4)], ()),
    (lambda: ops.Median(False, 1), [U(3, 5)], ()), (lambda: ops.Median(True), [U(3, 5)], ()),
    (lambda: ops.SquareSumAll(), [U(2, 3), U(2, 3)], ()),
    (lambda: ops.Cdist(), [U(2, 4, 3), U(2, 5, 3)], ()),
    (lambda: ops.Cdist(1.0), [U(3, 2), U(4, 2)], ()),
    (lambda: ops.Cholesky(), [SPD], ()), (lambda: ops.Cholesky(True), [SPD], ()),
    (lambda: ops.MatrixInverse(), [SPD], ()), (lambda: ops.MatrixInverse(True), [SPD], ()),
    (lambda: ops.MatrixDeterminant(), [SPD], ()), (lambda: ops.LogMatrixDeterminant(), [SPD], ()),
    (lambda: ops.Trace(), [U(3, 3)], ()), (lambda: ops.Diag(), [U(3)], ()),
    (lambda: ops.DiagPart(), [U(2, 3, 2, 3)], ()), (lambda: ops.Tril(-1), [U(3, 4)], ()),
    (lambda: ops.Triu(1), [U(2, 3, 4)], ()), (lambda: ops.MatrixBandPart(), [U(4, 4)], (1, 0)),
    (lambda: ops.Cross(), [U(2, 3), U(2, 3)], ()), (lambda: ops.Ger(), [U(3), U(4)], ()),
    (lambda: ops.Slice(), [U(3, 4, 5)], ((1, 0, 2), (2, -1, 2))),
    (lambda: ops.StridedSlice(), [U(3, 4, 5)], ((0, 1, 0), (3, 4, 5), (1, 2, 2))),
    (lambda: ops.StridedSlice(1, 2, 0, 2, 1), [U(3, 4, 5)], ((1, 0, 1), (2, 0, 3), (1, 1, 1))),
    (lambda: ops.ReverseV2((0, 2)), [U(2, 3, 4)], ()), (lambda: ops.Roll(1, 0), [U(3, 2)], ()),
    (lambda: lambda a, b: ops.Pack(1)((a, b)), [U(2, 3), U(2, 3)], ()),
    (lambda: ops.Unpack(1), [U(2, 3)], ()),
    (lambda: ops.Expand(), [U(1, 3)], (ms.Tensor([2, 3]),)), (lambda: ops.Identity(), [U(3)], ()),
    (lambda: ops.UnsortedSegmentSum(), [U(4, 3)], (Ints(0, 2, 0, -1), 3)),
    (lambda: ops.UnsortedSegmentMax(), [U(4, 3)], (Ints(0, 1, 0, -1), 2)),
    (lambda: ops.UnsortedSegmentMin(), [U(4, 3)], (Ints(0, 1, 0, -1), 2)),
    (lambda: ops.UnsortedSegmentProd(), [U(4, 3)], (Ints(0, 2, 0, -1), 3)),
    (lambda: ops.GatherV2(), [U(4, 3)], (Ints(2, 0), 0)),
    (lambda: ops.MaskedSelect(), [U(2, 3)], (ms.Tensor(U(2, 3) > 0),)),
    (lambda: ops.TensorScatterElements(1, "add"), [U(3, 3)], (Ints([1], [0], [2]), ms.Tensor(
        U(3, 1))))]
for _name in ("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub", "TensorScatterMax",
              "TensorScatterMin", "TensorScatterMul", "TensorScatterDiv"):
    CASES.append((lambda n=_name: (lambda x, u: getattr(ops, n)()(x, Ints([1], [3], [1]), u)),
                  [U(4, low=0.5), U(3, low=0.5)], ()))


def _ids(cases):
    return [f"{i}-{repr(c[0]())[:30]}" for i, c in enumerate(cases)]


@pytest.mark.parametrize("make, args, extra", CASES, ids=_ids(CASES))
def test_float64_gradient_matches_finite_differences(make, args, extra):
    check_grad(_call(make, extra), *[_t(a) for a in args])


def test_add_n_gradient_matches_finite_differences():
    for prim in (ops.AddN(), ops.AccumulateNV2()):
        check_grad(lambda a, b: prim((a, b, a)), _t(U(2, 3)), _t(U(2, 3)))


def test_einsum_and_meshgrid_gradients_match_finite_differences():
    check_grad(lambda a, b: ops.Einsum("ij,jk->ik")((a, b)), _t(U(2, 3)), _t(U(3, 4)))
    check_grad(lambda a, b: sum(g.sum() * (i + 1) for i, g in
                                enumerate(ops.Meshgrid("ij")((a, b)))), _t(U(3)), _t(U(2)))


def test_scatter_nd_gradient_matches_finite_differences():
    check_grad(lambda u: ops.ScatterNd()(Ints([0], [2], [0]), u, (4,)), _t(U(3)))


@pytest.mark.parametrize("make, args, extra", CASES, ids=_ids(CASES))
def test_float32_stays_float32(make, args, extra):
    args32 = [ms.Tensor(a.astype(onp.float32)) for a in args]
    for o in _floats(make()(*args32, *extra)):
        assert o.dtype == onp.float32, o.dtype
    grads = ops.grad(_call(make, extra), grad_position=tuple(range(len(args))))(*args32)
    for g in (grads if isinstance(grads, tuple) else (grads,)):
        assert g.dtype == onp.float32, g.dtype
