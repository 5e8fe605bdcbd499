"""The cotangent ``make_vjp``'s ``vjp(g)`` pulls back, checked against the output: the same
structure, each leaf numbers of the output's shape (or a scalar) and, for a real float
output, its dtype.
"""
import numbers

import numpy as onp
from autograd.tracer import getval, isbox

from .array import to_numpy
from .errors import GradientShapeError, describe, message

_NUMERIC = (numbers.Number, onp.ndarray, onp.generic)


def cotangent(g, out, where):
    """``g`` checked against the output ``out`` it pulls back: the same structure (dicts
    matched by key), each leaf of the output's shape (or a scalar) and, where both are
    real floats, of its dtype (a float32 output keeps float32 gradients). Traced leaves
    stay traced, so an outer ``grad`` sees through the cotangent."""
    if isinstance(out, (list, tuple)):
        if not isinstance(g, (list, tuple)) or len(g) != len(out):
            raise GradientShapeError(message(
                f"{where} vjp", f"a cotangent shaped like the output, a sequence of {len(out)}",
                describe(g), "Pass one array per output, in order."))
        return [cotangent(part, like, where) for part, like in zip(g, out)]
    if isinstance(out, dict):
        if not isinstance(g, dict) or set(g) != set(out):
            raise GradientShapeError(message(
                f"{where} vjp", f"a cotangent shaped like the output, a dict with keys "
                f"{sorted(map(str, out))}", describe(g), "Pass one array per output key."))
        return {key: cotangent(g[key], like, where) for key, like in out.items()}
    if not isbox(g):
        g = _numbers(to_numpy(g), where)
    raw, like = getval(g), getval(out)
    if onp.ndim(raw) and onp.shape(raw) != onp.shape(like):
        raise GradientShapeError(message(
            f"{where} vjp", f"a cotangent of the output's shape {onp.shape(like)} (or a scalar)",
            f"shape {onp.shape(raw)}", "Pass an array shaped like the output."))
    if isbox(g):
        return g
    dtype = getattr(like, "dtype", None)
    dtype = onp.dtype(dtype) if dtype is not None else onp.result_type(like)
    kind = onp.result_type(g).kind
    if kind == "c" and dtype.kind != "c":
        raise GradientShapeError(message(
            f"{where} vjp", f"a real cotangent for the real output ({dtype})", describe(g),
            "Pass the real part, or make the output complex."))
    if dtype.kind == "f" and kind in "fiub" and onp.result_type(g) != dtype:
        return onp.asarray(g, dtype)
    return g


def _numbers(g, where):
    """A cotangent leaf as numbers: a list of numbers becomes an array; None, a string or
    an object array is refused (autograd would fail on it deep in the backward pass)."""
    value = onp.asarray(g) if type(g) in (list, tuple) else g
    if isinstance(value, _NUMERIC) and onp.result_type(value).kind in "biufc":
        return value
    raise GradientShapeError(message(
        f"{where} vjp", "a cotangent of numbers shaped like the output", describe(value),
        "Pass an array shaped like the output."))
