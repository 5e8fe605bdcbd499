"""The two rules that derive gradients for NumPy functions autograd leaves without one,
and the table every such gradient is recorded in.

autograd wraps every NumPy function as a primitive but gives only some a gradient;
the rest (``flip``, ``take``, ``insert``, ``cumprod``, ``convolve``, ...) used to refuse
under ``grad``. Every function given one keeps NumPy's own forward pass, so values, dtypes
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
  composite's value against NumPy's (``COMPOSITES``), so a composite cannot quietly
  differentiate something else.
* A few with a better direct rule (``flip``, ``sort``, ``cumprod``, ``convolve``;
  ``define`` takes MinPy-shaped makers). Where the primitive alone cannot carry the call
  (``unique``'s tuples, which autograd cannot box; ``diff``'s keyword ``prepend``),
  ``override`` replaces the facade's function (``OVERRIDES``).

``register``, ``define`` and ``override`` record every name in ``REGISTERED``. The
gradients are registered by family, each module keeping the slice of ``REGISTERED`` it
added (its own ``REGISTERED``), in this import order (``minpy_compat.numpy``):

* ``shape_gradients``: index-moving functions, ``pad``, sort and partition orders,
  broadcasting, ``where``, ``meshgrid``, ``unique``, ``tile``/``repeat``/``roll``/``rot90``,
  ``diagonal``, ``concatenate``.
* ``arithmetic_gradients``: ``outer``, ``clip``, ``nan_to_num``, running products,
  ``convolve``/``correlate``, ``vdot``, ``vander``, polynomials, elementwise ufuncs.
* ``calculus_gradients``: differences, derivatives, integrals and interpolation
  (``diff``, ``ediff1d``, ``gradient``, ``trapezoid``, ``interp``).
* ``fft_gradients``: the real and Hermitian FFTs.
* ``reduction_gradients``: ``where=``/``initial=`` reductions and ``prod`` over zeros.

Everything is written with autograd.numpy operations, so second-order gradients work.
``linalg_gradients`` and ``statistics_gradients``, imported after these, use the same two
rules.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.tracer import getval

from .. import registry
from ..array import ARRAY_FUNCTIONS
from ..dispatch.numpy_getitem import scatter_add
from ..errors import NoGradientFuncError, message
from ..tracing import backward_to_roots, seed_like, trace_leaves
from ._namespace import plain

REGISTERED = []  # "module.name" of every function given a gradient by these modules
COMPOSITES = {}  # "module.name" -> the composite its gradient comes from (tests check values)
OVERRIDES = {}  # facade name -> the function minpy_compat.numpy puts in its place


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


def define(name, *makers, module=anp, prefix="", argnums=None):
    """``registry.define_vjp`` for ``module.<name>`` with MinPy-shaped makers, recorded in
    ``REGISTERED`` (skipped where this NumPy lacks the name)."""
    fun = getattr(module, name, None)
    if fun is None or not getattr(fun, "_is_autograd_primitive", False):
        return
    registry.define_vjp(fun, *makers, argnums=argnums)
    REGISTERED.append(prefix + name)


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
