"""How the facade rewrites a call before NumPy or autograd sees it: ``out=`` given by
position becomes a keyword, and traced keyword arguments move to their positions
(autograd's primitives trace positional arguments only). Read from each function's
signature, cached.
"""
import inspect
import sys

import numpy as onp

from ..lean_call import contains_box


_signatures = {}
_C_OUT = {"dot": 2, "concatenate": 2}  # functions in C without a signature (NumPy 1.x)
# NumPy 1.x's dot is C without a signature, yet takes a=, b= and out= by keyword
_KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD
_C_SIGNATURES = {"dot": inspect.Signature([inspect.Parameter("a", _KEYWORD),
                                           inspect.Parameter("b", _KEYWORD),
                                           inspect.Parameter("out", _KEYWORD, default=None)])}


def _signature(raw):
    if raw not in _signatures:
        try:
            _signatures[raw] = inspect.signature(raw)
        except (TypeError, ValueError):  # some builtins have none
            _signatures[raw] = _C_SIGNATURES.get(getattr(raw, "__name__", None)) \
                if getattr(raw, "__module__", None) == "numpy" else None
    return _signatures[raw]


def required_keywords(raw):
    """The names of ``raw``'s positional parameters without a default (``dot``'s ``a`` and
    ``b``): an operand given by keyword (``dot(x, b=y)``) must move to its place, since a
    gradient rule reads its operands by position."""
    signature = _signature(raw)
    if signature is None:
        return frozenset()
    return frozenset(p.name for p in signature.parameters.values()
                     if p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty)


def out_position(raw):
    """How many positional arguments come before ``raw``'s out= (sys.maxsize: it has no
    positional out=)."""
    if isinstance(raw, onp.ufunc):
        return raw.nin
    signature = _signature(raw)
    if signature is None:
        return _C_OUT.get(getattr(raw, "__name__", None), sys.maxsize)
    positional = [p.name for p in signature.parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return positional.index("out") if "out" in positional else sys.maxsize


def out_as_keyword(raw, out_at, args, kwargs):
    """A call that gives out= by position, with out= as a keyword: a traced array (or an
    Array that traced values go into) must go through ``into_out``, and NumPy must never
    write into a traced value's memory. A call NumPy refuses stays as it is, for its error."""
    if "out" in kwargs:
        return args, kwargs
    if isinstance(raw, onp.ufunc):
        outs = args[out_at:]
        if len(outs) > raw.nout:
            return args, kwargs
        outs += (None,) * (raw.nout - len(outs))
        return args[:out_at], dict(kwargs, out=outs[0] if raw.nout == 1 else outs)
    signature = _signature(raw)
    if signature is None:
        if len(args) != out_at + 1:
            return args, kwargs
        return args[:out_at], dict(kwargs, out=args[out_at])
    try:
        bound = signature.bind_partial(*args, **kwargs)
    except TypeError:
        return args, kwargs
    out = bound.arguments.pop("out")
    return bound.args, dict(bound.kwargs, out=out)


def traced_keywords_as_positions(raw, args, kwargs):
    """The call with every keyword argument that names one of ``raw``'s positional
    parameters moved to its place (``take(a=x, indices=i)`` is ``take(x, i)``): autograd's
    primitives trace positional arguments only, so a traced ``a=`` reached NumPy as if it
    had no gradient. A traced keyword after skipped ones (``polyfit(x, y, 2, w=w)``) moves
    too, the skipped ones taking their defaults. Functions without a Python signature keep
    the call as it is."""
    signature = _signature(raw)
    if signature is None:
        return args, kwargs
    try:
        bound = signature.bind_partial(*args, **kwargs)
    except TypeError:  # NumPy's own call raises its own message for this
        return args, kwargs
    out = bound.arguments.pop("out", None)  # out= stays a keyword (see _out_as_keyword)
    if contains_box(tuple(bound.kwargs.values())):
        _skipped_at_defaults(signature, bound, out is None)
    if out is None:
        return bound.args, bound.kwargs
    return bound.args, dict(bound.kwargs, out=out)


def _skipped_at_defaults(signature, bound, no_out):
    """Give the positional parameters skipped before the last traced keyword argument
    their defaults, so that it is passed by position too (the later ones stay keywords).
    ``out`` is None there when none was given (``max(x, axis, None, False, initial)``);
    NumPy's not-given marker becomes the value it stands for (the ndarray methods that
    reductions run as refuse ``keepdims=<no value>``), and a parameter without one stops
    the move."""
    positional = [p for p in signature.parameters.values()
                  if p.kind is p.POSITIONAL_OR_KEYWORD]
    traced = [i for i, p in enumerate(positional)
              if p.name in bound.kwargs and contains_box(bound.arguments[p.name])]
    for p in positional[:max(traced, default=0)]:
        if p.name in bound.arguments or p.default is p.empty:
            continue
        if p.name == "out" and not no_out:
            return
        default = _STANDS_FOR.get(p.name, p.default) if p.default is onp._NoValue \
            else p.default
        if default is onp._NoValue:
            return
        bound.arguments[p.name] = default


# What NumPy's not-given marker means for the parameters that take it before a traced one.
_STANDS_FOR = {"keepdims": False, "where": True}
