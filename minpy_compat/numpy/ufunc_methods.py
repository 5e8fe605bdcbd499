"""Ufunc methods on traced values beyond the ones ``TracedArray`` maps to a NumPy function
(``add.reduce`` is ``sum``, ``multiply.accumulate`` is ``cumprod``, ``outer``): ``at``,
``reduceat``, ``maximum``/``minimum``/``fmax``/``fmin.accumulate`` (running extremes), and
``reduce``/``accumulate`` of every other binary ufunc (``subtract``, ``logaddexp``, ...).

Each is restated with operations that are differentiable already, so its gradient is
theirs, to any order:

* ``ufunc.at(a, indices, b)`` applies ``ufunc`` once per index, in place and unbuffered: a
  slot named twice is updated twice. For ``add``/``subtract`` that is ``a`` plus (minus)
  the values scattered with repeats adding up (``scatter_add``), one pass however many
  repeats (scatter-adding embedding rows). Any other ufunc updates in rounds: round ``r``
  applies every slot's ``r``-th occurrence, so each slot sees its values in NumPy's order
  and no round names a slot twice.
* ``add.reduceat`` gathers each output's inputs into one run and scatter-adds the runs
  to their outputs; other ufuncs reduce each segment with their differentiable
  ``reduce`` and join the results (one traced op per segment).
* ``reduce``/``accumulate`` of any other binary ufunc fold the ufunc along the axis, one
  traced call per element, in NumPy's order (``ufunc_fold``).
* A running maximum picks, for each position, the element that set the maximum so far;
  it is ``take_along_axis`` of those positions, and the gradient goes to them (the latest
  one at a tie, as PyTorch's ``cummax`` does).

NumPy's own method runs first on plain copies, so a bad call raises NumPy's error before
anything is written.
"""
import numpy as onp
from autograd.tracer import getval, isbox

from ..dispatch.numpy_getitem import scatter_add
from ..errors import PolicyError, TracedValueError, message
from .in_place import numpy_first  # NumPy's own call on copies: its errors, no writes


def _facade(name):
    from .. import numpy as facade
    return getattr(facade, name)


def _occurrences(keys):
    """For each key, how many earlier entries of ``keys`` hold the same key."""
    order = onp.argsort(keys, kind="stable")
    ordered = keys[order]
    starts = onp.flatnonzero(onp.r_[True, ordered[1:] != ordered[:-1]])
    rank = onp.empty_like(keys)
    rank[order] = onp.arange(keys.size) - onp.repeat(starts, onp.diff(onp.r_[starts, keys.size]))
    return rank


# ---- ufunc.at ---------------------------------------------------------------------------
def ufunc_at(ufunc, a, indices, b=None):
    """``ufunc.at(a, indices[, b])`` with ``a`` or ``b`` traced (``a`` changes in place)."""
    name = f"numpy.{ufunc.__name__}.at"
    if type(a) is onp.ndarray:
        raise TracedValueError(message(
            name, "a target from minpy_compat.numpy (it becomes traced)",
            "a plain numpy.ndarray target", "Build it with minpy_compat.numpy, or compute a "
            "new array instead."))
    numpy_first(ufunc.at, a, indices, *(() if b is None else (b,)))
    shape = onp.shape(getval(a))
    slots = onp.arange(onp.size(getval(a))).reshape(shape)[indices]
    written = slots.shape
    slots = slots.ravel()
    if slots.size == 0:
        return
    values = None
    if b is not None:
        values = _facade("reshape")(_facade("broadcast_to")(b, written), (-1,))
    if ufunc.__name__ in ("add", "subtract") and b is not None:
        dtype = onp.result_type(getval(a), getval(b))
        update = ufunc(a, scatter_add(values, onp.unravel_index(slots, shape), shape, dtype))
        a[...] = update
        return
    rank = _occurrences(slots)
    for occurrence in range(rank.max() + 1):
        chosen = onp.flatnonzero(rank == occurrence)
        where = onp.unravel_index(slots[chosen], shape)
        a[where] = ufunc(a[where]) if values is None else ufunc(a[where], values[chosen])


# ---- ufunc.reduceat ---------------------------------------------------------------------
def ufunc_reduceat(ufunc, x, indices, axis=0, dtype=None):
    """``ufunc.reduceat(x, indices, axis)`` with ``x`` traced."""
    numpy_first(ufunc.reduceat, x, indices, axis=axis, dtype=dtype)
    if dtype is not None:
        x = x.astype(dtype)
    axis = axis % onp.ndim(getval(x))
    length = onp.shape(getval(x))[axis]
    indices = onp.asarray(indices, dtype=onp.intp)
    stops = onp.append(indices[1:], length)
    degenerate = stops <= indices
    stops = onp.where(degenerate, indices + 1, stops)  # "x[indices[i]]" alone
    if indices.size == 0 or ufunc.__name__ == "add":  # empty: an empty sum
        taken = onp.concatenate([onp.arange(0)] + [onp.arange(i, j)
                                                   for i, j in zip(indices, stops)])
        owners = onp.repeat(onp.arange(indices.size), stops - indices)
        shape = list(onp.shape(getval(x)))
        shape[axis] = indices.size
        return scatter_add(_facade("take")(x, taken, axis=axis),
                           (slice(None),) * axis + (owners,), tuple(shape), x.dtype)
    parts = []
    for start, stop in zip(indices, stops):
        segment = _facade("take")(x, onp.arange(start, stop), axis=axis)
        parts.append(ufunc.reduce(segment, axis=axis, keepdims=True))
    return _facade("concatenate")(parts, axis=axis)


# ---- running extremes -------------------------------------------------------------------
_RUNNING_EXTREMES = frozenset(["maximum", "minimum", "fmax", "fmin"])


def running_extreme(ufunc, x, axis=0, dtype=None):
    """``maximum.accumulate(x, axis)`` (and minimum, fmax, fmin) with ``x`` traced."""
    value = getval(x)
    running = ufunc.accumulate(value, axis=axis, dtype=dtype)
    if dtype is not None:
        x = x.astype(dtype)
    axis = axis % onp.ndim(value)
    setters = (value == running)  # where an element is the extreme so far
    if ufunc.__name__ in ("maximum", "minimum"):
        setters |= onp.isnan(value)  # a NaN takes over and stays
    positions = onp.arange(value.shape[axis]).reshape(
        [-1 if i == axis else 1 for i in range(value.ndim)])
    sources = onp.maximum.accumulate(onp.where(setters, positions, 0), axis=axis)
    return _facade("take_along_axis")(x, sources, axis=axis)


# ---- reduce and accumulate of any other binary ufunc ------------------------------------
_NO_INITIAL = object()


def ufunc_fold(ufunc, method, x, axis=0, dtype=None, keepdims=False, initial=_NO_INITIAL,
               where=True):
    """``ufunc.reduce``/``ufunc.accumulate`` of ``x`` traced, for the ufuncs without a
    NumPy function of their own (``subtract``, ``divide``, ``logaddexp``, ``hypot``,
    ``power``, ``fmax``, ...): the running value is updated element by element along the
    axis (one traced call of ``ufunc`` per step, in NumPy's order), so values are NumPy's
    and the gradient is the ufunc's own. A result of integer or boolean dtype is NumPy's,
    a constant."""
    options = {} if method == "accumulate" else dict(keepdims=keepdims, where=where)
    if initial is None:
        initial = _NO_INITIAL  # NumPy's spelling of "start from the first element"
    if initial is not _NO_INITIAL:
        options["initial"] = getval(initial)
    expected = onp.asarray(getattr(ufunc, method)(onp.array(getval(x), copy=True), axis=axis,
                                                  dtype=dtype, **options))  # NumPy's errors
    if expected.dtype.kind not in "fc":
        return _facade("asarray")(expected)
    if dtype is not None or getval(x).dtype != expected.dtype:
        x = x.astype(expected.dtype)
    ndim = onp.ndim(getval(x))
    axes = tuple(range(ndim)) if axis is None else \
        tuple(onp.atleast_1d(axis).astype(onp.intp) % max(ndim, 1))
    rest = [n for i, n in enumerate(onp.shape(getval(x))) if i not in axes]
    steps = _facade("reshape")(_facade("moveaxis")(x, axes, tuple(range(len(axes)))),
                               (-1, *rest))
    mask = None
    if where is not True:
        mask = onp.broadcast_to(where, onp.shape(getval(x)))
        mask = onp.moveaxis(mask, axes, tuple(range(len(axes)))).reshape((-1, *rest))
    start = None
    if initial is not _NO_INITIAL or mask is not None:
        start = _as_dtype(ufunc.identity if initial is _NO_INITIAL else initial, expected.dtype)
    if onp.shape(getval(steps))[0] == 0 or (mask is not None and not mask.any()):
        # the identity or initial alone: a constant, or initial's value where it is traced
        return _fresh(_facade("broadcast_to")(start, expected.shape)) if isbox(initial) \
            else _facade("asarray")(expected)
    running, first = (steps[0], 1) if start is None else (start, 0)
    partial = []
    for i in range(first, onp.shape(getval(steps))[0]):
        updated = ufunc(running, steps[i])
        running = updated if mask is None else _facade("where")(mask[i], updated, running)
        partial.append(running)
    if method == "reduce":
        running = _facade("broadcast_to")(running, rest)
        return _fresh(_facade("reshape")(running, expected.shape))
    stacked = _facade("stack")([steps[0]] + partial)
    return _facade("moveaxis")(stacked, 0, axes[0])


def _fresh(result):
    """``result`` as NumPy's ``reduce`` returns it: a new, writeable array (``broadcast_to``'s
    view is read-only, and a fold over a length-1 axis is a view of ``x``, which a write
    must not reach). A 0-d result stays as it is: NumPy's is a scalar, which refuses writes
    too."""
    return result if onp.ndim(getval(result)) == 0 else _facade("copy")(result)


def _as_dtype(value, dtype):
    """``value`` (a traced ``initial=`` too) in ``dtype``."""
    return _facade("array")(value, dtype=dtype) if isbox(value) else \
        onp.asarray(value, dtype=dtype)


_REDUCE_PARAMETERS = ("axis", "dtype", "out", "keepdims", "initial", "where")


def reduce_from_traced_initial(ufunc, array, args, kwargs):
    """``ufunc.reduce(array, initial=traced)`` with ``array`` untraced (NumPy never asks
    a traced ``array``'s ``__array_ufunc__`` then): the same differentiable call a traced
    ``array`` makes (``maximum.reduce`` is ``amax``, ``subtract.reduce`` a fold)."""
    kwargs = dict(zip(_REDUCE_PARAMETERS, args), **kwargs)
    kwargs.setdefault("axis", 0)  # the ufunc method's default (sum, amax: None)
    if kwargs.get("out") is not None:
        raise TracedValueError(message(
            f"numpy.{ufunc.__name__}.reduce argument 'out'", "no out= with a traced initial=",
            "an out= array", "Assign the result instead: out[...] = ufunc.reduce(...)."))
    kwargs.pop("out", None)
    plain = {"add": "sum", "multiply": "prod", "maximum": "amax", "minimum": "amin"}
    if ufunc.__name__ in plain:
        return _facade(plain[ufunc.__name__])(array, **kwargs)
    if ufunc.nin != 2:
        ufunc.reduce(array, **dict(kwargs, initial=getval(kwargs["initial"])))  # its error
    return ufunc_fold(ufunc, "reduce", _facade("asarray")(array), **kwargs)


def traced_ufunc_method(ufunc, method, inputs, kwargs):
    """The differentiable form of ``ufunc.<method>`` (for ``TracedArray.__array_ufunc__``),
    or a clear refusal. Under only_mxnet a refusal names this call, not the op inside it."""
    try:
        return _traced_ufunc_method(ufunc, method, inputs, kwargs)
    except PolicyError as error:
        inner = getattr(error, "op", None)
        if inner is None:
            raise
        raise PolicyError(message(
            f"numpy.{ufunc.__name__}.{method} under the only_mxnet policy",
            "ops with an MXNet implementation for these arguments", f"a call made of "
            f"{inner}, which runs only in NumPy here", "Use wrap_policy('prefer_mxnet') "
            "around this call to let NumPy run it, or compute on a NumPy value.")) from None


def _traced_ufunc_method(ufunc, method, inputs, kwargs):
    if method == "at":
        return ufunc_at(ufunc, *inputs, **kwargs)
    if method == "reduceat" and len(inputs) == 2:
        return ufunc_reduceat(ufunc, *inputs, **kwargs)
    if method == "accumulate" and ufunc.__name__ in _RUNNING_EXTREMES and len(inputs) == 1:
        return running_extreme(ufunc, *inputs, **kwargs)
    if method in ("reduce", "accumulate") and len(inputs) == 1 and ufunc.nin == 2:
        return ufunc_fold(ufunc, method, *inputs, **kwargs)
    getattr(ufunc, method)(*(onp.array(getval(a), copy=True) for a in inputs), **kwargs)
    raise TracedValueError(message(  # NumPy's own call (just above) raised for its misuses
        f"numpy.{ufunc.__name__}.{method}", "a ufunc method minpy_compat can differentiate "
        "(__call__, at, reduceat, reduce, accumulate, outer of a binary ufunc)",
        f"{method!r}"))
