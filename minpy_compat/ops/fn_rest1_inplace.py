"""MindSpore 2.10's functional in-place ops: ``ops.zero_(x)``, ``ops.clamp_(x, min, max)``,
``ops.uniform_(x, from_, to)``, ... Each runs the Tensor method of the same name (``x.zero_()``,
``ops/tensor_inplace*.py``): it writes its result into ``x`` (keeping ``x``'s shape and
dtype) and returns ``x`` itself. ``ops.inplace_sigmoid`` is ``x.sigmoid_()``.

MindSpore 2.10 registers these only for Ascend (its CPU answers "kernel unregistered");
ours follow its documentation and the Tensor methods, which were checked on its CPU where
they run there.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([-1.0, 0.5, 3.0])
>>> ops.clamp_(x, 0.0, 1.0) is x, x.tolist()
(True, [0.0, 0.5, 1.0])
"""
import numpy as onp
from autograd.tracer import getval, isbox

from ..array import Array
from ..errors import CellTypeError, describe, message
from . import tensor_inplace as _first
from .checks import name_callers
from . import tensor_inplace_more as _more


def _tensor(where, input):
    if not (isinstance(input, Array) or isbox(input)):
        raise CellTypeError(message(f"{where} input", "a Tensor", describe(input),
                                    "Wrap it: ms.Tensor(x)."))
    return input


def zero_(input):
    """In place: every element of ``input`` set to 0; returns ``input``."""
    return _first.zero_(_tensor("ops.zero_", input))


def erfinv_(input):
    """In place: ``input`` replaced by its inverse error function; returns ``input``."""
    return _first.METHODS["erfinv_"](_tensor("ops.erfinv_", input))


def tanh_(input):
    """In place: ``input`` replaced by its hyperbolic tangent; returns ``input``."""
    return _first.METHODS["tanh_"](_tensor("ops.tanh_", input))


def inplace_sigmoid(input):
    """In place: ``input`` replaced by its logistic sigmoid; returns ``input``."""
    return _first.METHODS["sigmoid_"](_tensor("ops.inplace_sigmoid", input))


def clamp_(input, min=None, max=None):
    """In place: ``input`` limited to [min, max] (both numbers or both Tensors; either may
    be None); returns ``input``."""
    bounds = [b for b in (min, max) if b is not None]
    if len({isinstance(getval(b), onp.ndarray) for b in bounds}) > 1:
        raise CellTypeError(message("ops.clamp_ min, max", "two numbers or two Tensors",
                                    f"{describe(min)} and {describe(max)}"))
    return _first.clamp_(_tensor("ops.clamp_", input), min, max)


def put_(input, index, source, accumulate=False):
    """In place: ``source`` written (``accumulate=True``: added) at the flat positions
    ``index`` of ``input``; returns ``input``."""
    return _more.put_(_tensor("ops.put_", input), index, source, accumulate)


def uniform_(input, from_=0, to=1, *, generator=None):
    """In place: ``input`` filled with samples of U[from_, to); returns ``input``."""
    return _more.uniform_(_tensor("ops.uniform_", input), from_, to, generator=generator)


def normal_(input, mean=0, std=1, *, generator=None):
    """In place: ``input`` filled with samples of N(mean, std**2); returns ``input``."""
    return _more.normal_(_tensor("ops.normal_", input), mean, std, generator=generator)


def random_(input, from_=0, to=None, *, generator=None):
    """In place: ``input`` filled with integers drawn from [from_, to) (``to=None``: the
    dtype's top); returns ``input``."""
    return _more.random_(_tensor("ops.random_", input), from_, to, generator=generator)


def bernoulli_(input, p=0.5, *, generator=None):
    """In place: ``input`` filled with 1 with probability ``p``, else 0; returns ``input``."""
    return _more.bernoulli_(_tensor("ops.bernoulli_", input), p, generator=generator)


def exponential_(input, lambd=1, *, generator=None):
    """In place: ``input`` filled with samples of the exponential distribution of rate
    ``lambd``; returns ``input``."""
    return _more.exponential_(_tensor("ops.exponential_", input), lambd, generator=generator)


# errors raised beneath (the Tensor method's ``Tensor.uniform_: expected from_ <= to``) name
# the op the user called: ``ops.uniform_: expected from_ <= to``
name_callers(globals(), "ops")
