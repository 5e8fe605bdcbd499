"""customop('numpy'): op objects, def_grad registration, and their errors."""
import numpy
import numpy as onp
import pytest

import minpy_compat
import minpy_compat.numpy as np
from minpy_compat import Array, customop, grad, grad_and_loss
from minpy_compat.errors import (ArgnumError, BackendError, GradientShapeError,
                                 NoGradientFuncError)
from minpy_compat.primitive import Primitive

from conftest import check_grad


@customop('numpy')
def scaled_add(x, y, alpha):
    """x + alpha * y, broadcasting y."""
    return x + alpha * y


scaled_add.def_grad(lambda ans, x, y, alpha: lambda g: g, argnum=0)
scaled_add.def_grad(lambda ans, x, y, alpha: lambda g: numpy.sum(alpha * g, axis=0), argnum=1)


@customop('numpy')
def cube(x):
    return x ** 3


cube.def_grad(lambda ans, x: lambda g: 3 * np.square(x) * g)  # written with our ops: 2nd order


@customop('numpy')
def split_product(x, y):
    return x * y


split_product.def_multiple_grad(lambda ans, x, y: lambda g: (g * y, g * x), argnums=(0, 1))


@customop('numpy')
def softmax_loss(x, labels):
    probs = numpy.exp(x - numpy.max(x, axis=1, keepdims=True))
    probs /= numpy.sum(probs, axis=1, keepdims=True)
    return -numpy.mean(numpy.log(probs[numpy.arange(x.shape[0]), labels]))


def _softmax_loss_grad(ans, x, labels):
    def grad_x(g):
        probs = numpy.exp(x - numpy.max(x, axis=1, keepdims=True))
        probs /= numpy.sum(probs, axis=1, keepdims=True)
        probs[numpy.arange(x.shape[0]), labels] -= 1
        return g * probs / x.shape[0]
    return grad_x


softmax_loss.def_grad(_softmax_loss_grad)

X = onp.array([[0.2, -0.5, 1.0], [0.7, 0.1, -0.3]])
LABELS = onp.array([2, 0])


def test_op_object_keeps_name_and_docstring_and_returns_arrays():
    assert isinstance(scaled_add, Primitive) and scaled_add.__name__ == "scaled_add"
    assert scaled_add.__doc__ == "x + alpha * y, broadcasting y."
    assert scaled_add.name == "scaled_add"
    assert "scaled_add" in repr(scaled_add) and scaled_add.typestr == "numpy"
    out = scaled_add(np.ones((2, 3)), np.arange(3.0), 2.0)
    assert isinstance(out, Array)
    onp.testing.assert_array_equal(out, [[1, 3, 5], [1, 3, 5]])


def test_function_receives_plain_numpy_arrays():
    seen = []

    @customop('numpy')
    def record(x, y):
        seen.extend([type(x), type(y)])
        return x + y

    record(np.ones(2), onp.ones(2))
    assert seen == [onp.ndarray, onp.ndarray]


def test_registered_gradient_is_used_not_traced():
    @customop('numpy')
    def double(x):
        return 2 * x
    double.def_grad(lambda ans, x: lambda g: 3 * g)  # deliberately not the true gradient
    onp.testing.assert_array_equal(grad(lambda x: np.sum(double(x)))(np.ones(2)), [3.0, 3.0])


@pytest.mark.parametrize("case", ["scaled_add", "cube", "split_product", "softmax_loss"])
def test_customop_gradients_match_finite_differences(case):
    if case == "scaled_add":
        check_grad(lambda x, y: scaled_add(x, y, 0.5), X, onp.array([1.0, 2.0, 3.0]))
    elif case == "cube":
        check_grad(cube, X, order=2)
    elif case == "split_product":
        check_grad(split_product, X, X[::-1].copy())
    else:
        check_grad(lambda x: softmax_loss(x, LABELS), X)


def test_every_customop_defined_here_has_a_case():
    ours = {op.name for op in minpy_compat.registry.all_ops() if op.func.__module__ == __name__}
    assert {"scaled_add", "cube", "split_product", "softmax_loss"} <= ours


def test_checker_bites_on_a_gradient_off_by_a_tenth_of_a_percent():
    @customop('numpy')
    def almost(x):
        return x ** 2
    almost.def_grad(lambda ans, x: lambda g: 2.002 * x * g)
    with pytest.raises(AssertionError):
        check_grad(almost, X)


def test_integer_labels_need_no_gradient_and_kwargs_pass_through():
    @customop('numpy')
    def weighted(x, labels, weight=1.0):
        return weight * numpy.sum(x[numpy.arange(len(labels)), labels])
    weighted.def_grad(lambda ans, x, labels, weight=1.0: lambda g: (
        numpy.eye(x.shape[1])[labels] * weight * g))
    g = grad(lambda x: weighted(x, np.array(LABELS), weight=2.0))(X)
    onp.testing.assert_array_equal(g, [[0, 0, 2], [2, 0, 0]])


def test_second_order_through_a_customop():
    onp.testing.assert_allclose(grad(grad(lambda x: cube(x)))(2.0), 12.0)


def test_def_grad_zero_and_chaining():
    @customop('numpy')
    def mixed(x, y):
        return x * numpy.sum(y)
    returned = mixed.def_grad(lambda ans, x, y: lambda g: g * numpy.sum(y)).def_grad_zero(1)
    assert returned is mixed
    gx, gy = grad(lambda x, y: np.sum(mixed(x, y)), [0, 1])(np.ones(2), np.ones(3))
    onp.testing.assert_array_equal(gx, [3.0, 3.0])
    assert gy.shape == (3,) and not gy.any()


def test_seed_004_example_gradient_is_softmax_minus_onehot():
    from seed_004_customop import my_softmax
    x = np.array([[0.5, 1.0, -0.5], [2.0, 0.1, 0.3]])
    y = np.array([1, 0])
    g, loss = grad_and_loss(my_softmax)(x, y)
    probs = onp.exp(x.asnumpy()) / onp.exp(x.asnumpy()).sum(axis=1, keepdims=True)
    onp.testing.assert_allclose(float(loss), -onp.log(probs[[0, 1], [1, 0]]).mean())
    probs[[0, 1], [1, 0]] -= 1
    onp.testing.assert_allclose(g, probs / 2)
    check_grad(lambda x: my_softmax(x, y), x.asnumpy())


# ---- errors -------------------------------------------------------------------------------
def test_unknown_backend_is_refused_at_decoration():
    with pytest.raises(BackendError, match=r"customop: expected backend 'numpy' or 'mxnet', "
                                           r"got 'torch'"):
        customop('torch')


@pytest.mark.parametrize("method, call", [
    ("def_grad", lambda op: op.def_grad(lambda ans, *a: lambda g: g, argnum=3)),
    ("def_grad_zero", lambda op: op.def_grad_zero(-1)),
    ("def_multiple_grad", lambda op: op.def_multiple_grad(lambda ans, *a: None, (0, 5))),
])
def test_argnum_outside_the_signature_is_refused_at_registration(method, call):
    with pytest.raises(ArgnumError, match=rf"scaled_add.{method}: expected argnum 0..2 "
                                          r"\(x, y, alpha\), got"):
        call(scaled_add)


def test_missing_gradient_is_reported_when_backward_reaches_it():
    @customop('numpy')
    def half_known(x, y):
        return x * y
    half_known.def_grad(lambda ans, x, y: lambda g: g * y, argnum=0)
    # only x is needed: fine
    onp.testing.assert_array_equal(grad(lambda x: np.sum(half_known(x, np.ones(2))))(
        np.ones(2)), [1.0, 1.0])
    with pytest.raises(NoGradientFuncError, match=r"half_known argument 1 'y': expected a "
                                                  r"registered gradient, got none \(have 0\)\. "
                                                  r"Add one with half_known.def_grad\(fn, "
                                                  r"argnum=1\)"):
        grad(lambda y: np.sum(half_known(np.ones(2), y)))(np.ones(2))
    # no tracing state is left behind: the next grad works
    onp.testing.assert_array_equal(grad(lambda x: np.sum(x * 2))(np.ones(2)), [2.0, 2.0])


@pytest.mark.parametrize("bad, match", [
    (lambda g: numpy.ones(3), r"expected shape \(2,\) float64, got shape \(3,\) float64"),
    (lambda g: numpy.ones(2, numpy.float32), r"expected shape \(2,\) float64, got shape \(2,\) "
                                             r"float32"),
])
def test_gradient_of_the_wrong_shape_or_dtype_is_reported_where_it_comes_back(bad, match):
    @customop('numpy')
    def sloppy(x):
        return x * 2
    sloppy.def_grad(lambda ans, x: bad)
    with pytest.raises(GradientShapeError,
                       match=r"sloppy gradient for argument 0 'x': " + match):
        grad(lambda x: np.sum(sloppy(x)))(np.ones(2))


def test_def_multiple_grad_must_return_one_gradient_per_argnum():
    @customop('numpy')
    def pair(x, y):
        return x + y
    pair.def_multiple_grad(lambda ans, x, y: lambda g: g, argnums=(0, 1))
    with pytest.raises(GradientShapeError, match=r"pair def_multiple_grad: expected a tuple of 2 "
                                                 r"gradients for arguments \(0, 1\)"):
        grad(lambda x: np.sum(pair(x, x)))(np.ones(2))


def test_non_callable_gradient_maker_is_refused():
    with pytest.raises(TypeError, match=r"scaled_add.def_grad: expected a callable gradient "
                                        r"maker"):
        scaled_add.def_grad(3)


def test_gradient_function_may_update_g_in_place():
    @customop('numpy')
    def twice(x):
        return 2 * x

    def twice_grad(ans, x):
        def grad_x(g):
            g *= 2  # g arrives from sum's backward, which spreads it as a view internally
            return g
        return grad_x
    twice.def_grad(twice_grad)
    onp.testing.assert_array_equal(grad(lambda x: np.sum(twice(x)))(np.ones(3)), [2.0] * 3)
    check_grad(lambda x: np.sum(twice(x) ** 2), onp.linspace(-1, 1, 3))
