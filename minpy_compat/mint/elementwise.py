"""``mint``'s elementwise and small linear-algebra functions whose arguments differ from
``ops``: ``add``/``sub`` (``alpha``), ``mul``, ``div``, comparisons, ``clamp``/``clip``,
``fmod``, ``remainder``, ``floor_divide``, ``lerp``, ``xlogy``, ``bitwise_not``, ``fix``,
``allclose``, ``addcdiv``, ``addcmul``, ``baddbmm``, ``arcsin``, ``erf``, ``frac``,
``isnan``, ``real``, ``imag``, ``vdot``, ``bmm``, ``mv``, ``item``, ``softmax``.

Each forwards to ``ops`` or the facade, so gradients are the tracer's.

>>> import minpy_compat as ms
>>> from minpy_compat import mint
>>> mint.add(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]), alpha=2)
array([ 7., 10.], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from .. import ops
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import _args as A


def _alpha(where, alpha):
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise CellTypeError(message(f"{where} alpha", "an int or a float", describe(alpha)))
    return alpha


def _operands(where, input, other):
    """``input`` and ``other`` once each is a Tensor or a number (MindSpore's TypeError for
    a list or a string)."""
    for name, value in (("input", input), ("other", other)):
        if not isinstance(getval(value), (onp.ndarray, numbers.Number, onp.bool_)):
            raise CellTypeError(message(f"{where} {name}", "a Tensor or a number",
                                        describe(value)))


def _both_bool(input, other):
    """Whether both operands are Bool (a Tensor or a Python bool): mint's add and sub then
    answer Bool (logical or, and MindSpore's ``!=``), where ``ops.add`` refuses them."""
    return all(onp.result_type(getval(v)) == onp.bool_ for v in (input, other))


def add(input, other, *, alpha=1):
    """``input + alpha * other``."""
    alpha = _alpha("mint.add", alpha)
    _operands("mint.add", input, other)
    if _both_bool(input, other) and alpha == 1:
        return ops.logical_or(input, other)
    return ops.add(input, other if alpha == 1 else ops.mul(other, alpha))


def sub(input, other, *, alpha=1):
    """``input - alpha * other``."""
    alpha = _alpha("mint.sub", alpha)
    _operands("mint.sub", input, other)
    if _both_bool(input, other) and alpha == 1:
        return ops.logical_xor(input, other)
    return ops.sub(input, other if alpha == 1 else ops.mul(other, alpha))


def mul(input, other):
    """``input * other``."""
    return ops.mul(input, other)


def div(input, other, *, rounding_mode=None):
    """``input / other``; ``rounding_mode`` 'floor' or 'trunc' rounds the quotient."""
    if rounding_mode not in (None, "floor", "trunc"):
        raise CellArgumentError(message("mint.div rounding_mode", "None, 'floor' or 'trunc'",
                                        repr(rounding_mode)))
    return ops.div(input, other, rounding_mode=rounding_mode)


def eq(input, other):
    """Whether ``input == other``, elementwise, as Bool."""
    return ops.eq(input, other)


def ge(input, other):
    """Whether ``input >= other``, elementwise, as Bool."""
    return ops.ge(input, other)


def greater_equal(input, other):
    """Whether ``input >= other``, elementwise, as Bool."""
    return ops.greater_equal(input, other)


def less(input, other):
    """Whether ``input < other``, elementwise, as Bool."""
    return ops.less(input, other)


def lt(input, other):
    """Whether ``input < other``, elementwise, as Bool."""
    return ops.lt(input, other)


def clamp(input, min=None, max=None):
    """``input`` limited to [min, max] (either bound may be None, not both)."""
    if min is None and max is None:
        raise CellArgumentError(message("mint.clamp min, max", "at least one bound",
                                        "both None"))
    return ops.clamp(A.tensor("mint.clamp input", input), min, max)


def clip(input, min=None, max=None):
    """``input`` limited to [min, max] (``mint.clamp``'s alias)."""
    if min is None and max is None:
        raise CellArgumentError(message("mint.clip min, max", "at least one bound",
                                        "both None"))
    return ops.clip(A.tensor("mint.clip input", input), min, max)


def fmod(input, other):
    """The remainder of ``input / other`` with the sign of ``input`` (C's fmod)."""
    return ops.fmod(A.tensor("mint.fmod input", input), other)


def remainder(input, other):
    """The remainder of ``input / other`` with the sign of ``other`` (Python's %)."""
    return ops.remainder(input, other)


def floor_divide(input, other):
    """``input / other`` rounded down."""
    return ops.floor_divide(input, other)


def lerp(input, end, weight):
    """``input + weight * (end - input)``."""
    return ops.lerp(A.tensor("mint.lerp input", input), end, weight)


def xlogy(input, other):
    """``input * log(other)``, 0 where ``input`` is 0."""
    return ops.xlogy(input, other)


def bitwise_not(input):
    """The bitwise NOT of an int or bool ``input``."""
    A.tensor("mint.bitwise_not input", input)
    if getval(input).dtype.kind not in "iub":
        raise CellTypeError(message("mint.bitwise_not input", "an int or bool Tensor",
                                    str(getval(input).dtype)))
    return onp.invert(getval(input))


def fix(input):
    """``input`` rounded toward zero (``mint.trunc``'s alias)."""
    return ops.trunc(A.tensor("mint.fix input", input))


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every ``|input - other| <= atol + rtol * |other|``, as a Python bool."""
    A.tensor("mint.allclose input", input)
    A.tensor("mint.allclose other", other)
    return bool(onp.all(getval(ops.isclose(input, other, rtol, atol, equal_nan))))


def addcdiv(input, tensor1, tensor2, *, value=1):
    """``input + value * tensor1 / tensor2``."""
    return ops.add(input, ops.mul(ops.div(tensor1, tensor2), value))


def addcmul(input, tensor1, tensor2, *, value=1):
    """``input + value * tensor1 * tensor2``."""
    return ops.addcmul(input, tensor1, tensor2, value)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """``beta * input + alpha * (batch1 @ batch2)`` for batches of matrices."""
    return ops.baddbmm(input, batch1, batch2, beta, alpha)


def arcsin(x):
    """The inverse sine of ``x``."""
    return ops.arcsin(x)


def erf(input):
    """The error function of ``input``."""
    return ops.erf(input)


def frac(input):
    """The fractional part of ``input`` (its sign kept)."""
    return ops.frac(input)


def isnan(tensor):
    """Whether each element of ``tensor`` is NaN, as Bool."""
    return ops.isnan(tensor)


def real(input):
    """The real part of ``input``."""
    return ops.real(input)


def imag(input):
    """The imaginary part of a complex ``input``."""
    return ops.imag(input)


def vdot(input, other):
    """The dot product of two 1-D Tensors (``input`` conjugated)."""
    A.tensor("mint.vdot input", input)
    A.tensor("mint.vdot other", other)
    if A.ndim(input) != 1 or A.ndim(other) != 1:
        raise CellArgumentError(message("mint.vdot input, other", "two 1-D Tensors",
                                        f"{A.ndim(input)}-D and {A.ndim(other)}-D"))
    return np.sum(np.conj(input) * other)


def bmm(input, mat2):
    """Batched matrix product of (b, n, m) ``input`` and (b, m, p) ``mat2``."""
    return ops.bmm(input, mat2)


def mv(input, vec):
    """The product of the matrix ``input`` and the vector ``vec``."""
    return ops.mv(input, vec)


def item(input):
    """The one element of ``input`` as a Python number."""
    A.tensor("mint.item input", input)
    if getval(input).size != 1:
        raise CellArgumentError(message("mint.item input", "a Tensor of one element",
                                        f"{getval(input).size} elements"))
    return getval(input).reshape(()).item()


def softmax(input, dim, *, dtype=None):
    """``exp(input) / sum(exp(input))`` along ``dim`` (computed in ``dtype`` when given)."""
    A.tensor("mint.softmax input", input)
    if dtype is not None:
        input = input.astype(dtype)
    return ops.softmax(input, A.dim("mint.softmax dim", dim, A.ndim(input)))


A.name_callers(globals(), "mint")  # errors name mint.<function>
