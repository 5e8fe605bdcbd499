"""The gradient API: ``grad``, ``grad_and_loss``, ``value_and_grad`` and friends.

Thin over autograd's tracer. MinPy's semantics where MinPy had them:

* ``argnum`` is an int, a list, a tuple or a range; an int or a one-element list
  gives a bare gradient, anything else a list (MinPy) in argnum order;
* a non-scalar output is seeded with ones, the gradients of a tuple output add up;
* an argument the output does not depend on gets zeros of its own shape;
* a complex output is refused (autograd's rule): differentiate its real part;
* ``grad(grad(f))`` and deeper work (MinPy returned 0.0 there).

>>> from minpy_compat import grad
>>> float(grad(lambda x: x ** 2)(4.0))
8.0
"""
import functools
import numbers

import numpy as onp
from autograd.builtins import SequenceBox, dict as ag_dict, list as ag_list, tuple as ag_tuple
from autograd.core import VSpace, vspace
from autograd.tracer import isbox

from .adopted import as_boxes
from .arguments import (check_argnums, check_callable, flatten_argument, function_name,
                        parse_argnums)
from .array import Array, Number, wrap, wrap_result, wrap_tree
from .conversion import (convert_args, minpy_to_numpy, numpy_to_minpy,  # noqa: F401 (MinPy's
                         return_numpy)                                   # names, here too)
from .cotangents import cotangent
from .errors import ArgnumError, OutputTypeError, describe, message
from .leaf_hooks import any_leaf_hooks, hooked_arguments
from .tracing import backward_to_roots, seed_like, trace_leaves, unbox_level
from .trees import Leaf, map_items, rebuilt, tree_leaves, unflatten


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


def _vjp_and_value(func, argnums, args, kwargs, reduce_tuples=True, operator="grad",
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
        out = func(*full, **kwargs)
        if not isbox(out):
            _check_output(out, func)
        elif type(out) is SequenceBox:  # a tuple from autograd's own primitives: its items
            out = wrap_result(out)
        if keep_output:  # an adopted array is a plain one once the trace ends: keep its box
            captured.append(as_boxes(out))
        if isinstance(out, (tuple, list, dict)):  # namedtuples and dict subclasses too
            return _sum_outputs(out) if reduce_tuples else _packed(out)
        return out

    end_value, end_node, roots, trace_id = trace_leaves(traced, leaves)

    def vjp(g, wrapped=False):
        """The gradients of the differentiated arguments; ``wrapped``: each leaf as users
        see it (an Array), wrapped before the structure is rebuilt, so the structure is
        walked once, not again by ``wrap_tree``."""
        if end_node is None:
            grads = [vspace(leaf).zeros() for leaf in leaves]
        else:
            grads = backward_to_roots(g, end_node, roots, leaves)
        if wrapped:
            grads = [grad.view(Array) if type(grad) is onp.ndarray else wrap(grad)
                     for grad in grads]
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


def _finish(grads, python_floats, single, as_tuple=False):
    """Gradients as users see them: Arrays, or Numbers for Python-float arguments.

    One argnum gives a bare gradient; several give a list (MinPy), or a tuple
    when argnum was a tuple (MindSpore's grad_position).
    """
    grads = [_user_gradient(g, is_float) for g, is_float in zip(grads, python_floats)]
    if single:
        return grads[0]
    return tuple(grads) if as_tuple else grads


def _user_gradient(grad, is_float):
    """``grad`` wrapped, with a Number for each Python float (``_float_leaves``'s flags)."""
    if is_float is False:
        return wrap_tree(grad)
    if is_float is True:
        return Number(grad) if onp.ndim(grad) == 0 and not isbox(grad) else wrap_tree(grad)
    if isinstance(is_float, dict):
        return rebuilt(grad, {key: _user_gradient(grad[key], flag)
                              for key, flag in is_float.items()})
    return rebuilt(grad, [_user_gradient(item, flag) for item, flag in zip(grad, is_float)])


# ---- the public operators ---------------------------------------------------------
_LOSS_LAST, _VALUE_FIRST = "last", "first"  # where the output goes beside the gradients


def grad_and_loss(func, argnum=0):
    """``f(*args) -> (gradients, loss)`` (MinPy). Non-scalar outputs are seeded with ones.

    >>> from minpy_compat import grad_and_loss
    >>> g, loss = grad_and_loss(lambda x, y: x * y, [0, 1])(3.0, 4.0)
    >>> float(g[0]), float(g[1]), float(loss)
    (4.0, 3.0, 12.0)
    """
    return _gradient_function(func, argnum, "grad_and_loss", _LOSS_LAST)


def _gradient_function(func, argnum, operator_name, output_at=None):
    """The function ``grad`` (``output_at`` None: the output dropped), ``grad_and_loss``
    (``_LOSS_LAST``) and ``value_and_grad`` (``_VALUE_FIRST``) return. It runs every training
    step, so it is the one frame between the caller and the trace."""
    check_callable(func, operator_name)
    argnums, single = parse_argnums(argnum, f"{operator_name}({function_name(func)})")
    as_tuple = isinstance(argnum, tuple)
    keep_output = output_at is not None

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        check_argnums(argnums, args, func, kwargs, operator_name)
        vjp, end_value, output, python_floats = _vjp_and_value(
            func, argnums, args, kwargs, operator=operator_name, keep_output=keep_output)
        if _is_complex(end_value):
            raise OutputTypeError(message(
                f"{operator_name}({function_name(func)})", "a real output (the gradient of a "
                "complex output is ambiguous; autograd refuses it too)", "a complex output",
                "Differentiate np.real(f(x)) or np.abs(f(x)), or use jacobian for the "
                "complex derivative."))
        if any(python_floats):  # Numbers for Python floats: _finish wraps each gradient
            grads = _finish(vjp(seed_like(end_value)), python_floats, single, as_tuple)
        else:
            grads = vjp(seed_like(end_value), wrapped=True)
            grads = grads[0] if single else tuple(grads) if as_tuple else grads
        if output_at is None:
            return grads
        return (grads, wrap_tree(output)) if output_at is _LOSS_LAST else \
            (wrap_tree(output), grads)
    return wrapped


def _is_complex(value):
    dtype = getattr(value, "dtype", None)
    if isinstance(dtype, onp.dtype):  # (MXNet's dtype is a scalar type)
        return dtype.kind == "c"
    return type(value) is complex or dtype is not None and onp.dtype(dtype).kind == "c"


def grad(func, argnum=0):
    """``f(*args) -> gradients`` (MinPy). See ``grad_and_loss``.

    >>> from minpy_compat import grad
    >>> [float(g) for g in grad(lambda a, b, c: 3 * a + b ** 2 - c, [0, 1, 2])(2.0, 3.0, 4.0)]
    [3.0, 6.0, -1.0]
    """
    return _gradient_function(func, argnum, "grad")


def value_and_grad(func, argnum=0):
    """``f(*args) -> (value, gradients)``: ``grad_and_loss`` in autograd's (and MindSpore's) order.

    >>> from minpy_compat import value_and_grad
    >>> v, g = value_and_grad(lambda x: x ** 3)(2.0)
    >>> float(v), float(g)
    (8.0, 12.0)
    """
    return _gradient_function(func, argnum, "value_and_grad", _VALUE_FIRST)


def make_vjp(func, argnum=0):
    """``f(*args) -> (vjp, value)`` where ``vjp(g)`` pulls ``g`` back to ``args[argnum]``."""
    check_callable(func, "make_vjp")
    where = f"make_vjp({function_name(func)})"
    argnums, single = parse_argnums(argnum, where)
    as_tuple = isinstance(argnum, tuple)

    def wrapped(*args, **kwargs):
        check_argnums(argnums, args, func, kwargs, "make_vjp")
        vjp, _, output, python_floats = _vjp_and_value(func, argnums, args, kwargs,
                                                       reduce_tuples=False, operator="make_vjp")
        return (lambda g: _finish(vjp(cotangent(g, output, where)), python_floats, single,
                                  as_tuple),
                wrap_tree(output))
    return wrapped


def __getattr__(name):
    # MXNet symbols as ops live in symbol.py; importing it here would import MXNet's backend.
    if name in ("Function", "MXNetSymbolError"):
        from . import symbol
        return getattr(symbol, name)
    raise AttributeError(f"module 'minpy_compat.core' has no attribute {name!r}")


# Defined on the same trace as grad; imported last (they use this module's helpers).
from .jacobians import (elementwise_grad, hessian, hessian_vector_product,  # noqa: E402,F401
                        jacobian)
