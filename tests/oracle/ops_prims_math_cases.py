"""The primitive-class cases (math and array part, ``minpy_compat/ops/prims_*.py``) that
``make_ops_prims_math_fixture.py`` runs through real MindSpore 2.10 (same record format
as ``ops_cases.py``: ``init`` holds the constructor's positional arguments)."""
from ops_cases import D, T, V, _case

UNIT = ["Asin", "ACos", "Atanh", "Erfinv"]
REAL = ["Sin", "Cos", "Tan", "Atan", "Sinh", "Cosh", "Asinh", "Erf", "Erfc", "Expm1", "Floor",
        "Ceil", "Round", "Rint", "Trunc", "Sign", "Reciprocal", "Inv", "Sinc"]
POSITIVE = ["Acosh", "Log1p"]
TESTS = ["IsNan", "IsInf", "IsFinite", "LogicalNot"]
BINARY = ["Atan2", "Xlogy", "Xdivy", "DivNoNan", "MulNoNan", "FloorDiv", "FloorMod", "Mod",
          "TruncateDiv", "TruncateMod", "SquaredDifference", "Hypot", "Fmax", "Fmin",
          "Heaviside", "NotEqual"]
LOGIC = ["LogicalAnd", "LogicalOr", "LogicalXor", "BitwiseAnd", "BitwiseOr", "BitwiseXor",
         "LeftShift", "RightShift", "Gcd", "Lcm"]


def elementwise_prim_cases():
    cases = []
    for op in UNIT:
        cases += [_case(op, T((2, 3), low=-0.9, high=0.9), init=(), grad=True),
                  _case(op, T((3,), "float64", low=-0.9, high=0.9), init=(), grad=True)]
    for op in REAL + POSITIVE:
        low = 1.1 if op in POSITIVE else -1.4
        cases += [_case(op, T((2, 3), low=low, high=2.4), init=(), grad=True),
                  _case(op, T((3,), "float64", low=low, high=2.4), init=(), grad=True),
                  _case(op, T((4,), "int32", low=1, high=3), init=())]
    for op in TESTS:
        cases += [_case(op, V([1.0, -0.0, float("inf"), float("nan")]), init=())]
    for op in BINARY:
        cases += [_case(op, T((2, 3), low=0.3, high=2.0), T((3,), low=-2.0, high=2.0),
                        init=(), grad=True),
                  _case(op, T((3,), "float64", low=-2.0, high=2.0),
                        T((3,), "float64", low=0.5, high=2.0), init=(), grad=True),
                  _case(op, V([-7, 5, 0, 6], "int32"), V([2, -3, 2, 4], "int32"), init=())]
    cases += [_case(op, V([0.0, 1.0, 2.0]), V([0.0, 0.0, 4.0]), init=())
              for op in ("Xdivy", "DivNoNan", "MulNoNan")]
    for op in LOGIC:
        cases += [_case(op, V([6, 12, -3, 1], "int32"), V([4, 3, 1, 2], "int32"), init=()),
                  _case(op, T((3,)), T((3,)), init=())]
    cases += [_case("Round", T((4,), low=-3.0, high=3.0), 2, init=()),
              _case("Invert", V([0, 5, -3], "int32"), init=()),
              _case("Invert", T((3,)), init=()),
              _case("Lerp", T((2, 3)), T((2, 3)), 0.3, init=(), grad=True),
              _case("Lerp", T((3,)), T((3,)), T((3,)), init=(), grad=True),
              _case("Logit", T((2, 3), low=0.05, high=0.95), init=(), grad=True),
              _case("Logit", T((3,), low=0.0, high=1.0), init=(0.1,), grad=True),
              _case("Logit", T((3,)), init=("a",)),
              _case("IsClose", V([1.0, 1.00001, 2.0, float("nan")]),
                    V([1.0, 1.0, 2.1, float("nan")]), init=()),
              _case("IsClose", V([1.0, float("nan")]), V([1.1, float("nan")]),
                    init=(0.2, 0.0, True)),
              _case("IsClose", V([1.0]), V([1.0]), init=("a",)),
              _case("ApproximateEqual", V([1.0, 2.0, 3.0]), V([1.2, 2.0, 2.0]), init=(0.5,)),
              _case("ApproximateEqual", V([1.0]), V([1.0]), init=("a",)),
              _case("AddN", {"tuple": [T((2, 3)), T((2, 3)), T((2, 3))]}, init=(), grad=True),
              _case("AddN", {"tuple": [V([1, 2], "int32"), V([3, 4], "int32")]}, init=()),
              _case("AccumulateNV2", {"tuple": [T((3,)), T((3,))]}, init=(), grad=True)]
    for op in ("Addcdiv", "Addcmul"):
        cases += [_case(op, T((2, 3)), T((2, 3)), T((3,), low=0.5, high=2.0), V([0.5]),
                        init=(), grad=True),
                  _case(op, T((3,), "float64"), T((3,), "float64"),
                        T((3,), "float64", low=0.5, high=2.0), V([2.0], "float64"), init=(),
                        grad=True)]
    return cases


def reduction_prim_cases():
    b, x = T((2, 3), "bool"), T((2, 3, 4))
    return [_case("ReduceAll", b, init=()), _case("ReduceAll", b, 1, init=(True,)),
            _case("ReduceAll", b, init=(1,)),
            _case("ReduceAny", b, init=()), _case("ReduceAny", b, (0, 1), init=(True,)),
            _case("ReduceStd", x, init=(), grad=True),
            _case("ReduceStd", x, init=((0, 2), False, True), grad=True),
            _case("ReduceStd", T((3, 4), "float64"), init=(1,), grad=True),
            _case("EuclideanNorm", x, V([0, 2], "int32"), init=(), grad=True),
            _case("EuclideanNorm", x, V([1], "int64"), init=(True,), grad=True),
            _case("EuclideanNorm", x, 0, init=()),
            _case("LpNorm", x, init=(0,), grad=True),
            _case("LpNorm", x, init=((1, 2), 1, True), grad=True),
            _case("LpNorm", x, init=(0.5,)),
            _case("Cummax", T((3, 4)), init=(1,)), _case("Cummax", T((3, 4)), init=(0,)),
            _case("Cummin", T((3, 4)), init=(0,)), _case("Cummin", T((3,)), init=(1.5,)),
            _case("CumulativeLogsumexp", T((3, 4)), V(1, "int64"), init=(), grad=True),
            _case("CumulativeLogsumexp", T((3, 4)), V(0, "int64"), init=(True, True),
                  grad=True),
            _case("CountNonZero", V([[0.0, 1.0], [2.0, 0.0]]), init=((0,),)),
            _case("CountNonZero", V([[0, 1, 3], [2, 0, 0]], "int32"), init=((0, 1),)),
            _case("CountNonZero", V([1.0]), init=(1.5,)),
            _case("Median", T((3, 5)), init=(), grad=True),
            _case("Median", T((3, 5)), init=(False, 1, True), grad=True),
            _case("Median", T((3, 5)), init=(True,)),
            _case("Median", T((3, 5)), init=(True, 0, True)),
            _case("Median", T((3,)), init=(False, 1.0)),
            _case("SquareSumAll", T((2, 3)), T((3,)), init=(), grad=True),
            _case("SquareSumAll", T((3,), "int32"), T((3,), "int32"), init=())]


def _spd(n, dtype="float32"):
    return V([[4.0 if i == j else 1.0 / (1 + i + j) for j in range(n)] for i in range(n)],
             dtype)


def linalg_prim_cases():
    m = T((3, 3))
    return [_case("Einsum", {"tuple": [T((2, 3)), T((3, 4))]}, init=("ij,jk->ik",), grad=True),
            _case("Einsum", {"tuple": [T((3,))]}, init=(3,)),
            _case("Cdist", T((2, 4, 3)), T((2, 5, 3)), init=(), grad=True),
            _case("Cdist", T((4, 3)), T((5, 3)), init=(1.0,), grad=True),
            _case("Cholesky", _spd(3), init=(), grad=True),
            _case("Cholesky", _spd(3, "float64"), init=(True,), grad=True),
            _case("MatrixInverse", _spd(3), init=(), grad=True),
            _case("MatrixInverse", _spd(3, "float64"), init=(True,), grad=True),
            _case("MatrixDeterminant", _spd(3), init=(), grad=True),
            _case("MatrixDeterminant", T((2, 3, 3), "float64"), init=(), grad=True),
            _case("LogMatrixDeterminant", _spd(3), init=(), grad=True),
            _case("Trace", m, init=(), grad=True), _case("Trace", T((3, 2), "int32"), init=()),
            _case("Diag", T((3,)), init=(), grad=True), _case("Diag", T((2, 2)), init=()),
            _case("DiagPart", T((3, 3)), init=(), grad=True),
            _case("DiagPart", T((2, 3, 2, 3)), init=(), grad=True),
            _case("Tril", T((3, 4)), init=(), grad=True), _case("Tril", m, init=(-1,)),
            _case("Tril", m, init=(1.5,)),
            _case("Triu", T((2, 3, 4)), init=(1,), grad=True),
            _case("MatrixBandPart", T((4, 4)), 1, 0, init=(), grad=True),
            _case("MatrixBandPart", T((4, 5)), -1, 1, init=()),
            _case("Cross", T((2, 3)), T((2, 3)), init=(), grad=True),
            _case("Cross", T((3, 2)), T((3, 2)), init=(0,), grad=True),
            _case("Ger", T((3,)), T((4,)), init=(), grad=True),
            _case("Ger", T((3,), "float64"), T((2,), "float64"), init=(), grad=True),
            _case("Eye", 2, 3, D("float32"), init=()), _case("Eye", 3, 3, D("int32"), init=())]


def array_prim_cases():
    x, s = T((3, 4, 5)), V([[1, 2, 3], [4, 5, 6]], "int32")
    return [_case("Range", V(1, "int32"), V(9, "int32"), V(2, "int32"), init=()),
            _case("Range", V(1.0), V(2.0), V(0.25), init=()),
            _case("Range", V(1.0, "float64"), V(2.0, "float64"), V(0.5, "float64"), init=()),
            _case("Range", V(1, "int32"), V(9, "int32"), V(0, "int32"), init=()),
            _case("LinSpace", V(0.0), V(1.0), 5, init=()),
            _case("Slice", x, (1, 0, 2), (2, -1, 2), init=(), grad=True),
            _case("Slice", x, (1, 0), (2, 1), init=()),
            _case("StridedSlice", x, (0, 1, 0), (3, 4, 5), (1, 2, 2), init=(), grad=True),
            _case("StridedSlice", x, (2, 1), (0, 3), (-1, 1), init=(1, 2), grad=True),
            _case("StridedSlice", x, (1, 0, 1), (2, 0, 3), (1, 1, 1), init=(0, 0, 0, 2, 1),
                  grad=True),
            _case("StridedSlice", x, (0, 0), (1, 2), (1, 1), init=(0, 0, 1, 0, 0)),
            _case("StridedSlice", s, (0, 0), (2, 3), (1, 2), init=()),
            _case("ReverseV2", x, init=((0, 2),), grad=True),
            _case("ReverseV2", s, init=([1],)),
            _case("Roll", T((2, 3)), init=(1, 1), grad=True),
            _case("Roll", T((2, 3)), init=((1, -1), (0, 1))),
            _case("Roll", T((2, 3)), init=(1.5,)),
            _case("Meshgrid", {"tuple": [T((3,)), T((2,))]}, init=(), grad=True),
            _case("Meshgrid", {"tuple": [T((3,)), T((2,))]}, init=("ij",)),
            _case("Meshgrid", {"tuple": [T((3,))]}, init=("ab",)),
            _case("Pack", {"tuple": [T((2, 3)), T((2, 3))]}, init=(1,), grad=True),
            _case("Pack", {"tuple": [T((2,))]}, init=(1.5,)),
            _case("Unpack", T((2, 3)), init=(1,), grad=True),
            _case("Expand", T((1, 3)), V([2, 3], "int64"), init=(), grad=True),
            _case("Size", x, init=()), _case("Rank", x, init=()),
            _case("TensorShape", x, init=()),
            _case("Identity", x, init=(), grad=True), _case("Identity", s, init=())]


def select_prim_cases():
    x, ids = T((4, 3)), V([0, 2, 0, -1], "int32")
    cases = [_case(op, x, ids, 3, init=(), grad=True)
             for op in ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin",
                        "UnsortedSegmentProd")]
    cases += [_case("UnsortedSegmentSum", V([1, 2, 3], "int32"), V([1, 1, 0], "int32"), 2,
                    init=())]
    idx, dup = V([[0], [2]], "int32"), V([[1], [1]], "int32")
    for op in ("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub", "TensorScatterMax",
               "TensorScatterMin", "TensorScatterMul", "TensorScatterDiv"):
        cases += [_case(op, x, idx, T((2, 3), low=0.5), init=(), grad=True),
                  _case(op, T((4,)), V([[1], [3]], "int32"), T((2,), low=0.5), init=(),
                        grad=True),
                  _case(op, V([1.0, 2.0, 3.0]), dup, V([3.0, 4.0]), init=())]
    return cases + [
        _case("ScatterNd", V([[0], [2], [0]], "int32"), T((3,)), (4,), init=(), grad=True),
        _case("TensorScatterElements", x, V([[1, 0, 2]], "int32"), T((1, 3)), init=(),
              grad=True),
        _case("TensorScatterElements", x, V([[1], [0]], "int32"), T((2, 1)),
              init=(1, "add"), grad=True),
        _case("TensorScatterElements", x, V([[1]], "int32"), T((1, 1)), init=(0, "mul")),
        _case("GatherV2", x, V([2, 0], "int32"), 0, init=(), grad=True),
        _case("GatherV2", x, V([[1, 0]], "int32"), 1, init=(), grad=True),
        _case("MaskedSelect", x, T((4, 3), "bool"), init=(), grad=True),
        _case("NonZero", V([[0, 1], [2, 0]], "int32"), init=()),
        _case("InvertPermutation", (2, 0, 3, 1), init=()),
        _case("InvertPermutation", (2, 0, 0), init=()),
        _case("InvertPermutation", V([2, 0, 3, 1], "int32"), init=()),
        _case("Unique", V([3, 1, 3, 2, 1], "int32"), init=()),
        _case("UniqueConsecutive", V([1, 1, 2, 2, 3, 1], "int32"), init=(True, True)),
        _case("UniqueConsecutive", V([1, 1, 2], "int32"), init=()),
        _case("SearchSorted", V([1.0, 2.0, 3.0, 4.0]), V([2.0, 3.5]), init=()),
        _case("SearchSorted", V([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]]), V([[2.0], [5.0]]),
              init=()),
        _case("Bucketize", V([0.5, 1.5, 3.0]), init=([1.0, 2.0],)),
        _case("Bucketize", V([0.5]), init=([1, 2],)),
        _case("Sort", T((2, 4)), init=(0, True), grad=True)]


def prims_math_cases():
    return elementwise_prim_cases() + reduction_prim_cases() + linalg_prim_cases() \
        + array_prim_cases() + select_prim_cases()
