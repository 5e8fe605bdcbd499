"""customop('mxnet'): NDArrays in and out, dtypes kept, gradients, mixed NumPy/MXNet graphs."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import customop, grad  # noqa: E402
from minpy_compat.backends.mxnet_array import MXArray  # noqa: E402
from minpy_compat.errors import GradientShapeError, NoGradientFuncError  # noqa: E402

rng = onp.random.RandomState(3)
seen = []


@customop('mxnet')
def cube(x):
    seen.append((type(x), x.dtype, x.context))
    return x * x * x


cube.def_grad(lambda ans, x: lambda g: 3 * x * x * g)


@customop('mxnet')
def blend(x, y, alpha):
    return x * alpha + mx.nd.tanh(y)


blend.def_multiple_grad(lambda ans, x, y, alpha: lambda g: (
    g * alpha, g * (1 - mx.nd.tanh(y) ** 2)), argnums=(0, 1))


@customop('mxnet')
def frozen(x, y):
    return x * y


frozen.def_grad(lambda ans, x, y: lambda g: g * y, argnum=0).def_grad_zero(argnum=1)


@customop('mxnet')
def tripled(x):
    return x * 2


tripled.def_grad(lambda ans, x: lambda g: 3 * g)  # deliberately not the true derivative


@pytest.mark.parametrize("value", [rng.normal(size=(2, 3)),
                                   rng.normal(size=(2, 3)).view(np.ndarray),
                                   mx.nd.array(rng.normal(size=3), dtype="float64")],
                         ids=["numpy", "Array", "NDArray"])
def test_function_receives_ndarrays_on_the_current_context(value):
    seen.clear()
    out = cube(value)
    assert seen == [(mx.nd.NDArray, onp.float64, mx.cpu(0))]
    assert isinstance(out, MXArray) and out.dtype == onp.float64


@pytest.mark.parametrize("dtype", [onp.float64, onp.float32, onp.float16])
def test_dtypes_are_kept(dtype):
    x = onp.linspace(-1, 1, 5).astype(dtype)
    out = cube(x)
    assert out.dtype == dtype
    assert grad(lambda v: np.sum(cube(v)))(x).dtype == dtype


def test_value_prints_like_numpy_and_converts():
    x = onp.array([1.0, 2.0])
    out = cube(x)
    assert repr(out) == repr(x ** 3) and str(out) == str(x ** 3)
    onp.testing.assert_array_equal(onp.asarray(out), x ** 3)
    assert type(out.asnumpy()) is onp.ndarray


@pytest.mark.parametrize("shape", [(), (4,), (2, 3)], ids=str)
def test_cube_gradient_matches_finite_differences(shape):
    check_fd(lambda x: np.sum(cube(x)), (rng.normal(size=shape),), (0,))


def test_mixed_numpy_and_mxnet_ops_in_one_graph():
    def loss(x, w):
        h = np.tanh(np.dot(x, w))          # NumPy (default policy)
        h = blend(h, cube(h), 0.5)         # MXNet ops, fed NumPy values
        h = np.exp(-h) * h                 # NumPy again, fed an MXNet value
        return np.sum(np.maximum(h, 0.1))  # NumPy reduction
    args = (rng.normal(size=(3, 4)), rng.normal(size=(4, 2)) * 0.5)
    check_fd(loss, args, (0, 1))


def test_def_grad_zero_and_chaining():
    x, y = rng.normal(size=3), rng.normal(size=3)
    gx, gy = grad(lambda a, b: np.sum(frozen(a, b)), [0, 1])(x, y)
    onp.testing.assert_allclose(onp.asarray(gx), y)
    onp.testing.assert_array_equal(onp.asarray(gy), onp.zeros(3))


def test_registered_rule_is_used():
    g = grad(lambda v: np.sum(tripled(v)))(onp.ones(2))
    onp.testing.assert_array_equal(onp.asarray(g), [3.0, 3.0])


def test_checker_bites_on_a_gradient_off_by_a_tenth_of_a_percent():
    @customop('mxnet')
    def square(x):
        return x * x
    square.def_grad(lambda ans, x: lambda g: 2.002 * x * g)
    with pytest.raises(AssertionError):
        check_fd(lambda v: np.sum(square(v)), (rng.normal(size=4),), (0,))


def test_missing_gradient_names_op_and_argument():
    @customop('mxnet')
    def scale(x, y):
        return x * y
    scale.def_grad(lambda ans, x, y: lambda g: g * y, argnum=0)
    with pytest.raises(NoGradientFuncError,
                       match=r"scale argument 1 'y'.*def_grad\(fn, argnum=1\)"):
        grad(lambda a, b: np.sum(scale(a, b)), 1)(onp.ones(2), onp.ones(2))


def test_wrong_gradient_shape_names_op_and_argument():
    @customop('mxnet')
    def bad(x):
        return x * 2
    bad.def_grad(lambda ans, x: lambda g: mx.nd.ones((5,), dtype=x.dtype))
    with pytest.raises(GradientShapeError, match=r"bad gradient for argument 0 'x'.*shape \(3,\)"):
        grad(lambda v: np.sum(bad(v)))(onp.ones(3))


def test_second_order_through_an_mxnet_op_is_refused_clearly():
    with pytest.raises(TypeError, match=r"customop\('mxnet'\) gradient.*higher-order"):
        grad(grad(lambda v: np.sum(cube(v))))(onp.ones(2))


def test_tuple_results_are_mxnet_values():
    @customop('mxnet')
    def split(x):
        return x * 2, x * 3
    split.def_multiple_grad(lambda ans, x: lambda g: (g[0] * 2,), argnums=(0,))
    a, b = split(onp.ones(2))
    assert isinstance(a, MXArray) and isinstance(b, MXArray)
