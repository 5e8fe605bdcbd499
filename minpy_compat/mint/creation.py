"""``mint``'s creation and random functions, PyTorch-style (sizes as ints or one tuple,
keyword ``dtype``): ``zeros``, ``ones``, ``empty``, ``*_like``, ``linspace``, ``rand``,
``randn``, ``randint``, ``randperm``, ``normal``, ``bernoulli``, ``multinomial``.

Random draws come from NumPy's global generator (``ms.set_seed``/``mint``'s ``generator=``
takes only None: this library has no Generator object).

>>> from minpy_compat import mint
>>> mint.zeros(2, 3).shape, mint.ones((2,)).dtype
((2, 3), dtype('float32'))
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from .. import ops
from ..array import Array
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import _args as A


def _dtype(dtype, default=onp.float32):
    return onp.dtype(default if dtype is None else dtype)


def _generator(where, generator):
    if generator is not None:
        raise CellTypeError(message(f"{where} generator", "None", describe(generator),
                                    "Seed the global generator with ms.set_seed instead."))


def _out(values, dtype):
    return onp.asarray(values).astype(dtype).view(Array)


def zeros(size, *, dtype=None):
    """Zeros of ``size`` (Float32 unless ``dtype``)."""
    return _out(onp.zeros(A.shape("mint.zeros size", (size,) if not isinstance(
        size, (tuple, list)) else tuple(size))), _dtype(dtype))


def ones(size, *, dtype=None):
    """Ones of ``size`` (Float32 unless ``dtype``)."""
    return _out(onp.ones(A.shape("mint.ones size", (size,) if not isinstance(
        size, (tuple, list)) else tuple(size))), _dtype(dtype))


def empty(*size, dtype=None, device=None, pin_memory=False):
    """An uninitialised (here: zero) Tensor of ``size`` (Float32 unless ``dtype``)."""
    return _out(onp.zeros(A.shape("mint.empty size", size)), _dtype(dtype))


def _like(where, input, dtype):
    A.tensor(f"{where} input", input)
    data = getval(input)
    return data.shape, _dtype(dtype, data.dtype)


def empty_like(input, *, dtype=None, device=None, pin_memory=False):
    """An uninitialised (here: zero) Tensor of ``input``'s shape and dtype."""
    shape, dtype = _like("mint.empty_like", input, dtype)
    return _out(onp.zeros(shape), dtype)


def zeros_like(input, *, dtype=None):
    """Zeros of ``input``'s shape and dtype (or ``dtype``)."""
    shape, dtype = _like("mint.zeros_like", input, dtype)
    return _out(onp.zeros(shape), dtype)


def ones_like(input, *, dtype=None):
    """Ones of ``input``'s shape and dtype (or ``dtype``)."""
    shape, dtype = _like("mint.ones_like", input, dtype)
    return _out(onp.ones(shape), dtype)


def linspace(start, end, steps, *, dtype=None):
    """``steps`` evenly spaced values from ``start`` to ``end`` (Float32 unless ``dtype``)."""
    steps = A.integer("mint.linspace steps", steps, 1)
    values = onp.linspace(float(getval(start)), float(getval(end)), steps)
    dtype = _dtype(dtype)
    return _out(onp.trunc(values) if dtype.kind in "iu" else values, dtype)


def rand(*size, generator=None, dtype=None, device=None):
    """Floats uniform in [0, 1) of ``size`` (Float32 unless ``dtype``)."""
    _generator("mint.rand", generator)
    return ops.rand(*A.shape("mint.rand size", size), dtype=dtype)


def randn(*size, generator=None, dtype=None, device=None):
    """Floats from N(0, 1) of ``size`` (Float32 unless ``dtype``)."""
    _generator("mint.randn", generator)
    return ops.randn(*A.shape("mint.randn size", size), dtype=dtype)


def rand_like(input, *, dtype=None, device=None):
    """Floats uniform in [0, 1) of ``input``'s shape and dtype (or ``dtype``)."""
    shape, dtype = _like("mint.rand_like", input, dtype)
    return ops.rand(*shape, dtype=dtype)


def randn_like(input, *, dtype=None, device=None):
    """Floats from N(0, 1) of ``input``'s shape and dtype (or ``dtype``)."""
    shape, dtype = _like("mint.randn_like", input, dtype)
    return ops.randn(*shape, dtype=dtype)


def _bounds(where, args):
    """``(low, high, rest)`` from ``(high, ...)`` or ``(low, high, ...)``."""
    ints = [a for a in args[:2] if isinstance(a, numbers.Integral) and not isinstance(a, bool)]
    if len(ints) == 2:
        return ints[0], ints[1], args[2:]
    if len(ints) == 1:
        return 0, ints[0], args[1:]
    raise CellTypeError(message(f"{where} high", "an int", describe(args[:1])))


def randint(*args, generator=None, dtype=None, device=None):
    """``randint(low=0, high, size)``: ints uniform in [low, high) (Int64 unless ``dtype``)."""
    _generator("mint.randint", generator)
    low, high, rest = _bounds("mint.randint", args)
    if len(rest) != 1 or not isinstance(rest[0], (tuple, list)):
        raise CellTypeError(message("mint.randint size", "a tuple of ints",
                                    describe(rest[0] if rest else None)))
    return ops.randint(low, high, A.shape("mint.randint size", tuple(rest[0])),
                       dtype=_dtype(dtype, onp.int64))


def randint_like(*args, dtype=None, device=None):
    """``randint_like(input, low=0, high)``: ints in [low, high) of ``input``'s shape and
    dtype (or ``dtype``)."""
    if not args:
        raise CellTypeError(message("mint.randint_like input", "a Tensor", "nothing"))
    shape, dtype = _like("mint.randint_like", args[0], dtype)
    low, high, _ = _bounds("mint.randint_like", args[1:])
    return ops.randint(low, high, shape, dtype=dtype)


def randperm(n, *, generator=None, dtype=onp.int64):
    """A random permutation of 0..n-1 (Int64 unless ``dtype``)."""
    _generator("mint.randperm", generator)
    return _out(onp.random.permutation(A.integer("mint.randperm n", n)), _dtype(dtype))


def normal(mean=0.0, std=1.0, size=None, generator=None):
    """Draws from N(``mean``, ``std``): Tensors broadcast together, or numbers with ``size``."""
    _generator("mint.normal", generator)
    m, s = getval(mean), getval(std)
    if not A.is_tensor(mean) and not A.is_tensor(std):
        if size is None:
            raise CellArgumentError(message("mint.normal size", "a tuple of ints when mean "
                                            "and std are numbers", "None"))
        return _out(onp.random.normal(m, s, A.shape("mint.normal size", tuple(size))),
                    onp.float32)
    dtype = (m if A.is_tensor(mean) else s).dtype
    shape = onp.broadcast_shapes(onp.shape(m), onp.shape(s))
    return _out(onp.random.normal(m, s, shape), dtype)


def bernoulli(input, *, generator=None):
    """0/1 draws of ``input``'s shape and dtype, each 1 with the probability in ``input``."""
    _generator("mint.bernoulli", generator)
    A.tensor("mint.bernoulli input", input)
    return ops.bernoulli(input, np.array(getval(input)))


def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Int64 indices drawn from each row of the non-negative weights ``input``."""
    _generator("mint.multinomial", generator)
    A.tensor("mint.multinomial input", input)
    num_samples = A.integer("mint.multinomial num_samples", num_samples, 1)
    return ops.multinomial(input, num_samples, replacement).astype(onp.int64)


A.name_callers(globals(), "mint")  # errors name mint.<function>
