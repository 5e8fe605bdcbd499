"""ops.ExtractGlimpse and ops.ScaleAndTranslate: gradients against finite differences,
dtypes, the noise outside the image, and errors naming the op and argument (MindSpore's
values are replayed in test_cell_oracle_ops_vision17.py). Both give float32 whatever the
input (as MindSpore's do) and both are linear in the image, so their finite differences are
taken on float64 inputs with a wide step and compared at float32 precision."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

_rng = onp.random.RandomState(17)


def _linear_gradient_agrees(fn, x):
    """The gradient of ``sum(fn(x) * g)`` against a central difference along a random
    direction (exact for a linear ``fn`` but for rounding)."""
    g = _rng.rand(*fn(x).shape)
    loss = lambda x: ops.sum(fn(x) * ms.Tensor(g.astype(onp.float32)))  # noqa: E731
    grad = ms.grad(loss)(ms.Tensor(x)).asnumpy()
    v = _rng.rand(*x.shape).astype(x.dtype)
    numeric = (float(loss(ms.Tensor(x + v)).asnumpy()) -
               float(loss(ms.Tensor(x - v)).asnumpy())) / 2
    assert onp.isclose(numeric, float(onp.sum(grad * v)), rtol=1e-4)


@pytest.mark.parametrize("kernel", ["lanczos1", "lanczos3", "lanczos5", "gaussian", "box",
                                    "triangle", "keyscubic", "mitchellcubic"])
def test_scale_and_translate_gradient_and_dtype(kernel):
    x = _rng.rand(2, 4, 5, 3)
    prim = ops.ScaleAndTranslate(kernel)

    def resize(x):
        return prim(x, ms.Tensor(onp.int32([6, 3])), ms.Tensor(onp.float32([1.4, 0.55])),
                    ms.Tensor(onp.float32([0.3, -0.2])))
    _linear_gradient_agrees(resize, x)
    assert resize(ms.Tensor(x)).dtype == ms.float32
    assert resize(ms.Tensor(x.astype(onp.float32))).dtype == ms.float32


def test_scale_and_translate_identity_and_outside():
    x = _rng.rand(1, 3, 4, 2).astype(onp.float32)
    same = ops.ScaleAndTranslate("triangle")(ms.Tensor(x), ms.Tensor(onp.int32([3, 4])),
                                             ms.Tensor(onp.float32([1, 1])),
                                             ms.Tensor(onp.float32([0, 0])))
    assert onp.allclose(same.asnumpy(), x)
    shifted = ops.ScaleAndTranslate("box")(ms.Tensor(x), ms.Tensor(onp.int32([3, 6])),
                                           ms.Tensor(onp.float32([1, 1])),
                                           ms.Tensor(onp.float32([0, 2])))
    assert (shifted.asnumpy()[:, :, :2] == 0).all()  # sampled left of the source: zero
    assert onp.allclose(shifted.asnumpy()[:, :, 2:], x)


def test_extract_glimpse_gradient_and_dtype():
    x = _rng.rand(2, 5, 6, 3).astype(onp.float32)
    prim = ops.ExtractGlimpse(False, False, False, "zero")

    def glimpse(x):
        return prim(x, ms.Tensor(onp.int32([3, 4])), ms.Tensor(onp.float32([[1, 1], [4, 5]])))
    _linear_gradient_agrees(glimpse, x)
    out = glimpse(ms.Tensor(x))
    assert out.dtype == ms.float32 and out.shape == (2, 3, 4, 3)
    # top int(1 - 3 / 2) = 0 (truncated toward zero), left int(1 - 4 / 2) = -1
    assert onp.array_equal(out.asnumpy()[0, :, 1:], x[0, :3, :3])
    assert (out.asnumpy()[0, :, 0] == 0).all()


@pytest.mark.parametrize("noise, low, high", [("uniform", -1, 1), ("gaussian", 7, 13)])
def test_extract_glimpse_noise_outside_the_image(noise, low, high):
    x = onp.full((1, 2, 2, 1), 100, onp.float32)
    out = ops.ExtractGlimpse(False, False, noise == "uniform", noise)(
        ms.Tensor(x), ms.Tensor(onp.int32([30, 30])), ms.Tensor(onp.float32([[15, 15]])))
    values = out.asnumpy().ravel()
    assert (values == 100).sum() == 4
    fill = values[values != 100]
    assert fill.min() >= low and fill.max() < high and fill.std() > 0.2


@pytest.mark.parametrize("call, error, match", [
    (lambda x: ops.ExtractGlimpse(noise="bad"), CellArgumentError, "ExtractGlimpse noise"),
    (lambda x: ops.ExtractGlimpse(noise="zero"), CellArgumentError,
     "ExtractGlimpse noise: expected 'uniform' while uniform_noise"),
    (lambda x: ops.ExtractGlimpse(centered=1), CellTypeError, "ExtractGlimpse centered"),
    (lambda x: ops.ExtractGlimpse()(ms.Tensor(x.astype(onp.float64)),
                                    ms.Tensor(onp.int32([2, 2])), ms.Tensor([[0.0, 0.0]])),
     CellTypeError, "ExtractGlimpse x"),
    (lambda x: ops.ExtractGlimpse()(ms.Tensor(x), ms.Tensor(onp.int64([2, 2])),
                                    ms.Tensor([[0.0, 0.0]])), CellTypeError,
     "ExtractGlimpse size"),
    (lambda x: ops.ExtractGlimpse()(ms.Tensor(x), ms.Tensor(onp.int32([2, 2])),
                                    ms.Tensor([[0.0, 0.0], [0.0, 0.0]])), CellArgumentError,
     "ExtractGlimpse offsets"),
    (lambda x: ops.ScaleAndTranslate("cubic"), CellArgumentError,
     "ScaleAndTranslate kernel_type"),
    (lambda x: ops.ScaleAndTranslate(antialias=None), CellTypeError,
     "ScaleAndTranslate antialias"),
    (lambda x: ops.ScaleAndTranslate()(ms.Tensor(x), ms.Tensor(onp.int32([0, 2])),
                                       ms.Tensor(onp.float32([1, 1])),
                                       ms.Tensor(onp.float32([0, 0]))),
     CellArgumentError, "ScaleAndTranslate size"),
    (lambda x: ops.ScaleAndTranslate()(ms.Tensor(x), ms.Tensor(onp.int32([2, 2])),
                                       ms.Tensor(onp.float32([1, 1, 1])),
                                       ms.Tensor(onp.float32([0, 0]))),
     CellArgumentError, "ScaleAndTranslate scale"),
    (lambda x: ops.ScaleAndTranslate()(ms.Tensor(x), ms.Tensor(onp.int32([2, 2])),
                                       ms.Tensor(onp.float32([1, 1])),
                                       ms.Tensor(onp.float64([0, 0]))),
     CellTypeError, "ScaleAndTranslate translation"),
    (lambda x: ops.ScaleAndTranslate()(ms.Tensor(x[0]), ms.Tensor(onp.int32([2, 2])),
                                       ms.Tensor(onp.float32([1, 1])),
                                       ms.Tensor(onp.float32([0, 0]))),
     CellArgumentError, "ScaleAndTranslate images"),
])
def test_image_errors_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call(onp.ones((1, 3, 3, 1), onp.float32))


def test_names_are_exported_and_documented():
    for name in ("ExtractGlimpse", "ScaleAndTranslate"):
        assert name in ops.__all__ and getattr(ops, name).__doc__.strip()
