"""More indexing and shaping cases for ``make_ops_index_fixture.py`` (rearranging and
combining ops)."""
from ops_cases import T, V, _case

I32 = "int32"


def L(*tensors):
    """An encoded tuple of Tensors."""
    return {"tuple": list(tensors)}


def rearrange_cases():
    x, x64 = T((2, 3)), T((2, 3, 2), "float64")
    return [
        _case("flip", x, (1,), grad=True), _case("flip", x64, (0, -1), grad=True),
        _case("flip", x, (2,)),
        _case("fliplr", x, grad=True), _case("fliplr", T((3,))),
        _case("flipud", x64, grad=True), _case("flipud", V(1.0)),
        _case("roll", x, 1, grad=True), _case("roll", x64, (1, -1), (0, 2), grad=True),
        _case("rot90", x, 1, [0, 1], grad=True), _case("rot90", x64, -3, [2, 0], grad=True),
        _case("rot90", x, 1, [0, 0]),
        _case("repeat_interleave", x, 2, grad=True),
        _case("repeat_interleave", x64, V([1, 2], I32), 0, grad=True),
        _case("repeat_interleave", x, [1, 2, 0], 1, grad=True),
        _case("narrow", x, 1, 1, 2, grad=True), _case("narrow", x64, -1, 0, 1, grad=True),
        _case("narrow", x, 1, 2, 2),
        _case("movedim", x64, 0, 2, grad=True), _case("movedim", x, (0, 1), (1, 0)),
        _case("moveaxis", x64, -1, 0, grad=True),
        _case("swapaxes", x64, 0, 2, grad=True), _case("swapaxes", x, 0, 3),
        _case("swapdims", x, 1, 0, grad=True),
        _case("unsqueeze", x, -1, grad=True), _case("unsqueeze", x64, 0), _case("unsqueeze", x, 4),
        _case("expand", V([[1.0], [2.0]]), V([2, -1, 3], I32), grad=True),
        _case("expand", T((3, 1), "float64"), V([3, 4], I32), grad=True),
        _case("expand_as", T((1, 3)), T((2, 3)), grad=True),
        _case("hstack", L(T((2, 1)), T((2, 2))), grad=True),
        _case("hstack", L(T((2,), "float64"), T((1,), "float64")), grad=True),
        _case("vstack", L(T((3,)), T((2, 3))), grad=True),
        _case("row_stack", L(T((1, 2), "float64"), T((1, 2), "float64")), grad=True),
        _case("dstack", L(T((2, 2)), T((2, 2))), grad=True),
        _case("dstack", L(T((2,), "float64"), T((2,), "float64")), grad=True),
        _case("column_stack", L(T((3,)), T((3, 2))), grad=True),
        _case("hsplit", T((2, 4)), 2, grad=True), _case("hsplit", T((2, 4)), [1, 3], grad=True),
        _case("hsplit", T((4,)), 2),
        _case("vsplit", T((4, 2), "float64"), 2, grad=True),
        _case("dsplit", T((1, 2, 4)), [1], grad=True), _case("dsplit", T((2, 2)), 2),
        _case("atleast_1d", V(1.0), grad=True), _case("atleast_2d", T((3,)), grad=True),
        _case("atleast_3d", L(V(1.0), T((2, 3))), grad=True),
        _case("atleast_3d", T((2, 3), "float64"), grad=True),
    ]


def combine_cases():
    return [
        _case("block_diag", T((2, 3)), T((1, 2)), grad=True),
        _case("block_diag", T((2,), "float64"), V(3.0, "float64"), grad=True),
        _case("block_diag", T((2, 3)), T((1, 2), I32)),
        _case("cartesian_prod", V([1, 2], I32), V([3, 4, 5], I32)),
        _case("cartesian_prod", T((2,), "float64"), T((3,), "float64"), grad=True),
        _case("combinations", T((4,)), grad=True),
        _case("combinations", T((3,), "float64"), 2, True, grad=True),
        _case("combinations", T((3,)), 3),
        _case("combinations", T((2, 2)), 2),
        _case("meshgrid", T((2,)), T((3,)), grad=True),
        _case("meshgrid", T((2,), "float64"), T((3,), "float64"), indexing="ij", grad=True),
        _case("meshgrid", T((2,)), T((3,)), indexing="xx"),
        _case("diff", T((2, 4)), grad=True), _case("diff", T((5,), "float64"), 2, grad=True),
        _case("diff", V([2, 1, 2, 0, 5], I32)), _case("diff", V([True, False, False], "bool")),
        _case("diff", T((2, 3)), 1, 0, T((1, 3)), T((2, 3)), grad=True),
        _case("trapz", T((2, 3)), grad=True), _case("trapz", V([1, 2, 4], I32)),
        _case("trapz", T((2, 3), "float64"), T((3,), "float64", 0, 3), grad=True),
        _case("trapz", T((3, 2)), dx=0.5, dim=0, grad=True),
    ]
