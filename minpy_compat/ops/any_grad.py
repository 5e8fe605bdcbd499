"""``minpy_compat.grad`` and ``minpy_compat.value_and_grad``: MinPy's or MindSpore's,
chosen by the arguments.

>>> import minpy_compat as ms
>>> float(ms.grad(lambda x: x ** 2)(4.0))
8.0
"""
from ..errors import message


_MINDSPORE_ONLY = ("grad_position", "weights", "has_aux", "return_ids")


def _pick(fn, args, kwargs, mindspore_op, minpy_op):
    from ..nn.cell import Cell
    unknown = sorted(set(kwargs) - {"argnum"} - set(_MINDSPORE_ONLY))
    if unknown:  # a mistyped keyword must not fall back to argnum=0 silently
        name = f"minpy_compat.{minpy_op.__name__}"
        raise TypeError(message(
            f"{name}", "the keyword argnum (MinPy) or grad_position, weights, has_aux, "
            "return_ids (MindSpore)", ", ".join(repr(k) for k in unknown),
            f"For JAX's argnums=i write {name}(f, argnum=i)." if "argnums" in unknown else ""))
    if "argnum" in kwargs:
        return minpy_op(fn, *args, **kwargs)
    if (isinstance(fn, Cell) or len(args) > 1 or any(k in kwargs for k in _MINDSPORE_ONLY)
            or (args and args[0] is None)):
        return mindspore_op(fn, *args, **kwargs)
    return minpy_op(fn, *args)


def any_grad(fn, *args, **kwargs):
    """``minpy_compat.grad``: MinPy's ``grad(f, argnum)``, or MindSpore's ``grad``.

    MindSpore's ``grad(fn, grad_position=0, weights=None, has_aux=False)`` applies
    when ``fn`` is a Cell or when any of its own arguments is passed (``weights``,
    ``has_aux``, ``grad_position=...``); MinPy's ``grad(f, argnum=0)`` otherwise
    (Python floats are differentiated too, a list of argnums gives a list).

    >>> import minpy_compat as ms
    >>> float(ms.grad(lambda x: x ** 2)(4.0))
    8.0
    """
    from ..core import grad as minpy_grad
    from .grad import grad
    return _pick(fn, args, kwargs, grad, minpy_grad)


def any_value_and_grad(fn, *args, **kwargs):
    """``minpy_compat.value_and_grad``: MinPy's, or MindSpore's (the same rule as ``grad``)."""
    from ..core import value_and_grad as minpy_value_and_grad
    from .grad import value_and_grad
    return _pick(fn, args, kwargs, value_and_grad, minpy_value_and_grad)
