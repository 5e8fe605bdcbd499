"""``mint``'s functions that are ``ops``' own: the same signature and behaviour (wrapped
only so that their errors name ``mint.<function>``)."""
from ..ops import (  # noqa: F401
    abs, acos, acosh, addbmm, addmm, addmv, arange, arccos, arccosh, arcsinh, arctan, arctan2,
    arctanh, argmax, asin, asinh, atan, atan2, atanh, bincount, bitwise_and, bitwise_or,
    bitwise_xor, broadcast_to, ceil, cos, cosh, cross, cumprod, divide, dot, dstack, einsum,
    equal, erfc, erfinv, exp, exp2, expm1, eye, flip, float_power, floor, full, full_like, gcd,
    greater, gt, hstack, inverse, isclose, isfinite, isinf, isneginf, le, less_equal, log, log10,
    log1p, log2, logaddexp, logaddexp2, logical_and, logical_not, logical_or, logical_xor,
    logsumexp, masked_select, matmul, maximum, minimum, mm, nan_to_num, ne, neg, negative,
    nonzero, not_equal, outer, polar, pow, ravel, reciprocal, roll, round, rsqrt, searchsorted,
    sigmoid, sign, sin, sinc, sinh, sqrt, square, swapaxes, tan, tanh, tile, trace, tril, triu,
    trunc, unbind, unique_consecutive, unsqueeze)
from . import SAME_AS_OPS
from . import _args as A

A.name_callers(globals(), "mint", SAME_AS_OPS)
