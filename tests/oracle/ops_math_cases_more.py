"""The reduction, statistics, linear-algebra and distance cases for
``make_ops_math_fixture.py`` (same record format as ``ops_cases.py``)."""
from ops_cases import T, V, _case


def reduction_math_cases():
    x, x64 = T((3, 4)), T((2, 3), "float64")
    cases = []
    for op in ("std", "var", "std_mean", "var_mean"):
        cases += [_case(op, x, grad=True), _case(op, x, 1, grad=True),
                  _case(op, x64, axis=0, ddof=1, keepdims=True, grad=True),
                  _case(op, x, axis=(0, 1), grad=True),
                  _case(op, T((3,), "int32")), _case(op, x, ddof=1.5)]
    cases += [_case("logsumexp", x, 1, grad=True), _case("logsumexp", x64, (0, 1), True,
                                                         grad=True),
              _case("logsumexp", V([1000.0, 1000.0]), 0, grad=True),
              _case("logsumexp", T((3,), "int32"), 0), _case("logsumexp", x, 5),
              _case("median", x, grad=True), _case("median", x64, 0, True, grad=True),
              _case("median", T((4, 3), "int32", low=-9, high=9), 0),
              _case("median", x, axis=3),
              _case("nansum", V([1.0, float("nan"), 2.0]), grad=True),
              _case("nansum", x64, 1, True, grad=True), _case("nansum", T((3,), "int32")),
              _case("nanmean", V([[1.0, float("nan")], [2.0, 4.0]]), 1, grad=True),
              _case("nanmean", x64, grad=True),
              _case("count_nonzero", T((3, 4), "int32", low=-1, high=1)),
              _case("count_nonzero", T((3, 4), "int32", low=-1, high=1), 1, True),
              _case("count_nonzero", V([[0.0, 1.5], [0.0, 0.0]]), (0, 1)),
              _case("all", T((2, 3), "bool")), _case("all", T((2, 3), "bool"), 1, True),
              _case("all", T((2, 3), "int32", low=0, high=2), 0),
              _case("any", T((2, 3), "bool")), _case("any", T((2, 3), "bool"), (0, 1)),
              _case("any", V([0.0, 0.5]), 0),
              _case("aminmax", x, grad=True), _case("aminmax", x64, axis=1, keepdims=True,
                                                    grad=True),
              _case("aminmax", T((4,), "int32"), axis=0), _case("aminmax", x, axis=4)]
    for op in ("cummax", "cummin"):
        cases += [_case(op, x, 1, grad=True), _case(op, x64, 0, grad=True),
                  _case(op, V([1.0, 3.0, 3.0, 1.0, 1.0]), 0, grad=True),
                  _case(op, T((5,), "int32", low=-3, high=3), 0), _case(op, x, 2)]
    cases += [_case("logcumsumexp", x, 1, grad=True),
              _case("logcumsumexp", x64, 0, grad=True),
              _case("logcumsumexp", V([800.0, 800.0, -800.0]), 0, grad=True),
              _case("cumsum", x, axis=1, grad=True)]
    return cases


def linalg_math_cases():
    m, m64 = T((3, 3)), T((3, 3), "float64")
    v, w = T((3,)), T((3,))
    return [
        _case("dot", T((2, 3)), T((3, 4)), grad=True), _case("dot", m64, m64, grad=True),
        _case("dot", T((2, 2, 3)), T((4, 3, 2)), grad=True), _case("dot", v, w, grad=True),
        _case("inner", v, w, grad=True), _case("inner", T((2, 3)), T((4, 3)), grad=True),
        _case("outer", v, T((2,)), grad=True), _case("outer", m, v),
        _case("ger", v, T((2,), "float64"), grad=True), _case("ger", v, m),
        _case("kron", T((2, 2)), T((2, 3)), grad=True),
        _case("kron", T((2,), "int32"), T((3,), "int32")),
        _case("cross", T((2, 3)), T((2, 3)), grad=True),
        _case("cross", T((3, 2)), T((3, 2)), dim=0, grad=True),
        _case("cross", T((2, 4)), T((2, 4))),
        _case("det", m, grad=True), _case("det", T((2, 2, 2), "float64"), grad=True),
        _case("det", T((2, 3))), _case("det", T((2, 2), "int32")),
        _case("inverse", V([[2.0, 1.0], [1.0, 3.0]]), grad=True),
        _case("inverse", V([[2.0, 1.0], [1.0, 3.0]], "float64"), grad=True),
        _case("inverse", T((2, 3))),
        _case("matrix_power", m, 3, grad=True), _case("matrix_power", m64, 0, grad=True),
        _case("matrix_power", V([[2.0, 1.0], [1.0, 3.0]]), -2, grad=True),
        _case("matrix_power", T((2, 3)), 2), _case("matrix_power", m, 1.5),
        _case("trace", T((2, 3)), grad=True), _case("trace", m64, grad=True),
        _case("trace", T((3, 3), "int32")), _case("trace", v),
        _case("diag", v, grad=True), _case("diag", T((2, 2), "float64"), grad=True),
        _case("diag", T((3,), "int32")),
        _case("diagonal", T((3, 4)), grad=True), _case("diagonal", T((3, 4)), 1, grad=True),
        _case("diagonal", T((2, 3, 4), "float64"), -1, 1, 2, grad=True),
        _case("diagflat", v, grad=True), _case("diagflat", T((2, 2)), -1, grad=True),
        _case("diag_embed", T((2, 3)), grad=True),
        _case("diag_embed", T((2, 3), "float64"), 1, 0, 2, grad=True),
        _case("diag_embed", T((3,)), -1, grad=True),
        _case("diag_embed", T((2, 3)), 0, 1, 1),
        _case("tril", T((3, 4)), grad=True), _case("tril", T((2, 3, 3), "float64"), -1,
                                                   grad=True),
        _case("triu", T((3, 4)), 1, grad=True), _case("triu", T((3, 3), "int32")),
        _case("tril", v), _case("triu", m, 0.5),
        _case("addmm", T((2, 4)), T((2, 3)), T((3, 4)), grad=True),
        _case("addmm", T((4,), "float64"), T((2, 3), "float64"), T((3, 4), "float64"),
              beta=0.5, alpha=2.0, grad=True),
        _case("addmm", T((2, 4)), T((3,)), T((3, 4))),
        _case("addmv", T((2,)), T((2, 3)), v, grad=True),
        _case("addmv", T((2,), "float64"), T((2, 3), "float64"), T((3,), "float64"),
              beta=2, alpha=0.5, grad=True),
        _case("baddbmm", T((2, 2, 4)), T((2, 2, 3)), T((2, 3, 4)), grad=True),
        _case("baddbmm", T((2, 2, 4), "float64"), T((2, 2, 3), "float64"),
              T((2, 3, 4), "float64"), 0.5, 2.0, grad=True),
        _case("baddbmm", T((2, 4)), T((2, 3)), T((3, 4))),
        _case("einsum", "ij,jk->ik", T((2, 3)), T((3, 4)), grad=True),
        _case("einsum", "ii", m64, grad=True), _case("einsum", "bij->bji", T((2, 2, 3))),
        _case("tensor_dot", T((2, 3)), T((3, 4)), 1, grad=True),
        _case("tensor_dot", T((2, 3, 4), "float64"), T((3, 4, 2), "float64"),
              [[1, 2], [0, 1]], grad=True),
        _case("cdist", T((3, 2)), T((4, 2)), grad=True),
        _case("cdist", T((2, 3, 2), "float64"), T((2, 4, 2), "float64"), 1.0, grad=True),
        _case("cdist", T((3, 2)), T((4, 2)), 0.0), _case("cdist", T((3, 2)), T((4, 2)), 3.0),
        _case("cdist", T((3, 2)), T((4, 3))), _case("cdist", T((3, 2)), T((4, 2)), -1.0),
        _case("dist", T((2, 3)), T((2, 3)), grad=True),
        _case("dist", T((3,), "float64"), T((3,), "float64"), 1, grad=True),
        _case("dist", T((3,)), T((3,)), float("inf")), _case("dist", T((3,)), T((3,)), 0),
        _case("dist", T((3,)), T((3,)), 3),
        _case("cosine_similarity", T((2, 3)), T((2, 3)), grad=True),
        _case("cosine_similarity", T((2, 3), "float64"), T((2, 3), "float64"), 0,
              grad=True),
        _case("pdist", T((4, 3)), grad=True),
        _case("pdist", T((4, 3), "float64"), 1.0, grad=True),
        _case("pdist", T((4, 3)), 3.0), _case("pdist", v), _case("pdist", T((4, 3)), -1.0)]
