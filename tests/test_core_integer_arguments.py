"""An integer or boolean argument is differentiated as float64 however it arrives: a plain
ndarray, a ``minpy_compat`` Array (``np.array([1, 2])``), a Python int. (An int Array used to
keep its dtype, so every product of it was an integer result and its gradient came back
as zeros.)"""
import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import grad, value_and_grad


def cube_sum(a):
    return (a ** 3).sum()


@pytest.mark.parametrize("make", [onp.array, np.array, ms.Tensor],
                         ids=["ndarray", "Array", "Tensor"])
@pytest.mark.parametrize("values", [[1, 2], [True, False]], ids=["int", "bool"])
def test_every_kind_of_integer_array_gets_the_same_float64_gradient(make, values):
    gradient = grad(cube_sum)(make(values))
    onp.testing.assert_array_equal(gradient, 3.0 * onp.asarray(values, float) ** 2)
    assert gradient.dtype == onp.float64


def test_the_value_is_computed_from_the_integers_and_a_python_int_agrees():
    value, gradient = value_and_grad(cube_sum)(np.array([1, 2]))
    assert float(value) == 9.0 and gradient.tolist() == [3.0, 12.0]
    assert float(grad(lambda a: a ** 3)(2)) == 12.0


def test_integer_arrays_in_a_list_argument_too():
    grads = grad(lambda ab: (ab[0] * ab[1]).sum())([np.array([1, 2]), np.array([3, 4])])
    assert [g.tolist() for g in grads] == [[3.0, 4.0], [1.0, 2.0]]
