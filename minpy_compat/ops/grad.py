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
import numpy as onp
from autograd.tracer import getval, isbox

from .. import numpy as np
from ..array import wrap_tree
from ..tracing import backward_to_roots, seed_like, trace_leaves, unbox_level
from ..errors import (CellArgumentError, GradPositionError, GradPositionRangeError,
                      GradPositionTypeError, describe, message)
from ..substitution import substituting, traced_value
from ..tensor import Parameter, is_tensor


# ---- checking arguments -------------------------------------------------------------
def check_positions(grad_position, weights, where):
    """``grad_position`` as a tuple."""
    if grad_position is None:
        if weights is None:
            raise GradPositionError(message(
                where, "grad_position or weights", "None for both",
                "Pass grad_position=0 (the first input) or weights=net.trainable_params()."))
        return ()
    if isinstance(grad_position, int) and not isinstance(grad_position, bool):
        positions = (grad_position,)
    elif type(grad_position) is tuple and grad_position and all(
            isinstance(p, int) and not isinstance(p, bool) for p in grad_position):
        positions = grad_position
    else:
        raise GradPositionTypeError(message(
            f"{where} grad_position", "an int or a non-empty tuple of ints",
            describe(grad_position)))
    if any(p < 0 for p in positions):
        raise GradPositionError(message(f"{where} grad_position", "positions >= 0",
                                        repr(grad_position)))
    if len(set(positions)) != len(positions):
        raise GradPositionError(message(f"{where} grad_position", "distinct positions",
                                        repr(grad_position)))
    return positions


def check_weights(weights, where):
    """``weights`` as a tuple of Parameters, and whether a single Parameter was given."""
    if weights is None:
        return (), False
    if isinstance(weights, Parameter):
        return (weights,), True
    if type(weights) is dict:
        weights = tuple(weights.values())
    weights = tuple(weights) if isinstance(weights, (tuple, list)) else None
    if weights is None or not all(isinstance(w, Parameter) for w in weights):
        raise GradPositionTypeError(message(
            f"{where} weights", "a Parameter, a list or ParameterTuple of Parameters",
            "something else", "Pass net.trainable_params()."))
    return weights, False


def _check_range(positions, args, where):
    for position in positions:
        if position >= len(args):
            raise GradPositionRangeError(message(
                f"{where} grad_position", f"a position below {len(args)} (the number of "
                "inputs)", f"{position}", "Count the inputs from 0."))


# ---- differentiating ------------------------------------------------------------------
def _traceable(value):
    raw = value.view(onp.ndarray) if isinstance(value, onp.ndarray) else value
    dtype = getattr(getval(raw), "dtype", None)
    if dtype is not None and dtype.kind in "iub":
        return raw.astype(onp.float64)
    return raw


def _float_output(value):
    dtype = getattr(getval(value), "dtype", None)
    return (dtype.kind in "fc") if dtype is not None else isinstance(getval(value), float)


def _leaves(value):
    if type(value) is dict:  # MindSpore differentiates the sum of a dict's values too
        value = tuple(value.values())
    if type(value) in (tuple, list):
        return tuple(leaf for item in value for leaf in _leaves(item))
    return (value,)


def _objective(out, sens, has_aux, where):
    """sum(out * sens) over the float outputs (nested ones too); sens defaults to ones."""
    outs = tuple(out) if type(out) in (tuple, list) else (out,)
    if has_aux:
        if len(outs) < 2:
            raise CellArgumentError(message(
                f"{where} has_aux=True", "a function with more than one output",
                "one output", "Return (loss, aux, ...) or drop has_aux."))
        outs = outs[:1]
    if sens is None:
        outs = _leaves(outs)
    else:
        # one output takes a bare sens or a 1-tuple (MindSpore accepts both)
        sens = tuple(sens) if type(sens) in (tuple, list) else (sens,)
        if len(sens) != len(outs):
            raise CellArgumentError(message(f"{where} sens", f"{len(outs)} sensitivities, "
                                            "one per output", f"{len(sens)}"))
    total = None
    for i, value in enumerate(outs):
        if not _float_output(value):
            continue
        if sens is not None:
            want, got = onp.shape(getval(value)), onp.shape(getval(sens[i]))
            if want != got:
                raise CellArgumentError(message(f"{where} sens for output {i}",
                                                f"shape {want}", f"shape {got}"))
            value = value * sens[i]
        part = np.sum(value)
        total = part if total is None else total + part
    return total


def differentiate(fn, args, kwargs, positions, weights, sens=None, has_aux=False, where="grad"):
    """``(output, grads for the tensor positions, grads for weights, the positions kept)``.

    A Parameter with ``requires_grad=False`` is not traced: its gradient is zeros.
    """
    kept = [p for p in positions if is_tensor(args[p])]
    frozen = [w for w in weights if not w.requires_grad]
    if frozen:
        live = [w for w in weights if w.requires_grad]
        out, input_grads, live_grads, kept = differentiate(fn, args, kwargs, positions, live,
                                                           sens, has_aux, where)
        by_id = {id(w): g for w, g in zip(live, live_grads)}
        return out, input_grads, [by_id.get(id(w)) if w.requires_grad else _zeros_for(w)
                                  for w in weights], kept
    originals = [args[p] for p in kept] + [traced_value(w) for w in weights]
    chosen = tuple(_traceable(v) for v in originals)
    captured = []

    def traced(boxes):
        full = list(args)
        for i, position in enumerate(kept):
            full[position] = boxes[i]
        with substituting(weights, [boxes[len(kept) + j] for j in range(len(weights))]):
            out = fn(*full, **kwargs)
        captured.append(out)
        return _objective(out, sens, has_aux, where)

    if not chosen:
        out = fn(*args, **kwargs)
        _objective(out, sens, has_aux, where)
        return wrap_tree(out), [], [], kept
    end_value, end_node, roots, trace_id = trace_leaves(traced, list(chosen))
    if end_node is None:
        grads = [onp.zeros(onp.shape(getval(c)), getattr(getval(c), "dtype", float))
                 for c in chosen]
    else:
        grads = backward_to_roots(seed_like(end_value), end_node, roots, list(chosen))
    grads = [_like(g, v) for g, v in zip(grads, originals)]
    return wrap_tree(unbox_level(captured[0], trace_id)), grads[:len(kept)], grads[len(kept):], kept


def _zeros_for(param):
    return wrap_tree(onp.zeros(param.shape, param.dtype))


def _like(grad, original):
    """A gradient in its input's dtype (ints too, as MindSpore returns them)."""
    dtype = getattr(getval(original), "dtype", None)
    got = getattr(getval(grad), "dtype", None)
    if dtype is not None and got is not None and got != dtype:
        grad = grad.astype(dtype)
    return wrap_tree(grad) if not isbox(grad) else grad


def keywords_as_inputs(fn, args, kwargs):
    """MindSpore 2.10 differentiates keyword arguments too: they are inputs after the
    positional ones, in call order (``grad(f, (0, 1))(x, y=t)`` gives dx and dy)."""
    if not kwargs:
        return fn, tuple(args)
    count, names = len(args), tuple(kwargs)

    def call(*inputs):
        return fn(*inputs[:count], **dict(zip(names, inputs[count:])))
    call.__name__ = _name(fn)
    return call, tuple(args) + tuple(kwargs.values())


# ---- the public operations --------------------------------------------------------------
def _pack(grads, kept, ids, single):
    if ids is not None:
        grads = [(i, g) for i, g in zip(ids, grads)]
    if single:
        return grads[0] if grads else ()
    return tuple(grads)


def _name(fn):
    return getattr(fn, "__name__", type(fn).__name__)


def _gradients(fn, grad_position, weights, has_aux, return_ids, where):
    positions = check_positions(grad_position, weights, where)
    params, single_weight = check_weights(weights, where)

    def run(*args, **kwargs):
        call, args = keywords_as_inputs(fn, args, kwargs)
        _check_range(positions, args, where)
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
    run = _gradients(fn, grad_position, weights, has_aux, return_ids, f"grad({_name(fn)})")

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
                      f"value_and_grad({_name(fn)})")


class GradOperation:
    """MindSpore's ``GradOperation(get_all=False, get_by_list=False, sens_param=False)``.

    ``GradOperation(...)(fn, weights)`` is a function of ``fn``'s inputs (plus the
    sensitivity last, with ``sens_param=True``). It gives the gradient of input 0,
    all input gradients (``get_all``), the weight gradients (``get_by_list``; a
    Cell's ``trainable_params()`` when no weights are given), or both as
    ``(inputs, weights)``.
    """

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for name, value in (("get_all", get_all), ("get_by_list", get_by_list),
                            ("sens_param", sens_param)):
            if not isinstance(value, bool):
                raise GradPositionTypeError(message(f"GradOperation {name}", "a bool",
                                                    f"{type(value).__name__} {value!r}"))
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param

    def __call__(self, fn, weights=None):
        where = f"GradOperation({_name(fn)})"
        params, single_weight = (), False
        if self.get_by_list and weights is not None:
            params, single_weight = check_weights(weights, where)

        def grad_fn(*args, **kwargs):
            sens = None
            if self.sens_param:
                if not args:
                    raise CellArgumentError(message(where, "the inputs and then the sens",
                                                    "no arguments"))
                args, sens = args[:-1], args[-1]
            call, args = keywords_as_inputs(fn, args, kwargs)
            positions = tuple(range(len(args))) if self.get_all else (0,)
            _check_range(positions, args, where)
            chosen = _cell_weights(fn) if self.get_by_list and weights is None else params
            _, input_grads, weight_grads, _ = differentiate(
                call, args, {}, positions, chosen, sens=sens, where=where)
            weight_grads = weight_grads[0] if single_weight else tuple(weight_grads)
            if self.get_by_list and self.get_all:
                return tuple(input_grads), weight_grads
            if self.get_by_list:
                return weight_grads
            if self.get_all:
                return tuple(input_grads)
            return input_grads[0] if input_grads else ()
        return grad_fn


def _cell_weights(fn):
    """get_by_list without weights: a Cell's trainable Parameters, none for a function
    (MindSpore 2.10)."""
    from ..nn.cell import Cell
    return tuple(fn.trainable_params()) if isinstance(fn, Cell) else ()


# ---- the top-level minpy_compat.grad: MinPy's or MindSpore's --------------------------
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
    return _pick(fn, args, kwargs, grad, minpy_grad)


def any_value_and_grad(fn, *args, **kwargs):
    """``minpy_compat.value_and_grad``: MinPy's, or MindSpore's (the same rule as ``grad``)."""
    from ..core import value_and_grad as minpy_value_and_grad
    return _pick(fn, args, kwargs, value_and_grad, minpy_value_and_grad)
