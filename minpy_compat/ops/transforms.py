"""MindSpore's ``vjp`` and ``jvp``, on the pass that ``grad`` uses (``differentiate``).

* ``vjp(fn, *inputs, weights=None, has_aux=False)`` gives ``(outputs, vjp_fn)`` (and the
  aux outputs last with ``has_aux``); ``vjp_fn(v)`` gives a tuple with one gradient per
  input, and with ``weights`` the pair ``(input gradients, weight gradients)``. Each
  ``vjp_fn`` call runs ``fn`` forward again (``differentiate`` with ``sens=v``): one code
  path for Cells, Parameters, bprop Cells and int inputs, at the cost of a forward pass.
* ``jvp(fn, inputs, v, has_aux=False)`` gives ``(outputs, jvp_out)``. It is the
  reverse-of-reverse trick: ``u -> <vjp(u), v>`` is linear in ``u`` and its gradient is
  ``J v``. So a bprop Cell's own bprop gives its forward derivative too, and the result
  is exact (no finite differences, no Jacobian formed), traceable by an outer ``grad``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> out, vjp_fn = ops.vjp(lambda x: x * x, ms.Tensor([1.0, 2.0]))
>>> vjp_fn(ms.Tensor([1.0, 1.0]))
(array([2., 4.], dtype=float32),)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..array import wrap_tree
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..tensor import is_tensor
from .differentiate import differentiate
from .grad_arguments import check_weights, name_of


def check_fn(fn, transform):
    """Refuse a non-callable ``fn`` when the transform is built, naming it."""
    if not callable(fn):
        raise CellTypeError(message(f"{transform} argument 'fn'", "a function or Cell",
                                    describe(fn), f"Pass the function itself: {transform}(f)."))


def split_aux(out, has_aux, where):
    """``(the differentiated outputs, aux)``: one aux output is bare, several a tuple."""
    if not has_aux:
        return out, None
    if type(out) not in (tuple, list) or len(out) < 2:
        raise CellArgumentError(message(f"{where} has_aux=True", "fn with more than one output",
                                        "one output", "Return (out, aux) or drop has_aux."))
    return out[0], (out[1] if len(out) == 2 else tuple(out[1:]))


def _as_tuple(value):
    return tuple(value) if type(value) in (tuple, list) else (value,)


def _check_shapes(values, likes, where, per):
    """Each of ``values`` (``v``) shaped like its ``likes`` entry (one ``per`` output/input)."""
    if len(values) != len(likes):
        raise CellArgumentError(message(f"{where} v", f"{len(likes)} tensors, one per {per}",
                                        f"{len(values)}", f"Give v the structure of the {per}s."))
    for i, (value, like) in enumerate(zip(values, likes)):
        want, got = onp.shape(getval(like)), onp.shape(getval(value))
        if want != got:
            raise CellArgumentError(message(f"{where} v[{i}]", f"shape {want} (like {per} {i})",
                                            f"shape {got}", "Give v the shape of what it "
                                            "pairs with."))


def pullback(fn, inputs, positions, weights, has_aux, where):
    """``(outputs, aux, pull)``: ``pull(seeds)`` gives ``(input grads, weight grads)`` of
    ``sum(outputs * seeds)``, one seed per (differentiated) output."""
    out = fn(*inputs)
    outputs, aux = split_aux(out, has_aux, where)

    def pull(seeds):
        _check_shapes(seeds, _as_tuple(outputs), where, "output")
        sens = seeds if type(outputs) in (tuple, list) else seeds[0]
        _, input_grads, weight_grads, _ = differentiate(
            fn, inputs, {}, positions, weights, sens=sens, has_aux=has_aux, where=where)
        return input_grads, weight_grads
    return wrap_tree(outputs), (wrap_tree(aux) if has_aux else None), pull


def vjp(fn, *inputs, weights=None, has_aux=False):
    """MindSpore's ``vjp``: ``(outputs, vjp_fn)``, plus aux with ``has_aux`` (module doc).

    >>> import minpy_compat as ms
    >>> from minpy_compat import ops
    >>> out, vjp_fn = ops.vjp(lambda x, y: x * y, ms.Tensor([2.0]), ms.Tensor([3.0]))
    >>> vjp_fn(ms.Tensor([1.0]))
    (array([3.], dtype=float32), array([2.], dtype=float32))
    """
    check_fn(fn, "vjp")
    where = f"vjp({name_of(fn)})"
    params, single_weight = check_weights(weights, where)
    outputs, aux, pull = pullback(fn, inputs, tuple(range(len(inputs))), params, has_aux,
                                  where)

    def vjp_fn(v):
        input_grads, weight_grads = pull(_as_tuple(v))
        grads = tuple(input_grads)
        if weights is not None:
            grads = (grads, weight_grads[0] if single_weight else tuple(weight_grads))
        return grads
    vjp_fn.__name__ = f"vjp_fn_of_{name_of(fn)}"
    return (outputs, vjp_fn, aux) if has_aux else (outputs, vjp_fn)


def forward_product(fn, inputs, tangents, has_aux, where):
    """``(outputs, aux, J @ tangents)``: the reverse-of-reverse trick (module doc)."""
    positions = tuple(range(len(inputs)))
    outputs, aux, pull = pullback(fn, inputs, positions, (), has_aux, where)
    chosen = [i for i in positions if is_tensor(inputs[i])]
    seeds = tuple(onp.zeros(onp.shape(getval(o)), _float_dtype(o)) for o in _as_tuple(outputs))

    def paired(*seed_values):
        input_grads, _ = pull(seed_values)
        total = 0.0
        for grad, i in zip(input_grads, chosen):
            total = total + np.sum(grad * tangents[i])
        return total

    _, jv, _, _ = differentiate(paired, seeds, {}, tuple(range(len(seeds))), (), where=where)
    jv = [g.astype(getval(o).dtype) if _is_float(o) else g
          for g, o in zip(jv, _as_tuple(outputs))]
    product = tuple(jv) if type(outputs) in (tuple, list) else jv[0]
    return outputs, aux, wrap_tree(product)


def jvp(fn, inputs, v, has_aux=False):
    """MindSpore's ``jvp``: ``(outputs, jvp_out)``, plus aux with ``has_aux`` (module doc).

    >>> import minpy_compat as ms
    >>> from minpy_compat import ops
    >>> ops.jvp(lambda x: x ** 3, ms.Tensor([2.0]), ms.Tensor([1.0]))[1]
    array([12.], dtype=float32)
    """
    check_fn(fn, "jvp")
    where = f"jvp({name_of(fn)})"
    inputs, tangents = _as_tuple(inputs), _as_tuple(v)
    _check_shapes(tangents, inputs, where, "input")
    outputs, aux, product = forward_product(fn, inputs, tangents, has_aux, where)
    return (outputs, product, aux) if has_aux else (outputs, product)


def _is_float(value):
    dtype = getattr(getval(value), "dtype", None)
    return dtype is not None and dtype.kind in "fc"


def _float_dtype(value):
    return getval(value).dtype if _is_float(value) else onp.float64
