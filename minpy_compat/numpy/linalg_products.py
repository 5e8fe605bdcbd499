"""Gradients of NumPy 2's linalg names and vector products (``svdvals``, ``outer``,
``trace``, ``matmul``, ``tensordot``, ``cross``, ``vecdot``, the ``vecdot``/``matvec``/
``vecmat`` gufuncs) and of ``einsum`` with a subscript repeated inside one operand (such as
``'ii->i'``), where autograd's rule is kept for the rest. ``linalg_gradients`` registers
them.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.core import primitive_vjps
from autograd.tracer import getval

from .. import registry
from .derived_gradients import composite_vjp, moving_vjp, refuse


# ---- NumPy 2's linalg names and vector products --------------------------------------------
def svdvals_composite(x):
    """NumPy 2's ``linalg.svdvals``: the singular values."""
    return anp.linalg.svd(x, compute_uv=False)


def outer_composite(x1, x2):
    return anp.outer(x1, x2)


def trace_composite(x, offset=0, dtype=None):
    """NumPy 2's ``linalg.trace`` (over the last two axes) as a masked sum."""
    rows, cols = anp.shape(x)[-2:]
    mask = onp.eye(rows, cols, k=offset, dtype=getval(x).dtype)
    result = anp.sum(x * mask, axis=(-2, -1))
    return result if dtype is None else result.astype(dtype)


def matmul_composite(x1, x2):
    return anp.matmul(x1, x2)


def tensordot_composite(x1, x2, axes=2):
    return anp.tensordot(x1, x2, axes=axes)


def cross_composite(x1, x2, axis=-1):
    return anp.cross(x1, x2, axis=axis)


def numpy_cross_composite(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """``numpy.cross`` component by component, as NumPy computes it, so broadcast vectors
    get gradients of their own shape (autograd's rule returned the broadcast shape) and a
    2-vector's missing z is 0."""
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = anp.moveaxis(a, axisa, -1), anp.moveaxis(b, axisb, -1)
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    z = a0 * b1 - a1 * b0
    if anp.shape(a)[-1] == 2 and anp.shape(b)[-1] == 2:
        return z  # NumPy 1's cross of 2-vectors: the z component alone
    a2 = a[..., 2] if anp.shape(a)[-1] == 3 else 0.0
    b2 = b[..., 2] if anp.shape(b)[-1] == 3 else 0.0
    parts = [a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, z]
    shape = onp.broadcast_shapes(*(anp.shape(part) for part in parts))
    stacked = anp.stack([anp.broadcast_to(part, shape) for part in parts], axis=-1)
    return anp.moveaxis(stacked, -1, axisc)


def kron_composite(a, b):
    """``numpy.kron`` restated: both padded to one rank, each axis of ``a`` interleaved with
    ``b``'s, their product, then the pairs merged (autograd's rule held for 2-D only: a
    3-D kron's gradients landed on the wrong elements)."""
    ndim = max(anp.ndim(a), anp.ndim(b))
    a_shape = (1,) * (ndim - anp.ndim(a)) + anp.shape(a)
    b_shape = (1,) * (ndim - anp.ndim(b)) + anp.shape(b)
    a_spread = anp.reshape(a, tuple(n for size in a_shape for n in (size, 1)))
    b_spread = anp.reshape(b, tuple(n for size in b_shape for n in (1, size)))
    return anp.reshape(a_spread * b_spread, tuple(p * q for p, q in zip(a_shape, b_shape)))


def linalg_vecdot_composite(x1, x2, axis=-1):
    """NumPy 2's ``linalg.vecdot``: ``sum(conj(x1) * x2)`` over ``axis``."""
    return anp.sum(anp.conj(x1) * x2, axis=axis)


_GUFUNC_CORES = {"vecdot": ((1, 1), 0), "matvec": ((2, 1), 1), "vecmat": ((1, 2), 1)}
_GUFUNC_KWARGS = {"axes", "axis", "dtype", "casting", "order", "subok"}


def _gufunc_axes(name, kwargs):
    """The core axes of each operand and of the result of a gufunc call (``axes=``,
    ``axis=`` or the default: the last ones)."""
    in_ndims, out_ndim = _GUFUNC_CORES[name]
    if kwargs.get("axes") is not None:
        axes = [tuple(a) if isinstance(a, (tuple, list)) else (a,) for a in kwargs["axes"]]
        return axes + [()] if len(axes) == len(in_ndims) else axes
    if kwargs.get("axis") is not None:
        axis = (kwargs["axis"],)
        return [axis] * len(in_ndims) + [axis if out_ndim else ()]
    return [tuple(range(-n, 0)) for n in in_ndims + (out_ndim,)]


def _core_last(x, axes):
    """``x`` with its core axes ``axes`` moved to the end, in order."""
    return anp.moveaxis(x, axes, tuple(range(-len(axes), 0)))


def _gufunc_result(result, out_axes, kwargs):
    if out_axes:
        result = anp.moveaxis(result, -1, out_axes[0])
    return result if kwargs.get("dtype") is None else result.astype(kwargs["dtype"])


def vecdot_composite(x1, x2, **kwargs):
    """NumPy 2's ``vecdot`` gufunc ``(n),(n)->()``: ``sum(conj(x1) * x2)``."""
    a1, a2, out = _gufunc_axes("vecdot", kwargs)
    product = anp.conj(_core_last(x1, a1)) * _core_last(x2, a2)
    return _gufunc_result(anp.sum(product, axis=-1), out, kwargs)


def matvec_composite(x1, x2, **kwargs):
    """NumPy 2's ``matvec`` gufunc ``(m,n),(n)->(m)``."""
    a1, a2, out = _gufunc_axes("matvec", kwargs)
    product = _core_last(x1, a1) * anp.expand_dims(_core_last(x2, a2), -2)
    return _gufunc_result(anp.sum(product, axis=-1), out, kwargs)


def vecmat_composite(x1, x2, **kwargs):
    """NumPy 2's ``vecmat`` gufunc ``(n),(n,m)->(m)`` (the vector conjugated)."""
    a1, a2, out = _gufunc_axes("vecmat", kwargs)
    product = anp.expand_dims(anp.conj(_core_last(x1, a1)), -1) * _core_last(x2, a2)
    return _gufunc_result(anp.sum(product, axis=-2), out, kwargs)


def _gufunc_vjp(name, composite):
    """A composite rule that first refuses keyword arguments the composite cannot follow."""
    def make(fun):
        rule = composite_vjp(composite)(fun)

        def vjp_argnums(argnums, ans, args, kwargs):
            unknown = sorted(key for key in set(kwargs) - _GUFUNC_KWARGS
                             if kwargs[key] is not None and kwargs[key] is not False)
            if unknown:
                refuse(name, unknown[0], "only the keyword arguments axes=, axis=, dtype=, "
                       "casting=, order=, subok= (a gradient is defined for those)",
                       f"{unknown[0]}={kwargs[unknown[0]]!r}",
                       "Move axes with np.moveaxis or reshape the result instead.")
            return rule(argnums, ans, args, kwargs)
        return vjp_argnums
    return make


# ---- einsum with a letter repeated inside one operand ---------------------------------------
def _repeats_a_letter(args):
    """Whether an einsum call repeats a subscript inside one operand (``'ii'``, ``'iij'``):
    the calls autograd's rule cannot take. A quick scan: it runs for every traced einsum."""
    if isinstance(args[0], str):
        inputs = args[0].split("->")[0].replace("...", "").replace(" ", "")
        return any(len(set(term)) != len(term) for term in inputs.split(","))
    sublists = args[1::2]
    for sublist in sublists:
        labels = [label for label in sublist if label is not Ellipsis]
        if len(set(labels)) != len(labels):
            return True
    return False


def _einsum_operand_positions(args):
    """The positions in ``args`` of an einsum call's operands (either convention)."""
    if isinstance(args[0], str):
        return list(range(1, len(args)))
    return list(range(0, len(args) - len(args) % 2, 2))


def _diagonal_over(operand, term, letter):
    """``operand`` (subscripts ``term``) with the two axes labelled ``letter`` replaced by
    their diagonal, as a new last axis; also gives the new subscripts."""
    first = term.index(letter)
    second = term.index(letter, first + 1)
    moved = anp.moveaxis(operand, (first, second), (-1, -2))
    rest = term[:first] + term[first + 1:second] + term[second + 1:]
    return anp.diagonal(moved, 0, -1, -2), rest + letter


def _without_repeats(operand, term):
    while True:
        repeated = [letter for letter in term if term.count(letter) > 1]
        if not repeated:
            return operand, term
        operand, term = _diagonal_over(operand, term, repeated[0])


def einsum_composite(*args, **kwargs):
    """``einsum`` with every repeated subscript inside an operand first taken as a
    diagonal, so the einsum left has distinct subscripts per operand."""
    positions = _einsum_operand_positions(args)
    inputs, output, _ = anp.parse_einsum_input(*[getval(arg) for arg in args])
    operands, terms = [], []
    for position, term in zip(positions, inputs.split(",")):
        operand, term = _without_repeats(args[position], term)
        operands.append(operand)
        terms.append(term)
    kwargs = {key: value for key, value in kwargs.items() if key != "out"}
    return anp.einsum(",".join(terms) + "->" + output, *operands, **kwargs)


def _only_moves(args):
    """Whether an einsum call has one operand and sums over nothing (``'ii->i'``): each
    output element is a copy of an input element."""
    positions = _einsum_operand_positions(args)
    if len(positions) != 1:
        return False
    inputs, output, _ = anp.parse_einsum_input(*[getval(arg) for arg in args])
    return set(inputs) <= set(output)


def _probe_kwargs(kwargs):
    return {key: value for key, value in kwargs.items() if key not in ("dtype", "casting")}


def _einsum_vjp_maker(fun):
    """``einsum``: autograd's rule, except for repeated subscripts inside an operand:
    an index map when the call only moves elements, a composite otherwise."""
    autograd_rule = registry._autograd_vjps.get(fun) or primitive_vjps[fun]
    composite_rule = composite_vjp(einsum_composite)(fun)
    moving_rules = {True: moving_vjp([1], _probe_kwargs)(fun),
                    False: moving_vjp([0], _probe_kwargs)(fun)}

    def vjp_argnums(argnums, ans, args, kwargs):
        if not _repeats_a_letter(args):
            return autograd_rule(argnums, ans, args, kwargs)
        if _only_moves(args):
            return moving_rules[isinstance(args[0], str)](argnums, ans, args, kwargs)
        return composite_rule(argnums, ans, args, kwargs)
    return vjp_argnums
