"""The names of ``ops/fn_rest3.py``: float64 finite-difference checks, float32
stays float32, and a bad argument's error names the op and the argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import numpy as np
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

R = onp.random.RandomState(17)
NAMES = ["Eps", "FFTWithSize", "Padding", "TensorAdd", "eps", "isnan_ext", "padding",
         "range", "soft_shrink"]


def _grad_check(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


def test_every_name_has_a_one_line_docstring():
    for name in NAMES:
        doc = getattr(ops, name).__doc__
        assert doc and doc.strip(), name


def test_eps_is_the_dtypes_machine_epsilon_with_a_zero_gradient():
    for dtype in (onp.float16, onp.float32, onp.float64):
        x = ms.Tensor(onp.ones((2, 3), dtype))
        for out in (ops.eps(x), ops.Eps()(x)):
            assert out.dtype == dtype and out.shape == (2, 3)
            assert (onp.asarray(out) == onp.finfo(dtype).eps).all()
    x = R.uniform(-1, 1, (2, 2))
    assert (ops.grad(lambda t: ops.eps(t).sum())(ms.Tensor(x)) == 0).all()
    _grad_check(lambda t: ops.eps(t) * t, x)


def test_eps_refuses_ints_and_lists():
    with pytest.raises(CellTypeError, match="ops.eps x: expected a float16, float32 or "
                                            "float64 Tensor, got int32"):
        ops.eps(ms.Tensor(onp.array([1, 2], onp.int32)))
    with pytest.raises(CellTypeError, match="Eps x: expected a float16"):
        ops.Eps()(ms.Tensor(onp.array([True])))
    with pytest.raises(CellTypeError, match="ops.eps x: expected a Tensor, got list"):
        ops.eps([1.0])


def test_padding_appends_zeros_and_passes_the_gradient_through():
    x = R.uniform(-1, 1, (3, 2, 1))
    out = ops.padding(ms.Tensor(x), 4)
    assert out.shape == (3, 2, 4) and out.dtype == onp.float64
    onp.testing.assert_array_equal(out[..., :1], x)
    assert (onp.asarray(out)[..., 1:] == 0).all()
    _grad_check(lambda t: ops.padding(t, 3) * 2.0, x)
    _grad_check(lambda t: ops.Padding(2)(t) ** 2, x)
    assert ops.Padding()(ms.Tensor(x.astype(onp.float32))).dtype == onp.float32
    assert ops.padding(ms.Tensor(x), 1).shape == x.shape


def test_padding_names_the_argument_it_refuses():
    with pytest.raises(CellArgumentError, match="ops.padding x: expected a Tensor of rank >= 2 "
                                                "whose last axis has size 1, got shape"):
        ops.padding(ms.Tensor(onp.ones((2, 2))), 3)
    with pytest.raises(CellArgumentError, match="ops.padding x: .* got shape \\(3,\\)"):
        ops.padding(ms.Tensor(onp.ones(3)), 3)
    with pytest.raises(CellArgumentError, match="ops.padding pad_dim_size: expected an int "
                                                "> 0, got 0"):
        ops.padding(ms.Tensor(onp.ones((2, 1))), 0)
    with pytest.raises(CellTypeError, match="ops.padding pad_dim_size: expected an int, "
                                            "got True"):
        ops.padding(ms.Tensor(onp.ones((2, 1))), True)
    with pytest.raises(CellTypeError, match="Padding pad_dim_size: expected an int, got 2.0"):
        ops.Padding(2.0)


def test_range_dtypes_follow_mindspore():
    assert ops.range(0, 10, 3).tolist() == [0, 3, 6, 9] and ops.range(0, 3, 1).dtype == "int64"
    out = ops.range(0.5, 2.0, 0.5)
    assert out.dtype == onp.float32 and out.tolist() == [0.5, 1.0, 1.5]
    f64 = ms.Tensor(onp.array(1.0))
    assert ops.range(f64 * 0, f64, f64 / 4).dtype == onp.float32
    assert ops.range(5, 0, -2).tolist() == [5, 3, 1] and ops.range(0, 0, 1).shape == (0,)


def test_range_names_the_argument_it_refuses():
    with pytest.raises(CellTypeError, match="ops.range start/end/step: expected three ints "
                                            "or three floats, got int, float, int"):
        ops.range(0, 2.5, 1)
    with pytest.raises(CellTypeError, match="ops.range start: expected an int or float"):
        ops.range("a", 5, 1)
    with pytest.raises(CellArgumentError, match="ops.range step: expected a nonzero step "
                                                "toward end, got start 0, end 5, step 0"):
        ops.range(0, 5, 0)
    with pytest.raises(CellArgumentError, match="ops.range step: .* got start 5, end 0, step 1"):
        ops.range(5, 0, 1)
    with pytest.raises(CellArgumentError, match="ops.range maxlen: expected an int > 0"):
        ops.range(0, 5, 1, 0)


def test_soft_shrink_and_isnan_ext_are_the_existing_ops_under_their_names():
    x = R.uniform(-2, 2, (3, 4))
    onp.testing.assert_array_equal(ops.soft_shrink(ms.Tensor(x), 0.3),
                                   ops.softshrink(ms.Tensor(x), 0.3))
    _grad_check(lambda t: ops.soft_shrink(t, 0.3), x)
    assert ops.soft_shrink(ms.Tensor(x.astype(onp.float32))).dtype == onp.float32
    with pytest.raises(CellArgumentError, match="ops.soft_shrink lambd: expected a float >= 0"):
        ops.soft_shrink(ms.Tensor(x), -1.0)
    assert ops.isnan_ext(ms.Tensor(onp.array([onp.nan, 1.0]))).tolist() == [True, False]
    with pytest.raises(CellTypeError, match="ops.isnan_ext input: expected a Tensor, got list"):
        ops.isnan_ext([1.0])


def test_tensor_add_adds_and_names_itself_on_bad_shapes():
    x, y = R.uniform(-1, 1, (2, 1)), R.uniform(-1, 1, (3,))
    onp.testing.assert_allclose(ops.TensorAdd()(ms.Tensor(x), ms.Tensor(y)), x + y)
    _grad_check(lambda a, b: ops.TensorAdd()(a, b) ** 2, x, y)
    f32 = ms.Tensor(x.astype(onp.float32))
    assert ops.TensorAdd()(f32, f32).dtype == onp.float32
    with pytest.raises(CellArgumentError, match="TensorAdd x, y: expected shapes that "
                                                "broadcast together, got \\(2, 3\\) and"):
        ops.TensorAdd()(ms.Tensor(onp.ones((2, 3))), ms.Tensor(onp.ones(4)))


@pytest.mark.parametrize("init", [(1, False, True), (2, False, True, "ortho"),
                                  (1, False, True, "forward", False)])
def test_fft_with_size_real_forward_matches_numpy_and_differentiates(init):
    x = R.uniform(-1, 1, (3, 4))
    prim = ops.FFTWithSize(*init)
    norm = init[3] if len(init) > 3 else "backward"
    axes = tuple(range(-init[0], 0))
    want = (onp.fft.rfftn if len(init) < 5 else onp.fft.fftn)(x, axes=axes, norm=norm)
    onp.testing.assert_allclose(prim(ms.Tensor(x)), want, atol=1e-12)
    _grad_check(lambda t: np.abs(prim(t)), x)
    assert prim(ms.Tensor(x.astype(onp.float32))).dtype == onp.complex64


def test_fft_with_size_complex_and_inverse_real():
    z = R.uniform(-1, 1, (2, 3)) + 1j * R.uniform(-1, 1, (2, 3))
    onp.testing.assert_allclose(ops.FFTWithSize(1, True, False)(ms.Tensor(z)),
                                onp.fft.ifft(z), atol=1e-12)
    c2r = ops.FFTWithSize(1, True, True, signal_sizes=(5,))
    onp.testing.assert_allclose(c2r(ms.Tensor(z)), onp.fft.irfft(z, 5), atol=1e-12)
    _grad_check(lambda re: c2r(re + 1j * z.imag) ** 2, z.real)
    _grad_check(lambda re: np.abs(ops.FFTWithSize(2, False, False)(re + 1j * z.imag)), z.real)


def test_fft_with_size_names_the_argument_it_refuses():
    x = ms.Tensor(onp.ones(4, onp.float32))
    with pytest.raises(CellTypeError, match="FFTWithSize x: expected a complex64 or "
                                            "complex128 Tensor, got float32"):
        ops.FFTWithSize(1, False, False)(x)
    with pytest.raises(CellArgumentError, match="FFTWithSize x: expected rank >= signal_ndim "
                                                "\\(2\\), got rank 1"):
        ops.FFTWithSize(2, False, True)(x)
    with pytest.raises(CellArgumentError, match="FFTWithSize norm: expected 'backward'"):
        ops.FFTWithSize(1, False, True, norm="bad")
    with pytest.raises(CellArgumentError, match="FFTWithSize signal_ndim: expected an int >= 1"):
        ops.FFTWithSize(0, False, True)
    with pytest.raises(CellTypeError, match="FFTWithSize inverse: expected a bool, got 1"):
        ops.FFTWithSize(1, 1, True)
    with pytest.raises(CellArgumentError, match="FFTWithSize signal_sizes: expected 1 sizes"):
        ops.FFTWithSize(1, True, True, signal_sizes=(4, 4))
