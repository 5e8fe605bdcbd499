"""The indexing, scattering and shaping cases that ``make_ops_index_fixture.py`` runs
through real MindSpore (the case format is ``ops_cases.py``'s)."""
from ops_cases import T, V, _case

I32 = "int32"


def _x():
    return T((2, 3))


def scatter_cases():
    idx, upd = V([[0, 0], [1, 2]], I32), V([7.0, 8.0])
    return [
        _case("index_add", T((3, 2)), V([0, 0, 2], I32), T((3, 2)), 0, grad=True),
        _case("index_add", T((2, 3), "float64"), V([2, 0], I32), T((2, 2), "float64"), 1,
              grad=True),
        _case("index_add", T((3, 2)), V([0, 5], I32), T((2, 2)), 0),
        _case("index_fill", _x(), 1, V([0, 2], I32), 9.0, grad=True),
        _case("index_fill", T((2, 3), I32, 0, 5), 0, V([1], I32), 4),
        _case("scatter", _x(), 1, V([[0, 0]], I32), T((1, 2)), grad=True),
        _case("scatter", T((3, 3), "float64"), 0, V([[1, 2, 0]], I32), T((2, 3), "float64"),
              grad=True),
        _case("tensor_scatter_elements", _x(), V([[0, 0]], I32), T((1, 2)), 1, "add",
              grad=True),
        _case("tensor_scatter_elements", _x(), V([[1, 0, 1]], I32), T((1, 3)), grad=True),
        _case("tensor_scatter_elements", _x(), V([[1, 0, 1]], I32), T((1, 3)), 0, "mean"),
        _case("scatter_nd", V([[0], [0], [2]], I32), T((3, 2)), (3, 2), grad=True),
        _case("scatter_nd", V([[0, 1], [2, 0]], I32), T((2,), "float64"), (3, 2), grad=True),
        _case("scatter_nd", V([[0], [4]], I32), T((2, 2)), (3, 2)),
        _case("tensor_scatter_update", _x(), idx, upd, grad=True),
        _case("tensor_scatter_update", T((3, 2), "float64"), V([[2], [0]], I32),
              T((2, 2), "float64"), grad=True),
        _case("tensor_scatter_update", _x(), idx, T((3,))),
        _case("tensor_scatter_add", _x(), V([[0, 0], [0, 0]], I32), upd, grad=True),
        _case("tensor_scatter_add", T((3, 2), I32, 0, 5), V([[1]], I32), V([[1, 2]], I32)),
        _case("scatter_nd_add", T((3, 2)), V([[0], [0]], I32), T((2, 2)), grad=True),
        _case("scatter_add", T((3, 2)), V([0, 0], I32), T((2, 2))),
        _case("select_scatter", _x(), T((2,)), 1, 0, grad=True),
        _case("select_scatter", T((2, 3, 2), "float64"), T((2, 2), "float64"), 1, -1,
              grad=True),
        _case("slice_scatter", _x(), T((2, 1)), 1, 1, 2, grad=True),
        _case("slice_scatter", T((4, 2), "float64"), T((2, 2), "float64"), 0, 0, None, 2,
              grad=True),
        _case("diagonal_scatter", _x(), T((2,)), grad=True),
        _case("diagonal_scatter", T((3, 3), "float64"), T((2,), "float64"), 1, grad=True),
    ]


def select_cases():
    ints = V([2, 1, 2, 0, 5], I32)
    return [
        _case("index_select", _x(), 1, V([2, 0, 2], I32), grad=True),
        _case("index_select", T((3, 2), "float64"), 0, V([1], I32), grad=True),
        _case("index_select", _x(), 1, V([3], I32)),
        _case("masked_select", _x(), V([[True, False, True], [False, True, True]], "bool"),
              grad=True),
        _case("masked_select", T((2, 3), "float64"), V([True, False, True], "bool"), grad=True),
        _case("masked_select", _x(), V([1, 0, 1], I32)),
        _case("nonzero", V([[1.0, 0.0, 3.0], [0.0, 5.0, 1.0]])),
        _case("nonzero", V([0, 2, 0, 4], I32)),
        _case("argwhere", V([[True, False], [False, True]], "bool")),
        _case("unique", ints),
        _case("unique", V([[1.0, 0.0, 3.0], [0.0, 5.0, 1.0]])),
        _case("unique_consecutive", V([1, 1, 2, 2, 3, 1], I32)),
        _case("unique_consecutive", V([1, 1, 2, 2, 3, 1], I32), True, True),
        _case("unique_consecutive", V([[1.0, 2.0], [1.0, 2.0], [0.0, 2.0]]), True, True, 0),
        _case("unique_consecutive", V([1, 1, 2], I32), False, True),
        _case("bincount", ints),
        _case("bincount", ints, T((5,)), 8),
        _case("bincount", V([1, -1], I32)),
        _case("histc", V([[1.0, 0.0, 3.0], [0.0, 5.0, 1.0]]), 4),
        _case("histc", ints, 4),
        _case("histc", T((10,), low=-1, high=3), 5, -1.0, 2.0),
        _case("bucketize", V([[1.0, 0.0, 3.0], [0.0, 5.0, 1.0]]), [1.0, 3.0]),
        _case("bucketize", V([[1.0, 0.0, 3.0], [0.0, 5.0, 1.0]]), [1.0, 3.0], right=True),
        _case("searchsorted", V([1.0, 3.0, 5.0]), V([[1.0, 0.0, 3.0], [0.0, 5.0, 6.0]]),
              out_int32=True),
        _case("searchsorted", V([1.0, 3.0, 5.0]), V([1.0, 4.0]), out_int32=True, right=True),
        _case("searchsorted", V([[1, 3, 5], [2, 4, 6]], I32), V([[3], [3]], I32),
              out_int32=True, side="right"),
        _case("searchsorted", V([1.0, 3.0, 5.0]), V([1.0, 4.0])),
    ]
