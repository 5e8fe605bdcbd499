"""``quick_grad_check``: compare ``grad`` with a finite difference along a random direction.

MinPy's checker returned ``False`` on a mismatch, so a test that forgot to assert
passed anyway. This one returns ``True`` when the gradient agrees and raises
``GradientCheckError`` (an ``AssertionError``) when it does not, so it cannot pass
vacuously. The check runs in float64 (integer arguments are read as float64); on a
mismatch the message names the element whose gradient is furthest off, found by
finite differences element by element (for arguments of up to ``_ELEMENTWISE_LIMIT``
elements).

>>> import minpy_compat.numpy as np
>>> quick_grad_check(lambda x: np.sum(np.sin(x)), np.ones(3), verbose=False)
True
"""
import numbers

import numpy as onp

from ..array import to_numpy
from ..core import grad
from ..errors import GradientCheckError, NonScalarOutputError, describe, message
from ..primitive_gradients import signature_of

_ELEMENTWISE_LIMIT = 4096  # elements; each costs two more calls of fun on a mismatch


def _scalar(fun, x):
    value = fun(x)
    out = onp.asarray(to_numpy(value))
    if out.size != 1 or out.dtype.kind not in "biuf":
        raise NonScalarOutputError(message(
            "quick_grad_check", "a function returning a scalar (a real number)",
            describe(value), "Reduce the output, e.g. with np.sum." if out.size != 1 else ""))
    return float(out.reshape(()))


def _checked_fun(fun):
    signature = signature_of(fun) if callable(fun) else None
    if not callable(fun) or (signature is not None and not _binds_one(signature)):
        got = describe(fun) if signature is None else f"{fun!r:.60} taking {signature}"
        raise TypeError(message("quick_grad_check argument 'fun'", "a function of one array "
                                "returning a scalar", got, "Close over the other arguments, "
                                "e.g. lambda x: f(x, y)."))
    return fun


def _binds_one(signature):
    try:
        signature.bind(None)
    except TypeError:  # bind's way to say one argument does not fit
        return False
    return True


def _checked_arg(arg):
    x = onp.asarray(to_numpy(arg))
    if x.dtype.kind not in "iuf" or not onp.isfinite(x).all():
        got = describe(arg) if x.dtype.kind not in "iuf" else "non-finite values"
        raise ValueError(message("quick_grad_check argument 'arg'", "an array of finite real "
                                 "numbers (ints or floats)", got))
    return x.astype(onp.float64)


def _tolerance(name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value < onp.inf:
        raise ValueError(message(f"quick_grad_check argument {name!r}", "a finite tolerance >= 0",
                                 repr(value)))


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
    rs, fun = _random_state(rs), _checked_fun(fun)
    if isinstance(eps, bool) or not isinstance(eps, numbers.Real) or not 0 < eps < onp.inf:
        raise ValueError(message("quick_grad_check argument 'eps'", "a finite step > 0",
                                 repr(eps)))
    _tolerance("rtol", rtol), _tolerance("atol", atol)
    x = _checked_arg(arg)
    direction = rs.standard_normal(x.shape)
    direction /= onp.linalg.norm(direction) or 1.0
    _scalar(fun, x)  # refuse non-scalar outputs before differentiating
    gradient = onp.asarray(to_numpy(grad(fun)(x)), dtype=onp.float64)
    analytic = float(onp.sum(gradient * direction))
    numeric = (_scalar(fun, x + eps / 2 * direction) - _scalar(fun, x - eps / 2 * direction)) / eps
    if not onp.isfinite(numeric):
        raise GradientCheckError(message(
            "quick_grad_check", "fun finite within eps of arg", f"a finite difference of "
            f"{numeric}", "Check the function where it is differentiable, or lower eps."))
    if not onp.isfinite(analytic) or not onp.isclose(analytic, numeric, rtol=rtol, atol=atol):
        raise GradientCheckError(message(
            "quick_grad_check", f"the gradient projection to match finite differences "
            f"{numeric:.6g} (rtol={rtol}, atol={atol})", f"{analytic:.6g}",
            "The registered or traced gradient of this function is wrong."
            + _worst_element(fun, x, gradient, eps)))
    if verbose:
        print(f"Gradient projection OK (numeric grad: {numeric:.6g}, analytic grad: "
              f"{analytic:.6g})")
    return True


def _worst_element(fun, x, gradient, eps):
    """Where the gradient is furthest from central differences, in words ('' when the
    argument is too large to difference element by element)."""
    if x.size > _ELEMENTWISE_LIMIT or x.size == 0:
        return ""
    numeric = onp.empty(x.size)
    for i in range(x.size):
        step = onp.zeros(x.size)
        step[i] = eps / 2
        step = step.reshape(x.shape)
        numeric[i] = (_scalar(fun, x + step) - _scalar(fun, x - step)) / eps
    error = onp.abs(gradient.ravel() - numeric)
    worst = int(onp.nanargmax(onp.where(onp.isnan(error), onp.inf, error)))
    index = onp.unravel_index(worst, x.shape) if x.ndim else ()
    index = tuple(int(i) for i in index)
    return (f" Largest error at index {index}: analytic {gradient.ravel()[worst]:.6g}, "
            f"numeric {numeric[worst]:.6g} (error {error[worst]:.6g}).")
