"""Edge inputs for the primitives and function ops of rounds 14-15 (area fuzz15), beyond
their authors' cases: NaN/inf, an int Tensor beside a float one, float16/float64, empty
and 0-d inputs, negative and out-of-range axes, bad sizes. ``make_ops_fuzz15_fixture.py``
runs them through real MindSpore 2.10; encoded as in ``ops_cases.py``."""
from ops_cases import T, V, _case

INF, NAN = float("inf"), float("nan")
SPECIAL = V([0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 1e30])
OTHER = V([NAN, 0.0, 0.0, -0.0, 2.0, INF, 1.0, -INF])
MIXED = ((V([1.5, 2.5]), V([2, 1], "int32")), (V([2, 1], "int32"), V([1.5, 2.5])),
         (V([1.5, 2.5], "float16"), V([2, 1], "int32")), (V([2, 1], "int32"), V([3, 1], "int32")))
FLOAT_PAIRS = ["Xdivy", "DivNoNan", "MulNoNan", "TruncateDiv", "SquaredDifference", "Fmax",
               "Atan2", "Hypot", "FloorDiv", "FloorMod", "Mod", "TruncateMod", "Xlogy"]


def elementwise_cases():
    """A float Tensor meets an int one (MindSpore: the float's dtype); NaN and inf."""
    cases = []
    for op in FLOAT_PAIRS + ["atan2", "hypot"]:
        init = () if op[0].isupper() else None
        cases += [_case(op, *pair, init=init) for pair in MIXED]
    cases += [_case("logaddexp", *MIXED[0]), _case("logaddexp2", *MIXED[1])]
    for op in ("Xlogy", "Heaviside", "Fmax", "Atan2", "Hypot", "DivNoNan", "MulNoNan",
               "SquaredDifference", "NotEqual"):
        cases.append(_case(op, SPECIAL, OTHER, init=()))
    for op in ("Sin", "Atan", "Erf", "Expm1", "Reciprocal", "Floor", "IsNan", "IsFinite"):
        cases += [_case(op, SPECIAL, init=()), _case(op, V(0.5), init=(), grad=True),
                  _case(op, T((0, 3)), init=())]
    return cases + [
        _case("isclose", V([INF, -INF, 1.0, INF]), V([INF, INF, INF, 1.0])),
        _case("isclose", V([1.0, 2.0]), V([INF, NAN]), equal_nan=True),
        _case("IsClose", V([1.0, -INF, NAN]), V([INF, -INF, NAN]), init=(1e-5, 1e-8, True)),
        _case("xlogy", V([0.0, 2.0, 0.0]), V([NAN, NAN, 2.0])),
        _case("Xlogy", V([0.0, 1.0]), V([NAN, NAN]), init=()),
        _case("Heaviside", V([NAN, 0.0, -1.0, 2.0]), V([1.0, 0.5, 0.5, 0.5]), init=()),
        _case("Heaviside", T((2, 3), "float64"), V(0.5, "float64"), init=()),
        _case("AddN", {"tuple": [T((2, 3)), T((3,))]}, init=()),
        _case("AddN", {"tuple": [T((2, 3)), T((2, 3), "float64")]}, init=()),
        _case("AddN", {"tuple": []}, init=()),
        _case("AddN", {"tuple": [V([1, 2], "int32"), V([True, False], "bool")]}, init=()),
        _case("AddN", {"tuple": [T((2,), "float64")]}, init=(), grad=True),
        _case("AddN", {"tuple": [T((0, 2)), T((0, 2))]}, init=()),
        _case("AccumulateNV2", {"tuple": [T((2, 3)), T((3,))]}, init=()),
        _case("AccumulateNV2", {"tuple": [T((2, 3)), T((2, 3))]}, init=(), grad=True),
    ]


def reduction_cases():
    zeros = V([[0.0, 0.0], [3.0, 4.0]])
    return [
        _case("LpNorm", zeros, init=(1,), grad=True),
        _case("LpNorm", zeros, init=(1, 2, False, 0.5), grad=True),
        _case("LpNorm", zeros, init=(1, 1), grad=True),
        _case("LpNorm", zeros, init=(1, 3), grad=True),
        _case("LpNorm", zeros, init=((0, 1), 2, True), grad=True),
        _case("LpNorm", T((2, 3, 4)), init=(-1, 2, True), grad=True),
        _case("Median", V([3.0, NAN, 2.0, 1.0]), init=()),
        _case("Median", V([[3.0, NAN, 2.0], [1.0, 2.0, 3.0]]), init=(False, 1)),
        _case("Median", V([[3.0, NAN, 2.0], [NAN, 2.0, 3.0]]), init=(False, 0, True)),
        _case("Median", T((3, 5), "float64"), init=(False, -1, True), grad=True),
        _case("median", V([3.0, NAN, 2.0, 1.0]), 0),
        _case("ReduceAll", T((2, 3), "bool"), -1, init=(True,)),
        _case("ReduceAny", T((2, 3), "bool"), 5, init=()),
        _case("ReduceStd", T((2, 3, 4)), init=(-1, True, False), grad=True),
        _case("ReduceStd", T((2, 3, 4), "float64"), init=((), False, True), grad=True),
        _case("CumulativeLogsumexp", V([-INF, 0.0, INF]), V(0, "int64"), init=()),
        _case("CumulativeLogsumexp", T((3, 4), "float64"), V(-1, "int64"), init=(False, True),
              grad=True),
        _case("Cummax", V([[1, 3, 2], [3, 3, 1]], "int32"), init=(1,)),
        _case("Cummin", T((0, 3)), init=(0,)),
        _case("EuclideanNorm", T((2, 3, 4), "float64"), V([-1], "int32"), init=(), grad=True),
    ]


def array_cases():
    x = T((3, 4, 5))
    cases = [
        _case("LinSpace", V(1.0, "float64"), V(0.0, "float64"), 3, init=()),
        _case("LinSpace", V(1.0), V(0.0), 1, init=()),
        _case("LinSpace", V(1.0), V(0.0), 0, init=()),
        _case("LinSpace", V(1.0), V(0.0), -1, init=()),
        _case("LinSpace", V(1.0), V(0.0), 2.0, init=()),
        _case("linspace", V(1.0, "float64"), V(0.0, "float64"), 4),
        _case("Unpack", T((0, 3)), init=(0,)), _case("Unpack", T((2, 0)), init=(1,)),
        _case("Unpack", T((2, 3)), init=(-1,), grad=True),
        _case("unstack", T((0, 3)), 0),
        _case("Pack", {"tuple": [T((2, 3)), T((2, 3))]}, init=(-4,)),
        _case("Pack", {"tuple": [T((2, 3)), T((2, 3))]}, init=(3,)),
        _case("Pack", {"tuple": [T((2, 3)), T((2, 3))]}, init=(-3,), grad=True),
        _case("Slice", x, (0, 0, 0), (0, 2, 2), init=()),
        _case("Slice", x, (2, 0, 0), (-1, 1, 1), init=()),
        _case("StridedSlice", x, (-1, 0, 0), (-3, 4, 5), (-1, 1, 2), init=(), grad=True),
        _case("StridedSlice", x, (10,), (20,), (1,), init=()),
        _case("ReverseV2", x, init=((-1, 0),), grad=True),
        _case("Meshgrid", {"tuple": [T((3,)), T((2,)), T((4,))]}, init=("xy",), grad=True),
        _case("Expand", T((3, 1)), V([2, -1, 4], "int64"), init=(), grad=True),
        _case("Size", T((0, 3)), init=()), _case("Rank", V(1.0), init=()),
    ]
    for op in ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin",
               "UnsortedSegmentProd"):
        cases += [_case(op, T((4, 3)), V([0, 1, 0, 1], "int32"), 0, init=()),
                  _case(op, T((4, 3)), V([0, 1, 0, 1], "int32"), -1, init=()),
                  _case(op, T((4, 3)), V([0, 0, 0, 0], "int32"), 3, init=(), grad=True),
                  _case(op, V([1, 5, 3], "int32"), V([1, 1, 1], "int64"), 3, init=())]
    return cases


def nn_cases():
    return [
        _case("BinaryCrossEntropy", V([0.0, 1.0, 1e-20, 0.5]), V([1.0, 0.0, 1.0, 0.0]),
              init=("none",)),
        _case("BinaryCrossEntropy", V([0.3, 0.6]), V([1.0, 0.2]), init=("sum",), grad=True),
        _case("binary_cross_entropy", V([0.0, 1.0, 0.5]), V([1.0, 0.0, 0.0]),
              reduction="none"),
        _case("NLLLoss", T((3, 4)), V([1, 0, 4], "int32"), V([1.0] * 4), init=()),
        _case("NLLLoss", T((3, 4)), V([1, -1, 3], "int32"), V([1.0] * 4), init=()),
        _case("NLLLoss", T((3, 4)), V([1, -100, 3], "int32"), V([1.0] * 4), init=("sum",),
              grad=True),
        _case("BiasAdd", T((2, 3, 2, 2, 2)), V([0.5, -1.0, 2.0]), init=("NCDHW",), grad=True),
        _case("BiasAdd", T((2, 2, 3)), V([0.5, -1.0, 2.0]), init=("NHWC",), grad=True),
        _case("Dense", T((4,)), T((2, 4)), T((2,)), init=(), grad=True),
        _case("Dense", T((2, 3, 4)), T((2, 4)), T((2,)), init=(), grad=True),
        _case("MaxPool", T((1, 1, 1, 1)), init=(2, 2)),
        _case("AdaptiveAvgPool2D", T((1, 2, 3, 3)), init=((5, 5),), grad=True),
        _case("GLU", T((2, 6), "float64"), init=(-1,), grad=True),
        _case("HShrink", V([0.5, -0.5, 0.6]), init=(0.5,), grad=True),
        _case("SoftShrink", V([0.5, -0.5, 0.6]), init=(0.5,), grad=True),
        _case("FastGeLU", V([-INF, INF, 100.0, -100.0]), init=()),
        _case("LayerNorm", V([[1.0, 1.0, 1.0]]), V([1.0, 1.0, 1.0]), V([0.0, 0.0, 0.0]),
              init=(-1, -1), grad=True),
        _case("lrn", T((1, 4, 3, 3)), 0, grad=True),
        _case("lp_pool2d", V([[[[0.0, 0.0, 1.0], [0.0, 0.0, 2.0]]]]), 2, (2, 1), grad=True),
        _case("lp_pool1d", V([[[0.0, 0.0, 3.0, 4.0]]]), 2, 2, grad=True),
        _case("lp_pool2d", T((1, 2, 4, 4), low=-0.5, high=0.5), float("inf"), 2),
        _case("max_unpool1d", T((2, 3)), V([[0, 3, 5], [1, 2, 4]], "int64"), 2, grad=True),
        _case("conv3d_transpose", T((1, 2, 2, 2, 3)), T((2, 2, 3, 3, 3)), "same", stride=2,
              grad=True),
    ]


def fuzz15_cases():
    return elementwise_cases() + reduction_cases() + array_cases() + nn_cases()
