"""Gradient hooks on values: ``HookBackward``, ``InsertGradientOf``, and the identity op under them.

Each hook is an identity in the forward pass whose gradient calls a Python
function that may replace the incoming gradients. One registered op per number of
inputs (ops are never freed, so they are made once, not per call).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> seen = []
>>> def show(grads):
...     seen.append(grads)
>>> hook = ops.HookBackward(show)
>>> g = ms.grad(lambda x: hook(x) * 3)(ms.Tensor(2.0))
>>> float(seen[0][0]), float(g)
(3.0, 3.0)
"""
from autograd.tracer import getval

from ..array import wrap
from ..errors import HookError, HookShapeError, OpInputError, describe, message
from ..primitive import Primitive
from ..tensor import is_tensor
from ._gradfit import fit_gradient

_identities = {}  # number of inputs -> the identity op


def _identity_op(count):
    op = _identities.get(count)
    if op is None:
        def hook_identity(on_backward, *xs):
            return xs[0] if count == 1 else tuple(xs)
        hook_identity.__name__ = f"hook_identity_{count}"
        op = Primitive(hook_identity, "numpy", type_str="hook identity")
        op.def_multiple_grad(
            lambda ans, on_backward, *xs: lambda g: _fitted(on_backward(_as_tuple(g, count), xs),
                                                            xs),
            argnums=tuple(range(1, count + 1)))
        _identities[count] = op
    return op


def _as_tuple(g, count):
    return (wrap(g),) if count == 1 else tuple(wrap(v) for v in g)


def _fitted(grads, inputs):
    """Gradients in their inputs' dtypes (an upstream op may have widened them)."""
    return tuple(fit_gradient("hook gradient", g, x, HookShapeError, HookError)
                 for g, x in zip(grads, inputs))


def split(value, count):
    """A (possibly traced) tuple result as a real tuple of ``count`` values.

    Non-float items (a Bool mask, int indices) leave the trace: they have no gradient,
    and a traced Bool would take a float gradient from sum(outputs).
    """
    if type(value) is tuple:
        return value
    return tuple(_untrace_if_not_float(value[i]) for i in range(count))


def _untrace_if_not_float(value):
    dtype = getattr(getval(value), "dtype", None)
    if dtype is not None and dtype.kind not in "fc":
        return wrap(getval(value))
    return value


def pass_through(on_backward, tensors):
    """``tensors`` through one identity op; ``on_backward(grads, inputs)`` gives their gradients."""
    count = len(tensors)
    out = _identity_op(count)(on_backward, *tensors)
    return (out,) if count == 1 else split(out, count)


def replaced_grads(where, result, grads, inputs):
    """A hook's return value as the new gradient tuple (None keeps ``grads``)."""
    if result is None:
        return grads
    count = len(grads)
    if type(result) not in (tuple, list):
        result = (result,)
    if len(result) != count:
        raise HookError(message(where, f"{count} gradient(s), one per input", f"{len(result)}",
                                "Return a tuple with one gradient per input, or None."))
    return tuple(fit_gradient(f"{where} gradient {i}", g, x, HookShapeError, HookError)
                 for i, (g, x) in enumerate(zip(result, inputs)))


def check_hook(fn, where):
    if not callable(fn):
        raise HookError(message(where, "a callable hook function", describe(fn)))
    return fn


class HookBackward:
    """Identity forward; ``hook_fn(grads)`` sees the tuple of input gradients and may replace it.

    One input gives a Tensor back, several a tuple (MindSpore's ``ops.HookBackward``).
    """

    def __init__(self, hook_fn, cell_id=""):
        self.hook_fn = check_hook(hook_fn, "HookBackward")
        self.cell_id = cell_id

    def _on_backward(self, grads, inputs):
        name = getattr(self.hook_fn, "__name__", "hook_fn")
        return replaced_grads(f"HookBackward({name})", self.hook_fn(grads), grads, inputs)

    def __call__(self, *inputs):
        if not inputs:
            raise OpInputError(message("HookBackward", "at least one input", "none"))
        outputs = pass_through(self._on_backward, inputs)
        return outputs[0] if len(inputs) == 1 else outputs


class InsertGradientOf:
    """Identity forward; ``f(dx)`` sees the gradient of the one input and may replace it."""

    def __init__(self, f):
        self.f = check_hook(f, "InsertGradientOf")

    def _on_backward(self, grads, inputs):
        name = getattr(self.f, "__name__", "f")
        result = self.f(grads[0])
        return replaced_grads(f"InsertGradientOf({name})", None if result is None else (result,),
                              grads, inputs)

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise OpInputError(message("InsertGradientOf", "1 input", f"{len(inputs)}",
                                       "Apply one InsertGradientOf per tensor."))
        if not is_tensor(inputs[0]):
            return inputs[0]
        return pass_through(self._on_backward, inputs)[0]
