"""Shared helpers for the MXNet tests: the skip, and a float64 finite-difference check."""
import pytest

from conftest import check_grad


def need_mxnet():
    return pytest.importorskip("mxnet", reason="MXNet is not installed (full environment only)")


def check_fd(f, args, argnums, rtol=1e-5, atol=1e-7):
    """Each argnum's gradient of scalar ``f`` matches finite differences (float64)."""
    check_grad(f, *args, argnums=argnums, rtol=rtol, atol=atol)
