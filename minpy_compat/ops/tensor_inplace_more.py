"""More of MindSpore 2.10's in-place Tensor methods: ``masked_scatter_``, ``index_put_``,
``put_``, ``index_copy_``, ``fill_diagonal_``, ``addmm_`` and the random fills
(``uniform_``, ``normal_``, ``bernoulli_``, ``exponential_``, ``random_``).

They write through ``tensor_inplace.write`` (differentiable under ``grad``, journaled on
a Parameter) and return the Tensor itself. The random fills draw from NumPy's global
stream (``ms.set_seed`` seeds it); their values carry no gradient.

>>> import minpy_compat as ms
>>> x = ms.Tensor([[4.0, 3.0], [6.0, 7.0]])
>>> x.put_(ms.Tensor([1, 3]), ms.Tensor([9.0, 10.0]))
array([[ 4.,  9.],
       [ 6., 10.]], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from ..errors import CellArgumentError, CellTypeError, describe, message
from .tensor_inplace import _np, _ops, write


def _int_index(where, name, index):
    data = onp.asarray(getval(index))
    if data.dtype.kind not in "iu":
        raise CellTypeError(message(f"{where} {name}", "an int Tensor", f"dtype {data.dtype}"))
    return data


def masked_scatter_(self, mask, source):
    """In place: where ``mask`` is True, the next values of ``source`` in order."""
    where = "Tensor.masked_scatter_"
    mask = onp.asarray(getval(mask))
    if mask.dtype != onp.bool_:
        raise CellTypeError(message(f"{where} mask", "a Bool Tensor", f"dtype {mask.dtype}"))
    shape = onp.shape(getval(self))
    mask = onp.broadcast_to(mask, shape)
    count = int(mask.sum())
    if onp.size(getval(source)) < count:
        raise CellArgumentError(message(
            f"{where} source", f"at least {count} elements (one per True in mask)",
            f"{onp.size(getval(source))}"))
    values = _np().ravel(source)[:count]
    return write(self, _ops().masked_fill(self, mask, 0) + _scatter_flat(mask, values, shape),
                 where)


def _scatter_flat(mask, values, shape):
    """Zeros of ``shape`` with ``values`` at mask's True positions (C order), differentiably."""
    positions = onp.flatnonzero(mask)
    picker = onp.zeros((mask.size, positions.size), dtype=getval(values).dtype)
    picker[positions, onp.arange(positions.size)] = 1
    return _np().reshape(_np().dot(picker, values), shape)


def index_put_(self, indices, values, accumulate=False):
    """In place: ``self[indices] = values`` (``accumulate=True``: ``+=``, repeats add up)."""
    where = "Tensor.index_put_"
    if not isinstance(indices, (tuple, list)):
        raise CellTypeError(message(f"{where} indices", "a tuple or list of Tensors",
                                    describe(indices)))
    if not isinstance(accumulate, bool):
        raise CellTypeError(message(f"{where} accumulate", "a bool", describe(accumulate)))
    if len(indices) > onp.ndim(getval(self)):
        raise CellArgumentError(message(f"{where} indices", f"at most {onp.ndim(getval(self))} "
                                        "index Tensors (the rank of self)", f"{len(indices)}"))
    key = tuple(onp.asarray(getval(i)) for i in indices)
    for part in key:
        if part.dtype.kind not in "biu":
            raise CellTypeError(message(f"{where} indices", "int or Bool Tensors",
                                        f"dtype {part.dtype}"))
    if accumulate:
        return write(self, _add_at(self, key, values), where)
    result = self.copy()
    result[key] = values
    return write(self, result, where)


def _add_at(self, key, values):
    """``self`` with ``values`` added at ``key`` (repeated indices add up), differentiably."""
    slots = onp.arange(onp.size(getval(self))).reshape(onp.shape(getval(self)))[key]
    target = _np().broadcast_to(values, slots.shape)
    onehot = (slots.reshape(-1, 1) == onp.arange(onp.size(getval(self)))).astype(
        getval(self).dtype)
    added = _np().dot(_np().ravel(target), onehot) if slots.size else 0
    return self + _np().reshape(added, onp.shape(getval(self))) if slots.size else self.copy()


def put_(self, index, source, accumulate=False):
    """In place: ``source`` written (``accumulate=True``: added) at the flat positions
    ``index`` (negative ones count from the end)."""
    where = "Tensor.put_"
    flat_index = _int_index(where, "index", index).ravel()
    size = onp.size(getval(self))
    if flat_index.size != onp.size(getval(source)):
        raise CellArgumentError(message(f"{where} source", f"{flat_index.size} elements (one "
                                        "per index)", f"{onp.size(getval(source))}"))
    if flat_index.size and (flat_index.max() >= size or flat_index.min() < -size):
        raise CellArgumentError(message(f"{where} index", f"positions in [-{size}, {size})",
                                        f"{flat_index.tolist()}"))
    flat = index_put_(_np().ravel(self.copy()), (flat_index % max(size, 1),),
                      _np().ravel(source), accumulate)
    return write(self, _np().reshape(flat, onp.shape(getval(self))), where)


def index_copy_(self, dim, index, tensor):
    """In place: the slices of ``tensor`` along ``dim`` written at ``index``."""
    where = "Tensor.index_copy_"
    index = _int_index(where, "index", index)
    rank = onp.ndim(getval(self))
    if not isinstance(dim, numbers.Integral) or not -rank <= dim < max(rank, 1):
        raise CellArgumentError(message(f"{where} dim", f"an int in [-{rank}, {rank})",
                                        repr(dim)))
    moved = _np().moveaxis(self.copy(), dim, 0)
    moved[index.ravel()] = _np().moveaxis(tensor, dim, 0)
    return write(self, _np().moveaxis(moved, 0, dim), where)


def fill_diagonal_(self, fill_value, wrap=False):
    """In place: ``fill_value`` on the main diagonal (``wrap``: again every cols+1 rows of a
    tall matrix)."""
    where = "Tensor.fill_diagonal_"
    shape = onp.shape(getval(self))
    if len(shape) < 2:
        raise CellArgumentError(message(where, "a Tensor of rank 2 or more", f"shape {shape}"))
    if len(shape) > 2 and len(set(shape)) != 1:
        raise CellArgumentError(message(where, "all dimensions equal for rank > 2",
                                        f"shape {shape}"))
    mask = onp.zeros(shape, dtype=bool)
    onp.fill_diagonal(mask, True, wrap=wrap)
    return write(self, _ops().masked_fill(self, mask, fill_value), where, "unsafe")


def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    """In place: ``beta * self + alpha * (mat1 @ mat2)``."""
    return write(self, _ops().addmm(self, mat1, mat2, beta=beta, alpha=alpha), "Tensor.addmm_")


def _random_fill(self, where, sample):
    data = getval(self)
    return write(self, onp.asarray(sample(onp.shape(data))).astype(data.dtype), where,
                 "unsafe")


def uniform_(self, from_=0, to=1, *, generator=None):
    """In place: samples of U[from_, to)."""
    if from_ > to:
        raise CellArgumentError(message("Tensor.uniform_", "from_ <= to", f"{from_} > {to}"))
    return _random_fill(self, "Tensor.uniform_",
                        lambda s: onp.random.uniform(from_, to, s))


def normal_(self, mean=0, std=1, *, generator=None):
    """In place: samples of N(mean, std**2)."""
    if std < 0:
        raise CellArgumentError(message("Tensor.normal_ std", "a number >= 0", repr(std)))
    return _random_fill(self, "Tensor.normal_", lambda s: onp.random.normal(mean, std, s))


def bernoulli_(self, p=0.5, *, generator=None):
    """In place: 1 with probability ``p`` (a number or a Tensor), else 0."""
    prob = onp.asarray(getval(p), dtype=onp.float64)
    if ((prob < 0) | (prob > 1)).any():
        raise CellArgumentError(message("Tensor.bernoulli_ p", "probabilities in [0, 1]",
                                        f"{prob.tolist()}"))
    return _random_fill(self, "Tensor.bernoulli_", lambda s: onp.random.random_sample(s) < prob)


def exponential_(self, lambd=1, *, generator=None):
    """In place: samples of the exponential distribution with rate ``lambd``."""
    if not lambd > 0:
        raise CellArgumentError(message("Tensor.exponential_ lambd", "a number > 0",
                                        repr(lambd)))
    return _random_fill(self, "Tensor.exponential_",
                        lambda s: onp.random.exponential(1.0 / lambd, s))


def random_(self, from_=0, to=None, *, generator=None):
    """In place: integers drawn uniformly from [from_, to) (``to=None``: the dtype's top)."""
    dtype = getval(self).dtype
    if to is None:
        to = 2 ** onp.finfo(dtype).nmant + 1 if dtype.kind == "f" else \
            2 if dtype == onp.bool_ else int(onp.iinfo(dtype).max) + 1
    if not all(isinstance(v, numbers.Integral) for v in (from_, to)):
        raise CellTypeError(message("Tensor.random_", "int bounds", f"{from_!r}, {to!r}"))
    if from_ >= to:
        raise CellArgumentError(message("Tensor.random_", "from_ < to", f"{from_} >= {to}"))
    return _random_fill(self, "Tensor.random_",
                        lambda s: onp.random.randint(from_, to, s, dtype=onp.int64))


METHODS = {
    "masked_scatter_": masked_scatter_, "index_put_": index_put_, "put_": put_,
    "index_copy_": index_copy_, "fill_diagonal_": fill_diagonal_, "addmm_": addmm_,
    "uniform_": uniform_, "normal_": normal_, "bernoulli_": bernoulli_,
    "exponential_": exponential_, "random_": random_,
}
