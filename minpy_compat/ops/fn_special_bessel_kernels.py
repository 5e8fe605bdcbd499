"""Float64 NumPy kernels for MindSpore's Bessel functions of order 0 and 1 (no SciPy):
J0, J1, Y0, Y1, I0, I1, K0, K1 and the exponentially scaled I0e, I1e, K0e, K1e.

Methods (relative error below ~1e-13 against SciPy, measured in the tests):
- J and Y for |x| <= 25: every J_m(x) at once from the trapezoid rule on the period of
  exp(i x sin t) (one FFT of 128 points; spectrally accurate there), Y from Neumann's
  series in the J_2k; for |x| > 25: Hankel's asymptotic expansion.
- I for |x| <= 50: the trapezoid rule on (1/pi) int_0^pi exp(|x|(cos t - 1)) cos(n t) dt
  (scaled, so nothing overflows); beyond, the asymptotic expansion.
- K for x <= 2: the ascending series (with I from the series too); 2 < x <= 50: the
  trapezoid rule on int_0^inf exp(-x (cosh t - 1)) cosh(n t) dt; beyond, the asymptotic
  expansion.
Edges follow MindSpore 2.10 on CPU: J, I (unscaled) and Y are NaN at +inf; Y0 is -inf for
x <= 0 and Y1 for x < 0 (NaN at 0); K and Ke are +inf for x <= 0.
"""
import math

import numpy as onp

_EULER = 0.5772156649015329
_POINTS = 128
_CHUNK = 4096
_ASYMPTOTIC_TERMS = 30


def _asymptotic_terms(n):
    """a_k(n) = prod_{j<=k} (4 n^2 - (2j - 1)^2) / (k! 8^k), k = 0 .. 29."""
    terms, value = [1.0], 1.0
    for k in range(1, _ASYMPTOTIC_TERMS):
        value = value * (4 * n * n - (2 * k - 1) ** 2) / (k * 8)
        terms.append(value)
    return terms


_A = {0: _asymptotic_terms(0), 1: _asymptotic_terms(1)}


def _hankel(n, x):
    """J_n and Y_n for large x > 0 from Hankel's expansion."""
    p, q = onp.zeros_like(x), onp.zeros_like(x)
    for k, a in enumerate(_A[n]):
        term = a / x ** k * (-1) ** (k // 2)
        if k % 2 == 0:
            p = p + term
        else:
            q = q + term
    chi = x - (n / 2 + 0.25) * math.pi
    scale = onp.sqrt(2 / (math.pi * x))
    return (scale * (p * onp.cos(chi) - q * onp.sin(chi)),
            scale * (p * onp.sin(chi) + q * onp.cos(chi)))


def _j_orders(x):
    """J_m(x) for m = 0 .. _POINTS/2 - 1, as rows of an array (x: 1-D, |x| <= 25)."""
    theta = 2 * math.pi * onp.arange(_POINTS) / _POINTS
    rows = []
    for start in range(0, x.size, _CHUNK):
        part = x[start:start + _CHUNK, None]
        rows.append(onp.fft.fft(onp.exp(1j * part * onp.sin(theta)), axis=1).real / _POINTS)
    return onp.concatenate(rows or [onp.zeros((0, _POINTS))], axis=0)[:, :_POINTS // 2].T


def _j_and_y_small(x):
    """(J0, J1, Y0, Y1) for 0 < |x| <= 25 (Y meaningful for x > 0 only)."""
    j = _j_orders(x)
    with onp.errstate(all="ignore"):
        log_term = (2 / math.pi) * (onp.log(onp.abs(x) / 2) + _EULER)
        y0 = log_term * j[0]
        y1 = log_term * j[1] - (2 / math.pi) * j[0] / x
        for k in range(1, _POINTS // 4 - 1):
            sign = (-1) ** k
            y0 = y0 - (4 / math.pi) * sign * j[2 * k] / k
            y1 = y1 + (2 / math.pi) * sign * (j[2 * k - 1] - j[2 * k + 1]) / k
    return j[0], j[1], y0, y1


def bessel_jy(x):
    """(J0, J1, Y0, Y1) of any float array (edges as MindSpore's, see the module doc)."""
    x = onp.asarray(x, onp.float64)
    flat = x.reshape(-1)
    j0, j1, y0, y1 = (onp.full(flat.shape, onp.nan) for _ in range(4))
    ax = onp.abs(flat)
    small = (ax <= 25) & (ax > 0)
    if small.any():
        j0[small], j1[small], y0[small], y1[small] = _j_and_y_small(flat[small])
    large = (ax > 25) & onp.isfinite(flat)
    if large.any():
        (j0[large], y0[large]), (j1[large], y1[large]) = (_hankel(0, ax[large]),
                                                          _hankel(1, ax[large]))
        j1[large] = j1[large] * onp.sign(flat[large])
    zero = flat == 0
    j0[zero], j1[zero], y0[zero], y1[zero] = 1.0, flat[zero], -onp.inf, onp.nan
    negative = (flat < 0) | (flat == -onp.inf)
    y0[negative], y1[negative] = -onp.inf, -onp.inf
    return tuple(v.reshape(x.shape) for v in (j0, j1, y0, y1))


def _i_scaled_trapezoid(ax):
    """(I0 e^-x, I1 e^-x) for 0 <= x <= 50."""
    steps = _POINTS // 2
    theta = math.pi * onp.arange(steps + 1) / steps
    weight = onp.full(steps + 1, 1.0 / steps)
    weight[[0, -1]] = 0.5 / steps
    i0, i1 = onp.zeros_like(ax), onp.zeros_like(ax)
    for t, w in zip(theta, weight):
        f = onp.exp(ax * (math.cos(t) - 1)) * w
        i0, i1 = i0 + f, i1 + f * math.cos(t)
    return i0, i1


def _scaled_asymptotic(n, ax, sign):
    """sum_k sign^k a_k(n) / x^k (sign -1 for I e^-x, +1 for K e^x, without the front)."""
    total = onp.zeros_like(ax)
    for k, a in enumerate(_A[n]):
        total = total + a * (sign / ax) ** k
    return total


def bessel_i_scaled(x):
    """(I0(x) e^-|x|, I1(x) e^-|x|) of any float array."""
    x = onp.asarray(x, onp.float64)
    ax = onp.abs(x)
    with onp.errstate(all="ignore"):
        near = onp.where(ax <= 50, ax, 0.0)
        i0, i1 = _i_scaled_trapezoid(near)
        far = onp.where(ax > 50, ax, 100.0)
        front = 1 / onp.sqrt(2 * math.pi * far)
        i0 = onp.where(ax > 50, front * _scaled_asymptotic(0, far, -1), i0)
        i1 = onp.where(ax > 50, front * _scaled_asymptotic(1, far, -1), i1)
        tiny = onp.where(ax <= 2, ax, 1.0)  # the series keeps I1 ~ x/2 exact near 0
        s0, s1, _, _ = _series(tiny)
        i0 = onp.where(ax <= 2, s0 * onp.exp(-tiny), i0)
        i1 = onp.where(ax <= 2, s1 * onp.exp(-tiny), i1)
        i0 = onp.where(onp.isinf(x), 0.0, i0)
        i1 = onp.where(onp.isinf(x), 0.0, i1)
        i1 = onp.copysign(i1, x)
        return onp.where(onp.isnan(x), onp.nan, i0), onp.where(onp.isnan(x), onp.nan, i1)


def bessel_i(x):
    """(I0(x), I1(x)); NaN at +-inf as MindSpore's."""
    x = onp.asarray(x, onp.float64)
    i0, i1 = bessel_i_scaled(x)
    with onp.errstate(all="ignore"):
        grow = onp.exp(onp.where(onp.isinf(x), onp.nan, onp.abs(x)))
        return i0 * grow, i1 * grow


def _series(x):
    """(I0, I1, K0, K1) for 0 < x <= 2 from the ascending series (I0, I1 also at 0)."""
    quarter = x * x / 4
    with onp.errstate(divide="ignore"):
        log_half = onp.log(x / 2)
    term0 = onp.ones_like(x)       # (x^2/4)^k / (k!)^2
    term1 = onp.ones_like(x)       # (x^2/4)^k / (k! (k+1)!)
    i0, i1 = onp.zeros_like(x), onp.zeros_like(x)
    sum0, sum1 = onp.zeros_like(x), onp.zeros_like(x)
    harmonic = 0.0
    for k in range(30):
        psi_k1, psi_k2 = harmonic - _EULER, harmonic + 1 / (k + 1) - _EULER
        i0, i1 = i0 + term0, i1 + term1 * x / 2
        sum0 = sum0 + psi_k1 * term0
        sum1 = sum1 + (psi_k1 + psi_k2) * term1
        harmonic += 1 / (k + 1)
        term0 = term0 * quarter / ((k + 1) ** 2)
        term1 = term1 * quarter / ((k + 1) * (k + 2))
    return i0, i1, -log_half * i0 + sum0, 1 / x + log_half * i1 - x / 4 * sum1


def _k_scaled_trapezoid(x):
    """(K0 e^x, K1 e^x) for 2 < x <= 50."""
    step = 0.05
    k0, k1 = 0.5 * step * onp.ones_like(x), 0.5 * step * onp.ones_like(x)
    for t in step * onp.arange(1, 81):
        f = onp.exp(-x * (math.cosh(t) - 1)) * step
        k0, k1 = k0 + f, k1 + f * math.cosh(t)
    return k0, k1


def bessel_k_scaled(x):
    """(K0(x) e^x, K1(x) e^x): +inf for x <= 0, 0 at +inf."""
    x = onp.asarray(x, onp.float64)
    with onp.errstate(all="ignore"):
        low = onp.where((x > 0) & (x <= 2), x, 1.0)
        _, _, k0, k1 = _series(low)
        k0, k1 = k0 * onp.exp(low), k1 * onp.exp(low)
        mid = onp.where((x > 2) & (x <= 50), x, 10.0)
        m0, m1 = _k_scaled_trapezoid(mid)
        far = onp.where(x > 50, x, 100.0)
        front = onp.sqrt(math.pi / (2 * far))
        f0, f1 = front * _scaled_asymptotic(0, far, 1), front * _scaled_asymptotic(1, far, 1)
        k0 = onp.where(x > 50, f0, onp.where(x > 2, m0, k0))
        k1 = onp.where(x > 50, f1, onp.where(x > 2, m1, k1))
        k0 = onp.where(x <= 0, onp.inf, onp.where(x == onp.inf, 0.0, k0))
        k1 = onp.where(x <= 0, onp.inf, onp.where(x == onp.inf, 0.0, k1))
        return onp.where(onp.isnan(x), onp.nan, k0), onp.where(onp.isnan(x), onp.nan, k1)


def bessel_k(x):
    """(K0(x), K1(x)): +inf for x <= 0, 0 at +inf."""
    x = onp.asarray(x, onp.float64)
    k0, k1 = bessel_k_scaled(x)
    with onp.errstate(all="ignore"):
        shrink = onp.exp(-onp.where(x > 0, x, 0.0))
        return k0 * shrink, k1 * shrink
