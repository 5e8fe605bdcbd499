"""``mint``'s reductions, PyTorch-style (``dim``, ``keepdim``, keyword ``dtype``):
``sum``, ``mean``, ``prod``, ``all``, ``any``, ``amax``, ``amin``, ``argmin``, ``max``,
``min``, ``std``, ``var``, ``std_mean``, ``var_mean``, ``median``, ``nansum``,
``count_nonzero``, ``cumsum``, ``cummax``, ``cummin``, ``kthvalue``, ``norm``.

Each forwards to ``ops`` (gradients from the tracer) after renaming the arguments.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.sum(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), dim=1, keepdim=True)
array([[3.],
       [7.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from .. import ops
from ..errors import CellArgumentError, CellTypeError, describe, message
from ..ops.checks import axis_in_range
from . import _args as A


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """The sum over ``dim`` (all axes when None); ints and bools give Int64."""
    return ops.sum(A.tensor("mint.sum input", input),
                   A.dims("mint.sum dim", dim, A.ndim(input)), keepdim, dtype=dtype)


def mean(input, dim=None, keepdim=False, *, dtype=None):
    """The mean over ``dim`` (all axes when None); an int input keeps its dtype, truncated
    toward zero, unless ``dtype`` says."""
    A.tensor("mint.mean input", input)
    if dtype is not None:
        input = input.astype(dtype)
    return ops.mean(input, A.dims("mint.mean dim", dim, A.ndim(input)), keepdim)


def prod(input, dim=None, keepdim=False, *, dtype=None):
    """The product over ``dim`` (all axes when None); ints give Int64."""
    A.tensor("mint.prod input", input)
    return ops.prod(input, A.dim("mint.prod dim", dim, A.ndim(input), True), keepdim, dtype)


def all(input, dim=None, keepdim=False):
    """Whether every element along ``dim`` is true, as Bool."""
    A.tensor("mint.all input", input)
    return ops.all(input, A.dims("mint.all dim", dim, A.ndim(input)), keepdim)


def any(input, dim=None, keepdim=False):
    """Whether some element along ``dim`` is true, as Bool."""
    A.tensor("mint.any input", input)
    return ops.any(input, A.dims("mint.any dim", dim, A.ndim(input)), keepdim)


def amax(input, dim=(), keepdim=False):
    """The maximum over ``dim`` (all axes for ``()``)."""
    A.tensor("mint.amax input", input)
    return ops.amax(input, A.dims("mint.amax dim", dim, A.ndim(input)), keepdim)


def amin(input, dim=(), keepdim=False):
    """The minimum over ``dim`` (all axes for ``()``)."""
    A.tensor("mint.amin input", input)
    return ops.amin(input, A.dims("mint.amin dim", dim, A.ndim(input)), keepdim)


def argmin(input, dim=None, keepdim=False):
    """Int64 indices of the minimum (over the flattened input when ``dim`` is None)."""
    A.tensor("mint.argmin input", input)
    dim = A.dim("mint.argmin dim", dim, A.ndim(input), True)
    data = getval(input)
    return onp.asarray(onp.argmin(data, axis=dim, keepdims=keepdim and dim is not None),
                       onp.int64)


def _extreme(name, pair, both, args, kwargs):
    """``max``/``min`` overloads: (input), (input, dim, keepdim=False), (input, other)."""
    where = f"mint.{name}"
    names = ("input", "dim", "keepdim")
    given = dict(zip(names, args), **kwargs)
    if len(args) > 3 or set(given) - set(names) - {"other"}:
        raise CellTypeError(message(where, "(input), (input, dim, keepdim=False) or "
                                    "(input, other)", f"{len(args)} positional arguments "
                                    f"and keywords {sorted(kwargs)}"))
    input = A.tensor(f"{where} input", given.get("input"))
    other = given.get("other", given.get("dim") if A.is_tensor(given.get("dim")) else None)
    if other is not None:
        return both(input, other)
    if getval(input).size == 0:
        raise CellArgumentError(message(f"{where} input", "a non-empty Tensor",
                                        "an empty one"))
    if given.get("dim") is None:
        return pair(input, None, False)[0]
    dim = A.dim(f"{where} dim", given["dim"], A.ndim(input))
    if A.ndim(input) == 0:
        return input, onp.zeros((), onp.int64)
    return pair(input, dim, bool(given.get("keepdim", False)))


def max(*args, **kwargs):
    """``max(input)``, ``max(input, dim, keepdim=False)`` -> (values, Int64 indices), or
    ``max(input, other)`` (elementwise)."""
    return _extreme("max", ops.max, ops.maximum, args, kwargs)


def min(*args, **kwargs):
    """``min(input)``, ``min(input, dim, keepdim=False)`` -> (values, Int64 indices), or
    ``min(input, other)`` (elementwise)."""
    return _extreme("min", ops.min, ops.minimum, args, kwargs)


def _moment(name, fn, input, dim, correction, keepdim):
    A.tensor(f"mint.{name} input", input)
    if isinstance(correction, bool) or not isinstance(correction, (int, float)):
        raise CellTypeError(message(f"mint.{name} correction", "an int",
                                    describe(correction)))
    return fn(input, A.dims(f"mint.{name} dim", dim, A.ndim(input)), int(correction), keepdim)


def std(input, dim=None, *, correction=1, keepdim=False):
    """The standard deviation over ``dim`` with ``correction`` degrees of freedom removed."""
    return _moment("std", ops.std, input, dim, correction, keepdim)


def var(input, dim=None, *, correction=1, keepdim=False):
    """The variance over ``dim`` with ``correction`` degrees of freedom removed."""
    return _moment("var", ops.var, input, dim, correction, keepdim)


def std_mean(input, dim=None, *, correction=1, keepdim=False):
    """(standard deviation, mean) over ``dim``."""
    return _moment("std_mean", ops.std_mean, input, dim, correction, keepdim)


def var_mean(input, dim=None, *, correction=1, keepdim=False):
    """(variance, mean) over ``dim``."""
    return _moment("var_mean", ops.var_mean, input, dim, correction, keepdim)


def median(input, dim=None, keepdim=False):
    """The lower median of all elements (``dim`` None), or (values, Int64 indices) along
    ``dim``."""
    A.tensor("mint.median input", input)
    if getval(input).size == 0:
        raise CellArgumentError(message("mint.median input", "a non-empty Tensor",
                                        "an empty one"))
    if dim is None:
        flat = np.reshape(input, (-1,))
        return ops.median(flat, 0, False)[0]
    return ops.median(input, A.dim("mint.median dim", dim, A.ndim(input)), keepdim)


def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """The sum over ``dim`` with NaNs counted as 0; ints keep their dtype."""
    A.tensor("mint.nansum input", input)
    return ops.nansum(input, A.dims("mint.nansum dim", dim, A.ndim(input)), keepdim,
                      dtype=dtype)


def count_nonzero(input, dim=None):
    """How many elements along ``dim`` (all axes when None) are not zero, as Int64."""
    A.tensor("mint.count_nonzero input", input)
    dims = A.dims("mint.count_nonzero dim", dim, A.ndim(input))
    return onp.asarray(onp.count_nonzero(getval(input), axis=dims), onp.int64)


def cumsum(input, dim, dtype=None):
    """The running sum along ``dim``; ints and bools give Int64 unless ``dtype`` says."""
    A.tensor("mint.cumsum input", input)
    dim = A.dim("mint.cumsum dim", dim, A.ndim(input))
    if dtype is None and getval(input).dtype.kind in "iub":
        dtype = onp.int64
    result = np.cumsum(input if A.ndim(input) else np.reshape(input, (1,)), axis=dim)
    result = np.reshape(result, onp.shape(getval(input)))
    return result if dtype is None else result.astype(dtype)


def cummax(input, dim):
    """(running max, its Int64 index) along ``dim``."""
    A.tensor("mint.cummax input", input)
    axis_in_range("mint.cummax dim", input, dim, rank_zero_ok=False)
    return ops.cummax(input, A.dim("mint.cummax dim", dim, A.ndim(input)))


def cummin(input, dim):
    """(running min, its Int64 index) along ``dim``."""
    A.tensor("mint.cummin input", input)
    axis_in_range("mint.cummin dim", input, dim, rank_zero_ok=False)
    values, index = ops.cummin(input, A.dim("mint.cummin dim", dim, A.ndim(input)))
    return values, index.astype(onp.int64)


def kthvalue(input, k, dim=-1, keepdim=False):
    """(the ``k``-th smallest value, its Int64 index) along ``dim``."""
    A.tensor("mint.kthvalue input", input)
    dim = A.dim("mint.kthvalue dim", dim, A.ndim(input))
    data = getval(input)
    count = data.shape[dim] if data.ndim else 1
    if not 1 <= A.integer("mint.kthvalue k", k, 1) <= count:
        raise CellArgumentError(message("mint.kthvalue k", f"an int in [1, {count}]", str(k)))
    if data.ndim == 0:
        return input, onp.zeros((), onp.int64)
    order = onp.argsort(data, axis=dim, kind="stable")
    index = onp.take(order, [k - 1], axis=dim).astype(onp.int64)
    values = np.take_along_axis(input, index, axis=dim)
    if not keepdim:
        values, index = np.squeeze(values, axis=dim), index.squeeze(dim)
    return values, index


def norm(input, p="fro", dim=None, keepdim=False, *, dtype=None):
    """The ``p``-norm over ``dim`` (all elements when None): 'fro', 'nuc', or a number."""
    A.tensor("mint.norm input", input)
    if dtype is not None:
        input = input.astype(dtype)
    dims = A.dims("mint.norm dim", dim, A.ndim(input))
    if p == "fro" and (dims is None or isinstance(dims, int)):
        p = 2
    if p in ("fro", "nuc"):
        return ops.norm(input, p, dims, keepdim)
    if isinstance(p, bool) or not isinstance(p, (int, float)):
        raise CellArgumentError(message("mint.norm p", "'fro', 'nuc' or a number", repr(p)))
    return ops.vector_norm(input, p, dims, keepdim)


A.name_callers(globals(), "mint")  # errors name mint.<function>
