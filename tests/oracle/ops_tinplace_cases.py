"""Area tinplace's Tensor methods (in-place ``x.add_(...)`` and utilities ``x.to(...)``) that
``make_ops_tinplace_fixture.py`` runs through real MindSpore; encoded as in ``ops_cases.py``,
with ``op`` the method's name and the first argument the Tensor it is called on.

MindSpore 2.10 on CPU has no kernel for most in-place methods (they raise 'kernel ...
unregistered'); the ones it runs it computes out of place (a new Tensor; the input keeps
its value, dtype and shape). The replay test accepts both, and checks the rest."""
from ops_cases import D, T, V, _case

RANDOM = {"new_empty", "uniform_", "normal_", "bernoulli_", "exponential_", "random_"}


class Methods:
    """``getattr(Methods(), 'add_')(x, *args)`` calls ``x.add_(*args)``: lets
    ``oracle_io.run_case`` (made for function ops) call Tensor methods on both sides.
    ``fresh=True`` calls an in-place method on a copy: ``run_case`` reuses its input
    Tensors for the gradient after the first call, which must find them unchanged (as
    MindSpore's CPU build, computing out of place, leaves them)."""

    def __init__(self, fresh=False):
        self.fresh = fresh

    def __getattr__(self, name):
        fresh = self.fresh and name.endswith("_")

        def call(tensor, *args, **kwargs):
            return getattr(tensor.copy() if fresh else tensor, name)(*args, **kwargs)
        call.__name__ = name
        return call


def _arith_cases():
    x, y, i32 = T((2, 3)), T((2, 3)), T((2, 3), "int32", 1, 5)
    f64, row = T((2, 3), "float64"), T((3,))
    cases = []
    for op in ("add_", "sub_", "mul_"):
        cases += [_case(op, x, y, grad=True), _case(op, x, 2.0, grad=True),
                  _case(op, f64, V(1.5, "float64"), grad=True), _case(op, i32, 2),
                  _case(op, x, row, grad=True), _case(op, x, "a")]
    cases += [_case("add_", x, y, alpha=2.0, grad=True), _case("sub_", x, y, alpha=3, grad=True),
              _case("div_", x, V([[1.5, 2.0, -4.0]] * 2), grad=True),
              _case("div_", x, 2.0, rounding_mode="floor"),
              _case("div_", x, -2.0, rounding_mode="trunc"),
              _case("div_", x, 2.0, rounding_mode="round"),
              _case("remainder_", x, 0.7), _case("remainder_", i32, 3),
              _case("remainder_", V([5, -5], "int32"), -3),
              _case("floor_divide_", x, 0.7), _case("floor_divide_", V([5, -5], "int32"), 3),
              _case("copy_", x, y, grad=True), _case("copy_", x, row, grad=True),
              _case("copy_", x, T((2, 3), "int32")), _case("copy_", x, T((4,))),
              _case("exp_", x, grad=True), _case("exp_", f64, grad=True),
              _case("addmm_", T((2, 2)), T((2, 3)), T((3, 2)), beta=0.5, alpha=2.0, grad=True)]
    return cases


def _write_cases():
    x, m = T((2, 3)), T((2, 3), "bool")
    idx = V([[1, 0, 2], [0, 2, 1]], "int64")
    return [
        _case("fill_", x, 2.5), _case("fill_", x, V(1.5)), _case("zero_", x),
        _case("clamp_", x, -0.5, 0.5, grad=True), _case("clamp_", x, min=V(0.0)),
        _case("masked_fill_", x, m, 0.25, grad=True),
        _case("index_fill_", x, 1, V([0, 2], "int64"), -1.0, grad=True),
        _case("index_add_", x, 0, V([1, 1], "int64"), T((2, 3)), alpha=2.0, grad=True),
        _case("scatter_", x, 1, idx, T((2, 3)), grad=True),
        _case("scatter_add_", x, 1, idx, T((2, 3)), grad=True),
        _case("masked_scatter_", x, m, T((6,)), grad=True),
        _case("index_put_", x, {"tuple": [V([0, 1], "int64"), V([2, 0], "int64")]},
              V([9.0, 8.0]), grad=True),
        _case("index_put_", x, {"tuple": [V([0, 0], "int64")]}, T((2, 3)), True, grad=True),
        _case("put_", x, V([1, 4], "int64"), V([9.0, 8.0]), grad=True),
        _case("index_copy_", x, 1, V([2, 0], "int64"), T((2, 2)), grad=True),
        _case("fill_diagonal_", T((3, 3)), 5.0), _case("fill_diagonal_", T((7, 3)), 5.0, True),
        _case("fill_diagonal_", T((3,)), 5.0),
        _case("floor_", x), _case("log_", T((2, 3), low=0.1), grad=True),
        _case("sigmoid_", x, grad=True), _case("tanh_", x, grad=True), _case("sign_", x),
        _case("erfinv_", T((2, 3), low=-0.9, high=0.9), grad=True),
        _case("uniform_", x, 2.0, 3.0), _case("normal_", x, 1.0, 2.0),
        _case("bernoulli_", x, 0.5), _case("exponential_", x, 2.0),
        _case("random_", T((2, 3), "int32"), 2, 5),
    ]


def _utility_cases():
    x, i8 = T((2, 2)), T((1,), "int8")
    return [
        _case("to", x, D("float64"), grad=True), _case("to", x, dtype=D("int32")),
        _case("to", x), _case("to", x, "cpu"),
        _case("type", x, D("int32")), _case("type", x, "float64"),
        _case("type_as", x, i8), _case("type_as", T((2,), "int32"), T((1,), "float64")),
        _case("new_zeros", x, [2, 3]), _case("new_zeros", x, 3, dtype=D("int32")),
        _case("new_zeros", x, 2, 3), _case("new_ones", x, [1]),
        _case("new_ones", T((2,), "int32"), [2, 2], dtype=D("float64")),
        _case("new_empty", x, [2]), _case("new_empty", x, [2], dtype=D("int64")),
        _case("view_as", x, T((4,)), grad=True), _case("view_as", x, T((3,))),
        _case("reshape_as", x, T((1, 4)), grad=True), _case("reshape_as", x, T((3,))),
        _case("numpy", x), _case("contiguous", x, grad=True), _case("ndimension", x),
        _case("ndimension", V(1.0)), _case("stride", T((2, 3, 4))), _case("stride", x, 1),
        _case("stride", x, -1), _case("stride", x, 5), _case("stride", V(1.0)),
        _case("storage_offset", x),
        _case("is_signed", x), _case("is_signed", V([1], "uint8")),
        _case("is_signed", V([True], "bool")), _case("is_signed", i8),
        _case("byte", V([-1.0, 300.0, 2.5])), _case("byte", V([3, 7], "int32")),
        _case("short", x), _case("short", V([2.75, -3.5], "float64")), _case("value", x),
        _case("half", x), _case("clone", x, grad=True),
    ]


def tinplace_cases():
    return _arith_cases() + _write_cases() + _utility_cases()
