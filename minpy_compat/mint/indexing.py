"""``mint``'s gathering, scattering, ordering and selecting functions, PyTorch-style:
``gather``, ``index_select``, ``index_add``, ``scatter``, ``scatter_add``, ``sort``,
``argsort``, ``topk``, ``unique``, ``where``, ``histc``, ``cdist``.

Each forwards to ``ops`` (gradients from the tracer); indices come back as Int64.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.gather(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 1, ms.Tensor([[1], [0]]))
array([[2.],
       [3.]], dtype=float32)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from .. import ops
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import _args as A


def _index(where, index):
    A.tensor(where, index)
    if getval(index).dtype.kind not in "iu":
        raise CellTypeError(message(where, "an int Tensor", str(getval(index).dtype)))
    return index


def gather(input, dim, index):
    """The elements of ``input`` along ``dim`` at ``index`` (``index``'s shape)."""
    A.tensor("mint.gather input", input)
    return ops.gather_elements(input, A.dim("mint.gather dim", dim, A.ndim(input)),
                               _index("mint.gather index", index))


def index_select(input, dim, index):
    """The slices of ``input`` along ``dim`` at the 1-D (or 0-D) ``index``."""
    A.tensor("mint.index_select input", input)
    index = _index("mint.index_select index", index)
    if A.ndim(index) > 1:
        raise CellArgumentError(message("mint.index_select index", "a 0-D or 1-D Tensor",
                                        f"{A.ndim(index)} dims"))
    return ops.index_select(input, A.dim("mint.index_select dim", dim, A.ndim(input)),
                            np.reshape(index, (-1,)))


def index_add(input, dim, index, source, *, alpha=1):
    """``input`` with ``alpha * source``'s slices added at ``index`` along ``dim``."""
    A.tensor("mint.index_add input", input)
    index = _index("mint.index_add index", index)
    dim = A.dim("mint.index_add dim", dim, A.ndim(input))
    return ops.index_add(input, index, source * alpha if alpha != 1 else source, dim)


def scatter(input, dim, index, src):
    """``input`` with ``src`` (a Tensor or a number) written at ``index`` along ``dim``."""
    A.tensor("mint.scatter input", input)
    index = _index("mint.scatter index", index)
    dim = A.dim("mint.scatter dim", dim, A.ndim(input))
    if not A.is_tensor(src):
        src = np.full(onp.shape(getval(index)), src, dtype=getval(input).dtype)
    return ops.tensor_scatter_elements(input, index, src, dim)


def scatter_add(input, dim, index, src):
    """``input`` with ``src``'s elements added at ``index`` along ``dim``."""
    A.tensor("mint.scatter_add input", input)
    index = _index("mint.scatter_add index", index)
    dim = A.dim("mint.scatter_add dim", dim, A.ndim(input))
    return ops.tensor_scatter_elements(input, index, A.tensor("mint.scatter_add src", src),
                                       dim, "add")


def _order(where, input, dim, descending):
    dim = A.dim(f"{where} dim", dim, A.ndim(input))
    data = getval(input)
    if data.ndim == 0:
        return onp.zeros((), onp.int64), 0
    key = -data.astype(onp.float64) if descending and data.dtype.kind != "b" else data
    key = ~data if descending and data.dtype.kind == "b" else key
    return onp.argsort(key, axis=dim, kind="stable").astype(onp.int64), dim


def sort(input, *, dim=-1, descending=False, stable=False):
    """(``input`` sorted along ``dim``, the Int64 indices that sort it)."""
    A.tensor("mint.sort input", input)
    order, dim = _order("mint.sort", input, dim, descending)
    if A.ndim(input) == 0:
        return input, order
    return np.take_along_axis(input, order, axis=dim), order


def argsort(input, dim=-1, descending=False, stable=False):
    """The Int64 indices that sort ``input`` along ``dim``."""
    A.tensor("mint.argsort input", input)
    return _order("mint.argsort", input, dim, descending)[0]


def topk(input, k, dim=-1, largest=True, sorted=True):
    """(the ``k`` largest (or smallest) values along ``dim``, their Int64 indices)."""
    A.tensor("mint.topk input", input)
    order, dim = _order("mint.topk", input, dim, largest)
    length = onp.shape(getval(input))[dim] if A.ndim(input) else 1
    if not 0 <= A.integer("mint.topk k", k) <= length:
        raise CellArgumentError(message("mint.topk k", f"an int in [0, {length}]", str(k)))
    if A.ndim(input) == 0:
        return input, order
    order = onp.take(order, onp.arange(k), axis=dim)
    return np.take_along_axis(input, order, axis=dim), order


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct values of ``input`` (flattened, or slices along ``dim``), sorted; with
    Int64 ``inverse`` indices and ``counts`` when asked."""
    A.tensor("mint.unique input", input)
    data = getval(input)
    axis = A.dim("mint.unique dim", dim, data.ndim, True)
    values, inverse, counts = onp.unique(data, return_inverse=True, return_counts=True,
                                         axis=axis)
    inverse = inverse.reshape(data.shape if axis is None else (-1,)).astype(onp.int64)
    out = [np.array(values)]
    if return_inverse:
        out.append(inverse)
    if return_counts:
        out.append(counts.astype(onp.int64))
    return out[0] if len(out) == 1 else tuple(out)


def where(*args, **kwargs):
    """``where(condition, input, other)``: ``input`` where ``condition``, else ``other``;
    ``where(condition)``: the Int64 indices of the true elements, one Tensor per axis."""
    names = ("condition", "input", "other")
    given = dict(zip(names, args), **kwargs)
    if len(args) > 3 or set(given) - set(names) or len(given) not in (1, 3):
        raise CellTypeError(message("mint.where", "(condition) or (condition, input, other)",
                                    f"{len(args)} positional arguments and keywords "
                                    f"{sorted(kwargs)}"))
    condition = A.tensor("mint.where condition", given["condition"])
    if len(given) == 1:
        return tuple(onp.asarray(i, onp.int64) for i in onp.nonzero(getval(condition)))
    if getval(condition).dtype.kind != "b":
        raise CellTypeError(message("mint.where condition", "a bool Tensor",
                                    str(getval(condition).dtype)))
    return ops.where(condition, given["input"], given["other"])


def histc(input, bins=100, min=0, max=0):
    """A histogram of ``input`` with ``bins`` equal bins over [min, max] (the data's range
    when both are 0)."""
    A.tensor("mint.histc input", input)
    return ops.histc(input, A.integer("mint.histc bins", bins, 1), float(min), float(max))


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """The ``p``-norm distance between each pair of rows of ``x1`` and ``x2``."""
    A.tensor("mint.cdist x1", x1)
    A.tensor("mint.cdist x2", x2)
    if isinstance(p, bool) or not isinstance(p, (int, float)) or p < 0:
        raise CellArgumentError(message("mint.cdist p", "a number >= 0", describe(p)))
    return ops.cdist(x1, x2, float(p))


A.name_callers(globals(), "mint")  # errors name mint.<function>
