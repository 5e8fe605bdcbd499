"""Fuzzing the gradient operators and customop, round 2: each test pins one bug that was
found (a tuple output of a custom op under grad, Python floats inside containers, make_vjp's
cotangents, complex outputs, gradient makers of the wrong shape, customop of things that
are not plain functions, argnums past the positional arguments)."""
import collections
import functools

import numpy as onp
import pytest
from autograd.builtins import tuple as traced_tuple
from autograd.test_util import check_grads
from autograd.tracer import isbox

import minpy_compat.numpy as np
from minpy_compat import Number, customop, grad_and_loss, make_vjp
from minpy_compat.core import elementwise_grad, grad, hessian_vector_product, value_and_grad
from minpy_compat.errors import ArgnumError, GradientShapeError, OutputTypeError

X = onp.array([0.7, -1.2, 2.0])
Pair = collections.namedtuple("Pair", "w b")


# ---- a custom op with several outputs ------------------------------------------------------
@customop('numpy')
def scaled_and_total(a):
    return a * 2.0, onp.sum(a) * 3.0


scaled_and_total.def_grad(lambda ans, a: lambda g: 2.0 * g[0] + 3.0 * g[1])


@customop('numpy')
def doubled_and_mask(a):
    return a * 2.0, a > 0


doubled_and_mask.def_grad(lambda ans, a: lambda g: 2.0 * g[0])


def test_grad_of_a_function_returning_a_custom_ops_tuple_sums_its_outputs():
    # outputs of different shapes: the tuple was one traced value that NumPy could not stack
    g = grad(lambda a: scaled_and_total(a))(X)
    onp.testing.assert_allclose(g, onp.full(3, 5.0))
    check_grads(lambda a: np.sum(scaled_and_total(a)[0]) + scaled_and_total(a)[1],
                modes=["rev"], order=1)(X)


def test_a_custom_ops_tuple_output_is_a_real_tuple_under_grad_as_outside():
    seen = []

    def f(a):
        out = scaled_and_total(a)
        seen.append(type(out))
        return out[1]
    onp.testing.assert_allclose(grad(f)(X), onp.full(3, 3.0))
    assert seen == [tuple] and type(scaled_and_total(X)) is tuple


def test_a_bool_output_of_a_custom_op_leaves_the_trace():
    seen = []

    def f(a):
        doubled, mask = doubled_and_mask(a)
        seen.append(isbox(mask))
        return doubled_and_mask(a)  # both outputs summed: the mask takes no gradient
    onp.testing.assert_allclose(grad(f)(X), onp.full(3, 2.0))
    assert seen == [False]


def test_a_traced_tuple_returned_by_autograds_own_primitives_sums_its_items():
    g = grad(lambda a: traced_tuple([a * 2.0, np.sum(a ** 2)]))(X)
    onp.testing.assert_allclose(g, 2.0 + 2.0 * X)


def test_make_vjp_and_elementwise_grad_take_a_custom_ops_tuple_output():
    vjp, out = make_vjp(lambda a: scaled_and_total(a))(X)
    onp.testing.assert_allclose(vjp((onp.ones(3), 1.0)), onp.full(3, 5.0))
    onp.testing.assert_allclose(elementwise_grad(lambda a: scaled_and_total(a))(X),
                                onp.full(3, 5.0))
    assert type(out) is tuple


# ---- Python floats inside containers -------------------------------------------------------
@pytest.mark.parametrize("make", [list, tuple, lambda items: Pair(*items),
                                  lambda items: {"w": items[0], "b": items[1]},
                                  lambda items: collections.OrderedDict(w=items[0], b=items[1])],
                         ids=["list", "tuple", "namedtuple", "dict", "OrderedDict"])
def test_a_python_float_inside_a_container_gets_a_number_as_at_the_top(make):
    arg = make([2.0, 3])  # the int counts as a float, as at the top level
    items = list(arg.values()) if isinstance(arg, dict) else list(arg)
    g = grad(lambda p: (lambda w, b: w * w * b)(*(p.values() if isinstance(p, dict) else p)))(arg)
    assert type(g) is type(arg)
    parts = list(g.values()) if isinstance(g, dict) else list(g)
    assert all(type(part) is Number for part in parts)
    assert [float(part) for part in parts] == [2 * items[0] * items[1], items[0] ** 2]


def test_python_floats_beside_arrays_in_a_dict_keep_their_kinds():
    g = grad(lambda d: d["scale"] * np.sum(d["w"] ** 2))({"scale": 0.5, "w": X})
    assert type(g["scale"]) is Number and type(g["w"]).__name__ == "Array"
    onp.testing.assert_allclose(g["w"], X)
    assert float(g["scale"]) == pytest.approx(float(onp.sum(X ** 2)))


# ---- make_vjp's cotangent ------------------------------------------------------------------
def test_make_vjp_takes_a_list_of_numbers_as_the_cotangent_of_an_array_output():
    vjp, _ = make_vjp(lambda a: a ** 2)(X)
    onp.testing.assert_allclose(vjp([1.0, 2.0, 0.5]), 2 * X * [1.0, 2.0, 0.5])


@pytest.mark.parametrize("bad", [None, "ones", [None, None, None]], ids=["None", "str", "Nones"])
def test_make_vjp_refuses_a_cotangent_that_is_not_numbers(bad):
    def square(a):
        return a ** 2
    vjp, _ = make_vjp(square)(X)
    with pytest.raises(GradientShapeError,
                       match=r"make_vjp\(square\) vjp: expected a cotangent of numbers"):
        vjp(bad)
    onp.testing.assert_allclose(vjp(onp.ones(3)), 2 * X)  # and it still works


def test_make_vjp_refuses_a_complex_cotangent_for_a_real_output():
    def tripled(a):
        return a * 3.0
    vjp, _ = make_vjp(tripled)(X)  # the gradient of a real argument came back complex
    with pytest.raises(GradientShapeError, match=r"make_vjp\(tripled\) vjp: expected a real "
                                                 r"cotangent for the real output \(float64\)"):
        vjp(onp.array([1j, 1.0, 0.0]))


# ---- complex outputs ----------------------------------------------------------------------
@pytest.mark.parametrize("operator", [grad, elementwise_grad, grad_and_loss, value_and_grad],
                         ids=["grad", "elementwise_grad", "grad_and_loss", "value_and_grad"])
@pytest.mark.parametrize("arg", [3.0, X, X * (1 + 1j)], ids=["float", "real", "complex"])
def test_a_complex_output_is_refused_as_autograd_refuses_it(operator, arg):
    def rotated(a):
        return np.sum(a * (1 + 2j))
    with pytest.raises(OutputTypeError,
                       match=r"grad(_and_loss)?\(rotated\): expected a real output"):
        operator(rotated)(arg)


def test_the_real_part_of_a_complex_output_still_differentiates():
    g = grad(lambda a: np.real(np.sum(a * (1 + 2j))))(X)
    onp.testing.assert_allclose(g, onp.ones(3))


def test_hessian_vector_product_of_a_complex_argument_is_the_real_hessian_times_the_vector():
    # a guard for the refusal above: hvp's inner product takes the real part, so it stays
    # defined for a real function of complex arguments
    z = onp.array([1 + 2j, 0.5 - 1j])
    v = onp.array([1 + 0j, 0.3 + 0.7j])
    x, y, vx, vy = z.real, z.imag, v.real, v.imag
    r = x ** 2 + y ** 2  # f = sum(r ** 2); its Hessian in (x, y), element by element:
    hv_x = (4 * r + 8 * x ** 2) * vx + 8 * x * y * vy
    hv_y = 8 * x * y * vx + (4 * r + 8 * y ** 2) * vy
    got = hessian_vector_product(lambda a: np.sum(np.abs(a) ** 4))(z, v)
    # autograd's convention for a real function of z = x + iy: d/dx - i d/dy
    onp.testing.assert_allclose(got, hv_x - 1j * hv_y, rtol=1e-12)


# ---- custom op gradient makers -------------------------------------------------------------
@customop('numpy')
def cube(a):
    return a ** 3


def test_a_maker_that_returns_no_function_is_named_with_the_op_and_argument():
    cube.def_grad(lambda ans, a: 3 * a ** 2)  # forgot "lambda g:"
    with pytest.raises(TypeError, match=r"cube gradient maker for argument 0 'a': expected a "
                                        r"function g -> gradient, got ndarray"):
        grad(lambda a: np.sum(cube(a)))(X)
    cube.def_grad(lambda ans, a: lambda g: 3 * g * a ** 2)
    onp.testing.assert_allclose(grad(lambda a: np.sum(cube(a)))(X), 3 * X ** 2)


def test_a_multiple_grad_maker_that_returns_no_function_is_named_with_the_op():
    @customop('numpy')
    def difference(a, b):
        return a - b
    difference.def_multiple_grad(lambda ans, a, b: (1.0, -1.0), (0, 1))
    with pytest.raises(TypeError, match=r"difference def_multiple_grad maker for arguments "
                                        r"\(0, 1\): expected a function g -> gradient"):
        grad(lambda a, b: np.sum(difference(a, b)), [0, 1])(X, X)


@pytest.mark.parametrize("maker", [lambda ans, a: lambda g: g, lambda a, b: lambda g: g,
                                   lambda ans, a, b, c: lambda g: g],
                         ids=["no b", "no ans", "one too many"])
def test_def_grad_refuses_a_maker_that_cannot_take_ans_and_the_arguments(maker):
    @customop('numpy')
    def product(a, b):
        return a * b
    with pytest.raises(TypeError, match=r"product.def_grad: expected a gradient maker taking "
                                        r"\(ans, a, b\), got <lambda>"):
        product.def_grad(maker, argnum=1)


def test_def_grad_takes_a_maker_without_the_defaulted_parameters():
    @customop('numpy')
    def scaled(a, scale=2.0):
        return a * scale
    scaled.def_grad(lambda ans, a: lambda g: 2.0 * g)
    onp.testing.assert_allclose(grad(lambda a: np.sum(scaled(a)))(X), onp.full(3, 2.0))
    with pytest.raises(TypeError, match=r"scaled.def_multiple_grad: expected a gradient "
                                        r"maker taking \(ans, a, scale\)"):
        scaled.def_multiple_grad(lambda ans: lambda g: (g,), (0,))


# ---- what customop decorates ---------------------------------------------------------------
def test_customop_of_a_partial_or_a_callable_object_names_the_op_after_it():
    halved = customop('numpy')(functools.partial(onp.multiply, 0.5))
    assert halved.name == "partial"
    onp.testing.assert_allclose(halved(X), X / 2)

    class Doubler:
        def __call__(self, a):
            return a * 2
    doubler = customop('numpy')(Doubler()).def_grad(lambda ans, a: lambda g: 2 * g)
    assert doubler.name == "Doubler"
    onp.testing.assert_allclose(grad(lambda a: np.sum(doubler(a)))(X), onp.full(3, 2.0))


def test_customop_refuses_something_that_is_not_callable():
    with pytest.raises(TypeError, match=r"customop\('numpy'\): expected a function to turn "
                                        r"into an op, got 3"):
        customop('numpy')(3)


def test_customop_refuses_an_op_decorated_twice():
    with pytest.raises(TypeError, match=r"customop\('numpy'\): expected a plain function, got "
                                        r"the op cube \(decorated twice\?\)"):
        customop('numpy')(cube)


# ---- argnums past the positional arguments -------------------------------------------------
def test_an_argnum_passed_by_keyword_is_named_in_the_error():
    def product(a, b):
        return a * b
    with pytest.raises(ArgnumError, match=r"grad\(product\): expected argnum in 0..0 .* got 1\. "
                                          r"Argument 1 'b' was passed by keyword"):
        grad(product, 1)(2.0, b=3.0)


def test_a_call_without_positional_arguments_is_refused_in_words():
    def constant(**kwargs):
        return 1.0
    with pytest.raises(ArgnumError, match=r"grad\(constant\): expected a call with positional "
                                          r"arguments to differentiate, got none \(argnum 0\)"):
        grad(constant)(a=1.0)
