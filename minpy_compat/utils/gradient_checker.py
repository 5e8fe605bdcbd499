"""``quick_grad_check``: compare ``grad`` with a finite difference along a random direction.

MinPy's checker returned ``False`` on a mismatch, so a test that forgot to assert
passed anyway. This one returns ``True`` when the gradient agrees and raises
``GradientCheckError`` (an ``AssertionError``) when it does not, so it cannot pass
vacuously. The check runs in float64.

>>> import minpy_compat.numpy as np
>>> quick_grad_check(lambda x: np.sum(np.sin(x)), np.ones(3), verbose=False)
True
"""
import numbers

import numpy as onp

from ..array import to_numpy
from ..core import grad
from ..errors import GradientCheckError, NonScalarOutputError, describe, message


def _scalar(fun, x):
    out = onp.asarray(to_numpy(fun(x)), dtype=onp.float64)
    if out.size != 1:
        raise NonScalarOutputError(message(
            "quick_grad_check", "a function returning a scalar", describe(out),
            "Reduce the output, e.g. with np.sum."))
    return float(out.reshape(()))


def _random_state(rs):
    if rs is None or (isinstance(rs, (int, onp.integer)) and not isinstance(rs, bool)):
        return onp.random.RandomState(0 if rs is None else rs)
    if not callable(getattr(rs, "standard_normal", None)):
        raise TypeError(message("quick_grad_check argument 'rs'", "a numpy.random.RandomState, "
                                "a Generator or an int seed", describe(rs)))
    return rs


def quick_grad_check(fun, arg, verbose=True, eps=1e-2, rtol=1e-2, atol=1e-2, rs=None):
    """Check ``grad(fun)(arg)`` projected on a random unit direction ``d`` against
    ``(fun(arg + eps/2 d) - fun(arg - eps/2 d)) / eps``.

    Returns ``True`` when they agree within ``rtol``/``atol``; raises
    ``GradientCheckError`` otherwise. ``rs`` is a ``numpy.random.RandomState`` (or a
    ``Generator``, or an int seed; default: seeded with 0, so a check is reproducible).
    """
    rs = _random_state(rs)
    if isinstance(eps, bool) or not isinstance(eps, numbers.Real) or not 0 < eps < onp.inf:
        raise ValueError(message("quick_grad_check argument 'eps'", "a finite step > 0",
                                 repr(eps)))
    x = onp.array(to_numpy(arg), dtype=onp.float64)
    direction = rs.standard_normal(x.shape)
    direction /= onp.linalg.norm(direction) or 1.0
    _scalar(fun, x)  # refuse non-scalar outputs before differentiating
    analytic = float(onp.sum(onp.asarray(to_numpy(grad(fun)(x))) * direction))
    numeric = (_scalar(fun, x + eps / 2 * direction) - _scalar(fun, x - eps / 2 * direction)) / eps
    if not onp.isfinite([analytic, numeric]).all() or not onp.isclose(
            analytic, numeric, rtol=rtol, atol=atol):
        raise GradientCheckError(message(
            "quick_grad_check", f"the gradient projection to match finite differences "
            f"{numeric:.6g} (rtol={rtol}, atol={atol})", f"{analytic:.6g}",
            "The registered or traced gradient of this function is wrong."))
    if verbose:
        print(f"Gradient projection OK (numeric grad: {numeric:.6g}, analytic grad: "
              f"{analytic:.6g})")
    return True
