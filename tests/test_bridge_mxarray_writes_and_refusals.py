"""Where the NumPy facade meets MXNet values: writes into MXArrays, and the registry's refusals
name the call the user made."""
import numpy as onp
import pytest
from mxnet_helpers import need_mxnet

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.dispatch.policy import wrap_policy
from minpy_compat.errors import NoGradientFuncError, PolicyError
from bridge_helpers import X


@pytest.fixture
def mx():
    return need_mxnet()


def _mxarray(values):
    from minpy_compat.backends import mxnet_backend
    return mxnet_backend.array(values)


# ---- writes into MXArrays ----------------------------------------------------------------
WRITES = {
    "copyto_where": (lambda a: np.copyto(a, onp.arange(4.0).reshape(2, 2),
                                         where=[[True, False], [False, True]])),
    "copyto_broadcast": lambda a: np.copyto(a, 7.0),
    "place": lambda a: np.place(a, [[True, False], [True, True]], [5.0, 6.0]),
    "putmask": lambda a: np.putmask(a, [[True, False], [True, True]], [5.0, 6.0]),
    "fill_diagonal": lambda a: np.fill_diagonal(a, 9.0),
    "ufunc_out_keyword": lambda a: np.multiply(onp.ones((2, 2)), 3.0, out=a),
    "ufunc_out_positional": lambda a: np.add(onp.ones((2, 2)), 2.0, a),
}


@pytest.mark.parametrize("policy", ["default", "prefer_mxnet", "only_mxnet"])
@pytest.mark.parametrize("name", list(WRITES))
def test_writes_into_an_mxarray_give_numpys_values(mx, policy, name):
    expected = onp.zeros((2, 2))
    WRITES[name](expected)
    if policy == "only_mxnet" and name.startswith("ufunc_out"):
        with wrap_policy(policy), pytest.raises(PolicyError, match="runs only in NumPy"):
            WRITES[name](_mxarray(onp.zeros((2, 2))))  # MXNet's ops take no out=
        return
    with wrap_policy(policy):
        target = _mxarray(onp.zeros((2, 2)))
        WRITES[name](target)
    assert type(target).__name__ == "MXArray"
    onp.testing.assert_array_equal(target.asnumpy(), expected)


def test_copyto_into_an_mxarray_keeps_numpys_casting_rule(mx):
    target = _mxarray(onp.zeros(2, onp.int64))
    with pytest.raises(TypeError, match="same_kind"):
        np.copyto(target, onp.array([1.5, 2.5]))
    onp.testing.assert_array_equal(target.asnumpy(), [0, 0])


@pytest.mark.parametrize("policy", ["default", "prefer_mxnet"])
def test_copyto_of_a_traced_value_into_a_traced_mxnet_value(mx, policy):
    def f(x):
        y = x * 1.0
        np.copyto(y, x * x, where=[True, False, True])
        return np.sum(y * x)
    with wrap_policy(policy):
        got = grad(f)(_mxarray(X.copy()))
    onp.testing.assert_allclose(onp.asarray(got), [3 * X[0] ** 2, 2 * X[1], 3 * X[2] ** 2])


# ---- refusals name the call the user made ------------------------------------------------
def test_add_at_under_only_mxnet_names_add_at(mx):
    def f(x):
        y = x * 1.0
        np.add.at(y, [0, 0], 1.0)
        return np.sum(y * x)
    with wrap_policy("only_mxnet"), pytest.raises(
            PolicyError, match=r"^numpy\.add\.at under the only_mxnet policy: .*made of "
                               r"broadcast_to"):
        grad(f)(_mxarray(X.copy()))


def test_a_missing_gradient_names_the_parameter():
    with pytest.raises(NoGradientFuncError, match=r"^minpy_compat\.numpy\.polydiv "
                                                  r"argument 1 'v': expected a function"):
        grad(lambda b: np.sum(np.polydiv(np.array([1.0, 2.0, 3.0]), v=b)[0]))(
            np.array([1.0, 2.0]))


def test_a_missing_gradient_of_a_positional_argument_names_it():
    with pytest.raises(NoGradientFuncError,
                       match=r"^minpy_compat\.numpy\.trim_zeros argument 0 'filt'"):
        grad(lambda x: np.sum(np.trim_zeros(np.ravel(x))))(X.copy())
