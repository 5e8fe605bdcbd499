"""``jacobian``, ``hessian``, ``hessian_vector_product`` and ``elementwise_grad``, built on
the same trace as ``grad`` (``core._vjp_and_value``), so they take what ``grad`` takes.

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
from autograd.tracer import getval

from .arguments import check_argnums, function_name, parse_argnums
from .array import wrap_tree
from .errors import NonScalarOutputError, describe, message
from .tracing import map_items, tree_leaves


def jacobian(func, argnum=0):
    """The Jacobian of ``func`` w.r.t. ``args[argnum]`` (see the module docstring).

    >>> import numpy; from minpy_compat import jacobian
    >>> jacobian(lambda x: x ** 2)(numpy.array([1.0, 3.0]))
    array([[2., 0.],
           [0., 6.]])
    """
    from .core import _vjp_and_value
    argnums, single = parse_argnums(argnum, f"jacobian({function_name(func)})")
    as_tuple = isinstance(argnum, tuple)

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        check_argnums(argnums, args, func)
        vjp, _, output, _ = _vjp_and_value(func, argnums, args, kwargs, reduce_tuples=False)
        output_leaves = tree_leaves(output)
        argument_leaves = [tree_leaves(args[a]) for a in argnums]
        rows = [[[] for _ in leaves] for leaves in argument_leaves]
        blocks = []
        for position, leaf in enumerate(output_leaves):
            shape, dtype = onp.shape(getval(leaf)), _float(getval(leaf))
            for rows_of_argnum in rows:
                for column in rows_of_argnum:
                    column.clear()
            for k in range(int(onp.prod(shape, dtype=onp.int64))):
                seed = [onp.zeros(onp.shape(getval(o)), _float(getval(o))) for o in output_leaves]
                seed[position].flat[k] = 1
                grads = vjp(_rebuild(output, seed))
                for rows_of_argnum, grad_tree in zip(rows, grads):
                    for column, part in zip(rows_of_argnum, tree_leaves(grad_tree)):
                        column.append(part)
            blocks.append([_rebuild(args[a], [_block(column, shape, like, dtype)
                                              for column, like in zip(rows_of_argnum, leaves)])
                           for a, rows_of_argnum, leaves in zip(argnums, rows, argument_leaves)])
        per_output = [b[0] if single else tuple(b) if as_tuple else b for b in blocks]
        return wrap_tree(_rebuild(output, per_output))
    return wrapped


def hessian(func, argnum=0):
    """The Hessian of scalar ``func`` (the Jacobian of its gradient); with a list of argnums,
    ``H[i][j]`` is the block of second derivatives w.r.t. ``args[argnum[i]]`` and
    ``args[argnum[j]]``."""
    from .core import grad
    return jacobian(grad(_scalar_checked(func, "hessian"), argnum), argnum)


def hessian_vector_product(func, argnum=0):
    """``hvp(*args, vector)``: the Hessian of scalar ``func`` times ``vector`` (shaped like
    ``args[argnum]``), without forming the Hessian."""
    from . import numpy as np
    from .core import grad
    gradient = grad(_scalar_checked(func, "hessian_vector_product"), argnum)

    def along_vector(*args_and_vector, **kwargs):
        *args, vector = args_and_vector
        total = 0.0
        for g, v in zip(tree_leaves(gradient(*args, **kwargs)), tree_leaves(vector)):
            total = total + np.sum(g * v)
        return total
    return grad(along_vector, argnum)


def elementwise_grad(func, argnum=0):
    """The gradient of ``sum(func(x))``: ``grad``, which seeds a non-scalar output with ones."""
    from .core import grad
    return grad(func, argnum)


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


def _block(column, output_shape, like, output_dtype):
    """One Jacobian block: the gradients of each output element, stacked and shaped."""
    from . import numpy as np
    shape = tuple(output_shape) + onp.shape(getval(like))
    if not column:  # an empty output: nothing to stack
        return onp.zeros(shape, _float(getval(like)))
    return np.reshape(np.stack(column), shape)


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
