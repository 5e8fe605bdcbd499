"""Shared helpers for the MXNet tests: the skip, and a float64 finite-difference check."""
import numpy as onp
import pytest

from minpy_compat import grad


def need_mxnet():
    return pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")


def numeric_grad(f, args, argnum, eps=1e-6):
    """Central differences of scalar ``f`` w.r.t. ``args[argnum]`` (float64)."""
    x = onp.array(args[argnum], dtype=onp.float64)
    result = onp.zeros_like(x)
    for i in onp.ndindex(*x.shape):
        shifted = []
        for sign in (1, -1):
            y = x.copy()
            y[i] += sign * eps
            full = list(args)
            full[argnum] = y
            shifted.append(float(onp.asarray(f(*full))))
        result[i] = (shifted[0] - shifted[1]) / (2 * eps)
    return result


def check_fd(f, args, argnums, rtol=1e-5, atol=1e-7):
    """Each argnum's gradient of scalar ``f`` matches finite differences."""
    for argnum in argnums:
        analytic = onp.asarray(grad(f, argnum)(*args))
        numeric = numeric_grad(f, args, argnum)
        assert analytic.shape == onp.shape(args[argnum])
        onp.testing.assert_allclose(analytic, numeric, rtol=rtol, atol=atol,
                                    err_msg=f"argument {argnum}")
