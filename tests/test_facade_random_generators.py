"""``minpy_compat.numpy.random``: Generator and RandomState draw Arrays with NumPy's numbers,
and traced parameters."""
import copy
import pickle
import re

import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import TracedValueError
from conftest import check_grad
from facade_fold_helpers import _weights


# ---- numpy.random: Generator and RandomState draw Arrays, NumPy's numbers -----------------
GENERATOR_DRAWS = {
    "normal": lambda g: g.normal(size=3),
    "standard_normal-float32": lambda g: g.standard_normal(4, dtype=onp.float32),
    "random": lambda g: g.random((2, 2)),
    "integers": lambda g: g.integers(0, 9, size=5),
    "integers-scalar": lambda g: g.integers(9),
    "choice": lambda g: g.choice(10, size=3, replace=False),
    "permutation": lambda g: g.permutation(6),
    "exponential": lambda g: g.exponential(2.0, size=3),
    "multivariate_normal": lambda g: g.multivariate_normal([0.0, 1.0], onp.eye(2), size=2),
}


@pytest.mark.parametrize("name", sorted(GENERATOR_DRAWS))
def test_generator_draws_are_arrays_equal_to_numpys(name):
    draw = GENERATOR_DRAWS[name]
    ours, theirs = draw(np.random.default_rng(5)), draw(onp.random.default_rng(5))
    assert type(ours) is np.ndarray
    assert ours.dtype == onp.asarray(theirs).dtype
    onp.testing.assert_array_equal(ours, theirs)


def test_random_state_draws_are_arrays_equal_to_numpys():
    ours, theirs = np.random.RandomState(3), onp.random.RandomState(3)
    for call in (lambda r: r.randn(2, 3), lambda r: r.randint(0, 5, 4), lambda r: r.rand(3)):
        got = call(ours)
        assert type(got) is np.ndarray
        onp.testing.assert_array_equal(got, call(theirs))
    assert isinstance(ours, onp.random.RandomState) and isinstance(ours.get_state(), tuple)


def test_generator_is_numpys_and_survives_pickle_and_copy():
    g = np.random.default_rng(7)
    assert isinstance(g, onp.random.Generator) and isinstance(g, np.random.Generator)
    assert np.random.default_rng(g) is g
    g.random(3)
    for twin in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert type(twin) is type(g)
        onp.testing.assert_array_equal(twin.normal(size=4), copy.deepcopy(g).normal(size=4))
        assert type(twin.normal(size=2)) is np.ndarray
    shuffled = np.arange(6.0)
    np.random.default_rng(1).shuffle(shuffled)
    expected = onp.arange(6.0)
    onp.random.default_rng(1).shuffle(expected)
    onp.testing.assert_array_equal(shuffled, expected)


def test_generator_normal_and_uniform_take_traced_parameters():
    def loss(loc, scale):
        return np.sum(np.random.default_rng(2).normal(loc, scale, size=5) * _weights(5))
    z = onp.random.default_rng(2).standard_normal(5)
    g_loc, g_scale = grad(loss, (0, 1))(0.5, 2.0)
    onp.testing.assert_allclose(g_loc, _weights(5).sum())
    onp.testing.assert_allclose(g_scale, (z * _weights(5)).sum())
    onp.testing.assert_allclose(  # the draw itself is NumPy's
        getval(np.random.default_rng(2).normal(np.array([0.5, 1.0]), 2.0)),
        onp.random.default_rng(2).normal([0.5, 1.0], 2.0))
    check_grad(lambda low, high: np.random.RandomState(0).uniform(low, high, size=3),
               onp.array(-1.0), onp.array(2.0))
    check_grad(lambda low: np.random.default_rng(0).uniform(low=low, high=3.0, size=(2, 2)),
               onp.array([0.5, 1.0]))


# (draw, parameters NumPy refuses): traced, they get NumPy's own error, before the state moves
REFUSED_DRAWS = [("uniform", (0.0, onp.inf), None), ("uniform", (onp.zeros(2), 1.0), 3),
                 ("normal", (0.0, -1.0), None), ("normal", (onp.zeros(2), 1.0), (3,))]
SOURCES = {"Generator": (lambda m: m.random.default_rng(4)),
           "RandomState": (lambda m: m.random.RandomState(4)), "legacy": (lambda m: m.random)}


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.parametrize("name, parameters, size", REFUSED_DRAWS,
                         ids=["uniform-inf", "uniform-shape", "normal-negative", "normal-shape"])
def test_traced_parameters_numpy_refuses_get_its_error_and_keep_the_state(
        source, name, parameters, size):
    with pytest.raises((OverflowError, ValueError)) as numpys:
        getattr(SOURCES[source](onp), name)(*parameters, size=size)
    ours = SOURCES[source](np)
    onp.random.seed(4)
    np.random.seed(4)
    before = repr(ours.bit_generator.state if source == "Generator" else
                  onp.random.get_state() if source == "legacy" else ours.get_state())

    def loss(first):
        with pytest.raises(type(numpys.value), match=f"^{re.escape(str(numpys.value))}$"):
            getattr(ours, name)(first + parameters[0], *parameters[1:], size=size)
        return np.sum(first)
    grad(loss)(np.array(0.0))
    after = repr(ours.bit_generator.state if source == "Generator" else
                 onp.random.get_state() if source == "legacy" else ours.get_state())
    assert after == before


def test_generator_methods_refuse_other_traced_parameters_by_name():
    with pytest.raises(TracedValueError, match=r"random\.Generator\.exponential: expected "
                                               r"constant parameters"):
        grad(lambda s: np.sum(np.random.default_rng(0).exponential(s, size=3)))(1.0)
    with pytest.raises(TracedValueError, match=r"random\.RandomState\.choice: expected "
                                               r"constant parameters"):  # permutation(x): round 5
        grad(lambda p: np.sum(np.random.RandomState(0).choice(3, 2, p=p)))(onp.ones(3) / 3)
