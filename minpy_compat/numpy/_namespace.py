"""How the facade turns a NumPy namespace into a differentiable one.

Every callable comes from autograd's wrapped namespace (so its gradient is
autograd's, with float dtypes kept), and every result is wrapped into an Array.
Names autograd does not wrap fall back to NumPy's own function, and take plain
values: a traced argument there raises the same clear error as ``numpy.asarray``.
"""
import functools
import sys

import numpy as onp
from autograd.core import VJPNode, primitive_vjps
from autograd.tracer import getval, isbox, notrace_primitives

from .. import registry
from ..adopted import ADOPTED_TYPES, OUT_TYPES, AdoptedArray
from ..array import ARRAY_FUNCTIONS, Array, TracedArray, wrap
from ..array import wrap_result as _wrap_result
from ..dispatch import _switch
from ..lean_call import contains_box, lean
from ..out_arguments import into_out
from ..substitution import OPEN as _substitutions_open, stand_in_kwargs, stand_ins
from .call_arguments import (out_as_keyword, out_position, required_keywords,
                             traced_keywords_as_positions)
from .discrete_results import untraced_discrete, values_of_lists
from .numpy2_names import refuse_newer
from .ufunc_where import masked_into_out
from .untraced_calls import NEVER_TRACED, untraced_first

_modules, _MXNET = sys.modules, "mxnet"  # once MXNet is loaded, its NDArrays may come
# Wrapped once, so numpy.linalg.norm and minpy_compat.numpy.linalg.norm agree.
_seen = {}


def differentiable(raw, traced):
    """A facade function: ``traced`` (autograd's version of ``raw``) with wrapped results."""
    key = (raw, traced)
    if key in _seen:
        return _seen[key]
    registry.keep_dtypes(traced)
    name, is_ufunc = getattr(raw, "__name__", "function"), isinstance(raw, onp.ufunc)
    # No rule yet (lexsort, isin, where(c), ...): integer and boolean results as values.
    wrap_result = _wrap_result if traced in primitive_vjps else _wrap_discrete
    registry.refuse_gradient(traced, f"minpy_compat.numpy.{getattr(raw, '__name__', raw)}")
    call = lean(traced)
    swaps_itself = call is not traced  # a lean call swaps Parameters for their stand-ins
    if traced in notrace_primitives[VJPNode]:  # argmax([x, y]): the list's values
        call, wrap_result = values_of_lists(call, name), _wrap_result
        swaps_itself = False
    if not swaps_itself:  # autograd's Python-level wrapper (mean, concatenate) or no gradient
        call = untraced_first(raw, call)
    out_at = out_position(raw)  # a positional out= starts here (sys.maxsize: none)
    operands = required_keywords(raw)  # dot's a and b: given by keyword, moved to positions
    traced_as_is = wrap_result is _wrap_result  # a traced result needs no wrapping

    def on_numpy(*args, **kwargs):  # the dispatcher's NumPy path
        return numpy_path(args, kwargs)

    def numpy_path(args, kwargs):
        """The call run by NumPy: out= always a keyword, traced keyword arguments in their
        places, dtype= as autograd's rules need it."""
        if len(args) > out_at:
            args, kwargs = out_as_keyword(raw, out_at, args, kwargs)
        if kwargs:
            if operands.intersection(kwargs) or not _PLAIN_KEYWORD_TYPES.issuperset(
                    map(type, kwargs.values())) and contains_box(tuple(kwargs.values())):
                args, kwargs = traced_keywords_as_positions(raw, args, kwargs)
            if kwargs.get("out") is not None and _out_by_assignment(args, kwargs["out"]):
                if is_ufunc:
                    args, kwargs = _for_ufunc_out(name, args, kwargs)
                    if "where" in kwargs:
                        return masked_into_out(f"minpy_compat.numpy.{name}",
                                               lambda *a, **k: wrap_result(call(*a, **k)),
                                               args, kwargs)
                return into_out(f"minpy_compat.numpy.{name}",
                                lambda *a, **k: wrap_result(call(*a, **k)), args, kwargs,
                                "same_kind" if is_ufunc else "unsafe")
            dtype = kwargs.get("dtype")
            if dtype is not None and contains_box(args):
                if onp.dtype(dtype).kind in "biu":  # a count or a truth value: no gradient
                    return wrap_result(call(*_values(args), **kwargs))
                if is_ufunc:
                    args, kwargs = _cast_for_ufunc(name, args, kwargs)
        out = call(*args, **kwargs)
        return out if type(out) is TracedArray and traced_as_is else wrap_result(out)

    def facade(*args, **kwargs):
        # A free function's Parameters, under grad with weights, are swapped for their
        # traced stand-ins: on the plain path by a lean call itself (scanned once), else here.
        # Dispatch hook (a policy, MXNet's arrays): two cheap reads on the default path.
        if _switch.engaged or (_MXNET in _modules and _may_hold_mxnet(args, kwargs)):
            if _substitutions_open[0]:
                args, kwargs = stand_ins(args), stand_in_kwargs(kwargs)
            if len(args) > out_at:  # before the dispatcher reads MXArrays as NumPy data
                args, kwargs = out_as_keyword(raw, out_at, args, kwargs)
            return _switch.run(raw, on_numpy, args, kwargs)
        if len(args) > out_at or kwargs and (_substitutions_open[0] or
                                             not _SHAPE_KEYWORDS.issuperset(kwargs)):
            if _substitutions_open[0]:
                args, kwargs = stand_ins(args), stand_in_kwargs(kwargs)
            return numpy_path(args, kwargs)
        if kwargs:  # axis=, keepdims= only (a reduction's): nothing for numpy_path to do
            out = call(*args, **kwargs)
        else:
            if _substitutions_open[0] and not swaps_itself:
                args = stand_ins(args)
            out = call(*args)
        if type(out) is TracedArray and traced_as_is:
            return out
        return out.view(Array) if type(out) is onp.ndarray else wrap_result(out)

    functools.update_wrapper(facade, raw, updated=())
    facade.__wrapped__ = raw
    if isinstance(raw, onp.ufunc):
        facade = Ufunc.calling(facade)(raw, facade)
    _seen[key] = facade
    ARRAY_FUNCTIONS.setdefault(raw, facade)
    return facade


# Keywords whose values NumPy takes as constants (a traced axis is NumPy's TypeError), and
# that numpy_path leaves as they are: np.sum(x, axis=1, keepdims=True) goes straight to call.
_SHAPE_KEYWORDS = frozenset(["axis", "keepdims"])
# Keyword values that are plain Python constants (axis=1, keepdims=True): never traced.
_PLAIN_KEYWORD_TYPES = frozenset([int, bool, float, str, type(None)])


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

    @classmethod
    def calling(cls, call):
        """A subclass whose instances' call is ``call`` itself (no frame of ``__call__``
        in between: the facade's ufuncs run in every traced step)."""
        return type(cls.__name__, (cls,), {"__call__": staticmethod(call),
                                           "__module__": cls.__module__})

    def reduce(self, array, *args, **kwargs):
        """``ufunc.reduce``; a traced ``initial=`` makes it differentiable, as a traced
        ``array`` does."""
        if contains_box(kwargs.get("initial", args[4] if len(args) > 4 else None)) and \
                not contains_box(array):
            from .ufunc_methods import reduce_from_traced_initial
            return reduce_from_traced_initial(self.ufunc, array, args, kwargs)
        return _wrapping(self.ufunc.reduce)(array, *args, **kwargs)

    def __getattr__(self, name):
        attr = getattr(self.ufunc, name)
        if callable(attr):
            return _wrapping(attr)
        return attr

    def __repr__(self):
        return f"<ufunc '{self.__name__}' (minpy_compat)>"


_SIMPLE = NEVER_TRACED | {TracedArray, AdoptedArray}  # never MXNet's: ours, NumPy's, Python's


def _may_hold_mxnet(args, kwargs):
    """False where every argument is of a type that is never MXNet's (the usual call, one
    C-level test); True sends the call to the dispatcher, which reads NDArrays exactly."""
    return not (_SIMPLE.issuperset(map(type, args)) and
                (not kwargs or _SIMPLE.issuperset(map(type, kwargs.values()))))


def _wrap_discrete(value):
    return untraced_discrete(_wrap_result(value))


def _wrapping(fn):
    @functools.wraps(fn)
    def call(*args, **kwargs):
        if _MXNET in _modules:  # a raw NDArray: its values (NumPy reads it as a sequence)
            from ..dispatch.run import numpy_data
            args = numpy_data(args, mxarrays=False)  # MXArrays: written by ufunc.at
            kwargs = numpy_data(kwargs, mxarrays=False)
        return wrap(fn(*args, **kwargs))
    return call


def plain(raw):
    """A facade for a function without gradients: NumPy's own, results wrapped."""
    if raw in _seen:
        return _seen[raw]

    @functools.wraps(raw)
    def facade(*args, **kwargs):
        # dispatch hook: counted and policed; a raw NDArray read as its values
        if _switch.engaged or (_MXNET in _modules and _may_hold_mxnet(args, kwargs)):
            return _switch.run(raw, None, args, kwargs)
        return wrap(raw(*args, **kwargs))
    _seen[raw] = facade
    return facade


def fill_namespace(target, numpy_module, autograd_module, skip=()):
    """Put every public name of ``numpy_module`` into dict ``target``, except those NumPy
    loads lazily (NumPy 2's ``ma``, ``polynomial``, ``testing``, ``f2py``, ...: importing
    them all took ~70 ms, a fifth of the import). Returns those names: the facade's
    ``__getattr__`` fetches each on first use, as NumPy does."""
    lazy = set()
    for name in dir(numpy_module):
        if name.startswith("_") or name in skip:
            continue
        if name not in vars(numpy_module):  # behind NumPy's module __getattr__
            lazy.add(name)
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
    return lazy


def fetched_later(numpy_module, target, our_name):
    """A module ``__getattr__`` for a facade module: a name NumPy loads lazily, or gains
    after the facade was filled (``numpy.linalg.lapack_lite`` once something imports it),
    is fetched from ``numpy_module`` on first use and kept in ``target``."""
    def __getattr__(name):
        if name.startswith("_"):
            raise AttributeError(f"module {our_name!r} has no attribute {name!r}")
        try:
            obj = getattr(numpy_module, name)  # NumPy's own AttributeError for unknown names
        except AttributeError:
            refuse_newer(our_name, name)  # a NumPy 2 name under NumPy 1.x: say so
            raise
        if callable(obj) and not isinstance(obj, type):
            obj = plain(obj)
        target[name] = obj
        return obj
    return __getattr__


def _for_ufunc_out(name, args, kwargs):
    """A ufunc call with out= while tracing: dtype= cast first (as without out=), and
    ``where=True`` (the default) left out."""
    if kwargs.get("dtype") is not None and contains_box(args):
        args, kwargs = _cast_for_ufunc(name, args, kwargs)
    if kwargs.get("where", False) is True:
        kwargs = {key: value for key, value in kwargs.items() if key != "where"}
    return args, kwargs


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


def _values(args):
    """``args`` with every traced value (in lists and tuples too) replaced by its numbers:
    an integer or boolean ``dtype=`` result is piecewise constant, so no gradient flows
    back through it (autograd's rules would pass ``g`` on as if it were the float one)."""
    return tuple(type(a)(_values(a)) if type(a) in (list, tuple) else getval(a) for a in args)


def _out_by_assignment(args, out):
    """Whether a call with ``out=`` must go through ``into_out`` (compute, then assign into
    each target): a traced argument, an out= array that is traced already (NumPy's own
    ``out=`` would write values only), or one that is no ndarray (an MXArray)."""
    targets = out if type(out) is tuple else (out,)
    return contains_box(args) or any(
        type(t) in ADOPTED_TYPES or type(t) in OUT_TYPES and not isinstance(t, onp.ndarray)
        for t in targets)


__all__ = ["Array", "differentiable", "plain", "fill_namespace", "contains_box", "Ufunc"]
