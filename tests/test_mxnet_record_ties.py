"""Runs of MXNet ops recorded by MXNet's autograd: ties (and inf and NaN) get the gradients of
the op-by-op path."""
import numpy as onp
import pytest

from mxnet_helpers import need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import grad
from minpy_compat.backends import mxnet_record  # noqa: E402
from minpy_compat.backends.mxnet_backend import array as mx_array  # noqa: E402
from minpy_compat.dispatch.policy import wrap_policy  # noqa: E402


# ---- ties -------------------------------------------------------------------------------------
TIED = onp.array([[0.0, 1.0, -1.0, 0.0], [2.0, 2.0, 0.5, 2.0]])
OTHER = onp.array([[0.0, 0.5, -1.0, 1.0], [2.0, 1.0, 0.5, 3.0]])
WEIGHTS = onp.arange(1.0, 9.0).reshape(2, 4)


@pytest.mark.parametrize("reduce", [
    lambda a: np.max(a, axis=1), lambda a: np.min(a, axis=0, keepdims=True),
    lambda a: np.max(a), lambda a: np.amin(a, axis=(0, 1))], ids=["max1", "min0", "max", "amin"])
def test_tied_extremes_share_the_gradient_on_every_path(reduce):
    def f(a):
        out = reduce(a)
        return np.sum(out * onp.arange(1.0, 1.0 + onp.size(out)).reshape(onp.shape(out)))
    expected = onp.asarray(grad(f)(TIED))  # NumPy: autograd's even split
    with wrap_policy("only_mxnet"):
        recorded = onp.asarray(grad(f)(mx_array(TIED)))
        with mxnet_record.op_by_op():
            own = onp.asarray(grad(f)(mx_array(TIED)))
        value = float(np.sum(reduce(mx_array(TIED))))
    onp.testing.assert_array_equal(recorded, expected)
    onp.testing.assert_array_equal(own, expected)
    assert value == float(onp.sum(reduce(TIED)))


def test_max_of_rows_with_inf_and_nan_keeps_numpy_values():
    inf = onp.inf
    data = onp.array([[1.0, -inf, 3.0], [inf, inf, 0.0], [-inf, -inf, -inf]])

    def f(a):
        return np.max(a, axis=1)
    with wrap_policy("only_mxnet"):
        boxed_value = []
        grad(lambda a: boxed_value.append(f(a).asnumpy()) or np.sum(f(a)))(mx_array(data))
    onp.testing.assert_array_equal(boxed_value[0], onp.max(data, axis=1))


@pytest.mark.parametrize("pick, scalar_expected, pair_expected", [
    (np.maximum, (TIED >= 0) * WEIGHTS, ((TIED >= OTHER) * WEIGHTS, (OTHER > TIED) * WEIGHTS)),
    (np.minimum, (TIED <= 0) * WEIGHTS, ((TIED <= OTHER) * WEIGHTS, (OTHER < TIED) * WEIGHTS))],
    ids=["maximum", "minimum"])
def test_maximum_minimum_ties_go_to_the_first_array_argument(
        pick, scalar_expected, pair_expected):
    with wrap_policy("only_mxnet"):
        for own in (False, True):
            with mxnet_record.op_by_op() if own else wrap_policy("only_mxnet"):
                scalar = grad(lambda a: np.sum(pick(a, 0.0) * WEIGHTS))(mx_array(TIED))
                reversed_ = grad(lambda a: np.sum(pick(0.0, a) * WEIGHTS))(mx_array(TIED))
                pair = grad(lambda a, b: np.sum(pick(a, b) * WEIGHTS), [0, 1])(
                    mx_array(TIED), mx_array(OTHER))
            onp.testing.assert_array_equal(onp.asarray(scalar), scalar_expected)
            onp.testing.assert_array_equal(onp.asarray(reversed_), scalar_expected)
            for got, expected in zip(pair, pair_expected):
                onp.testing.assert_array_equal(onp.asarray(got), expected)
    # NumPy splits the same ties evenly: both are subgradients, documented as different.
    numpy_scalar = grad(lambda a: np.sum(pick(a, 0.0) * WEIGHTS))(TIED)
    assert numpy_scalar[0, 0] == 0.5 * WEIGHTS[0, 0]
