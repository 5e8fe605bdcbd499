"""ufunc methods' default axis, transpose with negative axes, var and std's NumPy 2 keywords,
outputs in containers and repeated argnums: what NumPy (or the README) promises."""
import numpy
import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad, make_vjp, value_and_grad

from conftest import check_grad
from core_fuzz_helpers import NUMPY_2, X23


X234 = onp.random.RandomState(3).randn(2, 3, 4)


# ---- ufunc methods keep their own default axis (0, not None) ---------------------------------
@pytest.mark.parametrize("method", [
    lambda z: numpy.add.reduce(z), lambda z: np.add.reduce(z),
    lambda z: numpy.maximum.reduce(z), lambda z: numpy.multiply.reduce(z),
    lambda z: numpy.add.accumulate(z), lambda z: np.multiply.accumulate(z),
    lambda z: numpy.add.reduce(z, axis=None), lambda z: numpy.add.reduce(z, 1)])
def test_ufunc_reduce_and_accumulate_follow_numpy(method):
    seen = []
    grad(lambda z: (seen.append(method(z).asnumpy()), np.sum(z))[1])(X23)
    expected = method(X23)
    assert seen[0].shape == onp.shape(expected)
    onp.testing.assert_allclose(seen[0], expected)
    check_grad(lambda z: method(z) * onp.cos(onp.arange(onp.size(expected))).reshape(
        onp.shape(expected)), X23)


# ---- transpose with negative axes ------------------------------------------------------------
@pytest.mark.parametrize("axes", [(0, -1, 1), (-1, 0, -2), (2, -3, 1)])
def test_transpose_with_negative_axes(axes):
    weights = onp.cos(onp.arange(24.0)).reshape(onp.transpose(X234, axes).shape)
    check_grad(lambda z: np.transpose(z, axes) * weights, X234)
    check_grad(lambda z: z.transpose(*axes) * weights, X234)


def test_write_through_a_transposed_view_with_negative_axes():
    def f(z):
        z = z * 1.0
        z.transpose(0, -1, 1)[0, 0, 1] = 100.0 * z[1, 2, 3]
        seen.append(onp.array(getval(z)))
        return np.sum(z * z)
    seen = []
    grad(f)(X234)
    expected = X234.copy()
    expected.transpose(0, -1, 1)[0, 0, 1] = 100.0 * X234[1, 2, 3]
    onp.testing.assert_array_equal(seen[0], expected)
    check_grad(f, X234)


# ---- var and std with NumPy 2's correction= and mean= -----------------------------------------
@pytest.mark.skipif(not NUMPY_2, reason="correction= and mean= are NumPy 2 keywords")
@pytest.mark.parametrize("name", ["var", "std"])
@pytest.mark.parametrize("kwargs", [{"correction": 1}, {"mean": onp.full((2, 1), 0.3), "axis": 1},
                                    {"correction": 1.5, "axis": 0, "keepdims": True}])
def test_var_and_std_keywords(name, kwargs):
    check_grad(lambda z: getattr(np, name)(z, **kwargs), X23, order=2)


# ---- outputs in containers, repeated argnums ---------------------------------------------------
def test_dict_and_nested_outputs_add_up():
    assert float(grad(lambda a: {"loss": a * 2})(3.0)) == 2.0
    assert float(grad(lambda a: (a * 2, (a * 3, [a])))(3.0)) == 6.0
    value, g = value_and_grad(lambda a: {"loss": a * 2, "aux": (a, a * a)})(3.0)
    assert float(g) == 2.0 + 1.0 + 6.0 and float(value["loss"]) == 6.0


def test_make_vjp_of_structured_outputs():
    x = onp.array([1.0, 2.0])
    vjp, value = make_vjp(lambda x: (3 * x, x ** 2))(x)
    onp.testing.assert_allclose(vjp((onp.ones(2), onp.ones(2))), [5.0, 7.0])
    onp.testing.assert_allclose(value[1], [1.0, 4.0])
    vjp, _ = make_vjp(lambda x: {"a": x * 2, "b": [x.sum(), x]})(x)
    onp.testing.assert_allclose(vjp({"a": onp.ones(2), "b": [2.0, onp.array([1.0, 0.0])]}),
                                [5.0, 4.0])


@pytest.mark.parametrize("argnum", [[0, 0], [0, -2], (1, 0, 1)])
def test_an_argnum_asked_for_twice_gets_its_gradient_twice(argnum):
    grads = grad(lambda x, y: x * y, argnum)(2.0, 3.0)
    expected = {0: 3.0, 1: 2.0}
    assert [float(g) for g in grads] == [expected[a % 2] for a in argnum]


def test_repeated_array_gradients_are_separate_copies():
    first, second = grad(lambda x: np.sum(x ** 2), [0, 0])(onp.ones(2))
    first += 1.0
    onp.testing.assert_array_equal(second, [2.0, 2.0])
