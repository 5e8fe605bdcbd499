"""Area opsrest1's function cases (``identity``, ``view_as_real``, the determinants, the
N-D Hermitian FFTs, the ``*_ext`` aliases, ``stft``/``STFT``) and the V3 diagonal-band
primitives, encoded as in ``ops_cases.py`` and run
through ``ops_opsrest1_cases.rest_view`` (complex values as (real, imag) pairs)."""
import numpy as onp

from ops_cases import T, V, _case
from ops_fn_lin_cases import C


def function_cases():
    m = V([[1.0, 2.0], [3.0, 4.0]])
    batch = V([[[2.0, 0.5], [0.1, -3.0]], [[1.0, 2.0], [2.0, 1.0]]], "float64")
    c = [
        _case("identity", T((2, 3)), grad=True), _case("identity", T((3,), "int32")),
        _case("view_as_real", C((2, 3)), cplx=[0], grad=True),
        _case("view_as_real", C((3,), "float64"), cplx=[0]),
        _case("view_as_real", T((3,))),
        _case("matrix_determinant", m, grad=True), _case("matrix_determinant", batch, grad=True),
        _case("matrix_determinant", T((2,))), _case("matrix_determinant", V([[1, 2], [3, 4]],
                                                                            "int32")),
        _case("log_matrix_determinant", m, grad=True),
        _case("log_matrix_determinant", batch, grad=True),
        _case("log_matrix_determinant", T((2, 3))),
    ]
    x, x64 = T((3, 4)), T((2, 3, 4), "float64")
    for op in ("hfft2", "hfftn", "ihfft2", "ihfftn"):
        c += [_case(op, x, grad=True), _case(op, x64, grad=True),
              _case(op, x, s=(2, 6), norm="ortho"), _case(op, x64, dim=(0, 2), norm="forward"),
              _case(op, x, norm="bad"), _case(op, x, s=(0, 4))]
    for op in ("hfft2", "hfftn"):
        c += [_case(op, C((3, 3)), cplx=[0], grad=True),
              _case(op, C((3, 3), "float64"), s=(3, 4), cplx=[0])]
    c += [_case("ihfft2", C((3, 3)), cplx=[0]), _case("ihfftn", T((3, 4), "int32"))]
    y = V([[1.0, 3.0, 6.0], [1.0, 2.0, 2.0]])
    c += [
        _case("diff_ext", y, grad=True), _case("diff_ext", y, 2, 1, V([[0.0], [0.0]]), grad=True),
        _case("diff_ext", y, 1, 0, None, V([[1.0, 1.0, 1.0]]), grad=True),
        _case("diff_ext", V([1, 5, 2], "int32")), _case("diff_ext", y, 0),
        _case("diff_ext", y, 5), _case("diff_ext", y, 1, 2),
        _case("diff_ext", T((4,), "float64"), 2, grad=True),
        _case("float_power_ext", T((3,), low=0.5), 2, grad=True),
        _case("float_power_ext", V([1, 2], "int32"), 2),
        _case("float_power_ext", T((3,), low=0.5), T((3,)), grad=True),
        _case("float_power_ext", 2, T((3,)), grad=True),
        _case("float_power_ext", T((3,), "float64", low=0.5), 0.5, grad=True),
    ]
    return c


def diag_cases():
    x, k, pad = T((2, 3, 4)), V([-1, 1], "int32"), V(0.5)
    n = lambda v: V(v, "int32")  # noqa: E731
    c = []
    for align in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
        c += [_case("MatrixDiagPartV3", x, k, pad, init=(align,), grad=True),
              _case("MatrixSetDiagV3", x, T((2, 3, 3)), k, init=(align,), grad=True),
              _case("MatrixDiagV3", T((2, 3, 3)), k, n(-1), n(-1), pad, init=(align,),
                    grad=True)]
    c += [
        _case("MatrixDiagPartV3", T((3, 3), "float64"), n(0), V(0.0, "float64"), init=(),
              grad=True),
        _case("MatrixDiagPartV3", T((4, 3)), n([-3, -1]), pad, init=()),
        _case("MatrixDiagPartV3", T((3, 3), "int32"), n([0, 2]), V(-1, "int32"), init=()),
        _case("MatrixDiagPartV3", x, n([1, -1]), pad, init=()),
        _case("MatrixDiagPartV3", x, n([0, 4]), pad, init=()),
        _case("MatrixDiagPartV3", x, k, V(1, "int32"), init=()),
        _case("MatrixDiagPartV3", T((3,)), n(0), pad, init=()),
        _case("MatrixDiagPartV3", x, k, pad, init=("RIGHT",)),
        _case("MatrixSetDiagV3", T((3, 4)), T((3,)), n(0), init=(), grad=True),
        _case("MatrixSetDiagV3", T((3, 4)), T((2, 3)), n([-1, 1]), init=()),
        _case("MatrixSetDiagV3", T((3, 4)), T((3,), "float64"), n(0), init=()),
        _case("MatrixDiagV3", T((3,)), n(1), n(-1), n(-1), pad, init=(), grad=True),
        _case("MatrixDiagV3", T((3,)), n(0), n(3), n(5), pad, init=()),
        _case("MatrixDiagV3", T((3,)), n(-1), n(4), n(-1), pad, init=()),
        _case("MatrixDiagV3", T((2, 3)), n([0, 1]), n(-1), n(4), pad, init=()),
        _case("MatrixDiagV3", T((3,)), n(0), n(2), n(2), pad, init=()),
        _case("MatrixDiagV3", T((2, 3)), n([-1, 1]), n(-1), n(-1), pad, init=()),
        _case("MatrixDiagV3", T((3,), "int32"), n(0), n(-1), n(-1), V(7, "int32"), init=()),
    ]
    return c


def stft_cases():
    x, x1, x64 = T((2, 16)), T((16,)), T((20,), "float64")
    hann = V(onp.round(onp.hanning(8), 4).tolist())
    c = [_case("stft", x, 8), _case("stft", x, 8, return_complex=True),
         _case("stft", x1, 8, return_complex=True), _case("stft", x64, 6, return_complex=True),
         _case("stft", x, 8, center=False, return_complex=True),
         _case("stft", x, 8, 3, 6, return_complex=True),
         _case("stft", x, 8, window=hann, return_complex=True),
         _case("stft", x, 8, 3, 6, window=V(onp.round(onp.hanning(6), 4).tolist()),
               return_complex=False),
         _case("stft", x, 8, normalized=True, return_complex=True),
         _case("stft", x, 8, onesided=False, return_complex=True),
         _case("stft", x, 8, pad_mode="CONSTANT", return_complex=True),
         _case("stft", x, 8, pad_mode="reflect", return_complex=True),
         _case("stft", V(list(range(16)), "int32"), 8, return_complex=True),
         _case("stft", x, 32, center=False, return_complex=True),
         _case("stft", x, 8, window=V([1.0] * 5), return_complex=True),
         _case("STFT", x, V([1.0] * 8), init=(8, 2, 8, False, True, True)),
         _case("STFT", x64, hann, init=(8, 3, 8, True, False, True)),
         _case("STFT", x, V([1.0] * 6), init=(8, 2, 6, False, True, False))]
    return c
