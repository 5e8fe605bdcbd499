"""Reductions, shaping, creation and indexing cases for ``make_ops_fixture.py``."""
from ops_cases import D, T, V, _case

REDUCE_FN = ["reduce_sum", "mean", "prod", "amax", "amin"]
REDUCE_PRIM = ["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd"]


def reduction_cases():
    cases = []
    inputs = [T((2, 3, 4)), T((2, 3), "float64"), T((2, 3), "int32", -3, 3), T(()), T((0, 3))]
    for x in inputs:
        for fn in REDUCE_FN:
            keep = "keepdims" if fn in ("amax", "amin") else "keep_dims"
            cases.append(_case(fn, x, grad=True))
            cases.append(_case(fn, x, axis=-1 if x["shape"] else None, grad=True))
            cases.append(_case(fn, x, axis=0 if x["shape"] else None, **{keep: True}, grad=True))
        for prim in REDUCE_PRIM:
            cases.append(_case(prim, x, init=(), grad=True))
            cases.append(_case(prim, x, *([-1] if x["shape"] else []), init=(True,), grad=True))
        cases.append(_case("sum", x, grad=True))
        cases.append(_case("sum", x, *([0] if x["shape"] else []), keepdim=True, grad=True))
        cases.append(_case("max", x, *([-1] if x["shape"] else []), grad=True))
        cases.append(_case("min", x, *([0] if x["shape"] else []), keepdims=True, grad=True))
        if x["shape"] and x["shape"][0]:
            cases += [_case("argmax", x), _case("argmax", x, 0, keepdim=True),
                      _case("argmin", x), _case("argmin", x, -1),
                      _case("Argmax", x, init=()), _case("Argmin", x, init=(0,)),
                      _case("ArgMaxWithValue", x, init=(), grad=True),
                      _case("ArgMinWithValue", x, init=(0, True), grad=True),
                      _case("cumsum", x, 0, grad=True), _case("cumprod", x, -1, grad=True),
                      _case("CumSum", x, 0, init=(), grad=True),
                      _case("CumSum", x, -1, init=(True, True), grad=True),
                      _case("CumProd", x, 0, init=(True,), grad=True),
                      _case("norm", x, grad=True), _case("norm", x, dim=0, grad=True)]
    cases += [_case("reduce_sum", T((2, 3, 4)), axis=[0, 2], grad=True),
              _case("ReduceMean", T((2, 3, 4)), (0, 2), init=(True,), grad=True),
              _case("mean", T((2, 3, 4)), axis=(1, -1), grad=True),
              _case("L2Normalize", T((2, 3)), init=(), grad=True),
              _case("L2Normalize", T((2, 3)), init=(0, 1e-4), grad=True),
              _case("norm", T((2, 3)), 1, dim=1, grad=True),
              _case("sum", T((3,), "bool")), _case("ReduceSum", T((3,), "bool"), init=()),
              _case("cumsum", T((4,), "int32", -3, 3), 0),
              _case("cumsum", T((4,)), 0, dtype=D("float64"), grad=True)]
    return cases


def shaping_cases():
    a, b = T((2, 3)), T((2, 3))
    m, n = T((2, 3)), T((3, 4))
    b3, c3 = T((2, 2, 3)), T((2, 3, 2))
    i = T((2, 3), "int32", -3, 3)
    return [
        _case("reshape", a, (3, 2), grad=True), _case("reshape", a, (-1,), grad=True),
        _case("Reshape", i, (3, -1), init=()), _case("reshape", T((0, 3)), (3, 0)),
        _case("transpose", a, (1, 0), grad=True),
        _case("Transpose", b3, (2, 0, 1), init=(), grad=True),
        _case("permute", b3, (1, 2, 0), grad=True),
        _case("expand_dims", a, 1, grad=True), _case("ExpandDims", a, -1, init=(), grad=True),
        _case("squeeze", T((1, 3, 1)), grad=True), _case("squeeze", T((1, 3, 1)), 0, grad=True),
        _case("Squeeze", T((1, 3, 1)), init=(2,), grad=True),
        _case("Squeeze", T((1, 3, 1)), init=((0, 2),), grad=True),
        _case("flatten", b3, grad=True), _case("flatten", b3, start_dim=0, grad=True),
        _case("Flatten", b3, init=(), grad=True), _case("Flatten", T((3,)), init=()),
        _case("tile", a, (2, 1), grad=True), _case("Tile", T((3,)), (2, 2), init=(), grad=True),
        _case("broadcast_to", T((3,)), (2, 3), grad=True),
        _case("broadcast_to", T((1, 3)), (2, -1), grad=True),
        _case("BroadcastTo", T((2, 1)), init=((2, 4),), grad=True),
        _case("concat", {"tuple": [a, b]}, grad=True),
        _case("concat", {"tuple": [a, b]}, 1, grad=True),
        _case("concat", {"tuple": [a, T((2, 3), "float64")]}),
        _case("concat", {"tuple": [i, a]}),
        _case("cat", {"tuple": [a, T((1, 3))]}, grad=True),
        _case("Concat", {"tuple": [a, b]}, init=(-1,), grad=True),
        _case("stack", {"tuple": [a, b]}, grad=True),
        _case("stack", {"tuple": [a, b]}, -1, grad=True),
        _case("Stack", {"tuple": [a, b]}, init=(1,), grad=True),
        _case("split", T((4, 3)), 2, grad=True), _case("split", T((5, 3)), 2),
        _case("split", T((4, 3)), [1, 2], 1, grad=True),
        _case("Split", T((4, 3)), init=(0, 2), grad=True),
        _case("Split", T((4, 3)), init=(1, 3), grad=True), _case("Split", T((4, 3)), init=(0, 3)),
        _case("chunk", T((5, 3)), 2, grad=True), _case("chunk", T((4, 3)), 3, 1),
        _case("tensor_split", T((5, 3)), 2, grad=True),
        _case("tensor_split", T((5, 3)), [1, 3], grad=True),
        _case("unbind", a, grad=True), _case("unbind", a, 1),
        _case("unstack", a, grad=True), _case("unstack", a, -1),
        _case("Unstack", a, init=(1,), grad=True),
        _case("matmul", m, n, grad=True), _case("matmul", T((3,)), T((3,)), grad=True),
        _case("matmul", T((3,)), n, grad=True), _case("matmul", b3, c3, grad=True),
        _case("matmul", T((2, 3), "float64"), T((3, 2), "float64"), grad=True),
        _case("matmul", T((2, 3), "int32", -3, 3), T((3, 2), "int32", -3, 3)),
        _case("matmul", m, T((2, 4))),
        _case("MatMul", m, n, init=(), grad=True),
        _case("MatMul", m, T((4, 3)), init=(False, True), grad=True),
        _case("MatMul", T((3, 2)), n, init=(True, False), grad=True),
        _case("BatchMatMul", b3, c3, init=(), grad=True),
        _case("BatchMatMul", b3, T((2, 2, 3)), init=(False, True), grad=True),
        _case("bmm", b3, c3, grad=True),
        _case("shape", b3), _case("Shape", T((0, 3)), init=()),
    ]


def creation_cases():
    x = T((2, 3))
    return [
        _case("zeros", (2, 3)), _case("zeros", (2,), D("int32")), _case("zeros", 3),
        _case("ones", (2, 3)), _case("ones", (2, 2), D("float64")), _case("ones", ()),
        _case("Zeros", (2, 3), D("float32"), init=()), _case("Ones", (3,), D("int32"), init=()),
        _case("fill", D("float32"), (2, 3), 1.5), _case("fill", D("int32"), (2,), 3),
        _case("Fill", D("float64"), (2, 2), 0.5, init=()),
        _case("full", (2, 3), 1.5), _case("full", (2,), 3), _case("full", (2,), True),
        _case("full", (2,), 2, dtype=D("float32")),
        _case("full_like", x, 3), _case("full_like", T((2,), "int32"), 2.7),
        _case("full_like", x, 2, dtype=D("int32")),
        _case("ones_like", x), _case("ones_like", T((3,), "int32")),
        _case("zeros_like", x, dtype=D("float64")), _case("OnesLike", T((3,), "bool"), init=()),
        _case("ZerosLike", x, init=()),
        _case("arange", 5), _case("arange", 1, 4), _case("arange", 0.0, 1.0, 0.25),
        _case("arange", 1, 7, 2), _case("arange", 3, dtype=D("float32")),
        _case("arange", 0, 1, 0.3), _case("arange", 5, 1, -1),
        _case("eye", 3), _case("eye", 2, 3), _case("eye", 2, 2, D("int32")),
        _case("linspace", 0.0, 1.0, 5), _case("linspace", 1, 3, 3),
        _case("linspace", V(0.0), V(2.0), 3), _case("linspace", 0.0, 1.0, 1),
    ]


def indexing_cases():
    x = T((3, 4))
    idx = V([2, 0], "int32")
    idx2 = V([[0, 1, 0, 2], [2, 0, 1, 1]], "int32")
    sidx = V([[0, 1], [2, 3], [0, 0]], "int32")
    return [
        _case("gather", x, idx, 0, grad=True), _case("gather", x, idx, 1, grad=True),
        _case("gather", x, V([[0, 1], [2, 2]], "int32"), 0, grad=True),
        _case("gather", T((4,), "int32", -3, 3), idx, 0),
        _case("gather", x, V(1, "int32"), 0, grad=True),
        _case("Gather", x, idx, 1, init=(), grad=True),
        _case("gather_elements", x, 1, sidx, grad=True),
        _case("gather_elements", x, 0, idx2, grad=True),
        _case("gather_d", x, 1, sidx, grad=True), _case("GatherD", x, 0, idx2, init=(), grad=True),
        _case("gather_nd", x, V([[0, 1], [2, 3]], "int32"), grad=True),
        _case("gather_nd", x, V([[1], [0]], "int32"), grad=True),
        _case("GatherNd", x, V([[2, 2]], "int32"), init=(), grad=True),
        _case("sort", x, grad=True), _case("sort", x, 0, True, grad=True),
        _case("Sort", x, init=(), grad=True), _case("Sort", x, init=(0, True), grad=True),
        _case("sort", T((5,), "int32", -3, 3)),
        _case("argsort", x), _case("argsort", x, 0, True),
        _case("topk", x, 2, grad=True), _case("topk", x, 2, 0, grad=True),
        _case("topk", x, 2, largest=False, grad=True),
        _case("TopK", x, 2, init=(), grad=True),
        _case("TopK", T((5,), "int32", -9, 9), 3, init=()),
        _case("one_hot", V([0, 2, 1], "int32"), 3, V(1.0), V(0.0)),
        _case("one_hot", V([0, 2], "int32"), 4, V(5.0), V(-1.0), 0),
        _case("one_hot", V([0, 2], "int32"), 3, 1, 0),
        _case("OneHot", V([1, 0], "int32"), 3, V(1.0), V(0.0), init=()),
        _case("OneHot", V([1, 0], "int32"), 2, V(2.0), V(0.0), init=(0,)),
        _case("masked_fill", T((3,), "int32"), V([True, False, True], "bool"), 7),
    ]
