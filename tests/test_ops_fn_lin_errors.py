"""Area fn_lin's ops: a bad argument raises the class MindSpore 2.10 raises, worded with
the op and the argument; every name has a docstring and the module examples run."""
import doctest
import importlib

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

A = ms.Tensor(onp.eye(3, dtype=onp.float32))
V = ms.Tensor(onp.array([1, 2, 3], onp.int32))
X = ms.Tensor(onp.ones((2, 4), onp.float32))
# (call, error class, message pattern)
BAD = [
    (lambda: ops.svd(ms.Tensor(onp.eye(2, dtype=onp.int32))), TypeError, "ops.svd input"),
    (lambda: ops.qr(A, "r"), TypeError, "ops.qr mode"),
    (lambda: ops.pinv(V), TypeError, "ops.pinv x"),
    (lambda: ops.slogdet(X), ValueError, r"ops.slogdet input.*square"),
    (lambda: ops.logdet(ms.Tensor(onp.eye(2, dtype=onp.int32))), TypeError, "ops.logdet input"),
    (lambda: ops.cholesky(X), ValueError, "ops.cholesky input_x"),
    (lambda: ops.cholesky_inverse(V), TypeError, "ops.cholesky_inverse input_x"),
    (lambda: ops.cholesky_solve(A, X), ValueError, "ops.cholesky_solve input2"),
    (lambda: ops.lstsq(A, ms.Tensor(onp.ones((3, 2, 2)))), ValueError, "ops.lstsq A"),
    (lambda: ops.lu_unpack(A, ms.Tensor([1.0, 2.0, 3.0])), TypeError, "ops.lu_unpack LU_piv"),
    (lambda: ops.lu_unpack(A, ms.Tensor(onp.array([4, 2, 3], onp.int32))), ValueError,
     r"ops.lu_unpack LU_pivots: expected pivots in 1..3"),
    (lambda: ops.lu_solve(A, X, V), ValueError, "ops.lu_solve LU_data"),
    (lambda: ops.matrix_exp(X), ValueError, "ops.matrix_exp input"),
    (lambda: ops.matrix_solve(X, A), ValueError, "ops.matrix_solve matrix"),
    (lambda: ops.cond(A, 3), ValueError, "ops.cond p"),
    (lambda: ops.eig(X), ValueError, "ops.eig A"), (lambda: ops.eigvals(V), TypeError,
                                                    "ops.eigvals A"),
    (lambda: ops.matrix_band_part(V, 1, 1), ValueError, "MatrixBandPart x"),
    (lambda: ops.matrix_diag(V, k=1, num_rows=4, num_cols=5), ValueError,
     "ops.matrix_diag num_rows/num_cols"),
    (lambda: ops.matrix_diag(V, k=(0, 1)), ValueError, "ops.matrix_diag k"),
    (lambda: ops.matrix_diag_part(A, 0, ms.Tensor(0.0)), TypeError, "ops.matrix_diag_part k"),
    (lambda: ops.matrix_diag_part(A, ms.Tensor(5), ms.Tensor(0.0)), ValueError,
     "ops.matrix_diag_part k"),
    (lambda: ops.matrix_set_diag(A, X), ValueError, "ops.matrix_set_diag diagonal"),
    (lambda: ops.vector_norm(A, "fro"), TypeError, "ops.vector_norm ord"),
    (lambda: ops.matrix_norm(A, "abc"), ValueError, "ops.matrix_norm ord"),
    (lambda: ops.matrix_norm(V), ValueError, "ops.matrix_norm A"),
    (lambda: ops.cov(ms.Tensor(onp.ones((2, 2, 2)))), ValueError, "ops.cov input"),
    (lambda: ops.vander(A), ValueError, "ops.vander x"),
    (lambda: ops.vander(V, -1), TypeError, "ops.vander N"),
    (lambda: ops.mm(V, A), ValueError, "ops.mm input"), (lambda: ops.mv(A, A), ValueError,
                                                         "ops.mv vec"),
    (lambda: ops.addbmm(A, A, A), ValueError, "ops.addbmm batch1"),
    (lambda: ops.addr(A, A, V), ValueError, "ops.addr vec1"),
    (lambda: ops.batch_dot(V, V), ValueError, "ops.batch_dot x1/x2"),
    (lambda: ops.batch_dot(X, ms.Tensor(onp.ones((2, 3)))), ValueError, "ops.batch_dot axes"),
    (lambda: ops.adjoint(V), ValueError, "ops.adjoint x"),
    (lambda: ops.t(ms.Tensor(onp.ones((2, 2, 2)))), ValueError, "ops.t input"),
    (lambda: ops.fft(X, norm="x"), ValueError, "ops.fft norm"),
    (lambda: ops.ifft(X, n=0), ValueError, "ops.ifft n"),
    (lambda: ops.hfft(X, dim=2), ValueError, "ops.hfft dim"),
    (lambda: ops.ihfft(X + 1j), TypeError, "ops.ihfft input"),
    (lambda: ops.fft2([1.0, 2.0]), TypeError, "ops.fft2 input"),
    (lambda: ops.rfftn(X, s=(3,), dim=(0, 1)), ValueError, "ops.rfftn s"),
    (lambda: ops.fftshift(X, 2), ValueError, "ops.fftshift dim"),
    (lambda: ops.ifftshift(X, (0, -3)), ValueError, "ops.ifftshift dim"),
    (lambda: ops.fftfreq(0), ValueError, "ops.fftfreq n"),
    (lambda: ops.rfftfreq(2.5), ValueError, "ops.rfftfreq n"),
    (lambda: ops.hann_window(2.0), TypeError, "ops.hann_window window_length"),
    (lambda: ops.hamming_window(5, alpha="a"), TypeError, "ops.hamming_window alpha"),
    (lambda: ops.kaiser_window(5, dtype=ms.int32), TypeError, "ops.kaiser_window dtype"),
    (lambda: ops.kaiser_window(5, 1), TypeError, "ops.kaiser_window periodic"),
    (lambda: ops.bartlett_window(5), TypeError, "ops.bartlett_window window_length"),
    (lambda: ops.blackman_window(ms.Tensor(5.0)), TypeError, "ops.blackman_window window"),
    (lambda: ops.nan_to_num(V), TypeError, "ops.nan_to_num input"),
    (lambda: ops.nanmedian(V > 1), TypeError, "ops.nanmedian input"),
    (lambda: ops.quantile(X, 1.5), ValueError, "ops.quantile q"),
    (lambda: ops.quantile(V, 0.5), TypeError, "ops.quantile input"),
    (lambda: ops.nanquantile(X, 1), TypeError, "ops.nanquantile q"),
    (lambda: ops.nanquantile(X, 0.5, axis=3), ValueError, "ops.nanquantile axis"),
    (lambda: ops.heaviside(V, X), TypeError, "ops.heaviside values"),
    (lambda: ops.i0(V), TypeError, "ops.i0 input"),
    (lambda: ops.logspace(0, 2, 3), TypeError, "ops.logspace start"),
    (lambda: ops.logspace(ms.Tensor(0.0), ms.Tensor(1.0), -1), ValueError, "ops.logspace st"),
    (lambda: ops.logspace(ms.Tensor(0.0), ms.Tensor(1.0), 3, dtype=ms.int32), TypeError,
     "ops.logspace dtype"),
    (lambda: ops.gcd(X, X), TypeError, "ops.gcd"), (lambda: ops.lcm(V, X), TypeError, "ops.lcm"),
    (lambda: ops.nextafter(V, V), TypeError, "ops.nextafter input"),
    (lambda: ops.nextafter(X, X.astype(onp.float64)), TypeError, "ops.nextafter other"),
    (lambda: ops.polar(V, V), TypeError, "ops.polar abs"),
    (lambda: ops.polar(X, X.astype(onp.float64)), TypeError, "ops.polar angle"),
    (lambda: ops.angle(X), TypeError, "ops.angle input"),
    (lambda: ops.is_complex(3), TypeError, "ops.is_complex input"),
    (lambda: ops.is_floating_point(2.0), TypeError, "ops.is_floating_point input"),
    (lambda: ops.isposinf(V), TypeError, "ops.isposinf input"),
    (lambda: ops.isneginf([1.0]), TypeError, "ops.isneginf input"),
    (lambda: ops.rank(3), TypeError, "ops.rank input_x"),
    (lambda: ops.numel([1]), TypeError, "ops.numel input"),
    (lambda: ops.renorm(X, 2.5, 0, 1.0), TypeError, "ops.renorm p"),
    (lambda: ops.renorm(V, 2, 0, 1.0), TypeError, "ops.renorm input"),
    (lambda: ops.renorm(X, 2, 2, 1.0), ValueError, "ops.renorm axis"),
    (lambda: ops.clip_by_norm((X, X.astype(onp.float64)), 1.0), TypeError,
     r"ops.clip_by_norm x\[1\]"),
    (lambda: ops.clip_by_norm(X, 1.0, "inf"), TypeError, "ops.clip_by_norm norm_type"),
    (lambda: ops.clip_by_norm(X * onp.inf, 1.0, error_if_nonfinite=True), ValueError,
     "ops.clip_by_norm x"),
]


@pytest.mark.parametrize("call, error, pattern", BAD, ids=[b[2] for b in BAD])
def test_bad_argument_names_the_op_and_argument(call, error, pattern):
    with pytest.raises(error, match=pattern):
        call()


MODULES = ["fn_linalg", "fn_linalg_more", "fn_fft", "fn_windows", "fn_math", "fn_complex"]


@pytest.mark.parametrize("module", MODULES)
def test_every_name_has_a_docstring_and_the_examples_run(module):
    names = ops._LAZY[module]
    for name in names:
        assert (getattr(ops, name).__doc__ or "").strip(), name
    result = doctest.testmod(importlib.import_module(f"minpy_compat.ops.{module}"))
    assert result.attempted > 0 and result.failed == 0


def test_the_new_modules_load_lazily():
    code = ("import sys, minpy_compat.numpy, minpy_compat.ops; "
            "print([m for m in sys.modules if '.ops.fn_' in m])")
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
