"""Differentiable versions of ``numpy.polynomial``'s functional forms for one series family
(power, Chebyshev, Legendre, Hermite, HermiteE, Laguerre): ``*val``, ``*val2d``/``3d``,
``*grid2d``/``3d``, ``*der`` and ``*int``, for traced coefficients and traced ``x``, and
``*fit`` for a traced ``y``.

A series' value is a sum of its basis functions, each from the family's three-term
recurrence in differentiable operations. Differentiation and integration are linear
(integration affine) in the coefficients: their matrices come from NumPy's own ``*der`` and
``*int`` applied to the identity, so the results are NumPy's with NumPy's checks.
"""
import warnings

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval, isbox

from ..errors import TracedValueError, message
from ..lean_call import contains_box

# family -> (B_1 from x, B_{k+1} from k, x, B_k, B_{k-1}); B_0 is 1 for every family
_RECURRENCES = {
    "poly": (lambda x: x, lambda k, x, b, before: x * b),
    "cheb": (lambda x: x, lambda k, x, b, before: 2 * x * b - before),
    "leg": (lambda x: x, lambda k, x, b, before: ((2 * k + 1) * x * b - k * before) / (k + 1)),
    "herm": (lambda x: 2 * x, lambda k, x, b, before: 2 * x * b - 2 * k * before),
    "herme": (lambda x: x, lambda k, x, b, before: x * b - k * before),
    "lag": (lambda x: 1 - x, lambda k, x, b, before: ((2 * k + 1 - x) * b - k * before) / (k + 1)),
}


def _as_series(c):
    """Coefficients as an array of at least one dimension; integers become float64."""
    if not isbox(c):
        c = anp.array(c) if contains_box(c) else onp.array(c)
    if getval(c).dtype.char in "?bBhHiIlLqQpP":
        c = c.astype(onp.float64)
    return anp.reshape(c, (1,)) if getval(c).ndim == 0 else c


def _as_points(x):
    if type(x) in (list, tuple):
        return anp.array(x) if contains_box(x) else onp.asarray(x)
    return x


def value(family, x, c, tensor=True):
    """``<family>val(x, c, tensor)``: the series with coefficients ``c`` at ``x``."""
    first, step = _RECURRENCES[family]
    c, x = _as_series(c), _as_points(x)
    if tensor and (isbox(x) or isinstance(x, onp.ndarray)):
        c = anp.reshape(c, getval(c).shape + (1,) * getval(x).ndim)
    total = c[0] + x * 0
    if len(getval(c)) > 1:
        before, current = 1, first(x)
        total = total + c[1] * current
        for k in range(1, len(getval(c)) - 1):
            before, current = current, step(k, x, current, before)
            total = total + c[k + 1] * current
    return total


def value_nd(family, name, points, c, grid):
    """``<family>val2d``/``3d`` (``grid=False``: the points must share one shape) and
    ``<family>grid2d``/``3d`` (``grid=True``: every combination)."""
    points = [_as_points(p) for p in points]
    if not grid:
        shapes = [onp.shape(getval(p)) for p in points]
        if any(shape != shapes[0] for shape in shapes):
            raise ValueError(message(f"minpy_compat.numpy.polynomial {name}",
                                     "points of one shape", f"shapes {shapes}",
                                     "Broadcast them to one shape first."))
    c = value(family, points[0], c)
    for point in points[1:]:
        c = value(family, point, c, tensor=grid)
    return c


def derivative(raw, name, c, m=1, scl=1, axis=0):
    """``<family>der``: ``m`` derivatives along ``axis``, each times ``scl``."""
    _constants(name, m=m, scl=scl, axis=axis)
    c = _as_series(c)
    values = getval(c)
    expected = raw(values, m, scl, axis)  # NumPy's checks, and its result's shape
    moved = anp.moveaxis(c, axis, 0)
    matrix = raw(onp.eye(values.shape[axis], dtype=values.dtype), m, scl)
    result = anp.tensordot(matrix, moved, axes=(1, 0))
    return _shaped(anp.moveaxis(result, 0, axis), expected, axis)


def integral(raw, name, c, m=1, k=(), lbnd=0, scl=1, axis=0):
    """``<family>int``: ``m`` integrals along ``axis`` with constants ``k`` at ``lbnd``."""
    _constants(name, m=m, k=k, lbnd=lbnd, scl=scl, axis=axis)
    c = _as_series(c)
    values = getval(c)
    k = list(k) if onp.iterable(k) else [k]
    expected = raw(values, m, k, lbnd, scl, axis)
    eye = onp.eye(values.shape[axis], dtype=values.dtype)
    once, twice = raw(eye, m, k, lbnd, scl), raw(2 * eye, m, k, lbnd, scl)
    offset = 2 * once[:, 0] - twice[:, 0]  # the image of zero: affine, so 2 f(e) - f(2 e)
    moved = anp.moveaxis(c, axis, 0)
    result = anp.tensordot(once - offset[:, None], moved, axes=(1, 0))
    result = result + onp.reshape(offset, offset.shape + (1,) * (values.ndim - 1))
    return _shaped(anp.moveaxis(result, 0, axis), expected, axis)


def fit(raw, name, x, y, deg, rcond=None, full=False, w=None):
    """``<family>fit`` with ``y`` traced: the least-squares coefficients are linear in
    ``y``, through the matrix NumPy's own fit makes of the identity (one fit per column)."""
    _constants(name, x=x, deg=deg, rcond=rcond, w=w)
    if full:
        raise TracedValueError(message(
            f"minpy_compat.numpy.polynomial {name} argument 'full'",
            "full=False with a traced y (the residuals and rank are not differentiated)",
            "full=True", f"Call {name}(x, y, deg) under grad, and {name}(x, y.asnumpy(), "
            "deg, full=True) for the diagnostics."))
    y = _as_points(y)
    values = onp.asarray(getval(y))
    raw(x, values, deg, rcond, False, w)  # NumPy's checks and its RankWarning
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # warned once, just above
        matrix = raw(x, onp.eye(len(values), dtype=values.dtype), deg, rcond, False, w)
    return anp.tensordot(matrix, y, axes=(1, 0))


def _shaped(result, expected, axis):
    """NumPy drops the trailing zero coefficients that integrating a zero series adds (and
    derivatives past the degree leave one zero): the leading part, as NumPy gives it."""
    length = expected.shape[axis]
    if getval(result).shape[axis] == length:
        return result
    return anp.moveaxis(anp.moveaxis(result, axis, 0)[:length], 0, axis)


def _constants(name, **arguments):
    for argument, given in arguments.items():
        if contains_box(given):
            raise TracedValueError(message(
                f"minpy_compat.numpy.polynomial {name} argument '{argument}'",
                "a constant (only the coefficients c are differentiable)", "a traced value",
                f"Pass {argument}.asnumpy(), or scale the coefficients instead."))
