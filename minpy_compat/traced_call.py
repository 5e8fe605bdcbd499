"""Tracing one call of a function with respect to some of its arguments: what ``grad``,
``grad_and_loss``, ``value_and_grad``, ``make_vjp`` and the Jacobians (``core.py``,
``jacobians.py``) share.

``trace_call`` takes every argument ``grad`` accepts: ints, lists and ranges of argnums,
repeated and negative argnums, Python floats, dicts, namedtuples, Parameters, leaf hooks.
``plain_gradients`` is the common call of a training loop, one argument that is an array or
a list or tuple of arrays (or of ``(w, b)`` pairs), with a shorter path before and after the
trace (``arguments.plain_template``): about 8 µs less per call on a small 2-layer MLP's step
(``benchmarks/README.md``, session 28). Both trace the same function the same way and give
the same gradients.
"""
import numbers

import numpy as onp
from autograd.builtins import SequenceBox, dict as ag_dict, list as ag_list, tuple as ag_tuple
from autograd.core import VSpace, vspace
from autograd.tracer import isbox

from .adopted import as_boxes
from .arguments import flatten_argument, function_name, plain_template
from .array import Array, TracedArray as _TRACED_ARRAY, wrap, wrap_result
from .errors import ArgnumError, OutputTypeError, describe, message
from .leaf_hooks import any_leaf_hooks, hooked_arguments
from .tracing import backward_to_roots, seed_like, trace_leaves, unbox_level
from .trees import Leaf, map_items, tree_leaves, unflatten


def plain_gradients(func, argnum, args, operator, keep_output):
    """``(gradients as Arrays in the argument's structure, output or None)`` of
    ``func(*args)`` with respect to ``args[argnum]``, or None where that argument is not
    plain (``plain_template``) or a leaf hook is set: ``trace_call`` takes those."""
    leaves = []
    template = plain_template(args[argnum], leaves)
    if template is None or any_leaf_hooks():
        return None
    captured = [] if keep_output else None

    def traced(boxes):
        full = list(args)
        full[argnum] = unflatten(template, boxes)
        out = func(*full)
        if type(out) is _TRACED_ARRAY and captured is None:  # a loss: nothing to check
            return out
        return _end_of_call(out, func, captured, True)

    end_value, end_node, roots, trace_id = trace_leaves(traced, leaves)
    if type(end_value) not in _REAL_RESULTS:
        refuse_complex(end_value, func, operator)
    grads = _leaf_gradients(seed_like(end_value), end_node, roots, leaves, True)
    return unflatten(template, grads), unbox_level(captured[0], trace_id) if keep_output else None


def _leaf_gradients(g, end_node, roots, leaves, wrapped):
    """The gradient of each leaf (zeros where the output does not depend on any); ``wrapped``:
    each as users see it (an Array)."""
    if end_node is None:
        grads = [vspace(leaf).zeros() for leaf in leaves]
    else:
        grads = backward_to_roots(g, end_node, roots, leaves)
    if wrapped:
        grads = [grad.view(Array) if type(grad) is onp.ndarray else wrap(grad) for grad in grads]
    return grads


_REAL_RESULTS = frozenset([onp.float16, onp.float32, onp.float64])  # a loss's usual types


def refuse_complex(end_value, func, operator):
    """Refuse a complex output: its gradient is ambiguous (autograd refuses it too)."""
    if _is_complex(end_value):
        raise OutputTypeError(message(
            f"{operator}({function_name(func)})", "a real output (the gradient of a "
            "complex output is ambiguous; autograd refuses it too)", "a complex output",
            "Differentiate np.real(f(x)) or np.abs(f(x)), or use jacobian for the "
            "complex derivative."))


def _is_complex(value):
    dtype = getattr(value, "dtype", None)
    if isinstance(dtype, onp.dtype):  # (MXNet's dtype is a scalar type)
        return dtype.kind == "c"
    return type(value) is complex or dtype is not None and onp.dtype(dtype).kind == "c"


def _end_of_call(out, func, captured, reduce_tuples):
    """What the trace ends on: ``out`` checked, kept in ``captured`` (a list, or None), and a
    tuple, list or dict output summed (``reduce_tuples``) or packed as one traced container."""
    if not isbox(out):
        _check_output(out, func)
    elif type(out) is SequenceBox:  # a tuple from autograd's own primitives: its items
        out = wrap_result(out)
    if captured is not None:  # an adopted array is a plain one once the trace ends: keep its box
        captured.append(as_boxes(out))
    if isinstance(out, (tuple, list, dict)):  # namedtuples and dict subclasses too
        return _sum_outputs(out) if reduce_tuples else _packed(out)
    return out


def _sum_outputs(outputs):
    """The sum of every array in a tuple, list or dict output, however nested (the
    gradients of its parts add up)."""
    from . import numpy as np
    total = None
    for out in tree_leaves(outputs):
        part = np.sum(out)
        total = part if total is None else total + part
    return total


def _packed(out):
    """A tuple, list or dict output (however nested) as one traced container, so
    ``make_vjp``'s ``vjp`` takes a cotangent of the same structure."""
    if isinstance(out, (tuple, list)):
        return (ag_tuple if isinstance(out, tuple) else ag_list)([_packed(part) for part in out])
    if isinstance(out, dict):
        return ag_dict({key: _packed(part) for key, part in out.items()})
    return out


def trace_call(func, argnums, args, kwargs, reduce_tuples=True, operator="grad",
               keep_output=True):
    """Trace ``func`` w.r.t. ``args[argnums]``.

    Returns ``(vjp, end value, output, python_floats)``; ``python_floats[i]`` says
    which leaves of argument ``argnums[i]`` are plain Python floats (their gradients
    are Numbers): a bool, or the argument's structure with a bool per leaf. ``operator``
    names the caller in errors. ``keep_output=False`` (``grad``, which drops the output):
    the output is None, and is neither kept nor unboxed.
    """
    requested = argnums
    if len(argnums) > 1 or argnums[0] < 0:  # [0, 0] or [0, -2]: each argument traced once
        requested = [a + len(args) if a < 0 else a for a in argnums]
        argnums = tuple(dict.fromkeys(requested))
    leaves = []
    templates = [flatten_argument(args[i], leaves, func, i, operator) for i in argnums]
    for argnum, template in zip(argnums, templates):
        if type(template) is not Leaf and not isinstance(template, (list, tuple, dict)):
            raise ArgnumError(message(
                f"{operator}({function_name(func)}) argument {argnum}", "arrays or floats "
                "(possibly inside lists, tuples and dicts) at a differentiated position",
                describe(template), "Differentiate another argnum, or pass a float."))
    one_leaf_each = all(type(t) is Leaf for t in templates)  # the common case: no unflatten
    python_floats = [_float_leaves(t, leaves) for t in templates] \
        if float in map(type, leaves) else [False] * len(templates)
    captured = []

    def traced(boxes):
        if any_leaf_hooks():  # x.register_hook(fn) before this pass: fn sees x's gradient
            boxes = hooked_arguments(boxes, [args[i] for i in argnums])
        full = list(args)
        for argnum, value in zip(argnums, boxes if one_leaf_each else
                                 unflatten(templates, boxes)):
            full[argnum] = value
        return _end_of_call(func(*full, **kwargs), func, captured if keep_output else None,
                            reduce_tuples)

    end_value, end_node, roots, trace_id = trace_leaves(traced, leaves)

    def vjp(g, wrapped=False):
        """The gradients of the differentiated arguments; ``wrapped``: each leaf as users
        see it (an Array), wrapped before the structure is rebuilt, so the structure is
        walked once, not again by ``wrap_tree``."""
        grads = _leaf_gradients(g, end_node, roots, leaves, wrapped)
        grads = grads if one_leaf_each else unflatten(templates, grads)
        if len(requested) == len(argnums):
            return grads
        # an argument asked for twice gets its gradient twice (a copy: each may be updated)
        seen, position = set(), {argnum: i for i, argnum in enumerate(argnums)}
        repeated = []
        for argnum in requested:
            grad = grads[position[argnum]]
            repeated.append(_copied(grad) if argnum in seen else grad)
            seen.add(argnum)
        return repeated

    if len(requested) != len(argnums):
        floats = dict(zip(argnums, python_floats))
        python_floats = [floats[a] for a in requested]
    return (vjp, end_value, unbox_level(captured[0], trace_id) if keep_output else None,
            python_floats)


def _float_leaves(template, leaves):
    """True for a Python-float leaf, False for the rest; inside a container, the container
    of those flags, or plain False when it holds no Python float."""
    if type(template) is Leaf:
        return type(leaves[template]) is float
    if isinstance(template, (list, tuple, dict)):
        flags = map_items(template, lambda item: _float_leaves(item, leaves))
        return flags if True in tree_leaves(flags) else False
    return False


def _check_output(out, func):
    """Refuse an output with no numbers in it (``None`` from a missing ``return``, a string):
    its gradient would be zeros that look like an answer."""
    for leaf in tree_leaves(out):
        if isinstance(leaf, (onp.ndarray, onp.generic)) and leaf.dtype.kind in "OMmUSV":
            raise OutputTypeError(message(
                f"the output of {function_name(func)}", "numbers (a float or complex array)",
                describe(leaf), "Return the numbers to differentiate, e.g. x.astype(float)."))
        if not (isbox(leaf) or isinstance(leaf, _NUMERIC) or type(leaf) in VSpace.mappings or
                type(leaf).__module__.startswith("mxnet")):
            raise OutputTypeError(message(
                f"the output of {function_name(func)}", "a number or an array (or lists, tuples "
                "and dicts of them)", describe(leaf) if leaf is not None else
                "None (does the function end without a return?)",
                "Return the value to differentiate."))


_NUMERIC = (numbers.Number, onp.ndarray, onp.generic)


def _copied(tree):
    if isinstance(tree, (list, tuple, dict)):
        return map_items(tree, _copied)
    return tree.copy() if hasattr(tree, "copy") and not isbox(tree) else tree
