"""Bad input at the public entry points: each raises the error a user would catch, naming
the operator and the argument, and the next call with good input works."""
import warnings

import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat
import minpy_compat.numpy as np
from minpy_compat import core
from minpy_compat.errors import ArgnumError, OutputTypeError

OPERATORS = ["grad", "grad_and_loss", "value_and_grad", "make_vjp", "jacobian", "hessian",
             "elementwise_grad", "hessian_vector_product"]
NOT_CALLABLE = st.sampled_from([None, 3, "f", 1.5, {}, (), object(), {1}])


def _square_sum(x):
    return np.sum(x ** 2)


@settings(max_examples=20, deadline=None)
@given(func=NOT_CALLABLE, operator=st.sampled_from(OPERATORS))
def test_an_operator_refuses_a_non_callable_where_it_is_given(func, operator):
    with pytest.raises(TypeError, match=rf"^{operator} argument 0 'func': expected a function"):
        getattr(core, operator)(func)
    assert float(core.grad(_square_sum)(onp.ones(2))[0]) == 2.0


def test_top_level_grad_refuses_a_non_callable():
    with pytest.raises(TypeError, match="grad argument 0 'func': expected a function"):
        minpy_compat.grad(None)


@pytest.mark.parametrize("operator", ["jacobian", "hessian", "elementwise_grad", "make_vjp",
                                      "value_and_grad"])
@pytest.mark.parametrize("bad", [None, "a", {1}])
def test_a_bad_argument_is_named_with_its_operator(operator, bad):
    with pytest.raises(ArgnumError, match=rf"^{operator}\(_square_sum\) argument 0: expected"):
        getattr(core, operator)(_square_sum)(bad)
    assert getattr(core, operator)(_square_sum)(onp.ones(2)) is not None


@pytest.mark.parametrize("operator", ["jacobian", "hessian", "make_vjp", "elementwise_grad"])
def test_an_argnum_out_of_range_is_named_with_its_operator(operator):
    with pytest.raises(ArgnumError, match=rf"^{operator}\(_square_sum\): expected argnum in 0"):
        getattr(core, operator)(_square_sum, 3)(onp.ones(2))


def test_hessian_vector_product_names_itself_for_an_argnum_out_of_range():
    hvp = core.hessian_vector_product(_square_sum, 2)
    with pytest.raises(ArgnumError, match=r"^hessian_vector_product\(_square_sum\): expected"):
        hvp(onp.ones(2), onp.ones(2))


def test_hessian_does_not_name_its_internal_helper():
    with pytest.raises(ArgnumError) as info:
        core.hessian(_square_sum)("a")
    assert "numeric_gradients" not in str(info.value)


OBJECTS = onp.array([1.0, object()], dtype=object)


@pytest.mark.parametrize("operator", ["grad", "jacobian", "make_vjp"])
def test_an_object_array_is_refused_at_a_differentiated_position(operator):
    with pytest.raises(ArgnumError, match=rf"^{operator}\(_square_sum\) argument 0: expected "
                                          r"an array of numbers, got ndarray of shape \(2,\) "
                                          "object"):
        getattr(core, operator)(_square_sum)(OBJECTS)


NOT_NUMBERS = [onp.array([1, 2], dtype=object), onp.array(["a"]),
               onp.datetime64("2020-01-01"), onp.array([1], dtype="m8[s]")]


@pytest.mark.parametrize("out", NOT_NUMBERS, ids=lambda a: a.dtype.str)
@pytest.mark.parametrize("operator", ["grad", "grad_and_loss", "jacobian"])
def test_an_output_of_no_numbers_is_refused(out, operator):
    def returns_it(x):
        return out
    with pytest.raises(OutputTypeError, match="the output of returns_it: expected numbers"):
        getattr(core, operator)(returns_it)(onp.ones(2))
    with pytest.raises(OutputTypeError, match=r"the output of <lambda>: expected numbers"):
        getattr(core, operator)(lambda x: (np.sum(x), out))(onp.ones(2))


def test_a_float_constant_output_still_has_zero_gradients():
    assert onp.array_equal(core.grad(lambda x: onp.ones(3))(onp.ones(2)), onp.zeros(2))


# ---- joining functions take what NumPy takes ------------------------------------------------
JOINS = ["concatenate", "stack", "hstack", "vstack", "column_stack", "dstack"]


def _numpy_error(name, arrays):
    try:
        getattr(onp, name)(arrays)
    except (TypeError, ValueError) as err:
        return type(err)
    return None


@pytest.mark.parametrize("name", JOINS)
@pytest.mark.parametrize("make", [lambda: [], lambda: (), lambda: {},
                                  lambda: (onp.ones(2) for _ in range(2)),
                                  lambda: {onp.float64(1.0)}],
                         ids=["list", "tuple", "dict", "generator", "set"])
def test_a_join_raises_or_returns_as_numpy_does(name, make):
    with warnings.catch_warnings():  # NumPy 1.23 warns about generators and sets, then joins
        warnings.simplefilter("ignore")
        expected = _numpy_error(name, make())
        if expected is None:
            assert onp.array_equal(getattr(np, name)(make()), getattr(onp, name)(make()))
        else:
            with pytest.raises(expected):
                getattr(np, name)(make())


@pytest.mark.parametrize("name", ["concatenate", "stack", "hstack", "vstack", "column_stack"])
def test_a_join_of_a_generator_names_the_function_when_numpy_refuses_it(name):
    if _numpy_error(name, (onp.ones(2) for _ in range(2))) is None:
        pytest.skip(f"this NumPy ({onp.__version__}) joins a generator in {name}")
    with pytest.raises(TypeError, match=rf"numpy.{name} argument 0 'arrays': expected a "
                                        "sequence of arrays"):
        getattr(np, name)(onp.ones(2) for _ in range(2))


def test_concatenate_refuses_a_dict_naming_itself():
    with pytest.raises(TypeError, match="numpy.concatenate argument 0 'arrays': expected a "
                                        r"sequence of arrays \(a list or tuple\), got dict"):
        np.concatenate({0: onp.ones(2)})


def test_hstack_of_nothing_is_numpys_value_error_not_an_index_error():
    with pytest.raises(ValueError, match="need at least one array"):
        np.hstack([])
    g = core.grad(lambda x: np.sum(np.hstack([x, x]) ** 2))(onp.ones(2))
    assert onp.array_equal(g, onp.full(2, 4.0))
