"""MindSpore's spellings of the reduction methods, read as NumPy's arguments.

A ``Tensor`` is a NumPy array, so ``x.sum``, ``x.max``, ``x.std`` ... are NumPy's methods.
MindSpore code calls them with words NumPy always refuses, so taking those words changes
no NumPy call:

* ``dim=`` for ``axis=``; ``keepdim=`` and ``keep_dims=`` for ``keepdims=``;
* a bool second positional argument (NumPy's ``dtype`` or ``out`` there refuse a bool)
  starts MindSpore's order: ``x.sum(1, True)``, ``x.prod(1, True, ms.float64)``;
* ``std``/``var``: an int or bool second positional argument is ``ddof``, as in
  MindSpore's ``x.var(axis, ddof, keepdims)``; ``unbiased=`` is ``ddof`` 1 or 0, and
  ``correction=`` is ``ddof`` too (NumPy's ``ndarray.std`` has neither);
* ``x.max(dim=1)``, ``x.max(1, True)``, ``x.min(0, keepdim=True)`` give MindSpore's
  ``(values, indices)`` pair; ``x.max(1)`` and ``x.max(axis=1)`` stay NumPy's (values);
* ``x.argmax(keepdim=True)`` with no dim is a 0-d index, as MindSpore gives.

``array.py`` and ``traced_methods.py`` import this on the first call with arguments.
"""
from numbers import Integral

import numpy as onp

from .errors import message

# method -> MindSpore's positional parameters (in NumPy's names) after a bool second one
MINDSPORE_ORDER = {name: ("axis", "keepdims") for name in
                   ("sum", "mean", "all", "any", "argmax", "argmin", "max", "min")}
MINDSPORE_ORDER["prod"] = ("axis", "keepdims", "dtype")
MINDSPORE_ORDER["std"] = MINDSPORE_ORDER["var"] = ("axis", "ddof", "keepdims")

# MindSpore's keyword -> NumPy's (cumsum and cumprod keep no dimensions: ``dim`` only)
KEYWORDS = {"dim": "axis", "keepdim": "keepdims", "keep_dims": "keepdims"}
_WORDS = frozenset(KEYWORDS) | {"unbiased", "correction"}  # none of them NumPy's


def call(name, function, x, args, kwargs):
    """``function(x, *args, **kwargs)`` (``x.<name>``'s NumPy method or the facade's
    function), with MindSpore's spellings read as NumPy's arguments."""
    if (len(args) < 2 and not _WORDS.intersection(kwargs)) or \
            (name not in MINDSPORE_ORDER and name not in ("cumsum", "cumprod")):
        return function(x, *args, **kwargs)  # NumPy's own call (x.sum(axis=1)): at once
    args, kwargs, axis_from = numpy_arguments(name, args, kwargs)
    if axis_from is not None and name in ("argmax", "argmin") and kwargs.get("axis") is None:
        kwargs.pop("keepdims", None)  # MindSpore: a 0-d index whatever keepdim says
    if axis_from in ("dim", "position") and name in ("max", "min"):
        kwargs = _named(name, MINDSPORE_ORDER[name], args, kwargs)
        return values_and_indices(name, function, x, kwargs)
    return function(x, *args, **kwargs)


def numpy_arguments(name, args, kwargs):
    """NumPy's ``(args, kwargs)`` for ``x.<name>(*args, **kwargs)``, and where the axis
    came from in MindSpore's form (``"dim"``, ``"position"``, ``"axis"``; None when the
    call is NumPy's own)."""
    mindspore = "dim" in kwargs or "keepdim" in kwargs
    axis_from = "dim" if "dim" in kwargs else "position" if args else "axis"
    kwargs = _renamed(name, kwargs)
    order = MINDSPORE_ORDER.get(name)
    if order and len(args) > 1 and _starts_mindspore_order(name, args[1]):
        kwargs = _named(name, order, args, kwargs)
        args, mindspore = (), True
    if name in ("std", "var"):
        _read_ddof(name, kwargs)
    return args, kwargs, axis_from if mindspore else None


def _starts_mindspore_order(name, second):
    if isinstance(second, (bool, onp.bool_)):
        return True
    return name in ("std", "var") and isinstance(second, Integral)


def _renamed(name, kwargs):
    for word, numpy_word in KEYWORDS.items():
        if word not in kwargs or (word != "dim" and name in ("cumsum", "cumprod")):
            continue
        if numpy_word in kwargs:
            raise TypeError(message(
                f"Tensor.{name}", f"one of {numpy_word}= and {word}=", "both",
                f"Pass {numpy_word}= alone (MindSpore's {word}= means the same)."))
        kwargs[numpy_word] = kwargs.pop(word)
    return kwargs


def _named(name, order, args, kwargs):
    """MindSpore's positional arguments as keywords (NumPy's names)."""
    if len(args) > len(order):
        raise TypeError(message(
            f"Tensor.{name}", f"at most {len(order)} positional arguments in MindSpore's "
            f"order ({', '.join(order)})", f"{len(args)}",
            "Pass the others by keyword."))
    twice = sorted(set(order[:len(args)]) & set(kwargs))
    if twice:
        raise TypeError(message(
            f"Tensor.{name}", "each argument once", f"{twice[0]} by position and by keyword",
            "Drop one of them."))
    return {**dict(zip(order, args)), **kwargs}


def _read_ddof(name, kwargs):
    """``unbiased=`` and ``correction=`` as NumPy's ``ddof`` (``ndarray.std`` has no
    ``correction=``, not even on NumPy 2)."""
    for word in ("unbiased", "correction"):
        if word not in kwargs:
            continue
        others = [w for w in ("ddof", "unbiased", "correction") if w != word and w in kwargs]
        if others:
            raise TypeError(message(
                f"Tensor.{name}", "one of ddof=, correction= and unbiased=",
                f"{word}= and {others[0]}=", "Pass one of them."))
        value = kwargs.pop(word)
        if word == "unbiased" and not isinstance(value, (bool, onp.bool_)):
            raise TypeError(message(f"Tensor.{name} argument 'unbiased'", "a bool",
                                    type(value).__name__, "Pass True (ddof=1) or False."))
        kwargs["ddof"] = int(value) if word == "unbiased" else value


def view_shape(args):
    """The shape of MindSpore's ``x.view(*shape)`` (ints, or one tuple or list of ints), or
    None where ``args`` are NumPy's ``ndarray.view`` arguments (a dtype, an array type)."""
    shape = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
    if shape and all(isinstance(n, Integral) and not isinstance(n, (bool, onp.bool_))
                     for n in shape):
        return tuple(int(n) for n in shape)
    return None


def shaped_view(self, *args, **kwargs):
    """``Array.view``: NumPy's (a dtype, an array type); with ints or one tuple of ints,
    MindSpore's ``Tensor.view(*shape)``, the same numbers in that shape."""
    if args and not kwargs and not isinstance(args[0], type):  # view(Array) goes on at once
        shape = view_shape(args)
        if shape is not None:
            return self.reshape(shape)
    return onp.ndarray.view(self, *args, **kwargs)


def values_and_indices(name, function, x, kwargs):
    """MindSpore's ``x.max(dim, keepdim)``: the values (differentiable) and their int64
    indices."""
    extra = sorted(set(kwargs) - {"axis", "keepdims"})
    if extra:
        raise TypeError(message(
            f"Tensor.{name}", "only dim and keepdim in MindSpore's (values, indices) form",
            f"{extra[0]}=", f"Use x.{name}(axis=..., {extra[0]}=...) for NumPy's {name}."))
    axis, keepdims = kwargs["axis"], kwargs.get("keepdims", False)
    if isinstance(axis, bool) or not isinstance(axis, Integral):
        raise TypeError(message(
            f"Tensor.{name} argument 'dim'", "an int (MindSpore's (values, indices) form)",
            type(axis).__name__, f"Use x.{name}(axis={axis!r}) for the values alone."))
    indices = getattr(x, "arg" + name)(axis, keepdims=keepdims)
    return function(x, axis=axis, keepdims=keepdims), indices
