"""Area fn_lin's FFT, window and math cases (see ``ops_fn_lin_cases.py`` for the
encoding and ``RealView``)."""
import numpy as onp

from ops_cases import D, T, V, _case
from ops_fn_lin_cases import C

NANS = V([1.0, float("nan"), float("inf"), -float("inf"), 3.0])


def fft_cases():
    x, x64, xi = T((2, 4)), T((4,), "float64"), V([1, 2, 3, 4], "int32")
    cases = []
    for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
        cases += [_case(name, x, grad=True), _case(name, x64, grad=True),
                  _case(name, x, 6, 0, "ortho", grad=True), _case(name, xi)]
    for name in ("fft", "ifft", "irfft", "hfft"):
        cases += [_case(name, C((2, 3)), cplx=[0], grad=True),
                  _case(name, C((4,), "float64"), 5, norm="forward", cplx=[0], grad=True)]
    cases += [_case("rfft", C((3,)), cplx=[0]), _case("fft", x, norm="x"),
              _case("fft", x, n=0), _case("fft", x, dim=2)]
    for name in ("fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn", "irfftn"):
        cases += [_case(name, T((2, 3, 4)), grad=True),
                  _case(name, T((3, 4), "float64"), (3, 5), (0, 1), "ortho", grad=True)]
    for name in ("fft2", "ifftn", "irfftn"):
        cases.append(_case(name, C((2, 3)), cplx=[0], grad=True))
    cases += [_case("fftn", x, s=(3,)), _case("ifft2", x, dim=(0, 3)),
              _case("fftn", T((2, 3, 4)), None, (2, 0), grad=True)]
    for name in ("fftshift", "ifftshift"):
        cases += [_case(name, T((3, 5)), grad=True), _case(name, T((3, 5)), 1, grad=True),
                  _case(name, xi), _case(name, T((3, 4)), (0, 1))]
    for name in ("fftfreq", "rfftfreq"):
        cases += [_case(name, 5), _case(name, 8, 0.5, D("float64")), _case(name, 0)]
    return cases


def window_cases():
    cases = []
    for name in ("hann_window", "hamming_window", "kaiser_window"):
        cases += [_case(name, 5), _case(name, 6, False), _case(name, 1), _case(name, 0),
                  _case(name, 5, dtype=D("float64")), _case(name, 5, dtype=D("int32")),
                  _case(name, 2.0)]
    for name in ("bartlett_window", "blackman_window"):
        cases += [_case(name, V(5, "int32")), _case(name, V(6, "int64"), False),
                  _case(name, V(1, "int32")), _case(name, V(5, "int32"), dtype=D("float64")),
                  _case(name, 5), _case(name, V(5.0))]
    return cases + [_case("hamming_window", 7, True, 0.5, 0.4),
                    _case("kaiser_window", 7, True, 5.0), _case("kaiser_window", 6, False, 8.0)]


def math_cases():
    x, x64, xi = T((2, 4)), T((4,), "float64"), V([1, -2, 3, 4], "int32")
    pos = T((3,), low=0.5)
    return [
        _case("nan_to_num", NANS, 0.5, 2.0, -3.0, grad=True),
        _case("nan_to_num", NANS), _case("nan_to_num", xi),
        _case("nanmedian", V([[1.0, float("nan"), 3.0, 2.0], [4.0, 1.0, 0.0, 5.0]]),
              grad=True),
        _case("nanmedian", x, 0, True, grad=True), _case("nanmedian", xi),
        _case("quantile", x, 0.3), _case("quantile", x, 1.5), _case("quantile", xi, 0.5),
        _case("nanquantile", NANS, 0.5),
        _case("heaviside", V([-1.0, 0.0, 2.0]), V([0.5])), _case("heaviside", xi, xi),
        _case("heaviside", xi, x64),
        _case("ldexp", x, V([1, 2, 3, 4], "int32"), grad=True), _case("ldexp", xi, xi),
        _case("ldexp", x64, V([0, 1, -1, 2], "int64"), grad=True),
        _case("i0", x, grad=True), _case("i0", x64, grad=True), _case("i0", xi),
        _case("sgn", x, grad=True), _case("sgn", xi), _case("sgn", C((3,)), cplx=[0]),
        _case("logspace", V(0.0), V(2.0), 3), _case("logspace", V(-1.0), V(1.0), 5, 2),
        _case("logspace", 0, 2, 3), _case("logspace", V(0.0), V(2.0), 3, dtype=D("int32")),
        _case("logspace", V(0.0, "float64"), V(2.0, "float64"), 4, dtype=D("float64")),
        _case("multiply", x, 2.0, grad=True), _case("multiply", xi, xi),
        _case("subtract", x, x, alpha=2, grad=True), _case("subtract", xi, 1.5),
        _case("subtract", x64, x64, grad=True),
        _case("absolute", xi), _case("absolute", x, grad=True),
        _case("floor_mod", x, 0.7, grad=True), _case("floormod", xi, 3),
        _case("floor_mod", xi, V([3, -3, 2, -2], "int32")),
        _case("floordiv", x, 0.7), _case("floordiv", xi, -3),
        _case("gcd", xi, V([4, 6, 9, 2], "int32")), _case("gcd", x, x),
        _case("lcm", xi, V([4, 6, 9, 2], "int64")), _case("lcm", V([0, 5], "int64"),
                                                          V([3, 0], "int64")),
        _case("fmax", NANS, V(2.0), grad=True), _case("fmax", xi, xi),
        _case("fmin", NANS, V([2.0, 2.0, 2.0, float("nan"), 2.0]), grad=True),
        _case("nextafter", x, T((2, 4))), _case("nextafter", x64, x64),
        _case("nextafter", xi, xi),
        _case("polar", pos, T((3,)), grad=True),
        _case("polar", T((3,), "float64", 0.5), T((3,), "float64"), grad=True),
        _case("polar", xi, xi),
        _case("angle", C((3,)), cplx=[0], grad=True), _case("angle", x),
        _case("conj", C((3,)), cplx=[0], grad=True), _case("conj", xi),
        _case("conj", x, grad=True),
        _case("real", C((2, 2), "float64"), cplx=[0], grad=True), _case("real", xi),
        _case("imag", C((3,)), cplx=[0], grad=True), _case("imag", x),
        _case("is_complex", C((3,)), cplx=[0]), _case("is_complex", x), _case("is_complex", 3),
        _case("is_floating_point", xi), _case("is_floating_point", x64),
        _case("is_floating_point", 2.0),
        _case("isreal", C((3,)), cplx=[0]), _case("isreal", x),
        _case("isneginf", NANS), _case("isneginf", xi), _case("isposinf", NANS),
        _case("isposinf", xi),
        _case("numel", x), _case("numel", T((0, 3))), _case("rank", x), _case("rank", V(1.0)),
        _case("size", T((2, 3, 4))), _case("rank", 3),
        _case("ravel", x, grad=True), _case("msort", x, grad=True), _case("msort", xi),
        _case("renorm", x, 2, 0, 1.0, grad=True), _case("renorm", x, 1, 1, 1.5, grad=True),
        _case("renorm", x64, 3, -1, 0.5, grad=True),
        _case("renorm", x, 2.5, 0, 1.0), _case("renorm", xi, 2, 0, 1.0),
        _case("clip_by_norm", x, 1.0, grad=True), _case("clip_by_norm", x, 10.0, grad=True),
        _case("clip_by_norm", x64, 0.5, grad=True),
        _case("clip_by_norm", {"tuple": [x, T((3,))]}, 1.0, grad=True),
        _case("clip_by_norm", {"tuple": [x, x64]}, 1.0),
        _case("clip_by_norm", x, 1.0, 1.0), _case("clip_by_norm", x, 1.0, "inf"),
    ]
