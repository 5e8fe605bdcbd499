"""Gradients for NumPy functions that autograd leaves without one, and the two rules
that derive most of them.

autograd wraps every NumPy function as a primitive but gives only some a gradient;
the rest (``flip``, ``take``, ``insert``, ``cumprod``, ``convolve``, ...) used to refuse
under ``grad``. Every function here keeps NumPy's own forward pass, so values, dtypes
and edge cases stay NumPy's, and gets its gradient in one of three ways:

* **Index-moving functions** (each output element is a copy of one input element, or a
  fill value): ``moving_vjp`` runs NumPy's own function once more, on integer arrays
  that number the input's elements, and so learns where every output element came from;
  the gradient adds ``g`` back at those places (``scatter_add``, itself differentiable).
  One rule is exact for ``take`` with every ``mode``, ``pad`` with every index-moving
  ``mode``, ``insert`` with broadcast values, and it cannot drift from NumPy's semantics
  because NumPy itself does the bookkeeping.
* **Arithmetic functions**: ``composite_vjp`` takes a short *composite*, the function
  restated with differentiable autograd.numpy operations, traces it at backward time and
  pulls ``g`` back through it. The forward pass does not pay for it; the tests check each
  composite's value against NumPy's, so a composite cannot quietly differentiate
  something else.
* A few with a better direct rule (``flip``, ``sort``, ``cumprod``, ``convolve``), and
  ``unique`` with NumPy 2's ``unique_*``: duplicates share their value's gradient evenly
  (``max``'s tie rule). Those return tuples (named ones autograd cannot box), so the
  facade's function is replaced (``OVERRIDES``): NumPy's result on the value, with only
  ``values`` traced, by one primitive for all five.

Everything is written with autograd.numpy operations, so second-order gradients work.
``statistics_gradients`` and ``linalg_gradients`` use the same two rules.
"""
import inspect

import autograd.numpy as anp
import numpy as onp
from autograd.numpy import numpy_wrapper
from autograd.numpy.numpy_vjps import match_complex
from autograd.core import primitive_vjps
from autograd.extend import primitive
from autograd.tracer import getval, isbox

from .. import registry
from ..array import ARRAY_FUNCTIONS, wrap
from ..dispatch.numpy_getitem import scatter_add
from ..errors import NoGradientFuncError, message
from ..tracing import backward_to_roots, seed_like, trace_leaves
from ._namespace import plain
from .gradients import unbroadcast

REGISTERED = []  # "module.name" of every function given a gradient by these modules
COMPOSITES = {}  # "module.name" -> the composite its gradient comes from (tests check values)


def register(names, make_vjp_argnums, module=anp, prefix=""):
    """Give each ``module.<name>`` that this NumPy has the VJP ``make_vjp_argnums(fun)``.
    ``names`` may map a primitive's attribute name to the name users call it by."""
    for attribute in names:
        name = names[attribute] if isinstance(names, dict) else attribute
        fun = getattr(module, attribute, None)
        if fun is None or not getattr(fun, "_is_autograd_primitive", False):
            continue  # a name this NumPy version does not have
        registry.define_vjp_argnums(fun, make_vjp_argnums(fun))
        REGISTERED.append(prefix + name)
        if hasattr(make_vjp_argnums, "composite"):
            COMPOSITES[prefix + name] = make_vjp_argnums.composite


def refuse(name, argnum, expected, got, fix=""):
    """Raise the house message for a call whose gradient is not defined."""
    raise NoGradientFuncError(message(f"minpy_compat.numpy.{name} argument {argnum}",
                                      expected, got, fix))


# ---- rule 1: index-moving functions ------------------------------------------------------
def moving_vjp(data_argnums, probe_kwargs=None, check=None):
    """``make_vjp_argnums`` for a function that only moves elements of its arguments
    ``data_argnums`` (plain copies, no arithmetic) into its output.

    ``probe_kwargs(kwargs)`` gives the keyword arguments of the numbering call (e.g.
    fill values set to 0, which means "not from this argument"); ``check(args, kwargs)``
    raises where a call computes values instead (``pad(mode='mean')``).
    """
    def make(fun):
        raw = fun.fun

        def vjp_argnums(argnums, ans, args, kwargs):
            if check is not None:
                check(args, kwargs)

            def vjp(g):
                return [_moved_back(raw, g, argnum, data_argnums, args,
                                    probe_kwargs(kwargs) if probe_kwargs else kwargs)
                        for argnum in argnums]
            return vjp
        return vjp_argnums
    return make


def _moved_back(raw, g, argnum, data_argnums, args, kwargs):
    shape = onp.shape(getval(args[argnum]))
    size = int(onp.prod(shape, dtype=onp.int64))
    probe = [getval(a) for a in args]
    for i in data_argnums:
        if i < len(probe):
            i_shape = onp.shape(probe[i])
            probe[i] = (onp.arange(1, size + 1, dtype=onp.intp).reshape(shape) if i == argnum
                        else onp.zeros(i_shape, onp.intp))
    sources = onp.asarray(raw(*probe, **kwargs)).ravel()
    flat = anp.reshape(g, (-1,))
    picked = sources > 0
    if not picked.all():
        flat, sources = flat[picked], sources[picked]
    dtype = getattr(getval(g), "dtype", onp.dtype(float))
    return anp.reshape(scatter_add(flat, (sources - 1,), (size,), dtype), shape)


# ---- rule 2: arithmetic functions, through a composite -------------------------------------
def composite_vjp(composite):
    """``make_vjp_argnums`` from ``composite(*args, **kwargs)``, the function restated with
    autograd.numpy operations (same value); traced only when a gradient is asked for."""
    def make(fun):
        def vjp_argnums(argnums, ans, args, kwargs):
            def vjp(g):
                return pull_back(composite, argnums, args, kwargs, g)
            return vjp
        return vjp_argnums
    make.composite = composite
    return make


def pull_back(composite, argnums, args, kwargs, g):
    """The gradients of ``composite`` w.r.t. ``args[argnums]`` for output gradient ``g``
    (a structure like the output's when the output is a tuple or list)."""
    leaves = [args[i] for i in argnums]

    def restated(boxes):
        full = list(args)
        for argnum, box in zip(argnums, boxes):
            full[argnum] = box
        out = composite(*full, **kwargs)
        if isinstance(out, (tuple, list)):  # pair each output with its gradient
            return _paired_total(out, g)
        return out

    end_value, end_node, roots, _ = trace_leaves(restated, leaves)
    # A tuple output's g is a tuple, or a traced one (a SequenceBox) at higher order.
    seed = seed_like(end_value) if isinstance(getval(g), (tuple, list)) else g
    if end_node is None:
        return [anp.zeros_like(getval(leaf)) for leaf in leaves]
    return backward_to_roots(seed, end_node, roots, leaves)


def _paired_total(outputs, gradients):
    total = 0.0
    for out, g in zip(outputs, gradients):
        if g is None or onp.ndim(getval(g)) == 0 and getval(g) == 0:
            continue
        if getattr(getval(out), "dtype", onp.dtype(float)).kind not in "fc":
            continue  # an integer output (a rank, a count) has no gradient
        total = total + anp.sum(anp.real(out * anp.conj(g)))
    return total


# ---- index-moving functions ---------------------------------------------------------------
register(["take", "take_along_axis", "resize", "diagflat", "matrix_transpose"], moving_vjp([0]))
register(["delete"], moving_vjp([0]))
register(["insert"], moving_vjp([0, 2]))
register(["compress", "extract"], moving_vjp([1]))
register(["matrix_transpose", "diagonal"], moving_vjp([0]), module=anp.linalg, prefix="linalg.")


def define(name, *makers, module=anp, prefix="", argnums=None):
    """``registry.define_vjp`` for ``module.<name>`` with MinPy-shaped makers, recorded in
    ``REGISTERED`` (skipped where this NumPy lacks the name)."""
    fun = getattr(module, name, None)
    if fun is None or not getattr(fun, "_is_autograd_primitive", False):
        return
    registry.define_vjp(fun, *makers, argnums=argnums)
    REGISTERED.append(prefix + name)


def _pad_widths(pad_width, ndim):
    return onp.broadcast_to(onp.asarray(pad_width, dtype=onp.intp), (ndim, 2))


def _pad_vjp(fun):
    """``pad``: a constant (or empty) border is sliced off ``g``; the other index-moving
    modes go through the index map; modes that compute values are refused."""
    moving = moving_vjp([0])(fun)

    def vjp_argnums(argnums, ans, args, kwargs):
        mode = args[2] if len(args) > 2 else kwargs.get("mode", "constant")
        if isinstance(mode, str) and mode in ("constant", "empty"):
            widths = _pad_widths(args[1], onp.ndim(getval(args[0])))
            inside = tuple(slice(int(before), n - int(after)) for (before, after), n
                           in zip(widths, onp.shape(getval(ans))))
            return lambda g: [g[inside]]
        if not isinstance(mode, str) or mode not in ("edge", "reflect", "symmetric", "wrap"):
            refuse("pad", 0, "a mode that copies elements ('constant', 'edge', 'reflect', "
                   "'symmetric', 'wrap', 'empty') for a gradient", f"mode={mode!r}",
                   "Pad with one of those, or compute the border yourself with np ops.")
        if kwargs.get("reflect_type", "even") != "even":
            refuse("pad", 0, "reflect_type='even' for a gradient",
                   f"reflect_type={kwargs['reflect_type']!r}")
        return moving(argnums, ans, args, kwargs)
    return vjp_argnums


def _along_axis_index(order, axis):
    """The index tuple that applies ``order`` (argsort-like) along ``axis``."""
    shape = order.shape
    index = []
    for dim, size in enumerate(shape):
        if dim == axis:
            index.append(order)
        else:
            view = [1] * len(shape)
            view[dim] = size
            index.append(onp.arange(size).reshape(view))
    return tuple(index)


def _reorder_vjp(arg_order):
    """``sort``/``partition`` in any number of dimensions: ``g`` goes back to the places
    ``arg_order(raw, *args, **kwargs)`` (argsort/argpartition) took each value from."""
    def make(fun):
        def vjp_argnums(argnums, ans, args, kwargs):
            raw = getval(args[0])
            axis, order = arg_order(raw, args[1:], kwargs)
            if axis is None:
                index, shape = (order,), (raw.size,)
            else:
                index, shape = _along_axis_index(order, axis % raw.ndim), raw.shape

            def vjp(g):
                dtype = getattr(getval(g), "dtype", raw.dtype)
                grad = scatter_add(g if axis is not None else anp.reshape(g, (-1,)), index,
                                   shape, dtype)
                return [grad if axis is not None else anp.reshape(grad, raw.shape)]
            return vjp
        return vjp_argnums
    return make


def _sort_order(raw, rest, kwargs):
    axis = rest[0] if rest else kwargs.get("axis", -1)
    kind = rest[1] if len(rest) > 1 else kwargs.get("kind")
    if kwargs.get("order") is not None or len(rest) > 2:
        refuse("sort", 0, "a plain numeric array for a gradient", "a sort by field order")
    return axis, onp.argsort(raw, axis=axis, kind=kind)


def _msort_order(raw, rest, kwargs):
    return 0, onp.argsort(raw, axis=0)


def _partition_order(raw, rest, kwargs):
    kth = rest[0] if rest else kwargs["kth"]
    axis = rest[1] if len(rest) > 1 else kwargs.get("axis", -1)
    return axis, onp.argpartition(raw, kth, axis=axis)


def _reverse_cumsum(x, axis):
    return anp.flip(anp.cumsum(anp.flip(x, axis), axis), axis)


def _cumprod_pullback(g, x, ans, axis):
    """The gradient of ``cumprod(x, axis)``: sum over ``j >= i`` of ``g_j * ans_j / x_i``,
    by division where ``x`` has no zeros, else leaving each ``x_i`` out in turn."""
    if onp.all(getval(x) != 0):
        return _reverse_cumsum(g * ans, axis) / x
    size = onp.shape(getval(x))[axis]
    moved = anp.moveaxis(x, axis, -1)
    left_out = anp.where(onp.eye(size, dtype=bool), 1.0, moved[..., None, :])
    products = anp.cumprod(left_out, axis=-1)  # [..., i, j]: x_0..x_j without x_i
    later = onp.triu(onp.ones((size, size), dtype=bool))  # j >= i
    spread = anp.moveaxis(g, axis, -1)[..., None, :]
    return anp.moveaxis(anp.sum(anp.where(later, products * spread, 0.0), axis=-1), -1, axis)


def _cumprod_grad(ans, a, axis=None, dtype=None, out=None):
    if axis is None:
        shape = onp.shape(getval(a))
        return lambda g: anp.reshape(
            _cumprod_pullback(g, anp.reshape(a, (-1,)), ans, 0), shape)
    return lambda g: _cumprod_pullback(g, a, ans, axis)


def _convolve_offset(n, m, mode):
    """Where NumPy's ``convolve(mode)`` output starts inside the full convolution."""
    shorter = min(n, m)
    return {"full": 0, "same": (shorter - 1) // 2, "valid": shorter - 1}[mode]


def _convolve_vjp(fun):
    """``convolve(a, v, mode)``: ``g`` embedded in the full convolution's length, then
    convolved with the other factor reversed (a 'valid' convolution)."""
    def vjp_argnums(argnums, ans, args, kwargs):
        a, v = args[0], args[1]
        mode = args[2] if len(args) > 2 else kwargs.get("mode", "full")
        n, m = onp.size(getval(a)), onp.size(getval(v))
        offset = _convolve_offset(n, m, mode)
        full = n + m - 1

        def vjp(g):
            embedded = anp.pad(g, (offset, full - offset - onp.size(getval(g))))
            return [anp.convolve(embedded, anp.flip(v if argnum == 0 else a), "valid")
                    for argnum in argnums]
        return vjp
    return vjp_argnums


def _correlate(a, v, mode="valid"):
    """NumPy's correlate as a slice of the full convolution with ``v`` reversed."""
    n, m = onp.size(getval(a)), onp.size(getval(v))
    full = anp.convolve(a, anp.flip(anp.conj(v)), "full")
    shorter, longer = min(n, m), max(n, m)
    start, length = {"full": (0, n + m - 1),
                     "same": ((shorter - 1) // 2 if n >= m else shorter // 2, longer),
                     "valid": (shorter - 1, longer - shorter + 1)}[mode]
    return full[start:start + length]


# ---- shapes and orders ---------------------------------------------------------------------
define("flip", lambda ans, m, axis=None: lambda g: anp.flip(g, axis))
register(["pad"], _pad_vjp)
register(["sort"], _reorder_vjp(_sort_order))
register(["msort"], _reorder_vjp(_msort_order))
register(["partition"], _reorder_vjp(_partition_order))


def _broadcast_to_grad(ans, array, shape, subok=False):
    return lambda g: unbroadcast(g, onp.shape(getval(array)))


define("broadcast_to", _broadcast_to_grad)


def _where_condition_grad(ans, condition, x=None, y=None):
    return lambda g: onp.zeros(onp.shape(getval(condition)))


def _where_grad(taken):
    """``where(c, x, y)``: ``g`` where ``c`` picks this side, summed down to its shape.
    (autograd's rule returns ``g``'s full shape, wrong for a broadcast scalar.)"""
    def maker(ans, condition, x=None, y=None):
        shape = onp.shape(getval(x if taken else y))
        picked = getval(condition)
        if taken:
            return lambda g: unbroadcast(anp.where(picked, g, 0.0), shape)
        return lambda g: unbroadcast(anp.where(picked, 0.0, g), shape)
    return maker


# autograd.numpy.where is a Python wrapper; the primitive it calls is _original_where.
registry.define_vjp(anp._original_where, _where_condition_grad, _where_grad(True),
                    _where_grad(False))
REGISTERED.append("where")


def _broadcast_arrays(*args, subok=False):
    shape = onp.broadcast_shapes(*(onp.shape(getval(a)) for a in args))
    return tuple(anp.broadcast_to(a, shape) for a in args)


def _meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    count = len(xi)
    grids = []
    for position, x in enumerate(xi):
        axis = {0: 1, 1: 0}.get(position, position) if indexing == "xy" and count > 1 \
            else position
        view = [1] * count
        view[axis] = -1
        grids.append(anp.reshape(x, view))
    if not sparse:
        grids = list(_broadcast_arrays(*grids))
    return tuple(grids)


def _unstack(x, /, *, axis=0):
    moved = anp.moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(onp.shape(getval(moved))[0]))


def _trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """autograd's trace rule assumes axes 0 and 1; this one follows ``axis1``/``axis2``."""
    return anp.sum(anp.diagonal(a, offset, axis1, axis2), axis=-1)


register(["unstack"], composite_vjp(_unstack))
register(["trace"], composite_vjp(_trace))
register(["broadcast_arrays"], composite_vjp(_broadcast_arrays))
register(["meshgrid"], composite_vjp(_meshgrid))


# ---- unique: duplicates share their value's gradient ----------------------------------------
def _unique_values(x, values, inverse, axis):
    """``values``, which NumPy computed from ``x``, unchanged: a primitive only so that
    they are traced as a function of ``x``."""
    return values


unique_values_of = primitive(_unique_values)
unique_values_of.__name__ = "unique"  # the name users know it by (messages, package_vjps)


def _unique_values_grad(ans, x, values, inverse, axis):
    """Each unique value is the value of every element (every slice along ``axis``) equal
    to it, so its gradient is split evenly among them, as ``max`` splits it among ties:
    element ``i`` gets ``g[inverse[i]] / counts[inverse[i]]``. Indexing and dividing ``g``
    keeps the rule differentiable (second order)."""
    shape = onp.shape(getval(x))
    counts = onp.bincount(inverse, minlength=onp.shape(values)[0 if axis is None else axis])
    if axis is None:
        share = counts[inverse]
        return lambda g: anp.reshape(g[inverse] / share.astype(getval(g).dtype), shape)
    view = [1] * len(shape)
    view[axis] = -1
    share, index = counts[inverse].reshape(view), _along(axis, len(shape), inverse)
    return lambda g: g[index] / share.astype(getval(g).dtype)


registry.define_vjp(unique_values_of, _unique_values_grad)


def _inverse(value, values, axis, equal_nan):
    """Which entry of ``values`` (NumPy's unique values, in the order it gave them) each
    element of ``value`` is, or each slice along ``axis``. NumPy's own ``return_inverse``,
    so the grouping (NaNs, -0.0) is NumPy's; it numbers the sorted values, so ``values``
    in another order (``sorted=False``, ``unique_values`` of complex numbers) is renumbered."""
    found, inverse = onp.unique(value, return_inverse=True, axis=axis, equal_nan=equal_nan)
    inverse = inverse.reshape(-1)
    if not onp.array_equal(found, values, equal_nan=True):
        position = onp.unique(values, return_inverse=True, axis=axis, equal_nan=equal_nan)[1]
        inverse = onp.argsort(position.reshape(-1))[inverse]
    return inverse


_UNIQUE_PARAMETERS = inspect.signature(onp.unique)


def _unique(facade):
    def unique(ar, *args, **kwargs):
        """``numpy.unique``. A traced ``ar`` gets traced unique values; the index,
        inverse and counts are NumPy's, untraced (integers carry no gradient)."""
        if not isbox(ar):
            return facade(ar, *args, **kwargs)
        options = _UNIQUE_PARAMETERS.bind(ar, *args, **kwargs)
        options.apply_defaults()
        options = options.arguments
        value = getval(ar)
        result = facade(value, *args, **kwargs)  # exactly the call asked for, on the value
        values = onp.asarray(result[0] if type(result) is tuple else result)
        axis = options["axis"]
        axis = None if axis is None else axis % onp.ndim(value)
        if options["return_inverse"]:  # its shape depends on the NumPy version
            inverse = onp.reshape(result[1 + bool(options["return_index"])], -1)
        else:
            inverse = _inverse(value, values, axis, options["equal_nan"])
        traced = unique_values_of(ar, values, inverse, axis)
        return wrap((traced,) + result[1:]) if type(result) is tuple else traced
    return unique


def _array_api_unique(facade):
    def unique_named(x):
        """NumPy 2's ``unique_*``: the named tuple NumPy returns (or the values) with
        ``values`` traced when ``x`` is. Every NaN is its own value here."""
        if not isbox(x):
            return facade(x)
        value = getval(x)
        result = facade(value)
        named = isinstance(result, tuple)
        values = onp.asarray(result.values if named else result)
        inverse = getattr(result, "inverse_indices", None)
        inverse = _inverse(value, values, None, False) if inverse is None else \
            onp.reshape(inverse, -1)
        traced = unique_values_of(x, values, inverse, None)
        return wrap(result._replace(values=traced)) if named else traced
    return unique_named


OVERRIDES = {}  # facade name -> the function minpy_compat.numpy puts in its place


def override(name, make):
    """Replace the facade's ``name`` by ``make(facade)``, which calls ``facade`` (on the
    values, when one is traced: policies and op counts see the call), for ``numpy.<name>``
    on traced values too; skipped where this NumPy lacks the name."""
    raw = getattr(onp, name, None)
    if raw is None:
        return
    function = make(ARRAY_FUNCTIONS.get(raw) or plain(raw))
    function.__name__ = function.__qualname__ = name
    function.__wrapped__ = raw
    ARRAY_FUNCTIONS[raw] = function
    OVERRIDES[name] = function
    REGISTERED.append(name)


override("unique", _unique)
for _name in ("unique_values", "unique_counts", "unique_inverse", "unique_all"):
    override(_name, _array_api_unique)


# ---- autograd's rules that miss some of NumPy's arguments ----------------------------------
# tile: autograd's put a scalar reps on axis 0 (NumPy: the last axis) and refused zeros;
# repeat: autograd's takes one count (not one per element) and misreads axis=-1.
register(["tile", "repeat"], moving_vjp([0]))
define("roll", lambda ans, a, shift, axis=None: lambda g: anp.roll(
    g, -onp.asarray(shift), axis=axis))  # shift may be a tuple (one per axis)
define("rot90", lambda ans, m, k=1, axes=(0, 1): lambda g: anp.rot90(g, -k, axes))


def _outer_grad(argnum):
    """``outer`` flattens its inputs; autograd's rule assumed vectors and gave a 2-D input
    a flat gradient (or raised)."""
    def maker(ans, a, b, out=None):
        shape = onp.shape(getval((a, b)[argnum]))
        if argnum == 0:
            return lambda g: match_complex(a, anp.reshape(anp.dot(g, anp.ravel(b)), shape))
        return lambda g: match_complex(b, anp.reshape(anp.dot(anp.ravel(a), g), shape))
    return maker


define("outer", _outer_grad(0), _outer_grad(1))


def _taken(value, bound):
    """Where ``clip``'s result ``value`` is ``bound`` (None: nowhere), compared in the
    result's dtype (a float64 bound of a float32 array was rounded to float32)."""
    if bound is None:
        return onp.zeros(onp.shape(value), bool)
    return value == onp.asarray(getval(bound)).astype(value.dtype)


def _clip_grad(argnum):
    """``clip(a, a_min, a_max)``: ``g`` goes to the value each element took; a bound tied
    with ``a`` takes it, and ``a_max`` beats ``a_min`` where the two cross (NumPy applies
    it last). autograd's rule had ``a`` only."""
    def maker(ans, a, a_min=None, a_max=None, out=None, **kwargs):
        upper = _taken(getval(ans), a_max)
        lower = _taken(getval(ans), a_min) & ~upper
        picked = (~(lower | upper), lower, upper)[argnum]
        shape = onp.shape(getval((a, a_min, a_max)[argnum]))
        return lambda g: unbroadcast(anp.where(picked, g, 0.0), shape)
    return maker


define("clip", _clip_grad(0), _clip_grad(1), _clip_grad(2))


def _clip_keywords(facade):
    def clip(a, *bounds, **kwargs):
        """``numpy.clip``; NumPy 2.1's ``min=``/``max=`` keywords become the positional
        bounds the rule above reads (it would see them as unknown keywords)."""
        if ("min" in kwargs or "max" in kwargs) and not bounds and \
                "a_min" not in kwargs and "a_max" not in kwargs:
            bounds = (kwargs.pop("min", None), kwargs.pop("max", None))
        return facade(a, *bounds, **kwargs)
    return clip


override("clip", _clip_keywords)
# autograd's rule took no nan=, posinf=, neginf=: replaced entries are constants.
define("nan_to_num", lambda ans, x, *args, **kwargs: lambda g: anp.where(
    onp.isfinite(getval(x)), g, 0.0))


def _concatenate(facade):
    def concatenate(arrays, axis=0, **kwargs):
        """``numpy.concatenate``; with ``axis=None`` and traced arrays, the flattened arrays
        joined along axis 0, as autograd's rule slices ``g`` along an axis (None failed)."""
        if axis is None and any(isbox(a) for a in arrays):
            arrays, axis = [anp.ravel(a) for a in arrays], 0
        return facade(arrays, axis, **kwargs)
    return concatenate


override("concatenate", _concatenate)


# ---- products, sums and differences ------------------------------------------------------
define("cumprod", _cumprod_grad)
define("cumproduct", _cumprod_grad)
register(["convolve"], _convolve_vjp)
register(["correlate"], composite_vjp(_correlate))


def _vdot(a, b):
    return anp.sum(anp.conj(anp.ravel(a)) * anp.ravel(b))


def _along(axis, ndim, part):
    index = [slice(None)] * ndim
    index[axis] = part
    return tuple(index)


def _trapezoid(y, x=None, dx=1.0, axis=-1):
    ndim = onp.ndim(getval(y))
    later, earlier = _along(axis, ndim, slice(1, None)), _along(axis, ndim, slice(None, -1))
    if x is None:
        widths = dx
    elif onp.ndim(getval(x)) == 1:
        widths = x[1:] - x[:-1]
        view = [1] * ndim
        view[axis] = -1
        widths = anp.reshape(widths, view)
    else:
        widths = x[later] - x[earlier]
    return anp.sum(widths * (y[later] + y[earlier]) / 2.0, axis=axis)


def _ediff1d(ary, to_end=None, to_begin=None):
    flat = anp.ravel(ary)
    parts = [flat[1:] - flat[:-1]]
    if to_begin is not None:
        parts.insert(0, anp.ravel(to_begin))
    if to_end is not None:
        parts.append(anp.ravel(to_end))
    return anp.concatenate(parts) if len(parts) > 1 else parts[0]


def _cumulative(step, start):
    def cumulative(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
        if axis is None:
            x, axis = anp.reshape(x, (-1,)), 0
        result = step(x, axis=axis)
        if include_initial:
            shape = list(onp.shape(getval(result)))
            shape[axis] = 1
            result = anp.concatenate([onp.full(shape, start, getval(result).dtype), result],
                                     axis=axis)
        return result
    return cumulative


def _vander(x, N=None, increasing=False):
    columns = [anp.ones_like(getval(x)) * 1]
    for _ in range(1, len(getval(x)) if N is None else N):
        columns.append(columns[-1] * x)
    columns = columns[:len(getval(x)) if N is None else N]
    return anp.stack(columns if increasing else columns[::-1], axis=1)


register(["vdot"], composite_vjp(_vdot))
register(["trapezoid", "trapz"], composite_vjp(_trapezoid))
register(["ediff1d"], composite_vjp(_ediff1d))
register(["cumulative_sum"], composite_vjp(_cumulative(anp.cumsum, 0)))
register(["cumulative_prod"], composite_vjp(_cumulative(anp.cumprod, 1)))
register(["vander"], composite_vjp(_vander))


def _diff(a, n=1, axis=-1, prepend=onp._NoValue, append=onp._NoValue):
    """NumPy's ``diff``: ``prepend``/``append`` joined along ``axis`` (a scalar as one
    slice), then ``n`` differences; autograd's rule took neither."""
    ndim = onp.ndim(getval(a))
    axis = axis % ndim
    parts = [a]
    for position, edge in ((0, prepend), (1, append)):
        if edge is not onp._NoValue:
            if onp.ndim(getval(edge)) == 0:
                shape = list(onp.shape(getval(a)))
                shape[axis] = 1
                edge = anp.broadcast_to(edge, tuple(shape))
            parts.insert(len(parts) * position, edge)
    a = anp.concatenate(parts, axis) if len(parts) > 1 else a
    for _ in range(n):
        a = a[_along(axis, ndim, slice(1, None))] - a[_along(axis, ndim, slice(None, -1))]
    return a


def _diff_facade(facade):
    def diff(a, *args, **kwargs):
        """``numpy.diff``; a traced ``prepend`` or ``append`` goes through the composite, as
        the primitive traces positional arguments only."""
        if any(isbox(v) for v in args[2:] + tuple(kwargs.values())):
            return wrap(_diff(a, *args, **kwargs))
        return facade(a, *args, **kwargs)
    return diff


register(["diff"], composite_vjp(_diff))
override("diff", _diff_facade)


def _uniform_derivative(part, h, edge_order):
    """``numpy.gradient`` along one axis with spacing ``h``; ``part(start, stop)`` slices."""
    inside = (part(2, None) - part(None, -2)) / (2.0 * h)
    if edge_order == 1:
        return (part(1, 2) - part(0, 1)) / h, inside, (part(-1, None) - part(-2, -1)) / h
    first = (-1.5 * part(0, 1) + 2.0 * part(1, 2) - 0.5 * part(2, 3)) / h
    last = (0.5 * part(-3, -2) - 2.0 * part(-2, -1) + 1.5 * part(-1, None)) / h
    return first, inside, last


def _uneven_derivative(part, dx, edge_order, view):
    """The same for coordinate steps ``dx`` (NumPy's second-order formulas)."""
    d1, d2 = anp.reshape(dx[:-1], view), anp.reshape(dx[1:], view)
    inside = (-d2 / (d1 * (d1 + d2)) * part(None, -2) + (d2 - d1) / (d1 * d2) * part(1, -1)
              + d1 / (d2 * (d1 + d2)) * part(2, None))
    if edge_order == 1:
        return (part(1, 2) - part(0, 1)) / dx[0], inside, (part(-1, None) - part(-2, -1)) / dx[-1]
    d1, d2 = dx[0], dx[1]
    first = (-(2.0 * d1 + d2) / (d1 * (d1 + d2)) * part(0, 1) + (d1 + d2) / (d1 * d2) *
             part(1, 2) - d1 / (d2 * (d1 + d2)) * part(2, 3))
    d1, d2 = dx[-2], dx[-1]
    last = (d2 / (d1 * (d1 + d2)) * part(-3, -2) - (d2 + d1) / (d1 * d2) * part(-2, -1) +
            (2.0 * d2 + d1) / (d2 * (d1 + d2)) * part(-1, None))
    return first, inside, last


def _derivative_along(f, h, axis, edge_order):
    """One output of ``numpy.gradient``: ``f`` differentiated along ``axis`` with spacing
    ``h`` (a step, or the coordinates along the axis)."""
    ndim = onp.ndim(getval(f))

    def part(start, stop):
        return f[_along(axis, ndim, slice(start, stop))]
    if onp.ndim(getval(h)) == 1:
        dx = h[1:] - h[:-1]
        h = dx[0] if onp.all(getval(dx) == getval(dx)[0]) else dx  # as NumPy does
    if onp.ndim(getval(h)) == 0:
        pieces = _uniform_derivative(part, h, edge_order)
    else:
        view = [1] * ndim
        view[axis] = -1
        pieces = _uneven_derivative(part, h, edge_order, view)
    return anp.concatenate(pieces, axis=axis)


def _gradient(f, *varargs, axis=None, edge_order=1):
    """NumPy's ``gradient``, linear in ``f`` (and differentiable in the spacings);
    autograd's rule took 1-d arrays without spacing only."""
    ndim = onp.ndim(getval(f))
    axes = list(range(ndim)) if axis is None else \
        [ax % ndim for ax in ((axis,) if onp.ndim(axis) == 0 else axis)]
    if not varargs:
        varargs = (1.0,)
    spacings = varargs * len(axes) if len(varargs) == 1 else varargs  # NumPy checked these
    derivatives = [_derivative_along(f, h, ax, edge_order) for ax, h in zip(axes, spacings)]
    return derivatives[0] if len(axes) == 1 else tuple(derivatives)


register(["gradient"], composite_vjp(_gradient))


# ---- polynomials (coefficient arrays, highest power first) ---------------------------------
def _polyval(p, x):
    result = anp.zeros_like(getval(x)) * 1.0
    for coefficient in p:
        result = result * x + coefficient
    return result


def _aligned(a1, a2):
    a1, a2 = anp.atleast_1d(a1), anp.atleast_1d(a2)
    extra = len(getval(a2)) - len(getval(a1))
    if extra > 0:
        a1 = anp.concatenate([onp.zeros(extra, getval(a1).dtype), a1])
    elif extra < 0:
        a2 = anp.concatenate([onp.zeros(-extra, getval(a2).dtype), a2])
    return a1, a2


def _polyadd(a1, a2):
    a1, a2 = _aligned(a1, a2)
    return a1 + a2


def _polysub(a1, a2):
    a1, a2 = _aligned(a1, a2)
    return a1 - a2


def _polymul(a1, a2):
    return anp.convolve(anp.atleast_1d(a1), anp.atleast_1d(a2))


def _polyder(p, m=1):
    p = anp.atleast_1d(p)
    for _ in range(m):
        order = len(getval(p)) - 1
        p = p[:-1] * onp.arange(order, 0, -1)
    return p


def _polyint(p, m=1, k=None):
    p = anp.atleast_1d(p)
    constants = onp.zeros(m) if k is None else onp.broadcast_to(onp.atleast_1d(k), (m,))
    for step in range(m):
        p = anp.concatenate([p / onp.arange(len(getval(p)), 0, -1), [constants[step]]])
    return p


register(["polyval"], composite_vjp(_polyval))
register(["polyadd"], composite_vjp(_polyadd))
register(["polysub"], composite_vjp(_polysub))
register(["polymul"], composite_vjp(_polymul))
register(["polyder"], composite_vjp(_polyder))
register(["polyint"], composite_vjp(_polyint))


# ---- interpolation ------------------------------------------------------------------------
def _interp(x, xp, fp, left=None, right=None, period=None):
    """Linear interpolation, differentiable in ``x``, ``xp`` and ``fp``: in ``x`` the slope
    of its segment (0 outside ``xp``'s range, where the value is an end value)."""
    if period is not None:
        refuse("interp", 0, "period=None for a gradient", f"period={period!r}")
    xp, fp = (v if isbox(v) else onp.asarray(v) for v in (xp, fp))  # lists index as arrays
    points, grid = onp.asarray(getval(x)), onp.asarray(getval(xp))
    if len(grid) == 1:
        return anp.where(points == points, fp[0], 0.0)
    low = onp.clip(onp.searchsorted(grid, points, side="right") - 1, 0, len(grid) - 2)
    fraction = (x - xp[low]) / (xp[low + 1] - xp[low])
    inside = fp[low] + fraction * (fp[low + 1] - fp[low])
    below = fp[0] if left is None else left
    above = fp[-1] if right is None else right
    return anp.where(points < grid[0], below, anp.where(points > grid[-1], above, inside))


register(["interp"], composite_vjp(_interp))


# ---- elementwise ufuncs --------------------------------------------------------------------
def _fmod(x1, x2, *args, **kwargs):
    return x1 - x2 * onp.trunc(getval(x1) / getval(x2))


def _copysign(x1, x2, *args, **kwargs):
    return x1 * (onp.sign(getval(x1)) * onp.where(onp.signbit(getval(x2)), -1.0, 1.0))


def _heaviside(x1, x2, *args, **kwargs):
    raw = getval(x1)
    return anp.where(raw < 0, 0.0, anp.where(raw > 0, 1.0, x2 * anp.ones_like(raw)))


def _ldexp(x1, x2, *args, **kwargs):
    return x1 * onp.ldexp(1.0, getval(x2))


def _float_power(x1, x2, *args, **kwargs):
    return anp.power(x1, x2)


def _modf(x, *args, **kwargs):
    whole = onp.trunc(getval(x))
    return x - whole, whole


def _divmod(x1, x2, *args, **kwargs):
    quotient = onp.floor_divide(getval(x1), getval(x2))
    return quotient, x1 - x2 * quotient


def _frexp(x, *args, **kwargs):
    _, exponent = onp.frexp(getval(x))
    return x * onp.ldexp(1.0, -exponent), exponent


define("cbrt", lambda ans, x, *args, **kwargs: lambda g: g / (3.0 * ans * ans))
define("positive", lambda ans, x, *args, **kwargs: lambda g: g)
register(["fmod"], composite_vjp(_fmod))
register(["copysign"], composite_vjp(_copysign))
register(["heaviside"], composite_vjp(_heaviside))
register(["ldexp"], composite_vjp(_ldexp))
register(["float_power"], composite_vjp(_float_power))
register(["modf"], composite_vjp(_modf))
register(["divmod"], composite_vjp(_divmod))
register(["frexp"], composite_vjp(_frexp))


# ---- fft: the Hermitian transforms, through rfft/irfft -------------------------------------
_SWAPPED = {None: 1, "backward": 1, "ortho": 0.5, "forward": 0}  # power of n hfft multiplies


def _hfft(a, n=None, axis=-1, norm=None, out=None):
    length = 2 * (onp.shape(getval(a))[axis] - 1) if n is None else n
    return anp.fft.irfft(anp.conj(a), length, axis) * length ** _SWAPPED[norm]


def _ihfft(a, n=None, axis=-1, norm=None, out=None):
    """Through the complex fft, sliced: autograd's rfft has no gradient for odd lengths."""
    length = onp.shape(getval(a))[axis] if n is None else n
    spectrum = anp.fft.fft(a, length, axis)
    half = _along(axis, onp.ndim(getval(a)), slice(0, length // 2 + 1))
    return anp.conj(spectrum[half]) / length ** _SWAPPED[norm]


def odd_length_fallback(composite):
    """``make_vjp_argnums``: autograd's real-FFT VJP for the plain call (no ``n``/``s``,
    ``norm`` None or 'ortho', an even last length), else the pull-back through
    ``composite``, which goes through the complex FFT. autograd's rule refuses odd lengths,
    and is wrong for a padded or cropped length and for 'forward' and 'backward'."""
    def make(fun):
        current = primitive_vjps[fun]

        def vjp_argnums(argnums, ans, args, kwargs):
            size = args[1] if len(args) > 1 else kwargs.get("n", kwargs.get("s"))
            norm = args[3] if len(args) > 3 else kwargs.get("norm")
            if size is None and norm in (None, "ortho"):
                try:
                    return current(argnums, ans, args, kwargs)
                except NotImplementedError:
                    pass  # an odd length: the composite's
            return lambda g: pull_back(composite, argnums, args, kwargs, g)
        return vjp_argnums
    make.composite = composite
    return make


def _rfft(a, n=None, axis=-1, norm=None, out=None):
    length = onp.shape(getval(a))[axis] if n is None else n
    spectrum = anp.fft.fft(a, length, axis, norm)
    return spectrum[_along(axis, onp.ndim(getval(a)), slice(0, length // 2 + 1))]


def _irfft(a, n=None, axis=-1, norm=None, out=None):
    """The Hermitian spectrum rebuilt from its first half, through the complex inverse."""
    ndim, stored = onp.ndim(getval(a)), onp.shape(getval(a))[axis]
    length = 2 * (stored - 1) if n is None else n
    half = length // 2 + 1
    if stored >= half:
        first = a[_along(axis, ndim, slice(0, half))]
    else:
        widths = [(0, 0)] * ndim
        widths[axis] = (0, half - stored)
        first = anp.pad(a, widths)
    mirrored = anp.conj(anp.flip(first[_along(axis, ndim, slice(1, length - half + 1))], axis))
    return anp.real(anp.fft.ifft(anp.concatenate([first, mirrored], axis), length, axis, norm))


def _axes_and_sizes(a, s, axes, default_axes, inverse):
    ndim = onp.ndim(getval(a))
    axes = list(range(ndim)) if axes is None and default_axes is None else \
        list(default_axes if axes is None else axes)
    if s is None:
        s = [onp.shape(getval(a))[axis] for axis in axes]
        if inverse:
            s[-1] = 2 * (s[-1] - 1)
    return [axis % ndim for axis in axes], list(s)


def _rfftn_of(default_axes):
    def rfftn(a, s=None, axes=None, norm=None, out=None):
        axes, sizes = _axes_and_sizes(a, s, axes, default_axes, inverse=False)
        spectrum = anp.fft.fftn(a, tuple(sizes), tuple(axes), norm)
        last = _along(axes[-1], onp.ndim(getval(a)), slice(0, sizes[-1] // 2 + 1))
        return spectrum[last]
    return rfftn


def _irfftn_of(default_axes):
    def irfftn(a, s=None, axes=None, norm=None, out=None):
        axes, sizes = _axes_and_sizes(a, s, axes, default_axes, inverse=True)
        if len(axes) > 1:
            a = anp.fft.ifftn(a, tuple(sizes[:-1]), tuple(axes[:-1]), norm)
        return _irfft(a, sizes[-1], axes[-1], norm)
    return irfftn


for _name, _composite in (("rfft", _rfft), ("irfft", _irfft), ("rfft2", _rfftn_of((-2, -1))),
                          ("rfftn", _rfftn_of(None)), ("irfft2", _irfftn_of((-2, -1))),
                          ("irfftn", _irfftn_of(None))):
    register([_name], odd_length_fallback(_composite), module=anp.fft, prefix="fft.")
register(["hfft"], composite_vjp(_hfft), module=anp.fft, prefix="fft.")
register(["ihfft"], composite_vjp(_ihfft), module=anp.fft, prefix="fft.")


# ---- reductions: where= masks, and prod over zeros -------------------------------------------
def masked_or(rule):
    """``make_vjp_argnums``: a reduction called with ``where=`` or ``initial=`` pulls back
    through the masked composite ``rule``; without them the primitive keeps the VJP it has
    (autograd's and our own VJPs ignore ``where=``, which gave every masked-out element a
    gradient, and ``max``'s divided by a count of 0 where ``initial`` won)."""
    def make(fun):
        current = primitive_vjps[fun]

        def vjp_argnums(argnums, ans, args, kwargs):
            if kwargs.get("where") is not None or kwargs.get("initial") is not None:
                return lambda g: pull_back(rule, argnums, args, kwargs, g)
            return current(argnums, ans, args, kwargs)
        return vjp_argnums
    make.composite = rule
    return make


def _mask(a, where):
    return onp.broadcast_to(True if where is None else getval(where), onp.shape(getval(a)))


def _masked_sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    total = anp.sum(anp.where(_mask(a, where), a, 0.0), axis=axis, keepdims=keepdims)
    return total if initial is None else total + initial


def _masked_mean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    mask = _mask(a, where)
    count = onp.sum(mask, axis=axis, keepdims=keepdims)
    return anp.sum(anp.where(mask, a, 0.0), axis=axis, keepdims=keepdims) / count


def _masked_prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    product = anp.prod(anp.where(_mask(a, where), a, 1.0), axis=axis, keepdims=keepdims)
    return product if initial is None else product * initial


def _masked_choice(reduce, fill):
    def choice(a, axis=None, out=None, keepdims=False, initial=None, where=None):
        """``max``/``min``: ``initial`` is one more candidate in every slice, so where it
        wins the slice's elements get no gradient, and an element tied with it shares
        ``g`` with it as ties share it (``k`` tied elements get ``g / (k + 1)`` each)."""
        a = anp.where(_mask(a, where), a, fill)
        if initial is None:
            return reduce(a, axis=axis, keepdims=keepdims)
        shape = onp.shape(getval(a))
        axes = tuple(range(len(shape))) if axis is None else \
            tuple(ax % len(shape) for ax in ((axis,) if onp.ndim(axis) == 0 else axis))
        kept = [i for i in range(len(shape)) if i not in axes]
        rows = anp.reshape(anp.transpose(a, kept + list(axes)), [shape[i] for i in kept] + [-1])
        extra = onp.full(onp.shape(getval(rows))[:-1] + (1,), initial, getval(a).dtype)
        chosen = reduce(anp.concatenate([rows, extra], axis=-1), axis=-1)
        return anp.reshape(chosen, [1 if i in axes else n for i, n in enumerate(shape)]
                           if keepdims else [shape[i] for i in kept])
    return choice


def _masked_var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None,
                **kwargs):
    mask = _mask(a, where)
    centre = _masked_mean(a, axis=axis, keepdims=True, where=mask)
    deviation = anp.where(mask, a - centre, 0.0)
    count = onp.sum(mask, axis=axis, keepdims=keepdims)
    return anp.sum(deviation * deviation, axis=axis, keepdims=keepdims) / (count - ddof)


def root_of_variance(variance):
    """``sqrt(variance)``, with no gradient where the variance is 0 (one entry, or all
    equal): sqrt's derivative is infinite there, and times the variance's 0 gave NaN."""
    positive = getval(variance) > 0
    return anp.where(positive, anp.sqrt(anp.where(positive, variance, 1.0)), getval(variance))


def _masked_std(a, *args, **kwargs):
    return root_of_variance(_masked_var(a, *args, **kwargs))


def _others_product(x, axes):
    """For each element of ``x``, the product of the others along ``axes`` (no division,
    so zeros are fine): exclusive running products from both ends."""
    ndim = onp.ndim(getval(x))
    reduced = [a % ndim for a in axes]
    kept = [a for a in range(ndim) if a not in reduced]
    order = kept + reduced
    moved = anp.transpose(x, order)
    moved_shape = onp.shape(getval(moved))
    rows = anp.reshape(moved, moved_shape[:len(kept)] + (-1,))
    ones = onp.ones(onp.shape(getval(rows))[:-1] + (1,), getval(rows).dtype)
    before = anp.concatenate([ones, anp.cumprod(rows[..., :-1], axis=-1)], axis=-1)
    flipped = anp.flip(rows, -1)
    after = anp.flip(anp.concatenate([ones, anp.cumprod(flipped[..., :-1], axis=-1)], axis=-1),
                     -1)
    return anp.transpose(anp.reshape(before * after, moved_shape), onp.argsort(order))


def _prod_vjp(fun):
    """``prod``: autograd's ``g * ans / x`` where ``x`` has no zeros (a NaN at every zero
    otherwise), the product of the others where it has, ``where=`` through the composite."""
    masked = masked_or(_masked_prod)(fun)

    def vjp_argnums(argnums, ans, args, kwargs):
        x = args[0]
        if kwargs.get("where") is not None or onp.all(getval(x) != 0):
            return masked(argnums, ans, args, kwargs)
        axis = args[1] if len(args) > 1 else kwargs.get("axis")
        axes = range(onp.ndim(getval(x))) if axis is None else \
            ((axis,) if isinstance(axis, int) else tuple(axis))
        kept_shape = [1 if i in {a % onp.ndim(getval(x)) for a in axes} else n
                      for i, n in enumerate(onp.shape(getval(x)))]
        initial = kwargs.get("initial")

        def vjp(g):
            spread = anp.reshape(g, kept_shape) * _others_product(x, axes)
            return [spread if initial is None else spread * initial]
        return vjp
    return vjp_argnums


_prod_vjp.composite = _masked_prod

register(["sum"], masked_or(_masked_sum))
# mean, var and std are Python wrappers around these primitives.
register({"_primitive_mean": "mean"}, masked_or(_masked_mean), module=numpy_wrapper)
register(["prod"], _prod_vjp)
register(["max", "amax"], masked_or(_masked_choice(anp.max, -onp.inf)))
register(["min", "amin"], masked_or(_masked_choice(anp.min, onp.inf)))
register({"_primitive_var": "var"}, masked_or(_masked_var), module=numpy_wrapper)
register({"_primitive_std": "std"}, masked_or(_masked_std), module=numpy_wrapper)
register(["diagonal", "diag"], moving_vjp([0]))  # autograd's: offset 0 and square only

OWN = tuple(REGISTERED)  # registered by this module (the statistics and linalg ones add more)
