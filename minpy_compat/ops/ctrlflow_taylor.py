"""MindSpore 2.10's Taylor-mode ``jet`` and ``derivative``, and ``linearize``.

``jet(fn, primals, series)``: ``series[k-1]`` is the k-th derivative of each input along
a path ``x(t)`` (derivatives, not Taylor coefficients: no factorials to add), and the
answer's ``out_series[k-1]`` is the k-th derivative of ``fn(x(t))`` at ``t = 0`` (Faa di
Bruno's formula). We build ``x(t) = x + sum_k series[k-1] t**k / k!`` and take nested
forward derivatives in the scalar ``t`` on the tracer (``transforms.forward_product``), so
any traced op works and an outer ``grad`` differentiates the result. ``derivative(fn,
primals, order)`` is ``jet`` with the first-order series 1 and the rest 0, keeping the last
order. Several outputs come back as lists (MindSpore's structure); int32/int64 inputs are
taken as float32, as MindSpore does.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> out, series = ops.derivative(ops.exp, ms.Tensor([0.0]), 3)
>>> series
array([1.], dtype=float32)
"""
import math

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from .grad_arguments import name_of
from .transforms import check_fn, forward_product, jvp

_TAYLOR_DTYPES = ("int32", "int64", "float32", "float64")


def _dtype(value):
    return onp.dtype(getval(value).dtype)


def _as_float(where, primal, series):
    """The pair with int32/int64 taken as float32; other dtypes refused, as MindSpore."""
    kind = _dtype(primal).name
    if kind not in _TAYLOR_DTYPES or _dtype(series) != _dtype(primal):
        raise CellTypeError(message(
            f"{where} primals and series", "the same dtype, one of int32, int64, float32, "
            "float64", f"{kind} and {_dtype(series).name}", "Cast both to float32."))
    if kind.startswith("int"):
        return primal.astype(onp.float32), series.astype(onp.float32)
    return primal, series


def _check_jet(primals, series):
    """``(primals, series)`` as lists, each series with the orders on its first axis."""
    if is_tensor(primals) and is_tensor(series):
        shape = onp.shape(getval(primals))
        if onp.shape(getval(series)) == shape:
            series = np.expand_dims(series, 0)
        elif onp.shape(getval(series))[1:] != shape:
            raise CellArgumentError(message(
                "jet argument 'series'", f"shape (orders,) + {shape} (the primals' shape)",
                f"shape {onp.shape(getval(series))}", "Stack the k-th derivatives on axis 0."))
        primals, series = _as_float("jet", primals, series)
        return [primals], [series]
    if type(primals) is not tuple or type(series) is not tuple:
        raise CellTypeError(message("jet arguments 'primals' and 'series'",
                                    "both Tensors or both tuples of Tensors",
                                    f"{describe(primals)} and {describe(series)}",
                                    "Pass tuple(...) for several inputs."))
    if len(primals) != len(series):
        raise CellArgumentError(message("jet argument 'series'", f"{len(primals)} Tensors, "
                                        "one per primal", f"{len(series)}"))
    pairs = [_as_float("jet", p, s) for p, s in zip(primals, series)]
    return [p for p, _ in pairs], [s for _, s in pairs]


def _path(primals, series):
    """``t -> x(t)``: each input plus its series' Taylor polynomial in t (Horner)."""
    orders = onp.shape(getval(series[0]))[0]

    def at(t):
        moved = []
        for x, s in zip(primals, series):
            acc = s[orders - 1] / math.factorial(orders)
            for k in range(orders - 1, 0, -1):
                acc = s[k - 1] / math.factorial(k) + t * acc
            moved.append(x + t * acc)
        return moved
    return at


def _derivatives(fn, primals, series, wanted):
    """``(fn(primals), {k: k-th t-derivative of fn(x(t)) at 0 for k in wanted})``."""
    where = f"jet({name_of(fn)})"
    path = _path(primals, series)
    dtype = _dtype(primals[0])
    t0 = onp.zeros((), dtype)
    one = onp.ones((), dtype)
    levels = [lambda t: fn(*path(t))]
    for _ in range(max(wanted)):
        levels.append(lambda t, inner=levels[-1]: forward_product(
            inner, (t,), (one,), False, where)[2])
    return fn(*primals), {k: levels[k](t0) for k in wanted}


def _per_output(out, pick):
    """Apply ``pick(i)`` per output: a list for several outputs (MindSpore), else bare."""
    if type(out) in (tuple, list):
        return [pick(i) for i in range(len(out))]
    return pick(None)


def jet(fn, primals, series):
    """MindSpore's ``jet``: ``(fn(primals), derivatives 1..n of the output)`` (module doc)."""
    check_fn(fn, "jet")
    primals, series = _check_jet(primals, series)
    orders = onp.shape(getval(series[0]))[0]
    out, found = _derivatives(fn, primals, series, range(1, orders + 1))

    def stacked(i):
        return np.stack([found[k] if i is None else found[k][i]
                         for k in range(1, orders + 1)], axis=0)
    return (list(out) if type(out) in (tuple, list) else out), _per_output(out, stacked)


def derivative(fn, primals, order):
    """MindSpore's ``derivative``: ``(fn(primals), the order-th derivative)`` (module doc)."""
    check_fn(fn, "derivative")
    if isinstance(order, bool) or not isinstance(order, int):
        raise CellTypeError(message("derivative argument 'order'", "an int",
                                    describe(order), "Pass order=2 for the second."))
    if order < 1:
        raise CellArgumentError(message("derivative argument 'order'", "order >= 1",
                                        f"{order}", "Pass order=1 for the first derivative."))
    if not is_tensor(primals) and type(primals) is not tuple:
        raise CellTypeError(message("derivative argument 'primals'",
                                    "a Tensor or a tuple of Tensors", describe(primals)))
    many = type(primals) is tuple
    primals = [_as_float("derivative", p, p)[0] for p in (primals if many else (primals,))]
    series = [np.stack([np.ones_like(p) if k == 0 else np.zeros_like(p) for k in range(order)])
              for p in primals]
    out, found = _derivatives(fn, primals, series, (order,))
    last = found[order]
    return (list(out) if type(out) in (tuple, list) else out), \
        _per_output(out, lambda i: last if i is None else last[i])


def _check_tangents(inputs, many, v):
    """``v`` as a tuple shaped like ``inputs``: a Tensor for one bare Tensor input (a tuple
    is refused, as MindSpore does), else a tuple or list with one Tensor per input."""
    where = "linearize jvp_fn argument 'v'"
    given = v
    if not many:
        v = (v,) if is_tensor(v) else None
    if type(v) not in (tuple, list) or len(v) != len(inputs) or \
            not all(is_tensor(each) for each in v):
        want = "a Tensor" if not many else f"a tuple of {len(inputs)} Tensors"
        raise CellTypeError(message(where, f"{want} (one per input)", describe(given),
                                    "Give v the structure of the inputs."))
    for i, (each, x) in enumerate(zip(v, inputs)):
        if _dtype(each) != _dtype(x):
            raise CellTypeError(message(f"{where}[{i}]", f"dtype {_dtype(x).name} (the "
                                        "input's)", _dtype(each).name, "Cast v to it."))
        if onp.shape(getval(each)) != onp.shape(getval(x)):
            raise CellArgumentError(message(
                f"{where}[{i}]", f"shape {onp.shape(getval(x))} (the input's)",
                f"shape {onp.shape(getval(each))}", "Give v the inputs' shapes."))
    return tuple(v)


def linearize(fn, inputs):
    """MindSpore's ``linearize``: ``(fn(inputs), jvp_fn)``, ``jvp_fn(v)`` giving J v."""
    check_fn(fn, "linearize")
    many = isinstance(inputs, (tuple, list))
    args = tuple(inputs) if many else (inputs,)
    if not args or not all(is_tensor(a) for a in args):
        raise CellTypeError(message("linearize argument 'inputs'",
                                    "a Tensor, or a tuple or list of Tensors",
                                    describe(inputs), "Pass ms.Tensor(...) inputs."))
    out = fn(*args)

    def jvp_fn(v):
        """J v at the inputs linearize was given: one output or a tuple, as fn's."""
        return jvp(fn, args, _check_tangents(args, many, v))[1]
    return out, jvp_fn
