"""The gradient API: grad, grad_and_loss, value_and_grad and autograd's operators."""
import numpy as onp
import pytest

import minpy_compat
import minpy_compat.numpy as np
from minpy_compat import (Array, Number, core, elementwise_grad, grad, grad_and_loss, hessian,
                          hessian_vector_product, jacobian, make_vjp, value_and_grad)
from minpy_compat.errors import ArgnumError, NonScalarOutputError

from conftest import check_grad


def bar(a, b, c):
    return 3 * a + b ** 2 - c


def test_minpy_scalar_examples():
    assert grad(lambda x: x ** 2)(4) == 8.0
    assert isinstance(grad(lambda x: x ** 2)(4), Number)
    assert grad(lambda x: 5 * x ** 2 + 3 * x - 2)(4) == 43.0
    assert grad(lambda x: 1)(0) == 0.0


@pytest.mark.parametrize("argnum, expected", [
    ([0, 1, 2], [3.0, 6.0, -1.0]),
    (range(3), [3.0, 6.0, -1.0]),
    ((0, 2), (3.0, -1.0)),
    ([1], 6.0),
    ((1,), 6.0),
    (2, -1.0),
])
def test_argnum_forms(argnum, expected):
    got = grad(bar, argnum)(2, 3, 4)
    assert type(got) is type(expected) or (isinstance(expected, float) and float(got) == expected)
    if isinstance(expected, (list, tuple)):
        assert [float(g) for g in got] == list(expected)


def test_top_level_and_core_are_the_same_api():
    assert minpy_compat.grad_and_loss is core.grad_and_loss
    # minpy_compat.grad / value_and_grad also take MindSpore's arguments (the Cell layer);
    # with MinPy's arguments they are core's.
    value, g = minpy_compat.value_and_grad(lambda x, y: x * y, 1)(2.0, 3.0)
    assert (float(value), float(g)) == (6.0, 2.0) and type(g) is type(core.grad(bar)(2, 3, 4))
    assert minpy_compat.grad(bar, [0, 2])(2.0, 3.0, 4.0) == core.grad(bar, [0, 2])(2.0, 3.0, 4.0)


def test_grad_and_loss_returns_gradients_then_loss():
    grads, loss = grad_and_loss(lambda x, y: np.sum(x * y), [0, 1])(np.ones(3), np.arange(3.0))
    onp.testing.assert_array_equal(grads[0], [0, 1, 2])
    onp.testing.assert_array_equal(grads[1], [1, 1, 1])
    assert float(loss) == 3.0 and isinstance(loss, Array)


def test_value_and_grad_is_autograds_order():
    value, g = value_and_grad(lambda x: np.sum(x ** 3))(np.array([1.0, 2.0]))
    assert float(value) == 9.0
    onp.testing.assert_array_equal(g, [3.0, 12.0])


def test_non_scalar_output_is_seeded_with_ones():
    g = grad(lambda x: x * np.array([1.0, 2.0, 3.0]))(np.ones(3))
    onp.testing.assert_array_equal(g, [1, 2, 3])


def test_tuple_output_gradients_add_up():
    g, loss = grad_and_loss(lambda x: (x * 2, np.sum(x ** 2)))(np.array([1.0, 2.0]))
    onp.testing.assert_array_equal(g, [4.0, 6.0])
    assert isinstance(loss, tuple) and float(loss[1]) == 5.0


def test_unused_argument_gets_zeros_of_its_shape():
    g = grad(lambda x, y: np.sum(x), [0, 1])(np.ones(2), np.ones((3, 4), np.float32))
    assert g[1].shape == (3, 4) and g[1].dtype == onp.float32 and not g[1].any()


def test_output_independent_of_everything_gives_zeros_without_warning(recwarn):
    g = grad(lambda x: np.ones(3))(np.ones(2))
    onp.testing.assert_array_equal(g, [0, 0])
    assert not [w for w in recwarn if "independent" in str(w.message)]


def test_structured_arguments_give_structured_gradients():
    params = {"w": np.array([[1.0, 2.0]]), "layers": [np.ones(2), (3.0, np.zeros(1))],
              "name": "net"}

    def loss(p):
        return np.sum(p["w"] * p["layers"][0]) * p["layers"][1][0] + np.sum(p["layers"][1][1])

    g = grad(loss)(params)
    assert set(g) == {"w", "layers", "name"} and g["name"] == "net"
    onp.testing.assert_array_equal(g["w"], [[3.0, 3.0]])
    onp.testing.assert_array_equal(g["layers"][0], [3.0, 6.0])
    assert float(g["layers"][1][0]) == 3.0
    onp.testing.assert_array_equal(g["layers"][1][1], [1.0])
    assert isinstance(g["layers"], list) and isinstance(g["layers"][1], tuple)


def test_same_array_used_twice_accumulates():
    x = np.array([1.0, 2.0])
    onp.testing.assert_array_equal(grad(lambda x: np.sum(x * x + x))(x), [3.0, 5.0])


@pytest.mark.parametrize("dtype", [onp.float32, onp.float64])
def test_many_uses_accumulate_without_touching_the_callers_arrays(dtype):
    # Four uses of x: the first contribution is the identity (g itself), the second sum is
    # a new array, later ones are added to it in place; x, the seed and w stay untouched.
    x = onp.array([[1.0, -2.0], [3.0, 0.5]], dtype)
    w = onp.array([[2.0, 1.0], [0.0, -1.0]], dtype)
    before = (x.copy(), w.copy())
    f = lambda x: np.sum(x + 1.0) + np.sum(x * w) + np.sum(np.tanh(x)) + np.sum(x)  # noqa: E731
    g = grad(f)(x)
    assert g.dtype == dtype
    onp.testing.assert_allclose(g, 2.0 + w + (1 - onp.tanh(x) ** 2), rtol=1e-6)
    onp.testing.assert_array_equal(x, before[0])
    onp.testing.assert_array_equal(w, before[1])
    if dtype == onp.float64:
        check_grad(f, x)


@pytest.mark.parametrize("depth, expected", [(1, 3 * 4.0), (2, 6 * 2.0), (3, 6.0), (4, 0.0)])
def test_nested_grad_to_any_depth(depth, expected):
    f = lambda x: x ** 3  # noqa: E731
    for _ in range(depth):
        f = grad(f)
    assert float(f(2.0)) == expected


def test_second_order_matches_finite_differences():
    check_grad(lambda x: np.sum(np.tanh(x) ** 2 * np.sin(x)), onp.linspace(-1, 1, 4), order=2)


def test_gradient_of_kwargs_function_and_constant_kwargs():
    f = lambda x, scale=1.0: np.sum(scale * x ** 2)  # noqa: E731
    onp.testing.assert_array_equal(grad(f)(np.ones(2), scale=3.0), [6.0, 6.0])


def test_integer_arguments_are_differentiated_as_floats():
    g = grad(lambda x: np.sum(x ** 2))(onp.array([1, 2]))
    assert g.dtype == onp.float64
    onp.testing.assert_array_equal(g, [2.0, 4.0])


def test_gradients_are_arrays_and_keep_float32():
    g = grad(lambda x: np.sum(np.exp(x) * 2.0))(np.ones(3, dtype=np.float32))
    assert isinstance(g, Array) and g.dtype == onp.float32


def test_elementwise_grad_jacobian_hessian_hvp():
    x = np.array([0.5, -1.0, 2.0])
    onp.testing.assert_allclose(elementwise_grad(np.sin)(x), onp.cos(x.asnumpy()))
    onp.testing.assert_allclose(jacobian(lambda x: x ** 2)(x), onp.diag(2 * x.asnumpy()))
    onp.testing.assert_allclose(hessian(lambda x: np.sum(x ** 3))(x), onp.diag(6 * x.asnumpy()))
    v = np.array([1.0, 0.0, 2.0])
    onp.testing.assert_allclose(hessian_vector_product(lambda x: np.sum(x ** 3))(x, v),
                                6 * x.asnumpy() * v.asnumpy())
    assert isinstance(jacobian(lambda x: x ** 2)(x), Array)


def test_make_vjp_pulls_back_any_cotangent():
    vjp, value = make_vjp(lambda x: x * np.array([2.0, 3.0]))(np.ones(2))
    onp.testing.assert_array_equal(value, [2.0, 3.0])
    onp.testing.assert_array_equal(vjp(np.array([1.0, 10.0])), [2.0, 30.0])


@pytest.mark.parametrize("operator", [hessian, hessian_vector_product])
def test_hessian_of_non_scalar_function_is_refused_clearly(operator):
    def square(x):
        return x ** 2
    args = (np.ones(2),) if operator is hessian else (np.ones(2), np.ones(2))
    with pytest.raises(NonScalarOutputError,
                       match=r"hessian.*\(square\): expected a function with a scalar output, "
                             r"got .*shape \(2,\)"):
        operator(square)(*args)


@pytest.mark.parametrize("argnum", [True, "0", 1.5, [0, "1"]])
def test_bad_argnum_is_refused_at_grad_time(argnum):
    # The message names the operator the user called.
    with pytest.raises(ArgnumError, match=r"^grad\(bar\): expected argnum"):
        grad(bar, argnum)
    with pytest.raises(ArgnumError, match=r"^grad_and_loss\(bar\): expected argnum"):
        grad_and_loss(bar, argnum)


def test_argnum_outside_the_call_is_refused():
    with pytest.raises(ArgnumError, match=r"grad\(bar\): expected argnum in 0..2 .* got 3"):
        grad(bar, 3)(1.0, 2.0, 3.0)


def test_conversion_helpers_recurse_through_containers():
    data = {"a": [onp.ones(2), (onp.zeros(1), 2.0)], "b": onp.float32(1.5)}
    as_minpy = core.numpy_to_minpy(data)
    assert isinstance(as_minpy["a"][0], Array) and isinstance(as_minpy["a"][1][0], Array)
    assert isinstance(as_minpy["a"][1][1], Number)
    back = core.minpy_to_numpy(as_minpy)
    assert type(back["a"][0]) is onp.ndarray and type(back["a"][1][1]) is float

    @core.convert_args
    def kind(x):
        return type(x)
    assert kind(onp.ones(1)) is Array

    @core.return_numpy
    def make():
        return [np.ones(2), {"k": np.zeros(1)}]
    out = make()
    assert type(out[0]) is onp.ndarray and type(out[1]["k"]) is onp.ndarray


def test_differentiating_a_non_array_argument_is_refused_clearly():
    class Model:
        pass

    with pytest.raises(ArgnumError, match=r"grad\(<lambda>\) argument 0: expected arrays or "
                                          r"floats .*, got Model"):
        grad(lambda m: 1.0)(Model())


def test_gradients_of_reductions_can_be_updated_in_place():
    # sum/mean spread g as a broadcast view internally; what reaches the user is writable.
    for f in (np.sum, np.mean, lambda x: np.sum(np.sum(x, axis=1)),
              lambda x: np.sum(np.max(x, axis=0))):
        g = grad(f)(np.ones((3, 2)))
        g += 1.0
        assert g.flags.writeable
    for operator in (elementwise_grad, jacobian):  # these run autograd's backward pass
        g = operator(lambda x: np.sum(x, axis=1))(np.ones((3, 2)))
        g += 1.0
        assert g.flags.writeable
