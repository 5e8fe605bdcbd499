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

import numpy as onp
from autograd.tracer import isbox

from .arguments import check_argnums, check_callable, function_name, parse_argnums
from .array import Number, wrap_tree
from .conversion import (convert_args, minpy_to_numpy, numpy_to_minpy,  # noqa: F401 (MinPy's
                         return_numpy)                                   # names, here too)
from .cotangents import cotangent
from .traced_call import plain_gradients, refuse_complex, trace_call
from .tracing import seed_like
from .trees import rebuilt


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
    bare = single and not as_tuple  # one gradient, returned as it is

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        plain = None if kwargs or not bare or not -len(args) <= argnums[0] < len(args) else \
            plain_gradients(func, argnums[0], args, operator_name, keep_output)
        if plain is not None:  # the common call (traced_call.py): the same gradients, sooner
            grads, output = plain
        else:
            check_argnums(argnums, args, func, kwargs, operator_name)
            vjp, end_value, output, python_floats = trace_call(
                func, argnums, args, kwargs, operator=operator_name, keep_output=keep_output)
            refuse_complex(end_value, func, operator_name)
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
        vjp, _, output, python_floats = trace_call(func, argnums, args, kwargs, reduce_tuples=False,
                                                   operator="make_vjp")
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
