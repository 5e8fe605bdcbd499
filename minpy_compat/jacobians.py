"""``jacobian``, ``hessian``, ``hessian_vector_product`` and ``elementwise_grad``, built on
the same trace as ``grad`` (``traced_call.trace_call``), so they take what ``grad`` takes.

autograd's versions take one integer ``argnum`` and one array argument, and return one
array. These follow ``grad``: ``argnum`` may be a list, tuple or range (a list of results,
one per argnum), an argument may be a list, tuple or dict of arrays, and the output may be
a list, tuple or dict of arrays too. The result is nested as JAX nests it: the output's
structure outside, then one entry per argnum, then the argument's structure; each leaf is
an array of shape ``output leaf shape + argument leaf shape``. A Jacobian is one backward
pass per output element (autograd does the same); each pass may be traced by an outer
``grad``, so Jacobians nest (``hessian`` is the Jacobian of ``grad``).
"""
import functools

import numpy as onp
from autograd.tracer import getval, isbox

from .arguments import (as_differentiable, check_argnums, check_callable, function_name,
                        parse_argnums)
from .array import Number, wrap_tree
from .errors import ArgnumError, NonScalarOutputError, describe, message
from .traced_call import trace_call
from .trees import map_items, tree_leaves


def jacobian(func, argnum=0):
    """The Jacobian of ``func`` w.r.t. ``args[argnum]`` (see the module docstring).

    >>> import numpy; from minpy_compat import jacobian
    >>> jacobian(lambda x: x ** 2)(numpy.array([1.0, 3.0]))
    array([[2., 0.],
           [0., 6.]])
    """
    return _jacobian(func, argnum, "jacobian")


def _jacobian(func, argnum, operator):
    """``jacobian`` with ``operator`` (``jacobian``, ``hessian``) naming it in errors."""
    check_callable(func, operator)
    argnums, single = parse_argnums(argnum, f"{operator}({function_name(func)})")
    as_tuple = isinstance(argnum, tuple)

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        check_argnums(argnums, args, func, kwargs, operator)
        vjp, _, output, _ = trace_call(func, argnums, args, kwargs, reduce_tuples=False,
                                       operator=operator)
        output_leaves = tree_leaves(output)
        argument_leaves = [tree_leaves(args[a]) for a in argnums]
        real = [[_real(leaf) for leaf in leaves] for leaves in argument_leaves]
        blocks = []
        for position, leaf in enumerate(output_leaves):
            shape, dtype = onp.shape(getval(leaf)), _float(getval(leaf))
            # a real argument of a complex output: the imaginary part needs its own pass
            passes = (1, -1j) if dtype.kind == "c" and any(map(any, real)) else (1,)
            rows = [[[] for _ in leaves] for leaves in argument_leaves]
            for k in range(int(onp.prod(shape, dtype=onp.int64))):
                pulled = [vjp(_rebuild(output, _seed(output_leaves, position, k, unit)))
                          for unit in passes]
                for i, rows_of_argnum in enumerate(rows):
                    parts = zip(*(tree_leaves(grads[i]) for grads in pulled))
                    for column, is_real, part in zip(rows_of_argnum, real[i], parts):
                        column.append(part[0] + 1j * part[1] if len(part) > 1 and is_real
                                      else part[0])
            blocks.append([_rebuild(args[a], [_block(column, shape, like)
                                              for column, like in zip(rows_of_argnum, leaves)])
                           for a, rows_of_argnum, leaves in zip(argnums, rows, argument_leaves)])
        per_output = [b[0] if single else tuple(b) if as_tuple else b for b in blocks]
        return wrap_tree(_rebuild(output, per_output))
    return wrapped


def _seed(output_leaves, position, k, unit):
    """Zeros shaped like each output leaf, with ``unit`` at element ``k`` of leaf ``position``."""
    seed = [onp.zeros(onp.shape(getval(o)), _float(getval(o))) for o in output_leaves]
    seed[position].flat[k] = unit
    return seed


def _real(leaf):
    """Whether an argument leaf is a real number (its gradient drops imaginary parts)."""
    return not _is_constant(leaf) and onp.result_type(getval(leaf)).kind != "c"


def _is_constant(leaf):
    """A leaf ``grad`` keeps as it is (``arguments.flatten_argument``): None, a str, a bool."""
    return leaf is None or type(leaf) is str or type(leaf) is bool


def hessian(func, argnum=0):
    """The Hessian of scalar ``func`` (the Jacobian of its gradient); with a list of argnums,
    ``H[i][j]`` is the block of second derivatives w.r.t. ``args[argnum[i]]`` and
    ``args[argnum[j]]``. A constant inside an argument (None, a str) stays itself."""
    from .core import grad
    check_callable(func, "hessian")
    argnums, single = parse_argnums(argnum, f"hessian({function_name(func)})")
    gradient = grad(_scalar_checked(func, "hessian"), argnum)

    @functools.wraps(func)  # errors name func, not this helper
    def numeric_gradients(*args, **kwargs):  # the gradient's array leaves, constants left out
        return [g for g in tree_leaves(gradient(*args, **kwargs)) if not _is_constant(g)]
    jacobian_of_gradient = _jacobian(numeric_gradients, argnum, "hessian")

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        blocks = iter(jacobian_of_gradient(*args, **kwargs))
        like = args[argnums[0]] if single else (tuple if isinstance(argnum, tuple) else list)(
            args[a] for a in argnums)
        return _rebuild(like, [leaf if _is_constant(leaf) else next(blocks)
                               for leaf in tree_leaves(like)])
    return wrapped


def hessian_vector_product(func, argnum=0):
    """``hvp(*args, vector)``: the Hessian of scalar ``func`` times ``vector`` (shaped like
    ``args[argnum]``; one per argnum, in a list, for several), without forming the Hessian.
    A negative argnum counts from the end of ``func``'s arguments, not the vector."""
    from .core import grad
    check_callable(func, "hessian_vector_product")
    where = f"hessian_vector_product({function_name(func)})"
    argnums, _ = parse_argnums(argnum, where)
    checked = _scalar_checked(func, "hessian_vector_product")

    @functools.wraps(func)
    def hvp(*args_and_vector, **kwargs):
        if len(args_and_vector) < 2:
            raise ArgnumError(message(where, "the function's arguments, then the vector",
                                      f"{len(args_and_vector)} argument(s)",
                                      "Call it as hvp(*args, vector)."))
        *args, vector = args_and_vector
        check_argnums(argnums, args, func, kwargs, "hessian_vector_product")
        positive = [a + len(args) if a < 0 else a for a in argnums]
        form = tuple(positive) if isinstance(argnum, tuple) else positive
        gradient = grad(checked, form)

        def along_vector(*args):
            return _inner(gradient(*args, **kwargs), vector, where)
        return grad(along_vector, form)(*args)
    return hvp


def _inner(gradient, vector, where):
    """The sum of ``gradient * vector`` leaf by leaf, the two walked together (dicts by
    key); a vector that does not match the gradient's structure or shapes is refused."""
    from . import numpy as np
    if isinstance(gradient, (list, tuple, dict)):
        same = (isinstance(vector, dict) and set(vector) == set(gradient)
                if isinstance(gradient, dict) else
                isinstance(vector, (list, tuple)) and len(vector) == len(gradient))
        if not same:
            raise ArgnumError(message(
                f"{where} vector", f"the structure of the differentiated arguments, "
                f"{_outline(gradient)}", _outline(vector),
                "Pass one array per argument leaf (one entry per argnum for several)."))
        keys = gradient if isinstance(gradient, dict) else range(len(gradient))
        total = 0.0
        for key in keys:
            total = total + _inner(gradient[key], vector[key], where)
        return total
    if _is_constant(gradient):
        return 0.0
    if onp.shape(getval(vector)) != onp.shape(getval(gradient)):
        raise ArgnumError(message(
            f"{where} vector", f"shape {onp.shape(getval(gradient))} (its argument's)",
            f"shape {onp.shape(getval(vector))}", "Pass a vector shaped like the argument."))
    product = np.sum(gradient * vector)
    # a complex argument: the real part is the inner product of the two as real vectors
    return np.real(product) if onp.iscomplexobj(getval(product)) else product


def _outline(tree):
    """A structure in words for messages: ``dict with keys ['a', 'b']``, ``list of 2``."""
    if isinstance(tree, dict):
        return f"{type(tree).__name__} with keys {sorted(map(str, tree))}"
    if isinstance(tree, (list, tuple)):
        return f"{type(tree).__name__} of {len(tree)}"
    return describe(getval(tree))


def elementwise_grad(func, argnum=0):
    """The gradient of ``sum(func(x))``: ``grad``, which seeds a non-scalar output with ones."""
    from .core import _gradient_function
    return _gradient_function(func, argnum, "elementwise_grad")


# ---- structures --------------------------------------------------------------------------
def _rebuild(template, leaves):
    """``template``'s structure with ``leaves`` in place of its arrays, in order."""
    leaves = iter(leaves)

    def build(node):
        if isinstance(node, (list, tuple, dict)):  # namedtuples, dict subclasses: their kind
            return map_items(node, build)
        return next(leaves)
    return build(template)


def _float(value):
    dtype = onp.result_type(value)
    return dtype if dtype.kind in "fc" else onp.dtype(onp.float64)


def _block(column, output_shape, like):
    """One Jacobian block: the gradients of each output element, stacked and shaped (a
    constant argument leaf stays itself; a Python float's scalar block is a Number, as
    ``grad`` gives)."""
    from . import numpy as np
    if _is_constant(like):
        return like
    shape = tuple(output_shape) + onp.shape(getval(like))
    if not column:  # an empty output: nothing to stack
        return onp.zeros(shape, _float(getval(like)))
    block = np.reshape(np.stack(column), shape)
    if shape == () and not isbox(block) and type(as_differentiable(like)) is float:
        return Number(block)
    return block


def _scalar_checked(func, operator_name):
    @functools.wraps(func)
    def checked(*args, **kwargs):
        out = func(*args, **kwargs)
        if isinstance(out, (tuple, list, dict)) or onp.ndim(getval(out)) != 0:
            raise NonScalarOutputError(message(
                f"{operator_name}({function_name(func)})", "a function with a scalar output",
                describe(getval(out)), "Reduce the output first, e.g. np.sum(f(x))."))
        return out
    return checked
