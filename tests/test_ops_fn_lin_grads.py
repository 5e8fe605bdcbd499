"""Area fn_lin's ops (linear algebra, FFT, math): float64 finite-difference checks of every
differentiable one (complex outputs through the real loss sum(real) + sum(imag)), and
float32 inputs giving float32 (complex64) values and gradients."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

from conftest import check_grad

rng = onp.random.RandomState(15)


def U(*shape, low=-1.5, high=1.5):
    return rng.uniform(low, high, size=shape)


def _real_loss(out):
    if isinstance(out, tuple):
        return sum(_real_loss(o) for o in out if o.dtype.kind in "fc")
    return (ops.real(out) + ops.imag(out)).sum() if out.dtype.kind == "c" else out.sum()


def _call(name, *args, **kwargs):
    return lambda *xs: _real_loss(getattr(ops, name)(*xs, *args, **kwargs))


SPD = onp.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.8]])
LOW = onp.linalg.cholesky(SPD)
NONSYM = onp.array([[2.0, 1.0, 0.0], [0.5, 3.0, 0.2], [0.1, 0.0, -1.0]])
PIV = ms.Tensor(onp.array([2, 3, 3], onp.int32))
# (name, float64 inputs, extra positional args, kwargs)
CASES = [
    ("svd", [U(4, 3)], (), {"compute_uv": False}), ("qr", [U(4, 3)], (), {}),
    ("pinv", [U(4, 3)], (), {}), ("slogdet", [NONSYM], (), {}), ("logdet", [SPD], (), {}),
    ("cholesky", [SPD], (), {}), ("cholesky", [SPD], (True,), {}),
    ("cholesky_inverse", [LOW], (), {}), ("cholesky_inverse", [LOW.T], (True,), {}),
    ("cholesky_solve", [U(3, 2), LOW], (), {}), ("lstsq", [U(5, 2), U(5, 3)], (), {}),
    ("lu_unpack", [NONSYM], (PIV,), {}), ("lu_solve", [U(3, 2), SPD], (PIV,), {}),
    ("matrix_exp", [U(3, 3)], (), {}), ("matrix_exp", [4 * U(2, 3, 3)], (), {}),
    ("matrix_solve", [SPD, U(3, 2)], (), {}), ("matrix_solve", [NONSYM, U(3, 1)], (True,), {}),
    ("cond", [NONSYM], (), {}), ("cond", [NONSYM], ("fro",), {}),
    ("eigvals", [NONSYM], (), {}), ("matrix_band_part", [U(3, 4)], (1, 0), {}),
    ("matrix_diag", [U(2, 3)], (), {"k": 1}),
    ("matrix_diag_part", [U(3, 4)], (ms.Tensor(1), ms.Tensor(0.0)), {}),
    ("matrix_set_diag", [U(3, 4), U(3)], (), {"k": 1}),
    ("vector_norm", [U(3, 4)], (), {}), ("vector_norm", [U(3, 4)], (3, 1), {}),
    ("matrix_norm", [U(3, 4)], (), {}), ("matrix_norm", [U(2, 3, 3)], ("nuc",), {}),
    ("vecdot", [U(3, 4), U(4)], (), {}), ("cov", [U(2, 5)], (), {}),
    ("cov", [U(2, 5)], (), {"aweights": ms.Tensor(U(5, low=0.5, high=2.0))}),
    ("vander", [U(3)], (4,), {}), ("mm", [U(2, 3), U(3, 4)], (), {}),
    ("mv", [U(2, 3), U(3)], (), {}),
    ("addbmm", [U(2, 4), U(3, 2, 3), U(3, 3, 4)], (), {"beta": 0.5, "alpha": 2.0}),
    ("addr", [U(2, 3), U(2), U(3)], (), {"beta": 2.0}),
    ("batch_dot", [U(2, 3, 4), U(2, 4, 2)], (), {}), ("batch_dot", [U(2, 3), U(2, 3)], (), {}),
    ("adjoint", [U(2, 3, 4)], (), {}), ("t", [U(2, 3)], (), {}),
    ("nan_to_num", [U(2, 3)], (), {}), ("nanmedian", [U(3, 4)], (0,), {}),
    ("quantile", [U(3, 4)], (0.3,), {"axis": 1}), ("nanquantile", [U(5)], (0.7,), {}),
    ("ldexp", [U(3)], (ms.Tensor(onp.array([1, 0, -2])),), {}), ("i0", [U(2, 3)], (), {}),
    ("sgn", [U(2, 3)], (), {}), ("multiply", [U(2, 3), U(3)], (), {}),
    ("subtract", [U(2, 3), U(3)], (), {"alpha": 2}), ("absolute", [U(4)], (), {}),
    ("floor_mod", [U(4)], (0.7,), {}), ("floormod", [U(4)], (0.7,), {}),
    ("fmax", [U(4), U(4)], (), {}), ("fmin", [U(4), U(4)], (), {}),
    ("polar", [U(3, low=0.5), U(3)], (), {}), ("conj", [U(3)], (), {}),
    ("real", [U(3)], (), {}), ("ravel", [U(2, 3)], (), {}), ("msort", [U(3, 2)], (), {}),
    ("renorm", [U(3, 4)], (2, 0, 1.0), {}), ("renorm", [U(3, 4)], (1, 1, 1.5), {}),
    ("clip_by_norm", [U(2, 3)], (1.0,), {}), ("clip_by_norm", [U(2, 3)], (1.0, 1.0), {}),
    ("fftshift", [U(3, 4)], (), {}), ("ifftshift", [U(3, 5)], (1,), {}),
] + [(n, [U(2, 4)], (), {}) for n in
     ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2",
      "fftn", "ifftn", "rfftn", "irfftn")] + [
    ("fft", [U(2, 4)], (6, 0, "ortho"), {}), ("irfft", [U(5)], (6, -1, "forward"), {}),
    ("rfftn", [U(3, 4)], ((3, 5), (0, 1), "ortho"), {})]


@pytest.mark.parametrize("name, args, extra, kwargs", CASES,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_float64_gradient_matches_finite_differences(name, args, extra, kwargs):
    check_grad(_call(name, *extra, **kwargs), *[ms.Tensor(a) for a in args])


@pytest.mark.parametrize("name, args, extra, kwargs", CASES,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_float32_stays_float32(name, args, extra, kwargs):
    inputs = [ms.Tensor(a.astype(onp.float32)) for a in args]
    out = getattr(ops, name)(*inputs, *extra, **kwargs)
    for o in out if isinstance(out, tuple) else (out,):
        assert o.dtype.kind in "iu" or o.dtype in (onp.float32, onp.complex64), (name, o.dtype)
    grads = ms.grad(_call(name, *extra, **kwargs), list(range(len(inputs))))(*inputs)
    for g in grads if isinstance(grads, list) else [grads]:
        assert g.dtype == onp.float32, (name, g.dtype)


def test_complex_inputs_get_real_loss_gradients():
    real, imag = ms.Tensor(U(2, 3)), ms.Tensor(U(2, 3))
    for name in ("fft", "ifft", "irfft", "hfft", "angle", "conj", "real", "imag", "sgn"):
        check_grad(lambda a, b, name=name: _real_loss(getattr(ops, name)(a + 1j * b)),
                   real, imag)


def test_ihfft_gradient_is_the_conjugate_transform():
    """MindSpore 2.10's ihfft bprop flips the imaginary part's sign; ours is FD-checked."""
    x = ms.Tensor(onp.array([1.0, 2.0, -1.0, 0.5]))
    g = ms.grad(lambda a: _real_loss(ops.ihfft(a)))(x)
    onp.testing.assert_allclose(g, [0.75, 0.25, 0.25, -0.25])
