"""Bugs a second fuzzing pass found in the facade, the traced array and the gradient API,
each with the behaviour NumPy (or the README) promises. Every test here failed before its fix.
"""
import warnings

import numpy
import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad, make_vjp, value_and_grad
from minpy_compat.errors import NoGradientFuncError, TracedValueError

from conftest import check_grad, numeric_grad

NUMPY_2 = onp.lib.NumpyVersion(onp.__version__) >= "2.0.0"
X23 = onp.arange(6.0).reshape(2, 3) * 0.7 - 1.1
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


# ---- dtypes ------------------------------------------------------------------------------------
@pytest.mark.parametrize("f", [np.dot, np.matmul, lambda a, b: a @ b])
def test_vector_products_keep_each_arguments_dtype(f):
    a, b = onp.array([0.5, 1.5, 2.5]), onp.array([0.1, 0.2, 0.3], onp.float32)
    assert [g.dtype for g in grad(f, [0, 1])(a, b)] == [onp.float64, onp.float32]
    b16 = b.astype(onp.float16)
    assert [g.dtype for g in grad(f, [0, 1])(b, b16)] == [onp.float32, onp.float16]


def test_in_place_operators_keep_the_arrays_dtype():
    def f(a, b):
        a = a * 1
        a += b
        a *= b
        seen.append(a.dtype)
        return np.sum(a)
    seen = []
    g = grad(f, [0, 1])(onp.array([0.5, 1.5], onp.float32), onp.array([0.1, 0.2]))
    assert seen == [onp.float32] and [x.dtype for x in g] == [onp.float32, onp.float64]
    check_grad(f, onp.array([0.5, 1.5]), onp.array([0.1, 0.2]))


def test_in_place_operator_refuses_an_unsafe_cast():
    def f(a):
        b = a * 1.0
        b += 1j  # NumPy: complex128 does not cast to float64 under same_kind
        return np.sum(np.real(b))
    with pytest.raises(TypeError):
        f(onp.array([0.5, 1.5]))
    with pytest.raises(TypeError, match=r"traced \+=: expected a result that casts to float64 "
                                        r"\(NumPy's same_kind rule\), got complex128"):
        grad(f)(onp.array([0.5, 1.5]))

    def g(a):
        counts = np.arange(2)
        counts += a  # an untraced int buffer: the out= path says the same
        return np.sum(counts)
    with pytest.raises(TypeError, match=r"casts to the out= array's int64"):
        grad(g)(onp.array([0.5, 1.5]))


@pytest.mark.parametrize("call", [lambda z: z.astype(dtype=onp.float32),
                                  lambda z: z.astype(float, casting="same_kind"),
                                  lambda z: z.astype(onp.float32, order="C", copy=False)])
def test_astype_takes_numpys_keywords(call):
    x = onp.array([1.0, 2.0])
    g = grad(lambda z: np.sum(call(z) * z))(x)
    assert g.dtype == onp.float64  # the cast's gradient is cast back
    onp.testing.assert_allclose(g, 2 * x)


def test_astype_checks_casting():
    with pytest.raises(TypeError, match="according to the rule 'safe'"):
        grad(lambda z: np.sum(z.astype(onp.float32, casting="safe")))(onp.array([1.0]))


# ---- printing inside grad --------------------------------------------------------------------
def test_values_print_inside_grad():
    x = onp.array([1.0, 2.0])
    printed = []

    def f(z):
        total = np.sum(z)
        printed.extend([f"{total:.3f}", str(z), numpy.array2string(z), np.array_str(z),
                        np.array_repr(z)])
        return total
    grad(f)(x)
    assert printed == ["3.000", str(x), numpy.array2string(x), numpy.array_str(x),
                       numpy.array_repr(x)]


# ---- operands and setters --------------------------------------------------------------------
def test_list_operand_of_matmul():
    x = onp.array([[1.0, 2.0], [3.0, 4.0]])
    onp.testing.assert_array_equal(grad(lambda z: np.sum([1.0, 2.0] @ z))(x), [[1, 1], [2, 2]])
    onp.testing.assert_array_equal(grad(lambda z: np.sum(z @ [1.0, 2.0]))(x), [[1, 2], [1, 2]])


def test_setting_real_imag_and_shape():
    def f(z):
        z = z * 1.0
        z.real = z * 2
        z.shape = (3, 2)
        return np.sum(z * onp.arange(6.0).reshape(3, 2))
    check_grad(f, X23)

    def g(z):
        c = z * (1 + 1j)
        c.imag = z ** 2
        c.real = 3 * z
        return np.sum(np.real(c) + np.imag(c))
    check_grad(g, X23)
    with pytest.raises(TypeError, match="does not have imaginary part"):
        grad(lambda z: setattr(z, "imag", z) or np.sum(z))(X23)


def test_setting_the_shape_of_a_view_is_refused():
    def f(z):
        row = z[0]
        row.shape = (3, 1)
        return np.sum(row)
    with pytest.raises(TracedValueError, match=r"setting \.shape of a traced view"):
        grad(f)(X23)


def test_numeric_grad_helper_is_the_one_used():  # guards the helpers these tests lean on
    onp.testing.assert_allclose(numeric_grad(lambda z: np.sum(z ** 2), [X23], 0), 2 * X23,
                                rtol=1e-6)


# ---- joining arrays with NumPy's dtype= and casting= -----------------------------------------
JOIN_KEYWORDS = [("concatenate", {"dtype": onp.float32}), ("concatenate", {"casting": "no"})]
if NUMPY_2:  # NumPy 1.x's stack/hstack/vstack take neither keyword
    JOIN_KEYWORDS += [("stack", {"dtype": onp.float32, "axis": 1}),
                      ("hstack", {"dtype": onp.float32}), ("vstack", {"casting": "same_kind"})]


@pytest.mark.parametrize("name, kwargs", JOIN_KEYWORDS)
def test_joins_take_numpys_keywords(name, kwargs):
    a, b = onp.array([1.0, 2.0]), onp.array([3.0, 4.0])
    expected = getattr(onp, name)([a, b], **kwargs)
    plain = getattr(np, name)([a, b], **kwargs)
    assert plain.dtype == expected.dtype
    onp.testing.assert_array_equal(plain, expected)
    seen = []
    g = grad(lambda z: (seen.append(getattr(np, name)([z, b * z], **kwargs)),
                        np.sum(seen[-1] * seen[-1]))[1])(a)
    assert seen[0].dtype == expected.dtype and g.dtype == onp.float64
    onp.testing.assert_allclose(g, 2 * a + 2 * b * b * a, rtol=1e-6)


def test_join_dtype_checks_casting_on_traced_arrays():
    with pytest.raises(TypeError, match="according to the rule 'same_kind'"):
        grad(lambda z: np.sum(np.concatenate([z, z], dtype=onp.int32)))(onp.ones(2))


# ---- keyword arguments under grad ------------------------------------------------------------
def test_ufunc_dtype_casts_traced_inputs_first():
    x = onp.array([1.0, 2.0], onp.float32)
    seen = []

    def f(z):
        seen.append(np.add(z, 1.0, dtype=onp.float64))
        return np.sum(np.multiply(z, z, dtype=onp.float64))
    g = grad(f)(x)
    assert seen[0].dtype == onp.float64 and g.dtype == onp.float32
    onp.testing.assert_allclose(g, 2 * x)
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' input"):
        grad(lambda z: np.sum(np.add(z, 1.0, dtype=onp.float32, casting="safe")))(
            onp.array([1.0]))


def test_cumsum_takes_dtype():
    x = onp.array([[1.0, 2.0], [3.0, 4.0]], onp.float32)
    g = grad(lambda z: np.sum(np.cumsum(z, dtype=onp.float64) * onp.arange(4.0)))(x)
    assert g.dtype == onp.float32
    onp.testing.assert_allclose(g.ravel(), [6.0, 6.0, 5.0, 3.0])


@pytest.mark.parametrize("call, keywords", [
    (lambda z: np.sin(z, where=z > 2), "where="),
    (lambda z: np.matmul(z, z, axes=[(-2, -1)] * 3), "axes="),
    (lambda z: np.expm1(z, casting="same_kind"), "casting=")])
def test_keywords_a_gradient_rule_lacks_are_refused_by_name(call, keywords):
    x = onp.array([[1.0, 2.0], [3.0, 4.0]])
    with warnings.catch_warnings(), pytest.raises(
            NoGradientFuncError, match=rf"minpy_compat\.numpy\.\w+: expected keyword arguments "
                                       rf"its gradient rule handles, got {keywords}"):
        warnings.simplefilter("ignore")  # where= without out=: NumPy warns about the memory
        grad(lambda z: np.sum(call(z)))(x)


# ---- lists holding traced values -------------------------------------------------------------
@pytest.mark.parametrize("f, expected", [
    (lambda z: np.sum([z[0], z[1] * 2]), [1.0, 2.0, 0.0]),
    (lambda z: np.max([z[0], z[1] * 2]), [0.0, 2.0, 0.0]),
    (lambda z: np.sum(np.sin([z[0], z[2]])), [onp.cos(1.0), 0.0, onp.cos(3.0)]),
    (lambda z: np.dot([z[0], z[1]], [1.0, 2.0]), [1.0, 2.0, 0.0]),
    (lambda z: np.dot(z, [1.0, 2.0, 3.0]), [1.0, 2.0, 3.0]),
    (lambda z: np.sum(np.maximum([z[0], 1.0], [0.5, z[1]])), [1.0, 1.0, 0.0]),
    (lambda z: np.linalg.norm([[z[0], z[1]]]), [0.2 ** 0.5, 0.8 ** 0.5, 0.0])])
def test_lists_holding_traced_values_are_arrays(f, expected):
    onp.testing.assert_allclose(grad(f)(onp.array([1.0, 2.0, 3.0])), expected)


# ---- MinPy's np.sigmoid keeps a float32 scalar's dtype (NumPy 1.x made it float64) -----
@pytest.mark.parametrize("value", [onp.float32(0.5), onp.array(-1.5, dtype=onp.float32),
                                   onp.array([0.5, -2.0], dtype=onp.float32),
                                   onp.float16(1.0)])
def test_sigmoid_keeps_the_float_dtype_of_scalars_and_0d_arrays(value):
    out = np.sigmoid(value)
    assert out.dtype == value.dtype
    assert onp.allclose(out, 1 / (1 + onp.exp(-onp.float64(value))), rtol=1e-3)
    g = grad(lambda x: np.sum(np.sigmoid(x)))(value)
    assert g.dtype == value.dtype


def test_sigmoid_gradient_matches_finite_differences():
    check_grad(lambda x: np.sum(np.sigmoid(x) ** 2), onp.linspace(-3.0, 3.0, 7))


def test_sinc_derivatives_at_zero_are_finite_and_right():
    from minpy_compat import elementwise_grad
    x = onp.array([0.0, 0.5, -1.3])
    first = elementwise_grad(np.sinc)
    assert onp.allclose(first(x), numeric_grad(onp.sinc, (x,), 0))
    second = elementwise_grad(first)(x)
    assert onp.isclose(second[0], -onp.pi ** 2 / 3)  # sinc''(0)
    assert onp.all(onp.isfinite(second))
    assert first(x.astype(onp.float32)).dtype == onp.float32


def test_a_gradient_rule_returning_the_wrong_shape_is_refused_not_returned():
    from autograd.extend import defvjp, primitive
    from minpy_compat.errors import GradientShapeError

    @primitive
    def doubled_with_a_broken_rule(x):
        return x * 2.0
    defvjp(doubled_with_a_broken_rule, lambda ans, x: lambda g: onp.ones((4, 3)))
    with pytest.raises(GradientShapeError, match=r"the gradient of a differentiated argument: "
                                                 r"expected the argument's shape \(3,\), "
                                                 r"got shape \(4, 3\)"):
        grad(lambda x: np.sum(doubled_with_a_broken_rule(x)))(onp.ones(3))
    with pytest.raises(GradientShapeError, match=r"shape \(\), got shape \(4, 3\)"):
        grad(lambda x: np.sum(doubled_with_a_broken_rule(x)))(1.5)
