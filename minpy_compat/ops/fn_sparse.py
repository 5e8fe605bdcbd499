"""MindSpore's sparse functions of ``ops`` over ``COOTensor``/``CSRTensor``: conversions,
``csr_mv``/``csr_add``/``csr_mul``/``csr_div``/``csr_gather``/``csr_reduce_sum``/
``csr_softmax``, ``coo_add``/``coo_concat`` and the ``*_get_*`` accessors. Values stay
traced, so gradients flow to them; index arithmetic happens in NumPy.

>>> import numpy as onp, minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.dense_to_sparse_coo(ms.Tensor(onp.array([[0.0, 3.0]]))).values.tolist()
[3.0]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from ..sparse_tensors import COOTensor, CSRTensor, as_tensor, csr_rows, index_tensor
from ..tensor import Tensor


def _sparse(where, value, kind):
    if not isinstance(value, kind):
        raise CellTypeError(message(where, f"a {kind.__name__}", type(value).__name__,
                                    f"Build one with ms.{kind.__name__}(...)."))
    return value


def _segment_sum(values, segments, count):
    from . import unsorted_segment_sum
    return unsorted_segment_sum(values, Tensor(segments.astype(onp.int32)), count)


def dense_to_sparse_coo(tensor):
    """The nonzero entries of a dense Tensor as a COOTensor (int32 indices)."""
    tensor = as_tensor("ops.dense_to_sparse_coo tensor", tensor)
    where = onp.nonzero(getval(tensor))
    indices = onp.stack(where, 1).astype(onp.int32)
    return COOTensor(Tensor(indices), tensor[where], tuple(onp.shape(tensor)))


def dense_to_sparse_csr(tensor):
    """The nonzero entries of a dense 2-D Tensor as a CSRTensor (int32 indices)."""
    tensor = as_tensor("ops.dense_to_sparse_csr tensor", tensor)
    if onp.ndim(tensor) != 2:
        raise CellArgumentError(message("ops.dense_to_sparse_csr tensor", "a 2-D Tensor",
                                        f"shape {tuple(onp.shape(tensor))}"))
    return dense_to_sparse_coo(tensor).to_csr()


def csr_to_coo(tensor):
    """A CSRTensor as a COOTensor."""
    return _sparse("ops.csr_to_coo tensor", tensor, CSRTensor).to_coo()


def csr_to_dense(csr_tensor):
    """A CSRTensor as a dense Tensor."""
    return _sparse("ops.csr_to_dense csr_tensor", csr_tensor, CSRTensor).to_dense()


def coo2csr(coo_row_indices, height):
    """The CSR ``indptr`` (height + 1,) of sorted COO row indices."""
    rows = getval(index_tensor("ops.coo2csr coo_row_indices", coo_row_indices, 1))
    if not isinstance(height, (int, onp.integer)) or isinstance(height, bool) or height < 0:
        raise CellTypeError(message("ops.coo2csr height", "a non-negative int", repr(height)))
    counts = onp.bincount(rows.astype(onp.int64), minlength=int(height))[:int(height)]
    return Tensor(onp.concatenate([[0], onp.cumsum(counts)]).astype(rows.dtype))


def csr2coo(indptr, length):
    """The COO row index (length,) of each value, from a CSR ``indptr``."""
    ptr = getval(index_tensor("ops.csr2coo indptr", indptr, 1))
    rows = csr_rows(ptr)
    if not isinstance(length, (int, onp.integer)) or len(rows) != length:
        raise CellArgumentError(message("ops.csr2coo length", f"{len(rows)} (indptr[-1])",
                                        repr(length)))
    return Tensor(rows.astype(ptr.dtype))


def csr_matmul(where, csr, dense):
    dense = as_tensor(f"{where} dense", dense)
    if onp.ndim(dense) != 2:
        raise CellArgumentError(message(f"{where} dense", "a 2-D Tensor",
                                        f"{onp.ndim(dense)}-D"))
    if onp.shape(dense)[0] != csr.shape[1]:
        raise CellArgumentError(message(f"{where} dense", f"{csr.shape[1]} rows",
                                        str(onp.shape(dense)[0])))
    rows, cols = csr_rows(csr.indptr), getval(csr.indices).astype(onp.int64)
    products = csr.values[:, None] * dense[cols]
    return _segment_sum(products, rows, csr.shape[0])


def csr_mv(csr_tensor, dense):
    """``csr_tensor @ dense`` for a dense (K, 1) Tensor: a dense (M, 1) Tensor."""
    return csr_matmul("ops.csr_mv", _sparse("ops.csr_mv csr_tensor", csr_tensor, CSRTensor),
                      dense)


def _at_values(where, x, y):
    x = _sparse(f"{where} x", x, CSRTensor)
    y = as_tensor(f"{where} y", y)
    try:
        y = np.broadcast_to(y, x.shape)
    except ValueError:
        raise CellArgumentError(message(f"{where} y", f"a shape broadcastable to {x.shape}",
                                        str(tuple(onp.shape(y))))) from None
    return x, y[x._rows()]


def csr_mul(x, y):
    """``x * y`` at x's stored positions (y dense, broadcast): a CSRTensor."""
    x, picked = _at_values("ops.csr_mul", x, y)
    return x._with(x.values * picked)


def csr_div(x, y):
    """``x / y`` at x's stored positions (y dense, broadcast): a CSRTensor."""
    x, picked = _at_values("ops.csr_div", x, y)
    return x._with(x.values / picked)


def csr_gather(indptr, indices, dense, sparse_shape):
    """The values of ``dense`` at the positions of a CSR pattern: a Tensor (N,)."""
    ptr = getval(index_tensor("ops.csr_gather indptr", indptr, 1))
    cols = getval(index_tensor("ops.csr_gather indices", indices, 1)).astype(onp.int64)
    dense = as_tensor("ops.csr_gather dense", dense)
    if tuple(onp.shape(dense)) != tuple(sparse_shape):
        raise CellArgumentError(message("ops.csr_gather dense", f"shape {tuple(sparse_shape)}",
                                        str(tuple(onp.shape(dense)))))
    return dense[csr_rows(ptr), cols]


def csr_reduce_sum(csr_tensor, axis):
    """The sum of a CSRTensor along ``axis`` (dims kept): a dense Tensor."""
    csr = _sparse("ops.csr_reduce_sum csr_tensor", csr_tensor, CSRTensor)
    if axis not in (0, 1, -1, -2) or isinstance(axis, bool):
        raise CellArgumentError(message("ops.csr_reduce_sum axis", "0, 1, -1 or -2",
                                        repr(axis)))
    rows, cols = csr._rows()
    if axis % 2 == 1:
        return _segment_sum(csr.values, rows, csr.shape[0])[:, None]
    return _segment_sum(csr.values, cols, csr.shape[1])[None, :]


def csr_softmax(logits, dtype):
    """Softmax over the stored values of each row of a 2-D CSRTensor."""
    csr = _sparse("ops.csr_softmax logits", logits, CSRTensor)
    if onp.dtype(dtype).kind != "f" or onp.dtype(dtype) != onp.dtype(csr.dtype):
        raise CellTypeError(message("ops.csr_softmax dtype", f"the values' dtype "
                                    f"({onp.dtype(csr.dtype)})", str(onp.dtype(dtype))))
    rows, _ = csr._rows()
    peak = onp.full(csr.shape[0], -onp.inf)
    onp.maximum.at(peak, rows, getval(csr.values))
    exp = np.exp(csr.values - peak[rows].astype(csr.dtype))
    return csr._with(exp / _segment_sum(exp, rows, csr.shape[0])[rows])


def coalesced(where, coo, keep=None):
    """``coo`` with sorted unique int64 indices, duplicates summed; ``keep(values)`` may
    pick which sums stay (a NumPy bool mask)."""
    ind = getval(coo.indices).astype(onp.int64)
    unique, inverse = onp.unique(ind, axis=0, return_inverse=True)
    values = _segment_sum(coo.values, inverse.reshape(-1), len(unique))
    if keep is not None:
        mask = keep(getval(values))
        unique, values = unique[mask], values[onp.nonzero(mask)[0]]
    return COOTensor(Tensor(unique.reshape(-1, ind.shape[1])), values, coo.shape)


def _same_shape(where, a, b):
    if a.shape != b.shape:
        raise CellArgumentError(message(where, f"the same shape as the first ({a.shape})",
                                        str(b.shape)))


def _merge(a, b):
    """TensorFlow's SparseAdd walk over two index lists (each assumed sorted): the pairs
    (position in a or -1, position in b or -1) of the output, in order."""
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        ka, kb = tuple(a[i]), tuple(b[j])
        out.append((i, -1) if ka < kb else (-1, j) if kb < ka else (i, j))
        i, j = i + (ka <= kb), j + (kb <= ka)
    return out + [(k, -1) for k in range(i, len(a))] + [(-1, k) for k in range(j, len(b))]


def coo_add(x1, x2, thresh):
    """``x1 + x2`` for COOTensors; an index both hold is kept when its sum's magnitude is at
    least ``thresh`` (TensorFlow's SparseAdd, whose order it keeps)."""
    x1 = _sparse("ops.coo_add x1", x1, COOTensor)
    x2 = _sparse("ops.coo_add x2", x2, COOTensor)
    _same_shape("ops.coo_add x2", x1, x2)
    limit = getval(as_tensor("ops.coo_add thresh", thresh))
    a, b = (getval(x.indices).astype(onp.int64) for x in (x1, x2))
    pairs = onp.array(_merge(a, b), dtype=onp.int64).reshape(-1, 2)
    ia, ib = pairs[:, 0], pairs[:, 1]
    zero = onp.zeros((), onp.dtype(x1.dtype))
    va = np.where(ia >= 0, np.concatenate([x1.values, zero[None]])[ia], zero)
    vb = np.where(ib >= 0, np.concatenate([x2.values, zero[None]])[ib], zero)
    sums = va + vb
    keep = onp.nonzero((ia < 0) | (ib < 0) | (onp.abs(getval(sums)) >= limit))[0]
    indices = onp.where((ia >= 0)[:, None], a[onp.maximum(ia, 0)] if len(a) else 0,
                        b[onp.maximum(ib, 0)] if len(b) else 0)
    return COOTensor(Tensor(indices[keep].reshape(-1, a.shape[1])), sums[keep], x1.shape)


def coo_concat(sp_input, concat_dim=0):
    """COOTensors joined along ``concat_dim`` (same shape elsewhere), int64 indices."""
    if not isinstance(sp_input, (tuple, list)) or len(sp_input) < 2:
        raise CellTypeError(message("ops.coo_concat sp_input", "a tuple of 2 or more "
                                    "COOTensors", repr(type(sp_input).__name__)))
    parts = [_sparse("ops.coo_concat sp_input", s, COOTensor) for s in sp_input]
    ndim = parts[0].ndim
    if not isinstance(concat_dim, int) or not -ndim <= concat_dim < ndim:
        raise CellArgumentError(message("ops.coo_concat concat_dim", f"an int in [-{ndim}, "
                                        f"{ndim})", repr(concat_dim)))
    dim, offset, indices = concat_dim % ndim, 0, []
    for part in parts:
        rest = part.shape[:dim] + part.shape[dim + 1:]
        if rest != parts[0].shape[:dim] + parts[0].shape[dim + 1:]:
            raise CellArgumentError(message("ops.coo_concat sp_input", "shapes equal off "
                                            f"concat_dim, like {parts[0].shape}",
                                            str(part.shape)))
        ind = getval(part.indices).astype(onp.int64).copy()
        ind[:, dim] += offset
        offset += part.shape[dim]
        indices.append(ind)
    shape, indices = list(parts[0].shape), onp.concatenate(indices)
    shape[dim] = offset
    order = onp.lexsort(indices.T[::-1])  # sorted row-major, as MindSpore's SparseConcat
    return COOTensor(Tensor(indices[order]),
                     np.concatenate([p.values for p in parts])[order], tuple(shape))


def csr_add(a, b, alpha, beta):
    """``alpha * a + beta * b`` for CSRTensors of one shape: a CSRTensor."""
    a = _sparse("ops.csr_add a", a, CSRTensor)
    b = _sparse("ops.csr_add b", b, CSRTensor)
    _same_shape("ops.csr_add b", a, b)
    alpha = as_tensor("ops.csr_add alpha", alpha)
    beta = as_tensor("ops.csr_add beta", beta)
    coo_a, coo_b = a.to_coo(), b.to_coo()
    both = COOTensor(Tensor(onp.concatenate([getval(coo_a.indices), getval(coo_b.indices)])),
                     np.concatenate([alpha * a.values, beta * b.values]), a.shape)
    merged = coalesced("ops.csr_add", both)
    dtype = onp.dtype(a.indptr.dtype)
    out = merged.to_csr()
    return CSRTensor(Tensor(getval(out.indptr).astype(dtype)),
                     Tensor(getval(out.indices).astype(dtype)), out.values, a.shape)


def coo_tensor_get_indices(coo_tensor):
    """A COOTensor's ``indices``."""
    return _sparse("ops.coo_tensor_get_indices coo_tensor", coo_tensor, COOTensor).indices


def coo_tensor_get_values(coo_tensor):
    """A COOTensor's ``values``."""
    return _sparse("ops.coo_tensor_get_values coo_tensor", coo_tensor, COOTensor).values


def coo_tensor_get_dense_shape(coo_tensor):
    """A COOTensor's dense ``shape``."""
    return _sparse("ops.coo_tensor_get_dense_shape coo_tensor", coo_tensor, COOTensor).shape


def csr_tensor_get_indptr(csr_tensor):
    """A CSRTensor's ``indptr``."""
    return _sparse("ops.csr_tensor_get_indptr csr_tensor", csr_tensor, CSRTensor).indptr


def csr_tensor_get_indices(csr_tensor):
    """A CSRTensor's ``indices``."""
    return _sparse("ops.csr_tensor_get_indices csr_tensor", csr_tensor, CSRTensor).indices


def csr_tensor_get_values(csr_tensor):
    """A CSRTensor's ``values``."""
    return _sparse("ops.csr_tensor_get_values csr_tensor", csr_tensor, CSRTensor).values


def csr_tensor_get_dense_shape(csr_tensor):
    """A CSRTensor's dense ``shape``."""
    return _sparse("ops.csr_tensor_get_dense_shape csr_tensor", csr_tensor, CSRTensor).shape
