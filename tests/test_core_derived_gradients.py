"""Gradients of NumPy functions that autograd has none for (minpy_compat/numpy/
derived_gradients.py's rules, registered by shape_, arithmetic_, calculus_, fft_ and
reduction_gradients.py): finite differences to second order, composites equal to NumPy,
float32 kept, and the refusals."""
import numpy as onp
import pytest
from autograd.tracer import getval

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.errors import NoGradientFuncError
from minpy_compat.numpy import (arithmetic_gradients, calculus_gradients, derived_gradients,
                                fft_gradients, reduction_gradients, shape_gradients)

from conftest import check_grad
from derived_gradient_cases import CASES, GRID, POINTS, M, V


def _function(name):
    target = np
    for part in name.split("."):
        target = getattr(target, part, None)
        if target is None:
            pytest.skip(f"numpy {onp.__version__} has no {name}")
    return target


def _weights(shape, salt):
    count = int(onp.prod(shape, dtype=int))
    return onp.cos(onp.arange(count) * 1.3 + salt).reshape(shape) + 1.5


def weighted_total(out):
    """A real number that depends on every float output element with its own weight, so a
    gradient sent to the wrong element cannot hide in a plain sum."""
    if isinstance(getval(out), (tuple, list)):  # traced, a tuple output is one box
        parts = [out[i] for i in range(len(getval(out)))]
    else:
        parts = [out]
    total = 0.0
    for salt, part in enumerate(parts):
        if onp.asarray(getval(part)).dtype.kind not in "fc":
            continue
        weights = _weights(onp.shape(part), salt)
        total = total + np.sum(np.real(part) * weights) + np.sum(np.imag(part) * onp.flip(weights))
    return total


def _differentiated(name, args, kwargs, argnums):
    fun = _function(name)

    def f(*values):
        full = list(args)
        for argnum, value in zip(argnums, values):
            full[argnum] = value
        return weighted_total(fun(*full, **kwargs))
    return f, [onp.asarray(args[i], dtype=float) if onp.ndim(args[i]) else float(args[i])
               for i in argnums]


def _case_id(case):
    name, args, kwargs, _ = case
    return f"{name}-{len(args)}-{'-'.join(f'{k}={v}' for k, v in kwargs.items())}"


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_gradient_matches_finite_differences_to_second_order(case):
    name, args, kwargs, argnums = case
    f, values = _differentiated(name, args, kwargs, argnums)
    check_grad(f, *values, order=2, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in derived_gradients.COMPOSITES],
                         ids=[_case_id(c) for c in CASES if c[0] in derived_gradients.COMPOSITES])
def test_composite_equals_numpy(case):
    """The gradient is the composite's, so the composite must compute NumPy's value."""
    name, args, kwargs, _ = case
    raw = _function(name).__wrapped__
    expected, got = raw(*args, **kwargs), derived_gradients.COMPOSITES[name](*args, **kwargs)
    if isinstance(expected, (tuple, list)):
        assert len(got) == len(expected)
        for e, g in zip(expected, got):
            onp.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)
    else:
        onp.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


def _exists(name):
    target = np
    for part in name.split("."):
        target = getattr(target, part, None)
    return target is not None


# The names the derived rules registered (statistics_ and linalg_gradients.py add more).
OWN = {name for module in (shape_gradients, arithmetic_gradients, calculus_gradients,
                           fft_gradients, reduction_gradients) for name in module.REGISTERED}


def test_every_registered_function_has_a_case_and_every_case_was_registered():
    names = {c[0] for c in CASES}
    assert OWN <= names, sorted(OWN - names)
    present = {name for name in names if _exists(name)} - {"append"}  # autograd's, via concatenate
    assert present <= OWN, sorted(present - OWN)


# float_power computes in float64 by definition; the others take only Python floats here.
FLOAT32 = [c for c in CASES if c[0] != "float_power" and
           any(onp.ndim(c[1][i]) for i in c[3])]


@pytest.mark.parametrize("case", FLOAT32, ids=[_case_id(c) for c in FLOAT32])
def test_float32_in_float32_gradient_out(case):
    name, args, kwargs, argnums = case
    f, values = _differentiated(name, args, kwargs, argnums)
    values = [v.astype(onp.float32) if isinstance(v, onp.ndarray) else v for v in values]
    array_argnums = [i for i, v in enumerate(values) if isinstance(v, onp.ndarray)]
    grads = grad(f, array_argnums)(*values)
    for g in grads if isinstance(grads, list) else [grads]:
        assert g.dtype == onp.float32, (name, g.dtype)


# ---- what stays refused, and says so -------------------------------------------------------
@pytest.mark.parametrize("mode, kwargs, match", [
    (lambda vector, width, axis, options: None, {},
     r"pad argument 0: expected a mode NumPy names .* got mode=<function"),
])
def test_pad_refuses_modes_that_compute_values(mode, kwargs, match):
    with pytest.raises(NoGradientFuncError, match=match):
        grad(lambda x: np.sum(np.pad(x, 1, mode=mode, **kwargs)))(M)


def test_interp_refuses_periods():
    with pytest.raises(NoGradientFuncError, match=r"interp argument 0: expected period=None"):
        grad(lambda x: np.sum(np.interp(x, GRID, V[:4], period=4.0)))(POINTS)


def test_where_gradient_of_a_broadcast_scalar_is_a_scalar():
    """autograd's rule gives a scalar argument a gradient of the output's shape."""
    picked = onp.array([True, False, True])
    g = grad(lambda s: np.sum(np.where(picked, s, onp.zeros(3))))(2.0)
    assert onp.shape(g) == () and float(g) == 2.0


def test_select_is_differentiable_in_choices_and_default():
    x = onp.array([-1.0, 0.5, 2.0, 3.0])

    def f(x):
        return np.sum(np.select([x > 2.5, x > 1, x > 0], [x ** 2, 3 * x, -x], default=x ** 3))
    onp.testing.assert_allclose(grad(f)(x), [3.0, -1.0, 3.0, 6.0])
    g_numpy = grad(lambda x: np.sum(onp.select([x > 0], [x ** 2], default=-x)))(x)
    onp.testing.assert_allclose(g_numpy, [-1.0, 1.0, 4.0, 6.0])
    plain = np.select([x > 0], [x], default=0.0)
    assert isinstance(plain, np.ndarray) and plain.tolist() == [0.0, 0.5, 2.0, 3.0]


def test_sort_gradient_follows_ties_to_one_place_each():
    x = onp.array([[2.0, 1.0, 2.0], [0.0, 0.0, 0.0]])
    g = grad(lambda x: np.sum(np.sort(x, axis=1) * onp.array([1.0, 10.0, 100.0])))(x)
    assert sorted(g[0].tolist()) == [1.0, 10.0, 100.0]
    assert sorted(g[1].tolist()) == [1.0, 10.0, 100.0]


# ---- unique: duplicates share their value's gradient evenly ----------------------------------
