"""How the facade turns a NumPy namespace into a differentiable one.

Every callable comes from autograd's wrapped namespace (so its gradient is
autograd's, with float dtypes kept), and every result is wrapped into an Array.
Names autograd does not wrap fall back to NumPy's own function, and take plain
values: a traced argument there raises the same clear error as ``numpy.asarray``.
"""
import functools
import inspect

import numpy as onp
from autograd.tracer import getval, isbox

from .. import registry
from ..adopted import AdoptedArray, into_out
from ..array import ARRAY_FUNCTIONS, Array, wrap, wrap_result
from ..dispatch import _switch
from ..lean_call import contains_box, lean

# Wrapped once, so numpy.linalg.norm and minpy_compat.numpy.linalg.norm agree.
_seen = {}


def differentiable(raw, traced):
    """A facade function: ``traced`` (autograd's version of ``raw``) with wrapped results."""
    key = (raw, traced)
    if key in _seen:
        return _seen[key]
    registry.keep_dtypes(traced)
    registry.refuse_gradient(traced, f"minpy_compat.numpy.{getattr(raw, '__name__', raw)}")
    call = lean(traced)
    name, is_ufunc = getattr(raw, "__name__", "function"), isinstance(raw, onp.ufunc)

    def facade(*args, **kwargs):
        # Dispatch hook (MXNet backend): one module-attribute read on the default path.
        if _switch.engaged:
            return _switch.run(raw, traced, args, kwargs)
        if kwargs:
            if contains_box(tuple(kwargs.values())):
                args, kwargs = _traced_keywords_as_positions(raw, args, kwargs)
            if kwargs.get("out") is not None and _traced_out(args, kwargs["out"]):
                return into_out(f"minpy_compat.numpy.{name}",
                                lambda *a, **k: wrap_result(call(*a, **k)), args, kwargs,
                                "same_kind" if is_ufunc else "unsafe")
            dtype = kwargs.get("dtype")
            if dtype is not None and contains_box(args):
                if onp.dtype(dtype).kind in "biu":  # a count or a truth value: no gradient
                    return wrap_result(call(*_values(args), **kwargs))
                if is_ufunc:
                    args, kwargs = _cast_for_ufunc(name, args, kwargs)
        return wrap_result(call(*args, **kwargs))

    functools.update_wrapper(facade, raw, updated=())
    facade.__wrapped__ = raw
    if isinstance(raw, onp.ufunc):
        facade = Ufunc(raw, facade)
    _seen[key] = facade
    ARRAY_FUNCTIONS.setdefault(raw, facade)
    return facade


class Ufunc:
    """A NumPy ufunc whose call is differentiable; other methods run on values.

    ``reduce``/``accumulate``/``outer`` on traced values are routed to their
    differentiable equivalents by ``TracedArray.__array_ufunc__``.
    """

    def __init__(self, ufunc, call):
        self.ufunc = ufunc
        self._call = call
        self.__name__ = ufunc.__name__
        self.__doc__ = ufunc.__doc__
        self.__wrapped__ = ufunc

    def __call__(self, *args, **kwargs):
        return self._call(*args, **kwargs)

    def __getattr__(self, name):
        attr = getattr(self.ufunc, name)
        if callable(attr):
            return _wrapping(attr)
        return attr

    def __repr__(self):
        return f"<ufunc '{self.__name__}' (minpy_compat)>"


def _wrapping(fn):
    @functools.wraps(fn)
    def call(*args, **kwargs):
        return wrap(fn(*args, **kwargs))
    return call


def plain(raw):
    """A facade for a function without gradients: NumPy's own, results wrapped."""
    if raw in _seen:
        return _seen[raw]

    @functools.wraps(raw)
    def facade(*args, **kwargs):
        if _switch.engaged:  # dispatch hook: NumPy-only ops are counted and policed
            return _switch.run(raw, None, args, kwargs)
        return wrap(raw(*args, **kwargs))
    _seen[raw] = facade
    return facade


def fill_namespace(target, numpy_module, autograd_module, skip=()):
    """Put every public name of ``numpy_module`` into dict ``target``."""
    for name in dir(numpy_module):
        if name.startswith("_") or name in skip:
            continue
        obj = getattr(numpy_module, name)
        # Aliases (numpy.concat is numpy.concatenate) take autograd's canonical version.
        canonical = getattr(obj, "__name__", name)
        traced = getattr(autograd_module, canonical, None) or getattr(autograd_module, name, None)
        if isinstance(obj, type) or not callable(obj):
            target[name] = obj
        elif traced is not None and traced is not obj and callable(traced):
            target[name] = differentiable(obj, traced)
        else:
            target[name] = plain(obj)


def _cast_for_ufunc(name, args, kwargs):
    """A ufunc's ``dtype=`` with traced inputs: the inputs cast to it first, as NumPy
    does (under its casting rule), then the call without it (autograd's rules take none)."""
    kwargs = dict(kwargs)
    dtype, casting = onp.dtype(kwargs.pop("dtype")), kwargs.pop("casting", "same_kind")
    if dtype.kind not in "fc":
        raise TypeError(f"minpy_compat.numpy.{name}: expected a float or complex dtype= "
                        f"for traced inputs, got {dtype}")
    cast = []
    for arg in args:
        given = onp.result_type(getval(arg))
        if not onp.can_cast(given, dtype, casting):
            raise TypeError(f"Cannot cast ufunc {name!r} input from {given!r} to {dtype!r} "
                            f"with casting rule {casting!r}")
        cast.append(arg.astype(dtype) if isbox(arg) else onp.asarray(arg, dtype))
    return tuple(cast), kwargs


_signatures = {}


def _traced_keywords_as_positions(raw, args, kwargs):
    """The call with every keyword argument that names one of ``raw``'s positional
    parameters moved to its place (``take(a=x, indices=i)`` is ``take(x, i)``): autograd's
    primitives trace positional arguments only, so a traced ``a=`` reached NumPy as if it
    had no gradient. A traced keyword after skipped ones (``polyfit(x, y, 2, w=w)``) moves
    too, the skipped ones taking their defaults. Functions without a Python signature keep
    the call as it is."""
    if raw not in _signatures:
        try:
            _signatures[raw] = inspect.signature(raw)
        except (TypeError, ValueError):  # some builtins have none
            _signatures[raw] = None
    signature = _signatures[raw]
    if signature is None:
        return args, kwargs
    try:
        bound = signature.bind_partial(*args, **kwargs)
    except TypeError:  # NumPy's own call raises its own message for this
        return args, kwargs
    if contains_box(tuple(bound.kwargs.values())):
        _skipped_at_defaults(signature, bound)
    return bound.args, bound.kwargs


def _skipped_at_defaults(signature, bound):
    """Give the positional parameters skipped before the last traced keyword argument
    their defaults, so that it is passed by position too (the later ones stay keywords)."""
    positional = [p for p in signature.parameters.values()
                  if p.kind is p.POSITIONAL_OR_KEYWORD]
    traced = [i for i, p in enumerate(positional)
              if p.name in bound.kwargs and contains_box(bound.arguments[p.name])]
    for p in positional[:max(traced, default=0)]:
        if p.name not in bound.arguments and p.default is not p.empty:
            bound.arguments[p.name] = p.default


def _values(args):
    """``args`` with every traced value (in lists and tuples too) replaced by its numbers.
    A result of an integer or boolean ``dtype=`` is piecewise constant in its inputs, so it
    is computed on them as a constant: no gradient flows back through it (autograd's rules
    would pass ``g`` on as if the result were the float one)."""
    return tuple(type(a)(_values(a)) if type(a) in (list, tuple) else getval(a) for a in args)


def _traced_out(args, out):
    """Whether a call with ``out=`` must go through ``into_out``: a traced argument, or an
    out= array that is traced already (NumPy's own ``out=`` would write values only)."""
    targets = out if type(out) is tuple else (out,)
    return contains_box(args) or any(type(t) is AdoptedArray for t in targets)


__all__ = ["Array", "differentiable", "plain", "fill_namespace", "contains_box", "Ufunc"]
