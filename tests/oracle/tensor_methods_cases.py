"""Tensor-method cases for ``make_tensor_methods_fixture.py``: each case's ``op`` is a
method name, its first argument the Tensor it is called on (``getattr(x, op)(*rest)``,
through ``METHODS``), encoded as in ``ops_cases.py``. Only NumPy is needed here."""
from ops_cases import T, V, _case


class Methods:
    """Stands in for an ``ops`` module: ``Methods().acos(x)`` is ``x.acos()``, and
    ``Methods().H(x)`` reads the property ``x.H``."""

    def __getattr__(self, name):
        if name in ("H", "mH"):
            return lambda tensor: getattr(tensor, name)
        return lambda tensor, *args, **kwargs: getattr(tensor, name)(*args, **kwargs)


METHODS = Methods()

UNIT = "acos arccos asin arcsin atanh arctanh erfinv logit".split()
ABOVE_ONE = "acosh arccosh".split()
POSITIVE = "log10 log1p log2 i0".split()
ANY = """absolute atan arctan asinh arcsinh ceil cosh deg2rad rad2deg erf erfc expm1 floor frac
negative positive sgn sign sinc sinh tan trunc t fliplr flipud msort angle""".split()
FACTS = "isfinite isinf isnan isneginf isposinf isreal is_complex is_floating_point signbit " \
        "argwhere logical_not is_signed ndimension byte short".split()
BINARY = """add sub subtract mul multiply div divide true_divide arctan2 atan2 fmax fmin
hypot maximum minimum logaddexp logaddexp2 copysign float_power xlogy xdivy""".split()
COMPARE = "eq ne not_equal ge gt le lt greater greater_equal less less_equal equal " \
          "logical_and logical_or logical_xor approximate_equal allclose".split()
INTS = "gcd lcm bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift " \
       "floor_divide fmod remainder".split()


def _f(shape=(2, 3), low=-2.0, high=2.0, dtype="float32"):
    return T(shape, dtype, low=low, high=high)


def elementwise_cases():
    cases = [_case(n, _f(low=0.1, high=0.9), grad=True) for n in UNIT]
    cases += [_case(n, _f(low=1.2, high=3.0), grad=True) for n in ABOVE_ONE]
    cases += [_case(n, _f(low=0.2, high=3.0), grad=True) for n in POSITIVE]
    cases += [_case(n, _f(), grad=n not in ("ceil", "floor", "trunc", "sign", "sgn"))
              for n in ANY]
    cases += [_case(n, _f(dtype="float64"), grad=True) for n in ("acos", "tan", "frac")]
    special = V([0.0, -0.0, 1.0, float("inf"), float("-inf"), float("nan")])
    cases += [_case(n, special) for n in FACTS]
    cases += [_case(n, _f(), _f(), grad=True) for n in BINARY]
    cases += [_case(n, _f(low=0.5), _f(low=0.5), grad=True) for n in ("fmod", "remainder")]
    cases += [_case("add", _f(), _f(), alpha=2.0, grad=True),
              _case("sub", _f(), _f(), alpha=0.5, grad=True),
              _case("mul", _f(), 2.5, grad=True), _case("true_divide", _f(), 2, grad=True),
              _case("div", _f(), _f(low=0.5), rounding_mode="floor"),
              _case("remainder", _f(), divisor=1.5),
              _case("float_power", _f(low=0.5), 2.0, grad=True),
              _case("lerp", _f(), _f(), 0.3, grad=True), _case("inv", _f(low=0.5), grad=True),
              _case("hardshrink", _f(), 1.0, grad=True), _case("soft_shrink", _f(), 0.5),
              _case("heaviside", _f(), V(0.5)), _case("nan_to_num", special, 0.0, 9.0, -9.0),
              _case("ldexp", _f(), V([1, 2, 0], "int32")),
              _case("floor_divide", _f(), _f(low=0.5))]
    cases += [_case(n, _f(), _f()) for n in COMPARE]
    cases += [_case(n, T((2, 3), "int32", 1, 9), T((2, 3), "int32", 1, 3)) for n in INTS]
    cases += [_case(n, T((2, 3), "int32", -5, 5)) for n in ("invert", "bitwise_not")]
    return cases


def matrix_cases():
    spd = V([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
    sq = V([[2.0, 0.5, 0.1], [0.3, 1.5, 0.2], [0.1, 0.4, 1.8]])
    return [
        _case("det", sq, grad=True), _case("logdet", sq, grad=True),
        _case("slogdet", sq, grad=True), _case("inverse", sq, grad=True),
        _case("matrix_determinant", sq, grad=True), _case("log_matrix_determinant", sq),
        _case("matrix_power", sq, 3, grad=True), _case("cholesky", spd, grad=True),
        _case("cholesky", spd, upper=True), _case("adjoint", sq), _case("H", sq, grad=True),
        _case("mH", T((2, 3, 2)), grad=True), _case("H", T((3,))), _case("mH", T((3,))),
        _case("mm", _f(), _f((3, 2)), grad=True), _case("matmul", _f(), _f((3,)), grad=True),
        _case("bmm", _f((2, 2, 3)), _f((2, 3, 2)), grad=True),
        _case("outer", _f((3,)), _f((2,)), grad=True), _case("ger", _f((3,)), _f((2,))),
        _case("inner", _f(), _f((4, 3)), grad=True),
        _case("addmm", _f((2, 2)), _f(), _f((3, 2)), beta=0.5, alpha=2.0, grad=True),
        _case("addmv", _f((2,)), _f(), _f((3,)), grad=True),
        _case("addr", _f((3, 2)), _f((3,)), _f((2,)), grad=True),
        _case("addbmm", _f((2, 2)), _f((2, 2, 3)), _f((2, 3, 2)), grad=True),
        _case("baddbmm", _f((2, 2, 2)), _f((2, 2, 3)), _f((2, 3, 2)), grad=True),
        _case("addcmul", _f(), _f(), _f(), 0.5, grad=True),
        _case("addcdiv", _f(), _f(), _f(low=0.5), value=2.0, grad=True),
        _case("cross", _f((2, 3)), _f((2, 3)), 1, grad=True),
        _case("diag", _f((3,)), grad=True), _case("diag", _f((3,)), 1),
        _case("diagflat", _f((3,)), 1, grad=True),
        _case("tril", _f((3, 3)), grad=True), _case("tril", _f((3, 3)), 1),
        _case("triu", _f((3, 3)), diagonal=-1, grad=True),
        _case("fill_diagonal", _f((3, 3)), 7.0, grad=True),
        _case("fill_diagonal", _f((5, 2)), 7.0, True), _case("fill_diagonal", _f((3,)), 1.0),
        _case("qr", sq), _case("svd", sq, compute_uv=False),
        _case("cholesky_inverse", V([[2.0, 0.0], [0.5, 1.5]]), grad=True),
        _case("cholesky_solve", _f((2, 2)), V([[2.0, 0.0], [0.5, 1.5]]), grad=True),
        _case("eigvals", sq), _case("lstsq", _f((3, 2)), sq, grad=True),
        _case("lu_solve", _f((3, 1)), sq, V([1, 2, 3], "int32"), grad=True),
        _case("nextafter", _f((3,)), V([0.0, 5.0, -5.0])),
    ]
