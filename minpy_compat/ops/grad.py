"""MindSpore's gradient operations: ``grad``, ``value_and_grad``, ``GradOperation``.

Output structure follows MindSpore 2.10 (PyNative): arguments that are not tensors
are not differentiated (their positions are dropped); then one gradient left is
bare and several a tuple. ``weights`` add a tuple of Parameter gradients (a bare
one for a single Parameter; zeros for one with ``requires_grad=False``);
``has_aux`` differentiates the first output and returns the rest. Tuple outputs
are seeded with ones (zeros for non-float outputs).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.grad(lambda x, y: x * y, grad_position=(0, 1))(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
(array([3., 4.], dtype=float32), array([1., 2.], dtype=float32))
"""
from .any_grad import any_grad, any_value_and_grad
from .differentiate import differentiate
from .grad_arguments import check_positions, check_range, check_weights, keywords_as_inputs, \
    name_of
from .grad_operation import GradOperation


# ---- the public operations --------------------------------------------------------------
def _pack(grads, kept, ids, single):
    if ids is not None:
        grads = [(i, g) for i, g in zip(ids, grads)]
    if single:
        return grads[0] if grads else ()
    return tuple(grads)


def _gradients(fn, grad_position, weights, has_aux, return_ids, where):
    positions = check_positions(grad_position, weights, where)
    params, single_weight = check_weights(weights, where)

    def run(*args, **kwargs):
        call, args = keywords_as_inputs(fn, args, kwargs)
        check_range(positions, args, where)
        value, input_grads, weight_grads, kept = differentiate(
            call, args, {}, positions, params, has_aux=has_aux, where=where)
        parts = []
        if grad_position is not None:
            # one Tensor left is bare: grad_position=(0, 1) over (x, 3) gives dx (MindSpore)
            parts.append(_pack(input_grads, kept, kept if return_ids else None, len(kept) == 1))
        if weights is not None:
            names = [p.name for p in params] if return_ids else None
            parts.append(_pack(weight_grads, params, names, single_weight))
        grads = parts[0] if len(parts) == 1 else tuple(parts)
        return value, grads
    return run


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False):
    """MindSpore's ``grad``: a function returning the gradients of ``fn`` (see the module doc).

    >>> import minpy_compat as ms
    >>> from minpy_compat import ops
    >>> ops.grad(lambda x: (x ** 3).sum())(ms.Tensor([1.0, 2.0]))
    array([ 3., 12.], dtype=float32)
    """
    run = _gradients(fn, grad_position, weights, has_aux, return_ids, f"grad({name_of(fn)})")

    def grad_fn(*args, **kwargs):
        value, grads = run(*args, **kwargs)
        if has_aux:
            outs = tuple(value)
            return grads, outs[1:]
        return grads
    return grad_fn


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False):
    """MindSpore's ``value_and_grad``: ``(fn's output, gradients)``.

    >>> import minpy_compat as ms
    >>> from minpy_compat import ops
    >>> value, g = ops.value_and_grad(lambda x: (x ** 2).sum())(ms.Tensor([3.0]))
    >>> float(value), g
    (9.0, array([6.], dtype=float32))
    """
    return _gradients(fn, grad_position, weights, has_aux, return_ids,
                      f"value_and_grad({name_of(fn)})")


# minpy_compat.grad and wrappers import these from here
__all__ = ["grad", "value_and_grad", "GradOperation", "differentiate", "any_grad",
           "any_value_and_grad"]
