"""``np.polynomial`` through the facade: NumPy's package, whose function modules
(``polynomial``, ``chebyshev``, ``legendre``, ``hermite``, ``hermite_e``, ``laguerre``) give
Arrays, and whose ``*val``, ``*val2d``/``3d``, ``*grid2d``/``3d``, ``*der`` and ``*int`` are
differentiable in the coefficients and the points (``polynomial_series``), as are their
``*fit`` in ``y``. Their other functions (``chebadd``, ...) and the series classes
(``Polynomial(c)``) take constants: a traced value there is refused by name (NumPy 1.x's
``Polynomial(c)(x)`` maps ``x`` with operators, so a traced ``x`` works there; NumPy 2's
converts it first). Built on first use, as NumPy loads ``numpy.polynomial`` lazily.
"""
import functools
import sys
import types

import numpy as onp
import numpy.polynomial as onp_polynomial
from numpy.polynomial import polyutils as onp_polyutils

from ..errors import TracedValueError, message
from ..lean_call import contains_box
from ..traced_array import CONVERSION_REFUSALS
from . import polynomial_series as series
from ._namespace import plain

# submodule -> the prefix of its function names
FAMILIES = {"polynomial": "poly", "chebyshev": "cheb", "legendre": "leg", "hermite": "herm",
            "hermite_e": "herme", "laguerre": "lag"}
_ND = {"val2d": False, "val3d": False, "grid2d": True, "grid3d": True}


def _differentiable(raw, family, suffix):
    name = raw.__name__
    if suffix == "val":
        def traced(x, c, tensor=True):
            return series.value(family, x, c, tensor)
    elif suffix in _ND:
        def traced(*args):
            return series.value_nd(family, name, args[:-1], args[-1], _ND[suffix])
    elif suffix == "fit":
        def traced(x, y, deg, rcond=None, full=False, w=None):
            return series.fit(raw, name, x, y, deg, rcond, full, w)
    elif suffix == "der":
        def traced(c, *args, **kwargs):
            return series.derivative(raw, name, c, *args, **kwargs)
    else:
        def traced(c, *args, **kwargs):
            return series.integral(raw, name, c, *args, **kwargs)
    untraced = plain(raw)

    @functools.wraps(raw)
    def call(*args, **kwargs):
        if contains_box(args) or contains_box(tuple(kwargs.values())):
            return traced(*args, **kwargs)
        return untraced(*args, **kwargs)
    return call


def _constants_only(raw, where):
    untraced = plain(raw)

    @functools.wraps(raw)
    def call(*args, **kwargs):
        if contains_box(args) or contains_box(tuple(kwargs.values())):
            raise TracedValueError(_refusal(where))
        return untraced(*args, **kwargs)
    return call


def _refusal(where):
    return message(f"{where} on a traced value", "constant arguments (it has no gradient)",
                   "a traced one", "Differentiable here: the *val, *val2d, *val3d, *grid2d, "
                   "*grid3d, *der and *int functions of minpy_compat.numpy.polynomial's "
                   "modules (e.g. np.polynomial.chebyshev.chebval(x, c)); else pass "
                   "x.asnumpy().")


def _function_module(submodule):
    raw_module = getattr(onp_polynomial, submodule)
    family = FAMILIES[submodule]
    module = types.ModuleType(f"minpy_compat.numpy.polynomial.{submodule}", raw_module.__doc__)
    for attribute in getattr(raw_module, "__all__", dir(raw_module)):
        obj = getattr(raw_module, attribute)
        suffix = attribute[len(family):] if attribute.startswith(family) else None
        if isinstance(obj, type) or not callable(obj):
            pass  # the series class and constants (polydomain, ...) stay NumPy's
        elif suffix in ("val", "der", "int", "fit") or suffix in _ND:
            obj = _differentiable(obj, family, suffix)
        else:
            obj = _constants_only(obj, f"numpy.polynomial.{submodule}.{attribute}")
        setattr(module, attribute, obj)
    return module


def facade_package():
    """``minpy_compat.numpy.polynomial``: NumPy's names, its function modules as above."""
    package = types.ModuleType("minpy_compat.numpy.polynomial", onp_polynomial.__doc__)
    for attribute in dir(onp_polynomial):
        if not attribute.startswith("_"):
            setattr(package, attribute, getattr(onp_polynomial, attribute))
    for submodule in FAMILIES:
        module = _function_module(submodule)
        setattr(package, submodule, module)
        sys.modules[module.__name__] = module
    sys.modules[package.__name__] = package
    return package


def _refuse_numpy_conversions():
    """NumPy's own functions and series classes, called directly on a traced value, convert
    it themselves: name them (and the facade's differentiable versions) in the refusal."""
    for submodule in FAMILIES:
        raw_module = getattr(onp_polynomial, submodule)
        for attribute in getattr(raw_module, "__all__", ()):
            obj = getattr(raw_module, attribute)
            if isinstance(obj, types.FunctionType):
                CONVERSION_REFUSALS[obj.__code__] = _refusal(
                    f"numpy.polynomial.{submodule}.{attribute}").replace(
                    "on a traced value", "(NumPy's, not the facade's) on a traced value")
    classes = message(
        "numpy.polynomial (a series class such as Polynomial(c)(x), or a function "
        "taking series) on a traced value",
        "constant coefficients and points", "a traced one",
        "Evaluate the series with the facade's functions: for p = Chebyshev(c), "
        "np.polynomial.chebyshev.chebval(x, p.convert().coef) is differentiable in x and c.")
    for function in (onp_polyutils.as_series, onp_polyutils.mapdomain):
        CONVERSION_REFUSALS[function.__code__] = classes
        for constant in function.__code__.co_consts:  # a comprehension's own frame (3.11)
            if isinstance(constant, types.CodeType):
                CONVERSION_REFUSALS[constant] = classes


_refuse_numpy_conversions()
