"""Helpers for the Cell-layer tests: run an example script, check gradients numerically."""
import os
import runpy

import numpy as onp

import minpy_compat as ms

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "examples", "cell")


def run_example(name):
    """Run examples/cell/<name> as __main__; its global variables come back."""
    try:
        return runpy.run_path(os.path.join(EXAMPLES, name), run_name="__main__")
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def numeric_grad(f, *args, argnum=0, eps=1e-6):
    """Central differences of sum(f(*args)) w.r.t. args[argnum] (float64)."""
    args = [onp.array(a, dtype=onp.float64) for a in args]
    x = args[argnum]
    grad = onp.zeros_like(x)
    for index in onp.ndindex(x.shape):
        saved = x[index]
        x[index] = saved + eps
        up = float(onp.sum(onp.asarray(_plain(f(*[ms.Tensor(a) for a in args])))))
        x[index] = saved - eps
        down = float(onp.sum(onp.asarray(_plain(f(*[ms.Tensor(a) for a in args])))))
        x[index] = saved
        grad[index] = (up - down) / (2 * eps)
    return grad


def _plain(value):
    if isinstance(value, (tuple, list)):
        return sum(onp.sum(onp.asarray(v, dtype=onp.float64)) for v in value)
    return onp.asarray(value, dtype=onp.float64)


def check_fd(f, *args, argnums=None, rtol=1e-5, atol=1e-7):
    """ops.grad of f at float64 args matches finite differences for every argnum."""
    argnums = tuple(range(len(args))) if argnums is None else argnums
    tensors = [ms.Tensor(onp.array(a, dtype=onp.float64)) for a in args]
    analytic = ms.ops.grad(f, grad_position=argnums)(*tensors)
    analytic = analytic if isinstance(analytic, tuple) else (analytic,)
    for argnum, got in zip(argnums, analytic):
        want = numeric_grad(f, *args, argnum=argnum)
        onp.testing.assert_allclose(onp.asarray(got), want, rtol=rtol, atol=atol,
                                    err_msg=f"argument {argnum}")
