"""Shared test helpers: a finite-difference gradient checker and the MXNet skip."""
import importlib.util
import pathlib
import sys

import os

import numpy as onp
import pytest
from hypothesis import settings

from minpy_compat import grad

# Property tests draw the same examples on every run (a fixed seed per test), so a red
# test run is reproducible and CI never fails by chance. HYPOTHESIS_PROFILE=explore draws
# fresh examples each run, to look for new failures.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

# The examples double as tests: make them importable.
EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
sys.path.insert(0, str(EXAMPLES))

HAS_MXNET = importlib.util.find_spec("mxnet") is not None
needs_mxnet = pytest.mark.skipif(not HAS_MXNET,
                                 reason="MXNet is not installed (full environment only)")


def numeric_grad(f, args, argnum, eps=1e-6):
    """Central differences of scalar ``sum(f(*args))`` w.r.t. ``args[argnum]``, in float64."""
    x = onp.array(onp.asarray(args[argnum]), dtype=onp.float64)
    out = onp.zeros_like(x)
    for i in onp.ndindex(x.shape):
        values = []
        for step in (eps, -eps):
            moved = x.copy()
            moved[i] += step
            full = list(args)
            full[argnum] = moved
            values.append(float(onp.sum(onp.asarray(f(*full)))))
        out[i] = (values[0] - values[1]) / (2 * eps)
    return out


def check_grad(f, *args, argnums=None, order=1, rtol=1e-5, atol=1e-6):
    """Assert minpy_compat's gradients of ``sum(f)`` equal finite differences.

    All ``argnums`` are traced together (so in-place updates of one argument by
    another are traced too). ``order=2`` also checks the gradients of each gradient.
    """
    argnums = list(range(len(args)) if argnums is None else argnums)
    ours = grad(f, argnums)(*args)
    ours = ours if isinstance(ours, list) else [ours]
    for argnum, got in zip(argnums, ours):
        assert onp.shape(got) == onp.shape(args[argnum]), f"gradient shape of argument {argnum}"
        expected = numeric_grad(f, list(args), argnum)
        onp.testing.assert_allclose(onp.asarray(got, dtype=onp.float64), expected, rtol=rtol,
                                    atol=atol, err_msg=f"gradient of argument {argnum}")
    if order > 1:
        for position in range(len(argnums)):
            def first(*a, position=position):
                grads = grad(f, argnums)(*a)
                return grads[position] if isinstance(grads, list) else grads
            check_grad(first, *args, argnums=argnums, order=order - 1, rtol=1e-4, atol=1e-5)


def numeric_jacobian(f, x, eps=1e-6):
    """d f(x) / d x by central differences (float64), shape f(x).shape + x.shape; complex
    outputs keep their imaginary part."""
    x = onp.array(x, dtype=onp.float64)
    out = onp.asarray(f(x))
    jac = onp.zeros(out.shape + x.shape, dtype=out.dtype if out.dtype.kind == "c" else float)
    for i in onp.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        jac[(Ellipsis,) + i] = (onp.asarray(f(up)) - onp.asarray(f(down))) / (2 * eps)
    return jac


@pytest.fixture
def keep_dataset_seed():
    """Leave ``minpy_compat.dataset``'s seed as the test found it (the random and seeded
    dataset cases set it); the dataset modules name it with ``usefixtures``."""
    from minpy_compat.dataset import config
    saved = config._settings["seed"]
    yield
    config._settings["seed"] = saved
