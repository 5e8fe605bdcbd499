"""MindSpore's ``vmap(fn, in_axes=0, out_axes=0)``: a Python loop over the batch axis and
a stack of the results (MindSpore's semantics, not its speed).

``in_axes`` is an int, None (not batched) or a tuple/list with one entry per argument,
nested like the argument; ``out_axes`` likewise per output. Slicing and stacking use the
differentiable facade, so ``grad`` of a vmapped function works, and a Cell's Parameters
are shared by every slice, as in MindSpore. Errors follow MindSpore 2.10's rules.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.vmap(lambda x, y: x * y, in_axes=(0, None))(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]),
...                                               ms.Tensor([10.0, 100.0]))
array([[ 10., 200.],
       [ 30., 400.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap_tree
from ..errors import CellArgumentError, VmapError, message
from .grad_arguments import name_of
from .transforms import check_fn


def _is_axis(axis):
    return axis is None or (isinstance(axis, int) and not isinstance(axis, bool))


def _check_axes(axes, where, name):
    if type(axes) in (tuple, list):
        for each in axes:
            _check_axes(each, where, name)
    elif not _is_axis(axes):
        raise VmapError(message(f"{where} {name}", "an int, None, or a tuple of them",
                                repr(axes)))


def _pairs(value, axis, where):
    """``[(leaf, axis)]`` for ``value`` under ``axis`` (an int/None spreads to every leaf)."""
    if type(value) in (tuple, list):
        if type(axis) in (tuple, list):
            if len(axis) != len(value):
                raise VmapError(message(f"{where} in_axes", f"{len(value)} axes for an "
                                        f"argument of {len(value)} items", f"{len(axis)}"))
            return [pair for v, a in zip(value, axis) for pair in _pairs(v, a, where)]
        return [pair for v in value for pair in _pairs(v, axis, where)]
    if type(axis) in (tuple, list):
        raise VmapError(message(f"{where} in_axes", "an int or None for a tensor argument",
                                repr(axis)))
    return [(value, axis)]


def _normal_axis(axis, ndim, where, name):
    if not -ndim <= axis < ndim:
        raise VmapError(message(f"{where} {name}", f"an axis in [{-ndim}, {ndim})",
                                f"{axis}", "Count the axes of the tensor it applies to."))
    return axis % ndim


def _batch_size(pairs, where):
    sizes = set()
    for leaf, axis in pairs:
        if axis is not None:
            shape = onp.shape(getval(leaf))
            sizes.add(shape[_normal_axis(axis, len(shape), where, "in_axes")])
    if len(sizes) > 1:
        raise VmapError(message(f"{where}", "one axis size for every batched argument",
                                f"sizes {sorted(sizes)}", "Make the in_axes dimensions "
                                "agree, or mark an argument None."))
    if not sizes:
        raise VmapError(message(f"{where} in_axes", "at least one batched argument",
                                "None for all", "Give the batch axis of one argument."))
    return sizes.pop()


def _slice(value, axis, i):
    if type(value) in (tuple, list):
        axes = axis if type(axis) in (tuple, list) else [axis] * len(value)
        return type(value)(_slice(v, a, i) for v, a in zip(value, axes))
    if axis is None:
        return value
    return np.take(value, i, axis=axis)


def _stack(results, axis, where):
    """Stack the per-slice results (all of one structure) along ``axis``."""
    first = results[0]
    if type(first) in (tuple, list):
        axes = axis if type(axis) in (tuple, list) else [axis] * len(first)
        if len(axes) != len(first):
            raise VmapError(message(f"{where} out_axes", f"{len(first)} axes, one per output",
                                    f"{len(axes)}"))
        return tuple(_stack([r[k] for r in results], a, where) for k, a in enumerate(axes))
    if axis is None:
        if any(not onp.array_equal(getval(r), getval(first)) for r in results[1:]):
            raise VmapError(message(f"{where} out_axes", "an axis for an output that "
                                    "varies over the batch", "None"))
        return first
    ndim = onp.ndim(getval(first)) + 1
    return np.stack(results, axis=_normal_axis(axis, ndim, where, "out_axes"))


def vmap(fn, in_axes=0, out_axes=0):
    """MindSpore's ``vmap``: ``fn`` mapped over a batch axis (see the module doc).

    >>> import minpy_compat as ms
    >>> from minpy_compat import ops
    >>> ops.vmap(lambda x: x.sum())(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))
    array([3., 7.], dtype=float32)
    """
    check_fn(fn, "vmap")
    where = f"vmap({name_of(fn)})"
    _check_axes(in_axes, where, "in_axes")
    _check_axes(out_axes, where, "out_axes")
    if in_axes is None:
        raise VmapError(message(f"{where} in_axes", "an int or a tuple", "a single None",
                                "Give the batch axis of at least one argument."))

    def batched(*args):
        if type(in_axes) in (tuple, list) and len(in_axes) != len(args):
            raise VmapError(message(f"{where} in_axes", f"{len(args)} axes, one per argument",
                                    f"{len(in_axes)}"))
        axes = in_axes if type(in_axes) in (tuple, list) else [in_axes] * len(args)
        pairs = [pair for a, ax in zip(args, axes) for pair in _pairs(a, ax, where)]
        size = _batch_size(pairs, where)
        results = [fn(*(_slice(a, ax, i) for a, ax in zip(args, axes))) for i in range(size)]
        if not results:
            raise CellArgumentError(message(where, "a batch of at least one", "size 0"))
        return wrap_tree(_stack(results, out_axes, where))
    batched.__name__ = f"vmap_of_{name_of(fn)}"
    return batched
