"""Gradients of NumPy's statistics functions (minpy_compat.numpy.statistics_gradients), each
case of the table: finite differences, composites equal to NumPy, zero gradients at NaNs,
float32."""
from collections import namedtuple

import numpy as onp
import pytest
from autograd.builtins import SequenceBox

import minpy_compat.numpy as np
from minpy_compat import grad
from minpy_compat.numpy import derived_gradients
from minpy_compat.numpy.statistics_gradients import COMPOSITES, NAMES

from conftest import check_grad
from statistics_gradient_helpers import (A, A3, AN, NUMPY_2, QV, W12, W4, X12, _distinct, _quiet,
                                         _with_nans)


V = _distinct((7,), 3)


AN3 = _with_nans(A3, [(0, 0, 1), (1, 2, 3), (1, 1, 0)])
AZ = _with_nans(A, [(0, 2)])
AZ[1, 1] = 0.0     # a zero: products must still have exact gradients
AZ[2, 2:] = 0.0    # two zeros in one row
MASK = onp.array([[True, True, False, True], [False, True, True, True],
                  [True, True, True, False]])


WA = _distinct((3, 4), 4) + 3.0
WA3 = _distinct((2, 3, 4), 5) + 5.0
W24 = _distinct((2, 4), 6) + 3.0
Q0 = onp.array(0.3)


P0 = onp.array(30.0)
PV = onp.array([15.0, 85.0])
M35 = _distinct((3, 5), 7)
M25 = _distinct((2, 5), 8)
M15 = _distinct((1, 5), 9)
X5, Y5 = _distinct((5,), 10), _distinct((5,), 11)
FW5 = onp.array([1, 2, 1, 3, 2])
AW5 = onp.array([0.5, 1.0, 2.0, 1.5, 0.8])


Case = namedtuple("Case", "name args kwargs argnums order")


def case(name, *args, argnums=(0,), order=1, **kwargs):
    """One call ``numpy.<name>(*args, **kwargs)``, differentiated w.r.t. ``argnums``."""
    return Case(name, args, kwargs, argnums, order)


CASES = [
    case("average", A),
    case("average", A, 1, W4, argnums=(0, 2), order=2),
    case("average", A, None, WA, argnums=(0, 2), order=2),
    case("average", A3, (0, 2), WA3, argnums=(0, 2)),
    case("average", A, 0, keepdims=True),
    case("average", A3, (0, 2)),
    case("average", A, 1, W4, True, argnums=(0, 2), order=2),
    case("average", A, None, None, True),
    case("ptp", A),
    case("ptp", A, 1),
    case("ptp", A3, (0, 2), keepdims=True),
    case("nansum", AN),
    case("nansum", AN, 1),
    case("nansum", AN3, (0, 2), keepdims=True),
    case("nansum", AN, 0, initial=2.0),
    case("nansum", AN, 1, where=MASK),
    case("nanmean", AN),
    case("nanmean", AN, 0),
    case("nanmean", AN3, (1, 2), keepdims=True),
    case("nanmean", AN, 1, where=MASK),
    case("nanvar", AN, order=2),
    case("nanvar", AN, 0, ddof=1, order=2),
    case("nanvar", AN3, (0, 2), keepdims=True),
    case("nanvar", AN, 1, where=MASK),
    case("nanstd", AN, order=2),
    case("nanstd", AN, 1, ddof=1),
    case("nanstd", AN3, (1, 2), keepdims=True),
    case("nanmax", AN),
    case("nanmax", AN, 1),
    case("nanmax", AN3, (0, 2), keepdims=True),
    case("nanmax", AN, 1, initial=-5.0),
    case("nanmax", AN, 1, where=MASK, initial=-5.0),
    case("nanmin", AN),
    case("nanmin", AN, 0),
    case("nanmin", AN3, (1, 2), keepdims=True),
    case("nanprod", AN, order=2),
    case("nanprod", AN, 1),
    case("nanprod", AZ, 1, order=2),
    case("nanprod", AN3, (0, 2), keepdims=True, initial=2.0),
    case("nanprod", AN, 1, where=MASK),
    case("nancumsum", AN),
    case("nancumsum", AN, 0),
    case("nancumsum", AN3, -1),
    case("nancumprod", AN, order=2),
    case("nancumprod", AZ, 1, order=2),
    case("nancumprod", AN3, 0),
    case("median", A),
    case("median", V),
    case("median", A, 0),
    case("median", A, 1, keepdims=True),
    case("median", A3, (0, 2)),
    case("nanmedian", AN),
    case("nanmedian", AN, 1),
    case("nanmedian", AN3, (1, 2), keepdims=True),
    case("quantile", A, Q0, argnums=(0, 1), order=2),
    case("quantile", A, QV, 1, argnums=(0, 1)),
    case("quantile", A3, QV, (0, 2), keepdims=True, argnums=(0, 1)),
    case("quantile", A, QV, 0, method="lower"),
    case("quantile", A, QV, 0, method="higher"),
    case("quantile", A3, QV, 2, method="midpoint"),
    case("quantile", A, onp.array([0.2, 0.5]), 1, method="midpoint"),
    case("quantile", A, QV, 0, method="nearest"),
    case("percentile", A, P0, argnums=(0, 1)),
    case("percentile", A, PV, 1, keepdims=True, argnums=(0, 1)),
    case("percentile", A, PV, 0, method="midpoint"),
    case("nanquantile", AN, Q0, argnums=(0, 1), order=2),
    case("nanquantile", AN, QV, 1, argnums=(0, 1)),
    case("nanquantile", AN3, QV, (0, 2), argnums=(0, 1)),
    case("nanquantile", AN, QV, 1, method="nearest"),
    case("nanquantile", AN, QV, 0, method="lower"),
    case("nanpercentile", AN, P0, argnums=(0, 1)),
    case("nanpercentile", AN, PV, 0, method="higher"),
    case("cov", M35, order=2),
    case("cov", M35.T, rowvar=False),
    case("cov", X5, Y5, argnums=(0, 1), order=2),
    case("cov", M25, M15, argnums=(0, 1)),
    case("cov", M25.T, M15.T, False, argnums=(0, 1)),
    case("cov", M35, bias=True),
    case("cov", M35, ddof=2),
    case("cov", M35, None, True, False, None, None, AW5, argnums=(0, 6), order=2),
    case("cov", M35, None, True, False, 1, FW5, AW5, argnums=(0, 6)),
    case("cov", M35, fweights=FW5),
    case("corrcoef", M35, order=2),
    case("corrcoef", X5, Y5, argnums=(0, 1)),
    case("corrcoef", M35.T, None, False),
    case("histogram", X12, 4, None, None, W12, argnums=(4,), order=2),
    case("histogram", X12, [-2.0, -0.5, 0.0, 1.0, 1.9], None, None, W12, argnums=(0, 4)),
]
if NUMPY_2:  # arguments NumPy 1.x does not have
    CASES += [
        case("average", A3, (0, 2), W24, argnums=(0, 2)),
        case("average", A3, (2, 0), W24.T, argnums=(0, 2)),
        case("nanvar", AN, 1, correction=1),
        case("nanvar", AN, 1, mean=onp.nanmean(AN, axis=1, keepdims=True) + 0.1),
        case("nanstd", AN, 0, keepdims=True, correction=1),
    ]


def _case_id(c):
    """A readable test id: the name, the argument shapes and the keywords."""
    extra = ",".join(f"{k}={v if onp.ndim(v) == 0 else 'array'}" for k, v in c.kwargs.items())
    shapes = ",".join(str(onp.shape(x)) if hasattr(x, "shape") else repr(x) for x in c.args)
    return f"{c.name}({shapes}{',' if extra else ''}{extra})"


IDS = [_case_id(c) for c in CASES]


def _total(out):
    """A function's output, its parts' sums added when it returns a tuple (``average``'s
    ``returned=True``, ``histogram``'s counts and edges)."""
    return np.sum(out[0]) + np.sum(out[1]) if isinstance(out, (tuple, SequenceBox)) else out


def _facade_call(c):
    """``f(*args)`` calling the differentiable ``minpy_compat.numpy.<name>``."""
    fun = getattr(np, c.name)
    return lambda *xs: _total(fun(*xs, **c.kwargs))


# ---- the table -------------------------------------------------------------------------------
@pytest.mark.parametrize("c", CASES, ids=IDS)
def test_gradient_equals_finite_differences(c):
    check_grad(_facade_call(c), *c.args, argnums=list(c.argnums), order=c.order)


@pytest.mark.parametrize("c", CASES, ids=IDS)
def test_composite_value_equals_numpys(c):
    ours = COMPOSITES[c.name](*c.args, **c.kwargs)
    theirs = getattr(onp, c.name)(*c.args, **c.kwargs)
    pairs = zip(ours, theirs) if isinstance(theirs, tuple) else [(ours, theirs)]
    for got, expected in pairs:
        assert onp.shape(got) == onp.shape(expected)
        onp.testing.assert_allclose(onp.asarray(got), expected, rtol=1e-12, atol=1e-14)


NAN_CASES = [c for c in CASES if c.name.startswith("nan")]


@pytest.mark.parametrize("c", NAN_CASES, ids=[_case_id(c) for c in NAN_CASES])
def test_gradient_is_exactly_zero_at_nans(c):
    g = grad(_facade_call(c), 0)(*c.args)
    nans = onp.isnan(c.args[0])
    assert nans.any() and onp.isfinite(g).all()
    assert (onp.asarray(g)[nans] == 0).all()


def _float32(x):
    """``x`` in float32 where it is a float array."""
    return x.astype(onp.float32) if isinstance(x, onp.ndarray) and x.dtype.kind == "f" else x


FIRST_CASES = [next(c for c in CASES if c.name == name) for name in NAMES]


@pytest.mark.parametrize("c", FIRST_CASES, ids=[c.name for c in FIRST_CASES])
def test_float32_input_gives_float32_gradient(c):
    args = [_float32(x) for x in c.args]
    grads = grad(_facade_call(c), list(c.argnums))(*args)
    grads = grads if isinstance(grads, list) else [grads]
    for argnum, g in zip(c.argnums, grads):
        assert g.dtype == onp.float32 and g.shape == onp.shape(args[argnum])
        assert onp.isfinite(g).all()


def test_every_registered_name_has_a_case():
    assert set(NAMES) == set(COMPOSITES)  # every one exists in NumPy 1.23 and 2.x
    assert set(NAMES) <= set(derived_gradients.REGISTERED)
    assert set(NAMES) <= {c.name for c in CASES}
