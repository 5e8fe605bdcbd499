"""The traced array's dtypes, in-place operators, astype, printing inside grad, operands and
setters: what NumPy (or the README) promises."""
import numpy
import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import TracedValueError

from conftest import check_grad, numeric_grad
from core_fuzz_helpers import X23


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
