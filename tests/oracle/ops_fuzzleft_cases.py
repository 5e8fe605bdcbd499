"""Edge inputs left open by round 16's fuzzing (area fuzzleft): NaN in the Segment*
primitives and LowerBound/UpperBound/NthElement, empty or Bool inputs to the 3-D and
fractional pools, index dtypes other than Int32/Int64, tensor_scatter_* updates of another
dtype, repeated indices of TensorScatter*, and a dtype grid per primitive family.
``make_ops_fuzzleft_fixture.py`` runs them through real MindSpore 2.10. Encoded as in
``ops_cases.py``."""
from ops_cases import T, V, _case

NAN = float("nan")
INDEX_DTYPES = ("int8", "int16", "uint8", "int32", "int64")
ALL_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
              "uint64", "float16", "float32", "float64")  # complex: the recorder lacks it


def _grid(values, dtype):
    """``values`` as ``dtype``'s Python numbers (bools from non-zero)."""
    if dtype == "bool":
        return [[bool(v) for v in row] for row in values] if isinstance(values[0], list) \
            else [bool(v) for v in values]
    kind = float if dtype[0] in "fc" else int  # complex as its real part
    if isinstance(values[0], list):
        return [[kind(v) for v in row] for row in values]
    return [kind(v) for v in values]


def nan_cases():
    """Where a NaN lands among the segment reductions and the sorted searches."""
    cases = []
    rows = ([1.0, NAN, 3.0, 2.0], [NAN, 1.0, 2.0, NAN], [2.0, 5.0, NAN, NAN])
    for op in ("SegmentMax", "SegmentMin", "SegmentSum", "SegmentMean", "SegmentProd"):
        for row in rows:
            cases.append(_case(op, V(row), V([0, 0, 1, 1], "int32"), init=()))
        cases.append(_case(op, V([[1.0, NAN], [NAN, 4.0], [3.0, 0.0]]), V([0, 0, 1], "int64"),
                           init=()))
    for op in ("LowerBound", "UpperBound"):
        cases += [_case(op, V([[1.0, 2.0, NAN]]), V([[NAN, 2.0, 5.0]]), init=()),
                  _case(op, V([[1.0, 2.0, 3.0]]), V([[NAN, 0.0, 3.0]]), init=()),
                  _case(op, V([[NAN, 1.0, 2.0]]), V([[1.5, NAN, 0.0]]), init=())]
    for reverse in (False, True):
        for n in (0, 1, 2):
            cases.append(_case("NthElement", V([[3.0, NAN, 1.0], [NAN, NAN, 0.0]]), n,
                               init=(reverse,)))
    return cases


def pool_cases():
    """Empty and Bool inputs to the 3-D, argmax and fractional pools."""
    inits = [("MaxPool3DWithArgmax", (2, 1, 0), (1, 1, 2, 2, 2)),
             ("MaxPoolWithArgmaxV2", (2,), (1, 1, 2, 2)),
             ("AdaptiveAvgPool3D", (1,), (1, 1, 2, 2, 2)),
             ("FractionalMaxPool", ((1.0, 1.5, 1.5, 1.0),), (1, 3, 3, 1)),
             ("FractionalAvgPool", ((1.0, 1.5, 1.5, 1.0),), (1, 3, 3, 1))]
    cases = []
    for op, init, shape in inits:
        empty = (0,) + shape[1:]
        cases += [_case(op, T(shape, "bool"), init=init), _case(op, T(empty), init=init),
                  _case(op, T(shape, "int32"), init=init),
                  _case(op, T(shape[:-1] + (0,)), init=init)]
    cases += [_case("AdaptiveMaxPool3D", T((1, 1, 2, 2, 2), "bool"), V([1, 1, 1], "int32"),
                    init=()),
              _case("AdaptiveMaxPool3D", T((0, 1, 2, 2, 2)), V([1, 1, 1], "int32"), init=()),
              _case("FractionalMaxPoolWithFixedKsize", T((1, 1, 4, 4), "bool"),
                    V([[[0.5, 0.5]]]), init=(2, (2, 2))),
              _case("FractionalMaxPoolWithFixedKsize", T((0, 1, 4, 4)),
                    V([[[0.5, 0.5]]]), init=(2, (2, 2))),
              _case("FractionalMaxPool3DWithFixedKsize", T((1, 1, 4, 4, 4), "bool"),
                    V([[[0.5, 0.5, 0.5]]]), init=(2, (2, 2, 2))),
              _case("FractionalMaxPool3DWithFixedKsize", T((0, 1, 4, 4, 4)),
                    V([[[0.5, 0.5, 0.5]]]), init=(2, (2, 2, 2)))]
    return cases


def index_cases():
    """Each index dtype for the primitives and functions that take indices."""
    cases = []
    x = T((3, 4))
    for d in INDEX_DTYPES:
        row, nd = V([2, 0], d), V([[0, 1], [2, 3]], d)
        upd = V([1.5, -2.0])
        cases += [_case("Gather", x, row, 0, init=()), _case("GatherNd", x, nd, init=()),
                  _case("GatherD", x, 1, V([[0, 1], [2, 3], [1, 1]], d), init=()),
                  _case("gather", x, row, 0), _case("gather_nd", x, nd),
                  _case("ScatterNd", nd, upd, (3, 4), init=()),
                  _case("UnsortedSegmentSum", V([1.0, 2.0, 3.0]), V([0, 1, 0], d), 2, init=()),
                  _case("UnsortedSegmentMax", V([1.0, 2.0, 3.0]), V([0, 1, 0], d), 2, init=()),
                  _case("SegmentSum", V([1.0, 2.0, 3.0]), V([0, 0, 1], d), init=()),
                  _case("OneHot", V([0, 2], d), 3, V(1.0), V(0.0), init=()),
                  _case("unsorted_segment_sum", V([1.0, 2.0, 3.0]), V([0, 1, 0], d), 2)]
        for op in ("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub",
                   "TensorScatterMax", "TensorScatterMul"):
            cases.append(_case(op, x, nd, upd, init=()))
        for op in ("tensor_scatter_add", "tensor_scatter_sub", "tensor_scatter_max"):
            cases.append(_case(op, x, nd, upd))
    return cases


def scatter_dtype_cases():
    """Updates of another dtype than input_x, and repeated indices combined in order."""
    cases = []
    nd = V([[0], [1], [0], [0]], "int32")
    pairs = (("float32", "float16"), ("float32", "float64"), ("float32", "int32"),
             ("int32", "float32"), ("float64", "float32"), ("int32", "int64"))
    ops = ("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub", "TensorScatterMax",
           "TensorScatterMin", "TensorScatterMul", "TensorScatterDiv")
    fns = ("tensor_scatter_add", "tensor_scatter_sub", "tensor_scatter_max",
           "tensor_scatter_min", "tensor_scatter_mul", "tensor_scatter_div",
           "tensor_scatter_update")
    for a, b in pairs:
        x, upd = V(_grid([4, 6, 8], a), a), V(_grid([1, 2, 3, 2], b), b)
        cases += [_case(op, x, nd, upd, init=()) for op in ops]
        cases += [_case(op, x, nd, upd) for op in fns]
    for dtype in ("float32", "float64", "int32"):
        x = V(_grid([7, -9, 8], dtype), dtype)
        upd = V(_grid([2, -2, 3, 2], dtype), dtype)
        cases += [_case(op, x, nd, upd, init=(), grad=dtype == "float64") for op in ops]
    return cases


def dtype_grid_cases():
    """Each dtype for one call per primitive family: raise or not, as MindSpore."""
    cases = []
    for d in ALL_DTYPES:
        small = V(_grid([1, 0, 2], d), d)
        square = V(_grid([[1, 0], [2, 1]], d), d)
        ids = V([0, 0, 1], "int32")
        cases += [_case("SegmentMax", small, ids, init=()),
                  _case("SegmentSum", small, ids, init=()),
                  _case("SegmentProd", small, ids, init=()),
                  _case("UnsortedSegmentMin", small, ids, 2, init=()),
                  _case("UnsortedSegmentProd", small, ids, 2, init=()),
                  _case("LowerBound", square, square, init=()),
                  _case("NthElement", square, 0, init=()),
                  _case("UnsortedSegmentSum", small, ids, 2, init=()),
                  _case("UnsortedSegmentMax", small, ids, 2, init=()),
                  _case("MaxPool3DWithArgmax", V([[[[_grid([1, 0], d)] * 2] * 2]], d),
                        init=(2, 1, 0)),
                  _case("AdaptiveAvgPool3D", V([[[[_grid([1, 0], d)] * 2] * 2]], d),
                        init=(1,)),
                  _case("FractionalMaxPool", V([[[_grid([1], d)] * 3] * 3], d),
                        init=((1.0, 1.5, 1.5, 1.0),)),
                  _case("FractionalAvgPool", V([[[_grid([1], d)] * 3] * 3], d),
                        init=((1.0, 1.5, 1.5, 1.0),))]
        cases += [_case(op, small, V([[1]], "int32"), V(_grid([1], d), d), init=())
                  for op in ("TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub",
                             "TensorScatterMax", "TensorScatterMin", "TensorScatterMul",
                             "TensorScatterDiv")]
    return cases


def order_cases():
    """Two things wrong at once: which error MindSpore reports first."""
    x, nd = T((3,)), V([[0], [1]], "int32")
    cases = []
    for op in ("TensorScatterAdd", "TensorScatterSub", "TensorScatterUpdate"):
        cases += [_case(op, x, nd, T((3,), "float16"), init=()),
                  _case(op, x, V([[0], [1]], "int8"), T((2,), "float16"), init=()),
                  _case(op, x, V([[0], [1]], "int8"), T((3,)), init=()),
                  _case(op, T((3,), "bool"), nd, T((3,), "bool"), init=())]
    cases += [_case("LowerBound", T((2, 3)), T((3,), "float16"), init=()),
              _case("LowerBound", T((2, 3)), T((3, 2), "float16"), init=()),
              _case("SegmentSum", T((3,)), V([0, 1], "int8"), init=()),
              _case("SegmentMax", T((3,), "bool"), V([0, 1], "int32"), init=()),
              _case("UnsortedSegmentSum", T((3,)), V([0, 1], "int8"), 2, init=()),
              _case("MaxPool3DWithArgmax", T((1, 2, 2, 2), "bool"), init=(2, 1, 0)),
              _case("AdaptiveAvgPool3D", T((2, 2), "bool"), init=(1,)),
              _case("Gather", T((3,)), V([[0]], "int8"), 3, init=()),
              _case("OneHot", V([0, 2], "int8"), -2, V(1.0), V(0.0), init=())]
    return cases


def fuzzleft_cases():
    return nan_cases() + pool_cases() + index_cases() + scatter_dtype_cases() + \
        dtype_grid_cases() + order_cases()
