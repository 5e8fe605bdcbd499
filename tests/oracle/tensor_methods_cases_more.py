"""Shaping, indexing and reduction Tensor-method cases for
``make_tensor_methods_fixture.py`` (encoded as in ``tensor_methods_cases.py``)."""
from ops_cases import T, V, _case


def _f(shape=(2, 3), low=-2.0, high=2.0, dtype="float32"):
    return T(shape, dtype, low=low, high=high)


def _i(values):
    return V(values, "int32")


MASK = V([[True, False, True], [False, True, True]], "bool")


def shaping_cases():
    x = _f((2, 3, 4))
    return [
        _case("chunk", x, 2, grad=True), _case("chunk", x, 2, dim=2, grad=True),
        _case("chunk", x, 3, axis=1), _case("split", x, 2, grad=True),
        _case("split", x, [1, 3], dim=2, grad=True), _case("split", x, (1, 1), axis=0),
        _case("tensor_split", x, 3, 2, grad=True), _case("hsplit", x, 3),
        _case("vsplit", _f((4, 2)), 2, grad=True), _case("dsplit", x, [1, 3]),
        _case("unbind", x, 1, grad=True), _case("unbind", x),
        _case("narrow", x, 2, 1, 2, grad=True), _case("narrow", x, 3, 0, 1),
        _case("select", x, 1, 2, grad=True), _case("select", x, -1, 0),
        _case("select", x, 3, 0), _case("select", _f(), MASK, _f(), grad=True),
        _case("expand", _f((3, 1)), 2, 3, 4, grad=True), _case("expand", _f((3, 1)), (3, 5)),
        _case("expand", _f((3, 1)), -1, 2), _case("expand", _f((3, 2)), 3, 4),
        _case("sum_to_size", x, 3, 1, grad=True), _case("sum_to_size", x, (1, 1, 4)),
        _case("sum_to_size", x, 5, 4),
        _case("flip", x, (0, 2), grad=True), _case("rot90", _f(), 1, (0, 1), grad=True),
        _case("roll", x, 1, 2), _case("moveaxis", x, 0, 2, grad=True),
        _case("movedim", x, (0, 1), (2, 0)), _case("swapdims", x, 0, 2, grad=True),
        _case("repeat_interleave", _f(), 2, grad=True),
        _case("repeat_interleave", _f(), 2, dim=1, grad=True),
        _case("repeat_interleave", _f(), 2, 0),
        _case("reverse", x, (1,), grad=True),
        _case("diff", _f((2, 5)), grad=True), _case("diff", _f((2, 5)), 2, 0),
        _case("unfold", _f((1, 2, 4, 4)), 2, stride=2, grad=True),
        _case("fold", _f((1, 8, 4)), _i([4, 4]), 2, stride=2, grad=True),
    ]


def indexing_cases():
    x = _f((3, 4))
    idx = _i([2, 0])
    return [
        _case("index_select", x, 1, idx, grad=True),
        _case("index_select", x, dim=0, index=idx), _case("index_select", x, axis=0, index=idx),
        _case("index_select", x, 2, idx), _case("masked_select", _f(), MASK, grad=True),
        _case("masked_scatter", _f(), MASK, _f((6,)), grad=True),
        _case("masked_scatter", _f(), V([True, False, True], "bool"), _f((2, 3))),
        _case("masked_scatter", _f(), MASK, _f((2,))),
        _case("where", _f(), MASK, _f(), grad=True), _case("where", _f(), MASK, V(9.0)),
        _case("index_fill", x, 1, idx, -1.0, grad=True),
        _case("index_put", x, {"tuple": [_i([0, 2]), _i([1, 3])]}, _f((2,)), grad=True),
        _case("index_put", x, {"tuple": [_i([0, 0])]}, _f((4,)), True, grad=True),
        _case("inplace_update", x, _f((2, 4)), _i([2, 0]), grad=True),
        _case("scatter", x, 1, _i([[0], [1], [3]]), _f((3, 1)), grad=True),
        _case("scatter", x, dim=0, index=_i([[1, 0, 2, 0]]), src=_f((1, 4))),
        _case("scatter_add", x, _i([[0], [2]]), _f((2, 4)), grad=True),
        _case("scatter_sub", x, _i([[1], [2]]), _f((2, 4)), grad=True),
        _case("scatter_mul", x, _i([[1, 1]]), V([2.0])),
        _case("scatter_max", x, _i([[0, 1], [2, 3]]), V([9.0, -9.0])),
        _case("scatter_min", x, _i([[0, 1]]), V([-9.0])),
        _case("scatter_div", x, _i([[0, 1]]), V([2.0])),
        _case("gather_nd", x, _i([[0, 1], [2, 3]]), grad=True),
        _case("select_scatter", x, _f((4,)), 0, 1, grad=True),
        _case("slice_scatter", x, _f((3, 2)), 1, 0, 4, 2, grad=True),
        _case("diagonal_scatter", _f((3, 3)), _f((3,)), grad=True),
        _case("top_k", _f((5,)), 2), _case("argwhere", MASK),
        _case("index_add", x, idx, _f((3, 2)), 1, grad=True),
        _case("unique_consecutive", V([1.0, 1.0, 2.0, 2.0, 1.0]), True, True),
        _case("unsorted_segment_max", x, _i([0, 1, 0]), 2),
        _case("unsorted_segment_min", x, _i([0, 1, 0]), 2),
        _case("unsorted_segment_prod", x, _i([0, 1, 0]), 2),
        _case("reverse_sequence", x, _i([2, 1, 3]), 1),
        _case("bincount", _i([1, 1, 3, 0]), minlength=5),
        _case("histc", _f((8,)), 4, -2.0, 2.0),
    ]


def reduction_cases():
    x = _f((3, 4))
    nan = V([[1.0, float("nan"), 2.0], [float("nan"), 3.0, 0.5]])
    return [
        _case("logsumexp", x, 1, grad=True), _case("logsumexp", x, dim=0, keepdim=True),
        _case("logsumexp", x, axis=0), _case("logcumsumexp", x, 1, grad=True),
        _case("median", x), _case("median", x, dim=0),
        _case("median", x, axis=0, keepdims=True),
        _case("argmax_with_value", x), _case("argmax_with_value", x, 1, True, grad=True),
        _case("argmin_with_value", x, axis=1), _case("aminmax", x, axis=1, keepdims=True),
        _case("cummax", x, 1), _case("cummin", x, 0),
        _case("count_nonzero", _i([[0, 1, 2], [0, 0, 3]])),
        _case("count_nonzero", _i([[0, 1, 2], [0, 0, 3]]), 1),
        _case("nansum", nan, grad=True), _case("nansum", nan, 0, True),
        _case("nanmean", nan, 1, grad=True), _case("nanmedian", nan, 0),
        _case("quantile", x, 0.3, 1, grad=True), _case("nanquantile", nan, 0.5, 1),
        _case("cov", x), _case("renorm", x, 2, 0, 1.0, grad=True),
        _case("msort", x), _case("allclose", x, x), _case("allclose", x, _f((3, 4))),
    ]


def special_cases():
    """lgamma, digamma, igamma, igammac (generated last: the earlier cases keep their
    random values)."""
    poles = V([-2.0, -0.5, 0.0, 0.5, 1.0, 4.5])
    return [
        _case("lgamma", _f(low=0.2, high=4.0), grad=True), _case("lgamma", poles),
        _case("lgamma", _f(low=0.2, high=4.0, dtype="float64"), grad=True),
        _case("lgamma", T((4,), "int32", 1, 5)),
        _case("digamma", _f(low=0.2, high=4.0), grad=True), _case("digamma", poles),
        _case("digamma", _f((3,), low=0.5, high=3.0, dtype="float64"), grad=True),
        _case("digamma", T((4,), "int32", 1, 5)),
        _case("igamma", _f(low=0.5, high=3.0), _f(low=0.1, high=4.0), grad=True),
        _case("igamma", _f((2, 1), low=0.5, high=3.0, dtype="float64"),
              _f((3,), low=0.1, high=4.0, dtype="float64"), grad=True),
        _case("igamma", V([-1.0, 0.0, 1.0, 2.0]), V([1.0, 1.0, 0.0, -1.0])),
        _case("igamma", _f(low=0.5, high=3.0), _f(low=0.1, high=4.0, dtype="float64")),
        _case("igammac", _f(low=0.5, high=3.0), _f(low=0.1, high=4.0), grad=True),
        _case("igammac", _f((3,), low=0.5, high=3.0, dtype="float64"),
              _f((3,), low=0.1, high=4.0, dtype="float64"), grad=True),
        _case("igammac", T((3,), "int32", 1, 3), T((3,), "int32", 1, 3)),
    ]
