"""Shared by the dtype tests: the seeded RNG and ``numeric_grad``, central differences that
also take complex inputs."""
import numpy as onp


RNG = onp.random.RandomState(11)


def numeric_grad(loss, x, eps=1e-6):
    """Central differences; for complex ``x`` autograd's convention d/dre - 1j d/dim."""
    out = onp.zeros_like(x)
    for i in onp.ndindex(x.shape):
        for part, unit in ((1, 1.0), (-1j, 1j)) if x.dtype.kind == "c" else ((1, 1.0),):
            up, down = x.copy(), x.copy()
            up[i] += eps * unit
            down[i] -= eps * unit
            out[i] += part * (float(loss(up)) - float(loss(down))) / (2 * eps)
    return out
