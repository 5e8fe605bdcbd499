"""More ``mint`` cases for ``make_mint_fixture.py``: shaping, indexing, creation and
linear algebra (random functions are checked for shape and dtype only)."""
import numpy as onp

from ops_cases import D, T, V, _case


def Tup(*values):
    """An encoded tuple (of Tensors)."""
    return {"tuple": list(values)}


def shaping_cases():
    x, x64, i = T((2, 3, 4)), T((3, 4), "float64"), T((3, 4), "int32", -3, 3)
    return [_case("cat", Tup(T((2, 3)), T((1, 3))), grad=True),
            _case("cat", Tup(T((2, 3), "float64"), T((2, 2), "float64")), dim=-1, grad=True),
            _case("concat", Tup(T((2,)), T((3,))), 0, grad=True),
            _case("cat", Tup(T((2, 3)), T((2, 2))), 0),
            _case("stack", Tup(T((2, 3)), T((2, 3))), 2, grad=True),
            _case("stack", Tup(T((3,), "float64"), T((3,), "float64")), grad=True),
            _case("hstack", Tup(T((2,)), T((3,))), grad=True),
            _case("dstack", Tup(T((2,)), T((2,))), grad=True),
            _case("chunk", x, 2, 1, grad=True), _case("chunk", x64, 3, grad=True),
            _case("split", x, 2, 2, grad=True), _case("split", x64, [1, 2], grad=True),
            _case("unbind", x, 1, grad=True),
            _case("flatten", x, grad=True), _case("flatten", x64, 1, grad=True),
            _case("flatten", x, 0, 1, grad=True), _case("flatten", T(())),
            _case("reshape", x, (4, -1), grad=True), _case("reshape", x64, [12], grad=True),
            _case("squeeze", T((1, 3, 1))), _case("squeeze", T((1, 3, 1)), 2, grad=True),
            _case("squeeze", T((1, 3, 1), "float64"), (0, 1), grad=True),
            _case("unsqueeze", x, 1, grad=True), _case("unsqueeze", x64, -1, grad=True),
            _case("permute", x, (2, 0, 1), grad=True), _case("permute", x, (0, 0, 1)),
            _case("transpose", x, 0, 2, grad=True), _case("swapaxes", x64, 0, 1, grad=True),
            _case("t", x), _case("narrow", x, 2, 1, 2, grad=True),
            _case("narrow", x64, 0, -2, 2, grad=True), _case("narrow", x, 1, 0, 5),
            _case("select", x, 1, -1, grad=True), _case("select", x64, 0, 2, grad=True),
            _case("select", x, 1, 3),
            _case("diag", T((3,)), grad=True), _case("diag", x64, 1, grad=True),
            _case("diag", T((3,), "float64"), -1, grad=True), _case("diag", x),
            _case("diff", x, grad=True), _case("diff", x64, 2, 0, grad=True),
            _case("meshgrid", T((2,)), T((3,)), grad=True),
            _case("meshgrid", T((2,), "float64"), T((3,), "float64"), indexing="xy", grad=True),
            _case("repeat_interleave", x64, 2, grad=True),
            _case("repeat_interleave", x, 2, 1, grad=True),
            _case("repeat_interleave", x64, V([1, 0, 2], "int64"), 0, grad=True),
            _case("take", x, V([[0, 5], [23, -1]], "int64"), grad=True),
            _case("flip", x, (0, 2), grad=True), _case("roll", x64, 1, 0, grad=True),
            _case("tile", x64, (2, 1), grad=True),
            _case("broadcast_to", T((3,)), (2, 3), grad=True),
            _case("tril", x64, grad=True), _case("triu", x64, 1, grad=True),
            _case("trace", x64, grad=True), _case("ravel", x, grad=True),
            _case("clone", i)]


def indexing_cases():
    x, x64 = T((3, 4)), T((3, 4), "float64")
    idx = V([[0, 2], [1, 1], [3, 0]], "int64")
    return [_case("gather", x, 1, idx, grad=True),
            _case("gather", x64, 0, V([[2, 0, 1, 1]], "int64"), grad=True),
            _case("index_select", x, 1, V([3, 0, 0], "int64"), grad=True),
            _case("index_select", x64, 0, V([2], "int32"), grad=True),
            _case("index_add", x, 1, V([0, 3], "int64"), T((3, 2)), grad=True),
            _case("index_add", x64, 0, V([1, 1], "int32"), T((2, 4), "float64"), alpha=2.0,
                  grad=True),
            _case("scatter", x, 1, idx, T((3, 2)), grad=True),
            _case("scatter", x64, 0, V([[2, 0, 1, 1]], "int64"), T((1, 4), "float64"),
                  grad=True),
            _case("scatter", x, 1, idx, 2.5, grad=True),
            _case("scatter_add", x, 1, idx, T((3, 2)), grad=True),
            _case("scatter_add", x64, 0, V([[2, 2, 1, 1]], "int64"), T((1, 4), "float64"),
                  grad=True),
            _case("sort", x, grad=True), _case("sort", x64, dim=0, descending=True, grad=True),
            _case("sort", T((5,), "int32", -3, 3), descending=True),
            _case("argsort", x), _case("argsort", x64, 0, True),
            _case("topk", x, 2, grad=True), _case("topk", x64, 2, 0, False, grad=True),
            _case("topk", x, 5),
            _case("unique", T((6,), "int32", 0, 3)),
            _case("unique", T((6,), "int32", 0, 3), True, True, True),
            _case("unique_consecutive", V([1, 1, 2, 2, 1], "int32"), True, True),
            _case("where", T((3, 4), "bool"), x, x64, grad=True),
            _case("where", T((3, 4), "bool"), x, 0.5, grad=True),
            _case("where", T((3, 4), "bool")),
            _case("masked_select", x, T((3, 4), "bool"), grad=True),
            _case("nonzero", T((3, 4), "int32", -1, 1)),
            _case("nonzero", T((3,), "int32", -1, 1), as_tuple=True),
            _case("searchsorted", V([1.0, 2.0, 3.0]), V([0.5, 2.0, 4.0])),
            _case("searchsorted", V([1.0, 2.0, 3.0]), V([0.5, 2.0, 4.0]), right=True),
            _case("histc", T((10,)), 4), _case("histc", T((10,), "float64"), 3, -1, 1),
            _case("bincount", V([0, 1, 1, 4], "int64")),
            _case("bincount", V([0, 1, 1], "int64"), V([0.5, 1.0, 2.0]), 5),
            _case("cdist", T((3, 2)), T((4, 2)), grad=True),
            _case("cdist", T((2, 3, 2), "float64"), T((2, 2, 2), "float64"), 1.0, grad=True)]


def creation_cases():
    return [_case("zeros", (2, 3)), _case("zeros", 4, dtype=D("int32")),
            _case("ones", (2,), dtype=D("float64")), _case("ones", [1, 2]),
            _case("full", (2, 2), 1.5), _case("full", (2,), 3, dtype=D("int64")),
            _case("zeros_like", T((2, 3))), _case("ones_like", T((3,), "int32", 0, 1)),
            _case("full_like", T((2,), "float64"), 7), _case("empty_like", T((2, 3))),
            _case("empty", 2, 3), _case("empty", (2, 3), dtype=D("float64")),
            _case("zeros_like", T((2,)), dtype=D("int32")),
            _case("arange", 5), _case("arange", 1, 4, 0.5),
            _case("arange", 0, 5, 2, dtype=D("float32")),
            _case("linspace", 0, 1, 5), _case("linspace", -1.0, 1.0, 3, dtype=D("float64")),
            _case("eye", 3), _case("eye", 2, 3, D("int32")),
            _case("rand", 2, 3), _case("rand", (2, 3), dtype=D("float64")),
            _case("randn", 4), _case("rand_like", T((2, 2))),
            _case("randn_like", T((2,), "float64")),
            _case("randint", 5, (2, 3)), _case("randint", 2, 5, (3,)),
            _case("randint_like", T((2, 2), "int32", 0, 1), 4),
            _case("randperm", 5), _case("randperm", 4, dtype=D("int32")),
            _case("normal", T((2, 3)), 1.0), _case("normal", 0.0, 1.0, (2, 2)),
            _case("bernoulli", V([[0.0, 1.0], [0.0, 1.0]])),
            _case("multinomial", V([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]), 1),
            _case("multinomial", V([0.2, 0.3, 0.5]), 2)]


_r = onp.random.RandomState(16)


def _low(n, dtype="float32"):
    a = onp.tril(_r.uniform(-0.5, 0.5, (n, n))) + 2 * onp.eye(n)
    return V(onp.round(a, 3).tolist(), dtype)


def linear_cases():
    return [_case("matmul", T((2, 3)), T((3, 4)), grad=True),
            _case("matmul", T((2, 2, 3), "float64"), T((3,), "float64"), grad=True),
            _case("mm", T((2, 3)), T((3, 2)), grad=True), _case("bmm", T((2, 2, 3)),
                                                                T((2, 3, 1)), grad=True),
            _case("mv", T((2, 3), "float64"), T((3,), "float64"), grad=True),
            _case("dot", T((3,)), T((3,)), grad=True), _case("vdot", T((3,), "float64"),
                                                             T((3,), "float64"), grad=True),
            _case("outer", T((2,)), T((3,)), grad=True),
            _case("cross", T((2, 3)), T((2, 3)), grad=True),
            _case("einsum", "ij,jk->ik", T((2, 3)), T((3, 2)), grad=True),
            _case("addmm", T((2, 2)), T((2, 3)), T((3, 2)), beta=0.5, alpha=2, grad=True),
            _case("addbmm", T((2, 2), "float64"), T((3, 2, 3), "float64"),
                  T((3, 3, 2), "float64"), grad=True),
            _case("baddbmm", T((2, 2, 2)), T((2, 2, 3)), T((2, 3, 2)), beta=2, alpha=0.5,
                  grad=True),
            _case("addmv", T((2,)), T((2, 3)), T((3,)), alpha=2, grad=True),
            _case("inverse", _low(3), grad=True), _case("linalg.inv", _low(3, "float64"),
                                                        grad=True),
            _case("linalg.qr", T((3, 2))),
            _case("triangular_solve", T((3, 2)), _low(3), False, grad=True),
            _case("triangular_solve", T((3, 2), "float64"), _low(3, "float64"), False, True,
                  grad=True),
            _case("triangular_solve", T((3, 1)), _low(3), False, False, True, grad=True),
            _case("conv2d", T((1, 2, 5, 5)), T((3, 2, 3, 3)), grad=True),
            _case("conv2d", T((1, 2, 5, 5)), T((2, 1, 3, 3)), T((2,)), 2, 1, 1, 2, grad=True),
            _case("conv2d", T((1, 1, 4, 4), "float64"), T((1, 1, 3, 3), "float64"),
                  padding="same", grad=True),
            _case("conv2d", T((1, 1, 4, 4)), T((1, 1, 2, 2)), None, 1, (1, 0), grad=True)]
