"""Gradients for functions that move elements (index maps through ``moving_vjp``), change
shapes or orders, broadcast, or pick by condition. ``unique`` and NumPy 2's ``unique_*``
are in ``unique_gradients``, imported at their place in this table.
"""
import warnings

import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval, isbox

from .. import registry
from ..array import wrap
from ..conversion import traced_list_array
from ..lean_call import contains_box
from ..errors import describe, message
from ..dispatch.numpy_getitem import scatter_add
from . import derived_gradients
from .axis_index import _along_axis_index
from .derived_gradients import composite_vjp, define, moving_vjp, override, pull_back, refuse, \
    register
from .gradients import unbroadcast
from .untraced_calls import runs_untraced
from .pad_composites import COMPUTED_MODES, pad_composite

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)


# ---- index-moving functions ---------------------------------------------------------------
register(["take", "take_along_axis", "resize", "diagflat", "matrix_transpose"], moving_vjp([0]))
register(["delete", "rollaxis"], moving_vjp([0]))
register(["insert"], moving_vjp([0, 2]))
register(["compress", "extract"], moving_vjp([1]))
register(["matrix_transpose", "diagonal"], moving_vjp([0]), module=anp.linalg, prefix="linalg.")


# ---- shapes and orders ---------------------------------------------------------------------
# autograd's rule inverted the axes as given: (0, -1, 1) came back scrambled or raised.
define("transpose", lambda ans, x, axes=None: lambda g: anp.transpose(g, None if axes is None else
       tuple(onp.argsort([int(axis) % onp.ndim(getval(x)) for axis in axes]))))


def _pad_widths(pad_width, ndim):
    return onp.broadcast_to(onp.asarray(pad_width, dtype=onp.intp), (ndim, 2))


def _pad_vjp(fun):
    """``pad``: a constant (or empty) border is sliced off ``g``; the other index-moving
    modes go through the index map; the modes that compute their border (``mean``,
    ``linear_ramp``, an odd ``reflect``, ...) through ``pad_composite``; a function as the
    mode is refused."""
    moving = moving_vjp([0])(fun)

    def vjp_argnums(argnums, ans, args, kwargs):
        mode = args[2] if len(args) > 2 else kwargs.get("mode", "constant")
        if isinstance(mode, str) and mode in ("constant", "empty"):
            pad_width = args[1] if len(args) > 1 else kwargs["pad_width"]
            widths = _pad_widths(pad_width, onp.ndim(getval(args[0])))
            inside = tuple(slice(int(before), n - int(after)) for (before, after), n
                           in zip(widths, onp.shape(getval(ans))))
            return lambda g: [g[inside]]
        odd = mode in ("reflect", "symmetric") and kwargs.get("reflect_type") == "odd"
        if isinstance(mode, str) and (mode in COMPUTED_MODES or odd):
            return lambda g: pull_back(pad_composite, argnums, args, kwargs, g)
        if not isinstance(mode, str) or mode not in ("edge", "reflect", "symmetric", "wrap"):
            refuse("pad", 0, "a mode NumPy names ('constant', 'edge', 'reflect', "
                   "'symmetric', 'wrap', 'empty', 'mean', 'median', 'maximum', 'minimum', "
                   "'linear_ramp') for a gradient", f"mode={mode!r}",
                   "Pad with one of those, or compute the border yourself with np ops.")
        return moving(argnums, ans, args, kwargs)
    return vjp_argnums


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
derived_gradients.REGISTERED.append("where")


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


def _filling(facade):
    def full_like(a, fill_value, *args, **kwargs):
        """``numpy.full_like``; a traced ``fill_value`` is broadcast into NumPy's result
        differentiably (autograd counts ``full_like`` as a constant, so its gradient was
        silently zero). An integer or boolean result passes none."""
        if not isbox(fill_value):
            return facade(a, fill_value, *args, **kwargs)
        template = facade(getval(a), 0, *args, **kwargs)  # NumPy's shape and dtype
        if template.dtype.kind not in "fc":
            return facade(getval(a), getval(fill_value), *args, **kwargs)
        return anp.broadcast_to(fill_value, template.shape).astype(template.dtype)
    return full_like


override("full_like", _filling)
register(["unstack"], composite_vjp(_unstack))
register(["trace"], composite_vjp(_trace))
register(["broadcast_arrays"], composite_vjp(_broadcast_arrays))
register(["meshgrid"], composite_vjp(_meshgrid))


# ---- unique: duplicates share their value's gradient ----------------------------------------
from . import unique_gradients  # noqa: E402,F401  (registers unique, unique_* here, in order)


# ---- autograd's rules that miss some of NumPy's arguments ----------------------------------
# tile: autograd's put a scalar reps on axis 0 (NumPy: the last axis) and refused zeros;
# repeat: autograd's takes one count (not one per element) and misreads axis=-1.
register(["tile", "repeat"], moving_vjp([0]))
register(["diagonal", "diag"], moving_vjp([0]))  # autograd's: offset 0 and square only
# tril/triu of a 1-D row repeat it down a square: autograd's gave the square back
register(["tril", "triu"], moving_vjp([0]))
define("roll", lambda ans, a, shift, axis=None: lambda g: anp.roll(
    g, -onp.asarray(shift), axis=axis))  # shift may be a tuple (one per axis)
define("rot90", lambda ans, m, k=1, axes=(0, 1): lambda g: anp.rot90(g, -k, axes))


def _joining(facade):
    """``concatenate``, ``stack``, ``hstack``, ... with NumPy's ``dtype=``/``casting=``
    (autograd's versions take neither): the arrays are cast first, under the casting rule;
    a call without traced arrays is NumPy's own, with every keyword."""
    raw = facade.__wrapped__

    def join(arrays, *args, **kwargs):
        if type(arrays) in (list, tuple) and runs_untraced((arrays,) + args, kwargs):
            return wrap(raw(arrays, *args, **kwargs))  # what the path below would run
        if not hasattr(arrays, "__getitem__"):  # read once: the check below would use it up
            arrays = _joined_sequence(raw, arrays)
        elif raw is onp.concatenate and isinstance(arrays, dict):
            _refuse_joined(raw, arrays)
        if isinstance(arrays, (list, tuple, dict)) and not arrays:
            return raw(arrays, *args, **kwargs)  # NumPy's own ValueError (autograd's hstack
            #                                      indexed the empty list)
        if any(type(a) in (list, tuple) and contains_box(a) for a in arrays):
            arrays = [traced_list_array(a, f"minpy_compat.numpy.{raw.__name__} argument 0 "
                                           f"'arrays' item {i}")
                      if type(a) in (list, tuple) and contains_box(a) else a
                      for i, a in enumerate(arrays)]  # [[x, x], [x, 2.0]]: NumPy's arrays
        if not any(isbox(a) for a in arrays):  # NumPy's, through the facade (policies see it)
            return (wrap(raw(arrays, *args, **kwargs)) if kwargs.keys() - {"axis"} else
                    facade(arrays, *args, **kwargs))
        dtype, casting = kwargs.pop("dtype", None), kwargs.pop("casting", "same_kind")
        if dtype is not None:  # astype checks the casting rule (a traced one: differentiably)
            arrays = [(a if isbox(a) else onp.asarray(a)).astype(dtype, casting=casting)
                      for a in arrays]
        if raw is onp.concatenate and (args[0] if args else kwargs.get("axis", 0)) is None:
            # autograd's rule slices g along an axis (None failed): join the flattened arrays
            arrays, args = [anp.ravel(a) for a in arrays], (0,) + args[1:]
            kwargs.pop("axis", None)
        return facade(arrays, *args, **kwargs)
    return join


def _refuses_iterators():
    """Whether this NumPy's ``stack`` refuses a generator (NumPy 1.23 only warned)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        try:
            onp.stack(a for a in [onp.zeros(1)])
        except TypeError:
            return True
    return False


_STACK_REFUSES_ITERATORS = _refuses_iterators()


def _joined_sequence(raw, arrays):
    """A generator or a set to join, as this NumPy takes it: a list, or NumPy's TypeError."""
    if raw is onp.concatenate or _STACK_REFUSES_ITERATORS:
        _refuse_joined(raw, arrays)
    return list(arrays)


def _refuse_joined(raw, arrays):
    raise TypeError(message(
        f"numpy.{raw.__name__} argument 0 'arrays'", "a sequence of arrays (a list or tuple)",
        describe(arrays), "Pass a list, e.g. list(arrays)."))


for _name in ("concatenate", "stack", "hstack", "vstack", "column_stack"):
    override(_name, _joining)


# Every name given a gradient here ("take", "pad", "unique", ...), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
