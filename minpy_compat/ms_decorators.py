"""MindSpore's graph-compiler decorators, as they behave in PyNative mode on CPU:
``ms.recompute``, ``ms.lazy_inline``, ``ms.no_inline``, ``ms.constexpr`` and
``ms.set_deterministic``. Each changes how a graph is compiled, not what it computes, so here
each runs the code as written (eager execution is already deterministic on the CPU).

>>> import minpy_compat as ms
>>> @ms.no_inline
... def twice(x):
...     return 2 * x
>>> twice(3), twice.no_inline
(6, True)
"""
import functools

from .errors import CellArgumentError, CellTypeError, ContextError, describe, message


def recompute(block, *args, use_reentrant=True, output_recompute=False, early_stop=True,
              context_fn=None, **kwargs):
    """``block(*args, **kwargs)``. MindSpore recomputes the block's forward pass during the
    backward one to save memory; the values and gradients are the same, so here it simply
    runs. With ``use_reentrant=True`` (the default) the block must be a Cell, as there."""
    from .nn.cell import Cell
    if use_reentrant and not isinstance(block, Cell):
        raise CellTypeError(message("recompute block", "a Cell (use_reentrant=True)",
                                    describe(block),
                                    "Pass use_reentrant=False to recompute a function."))
    if not callable(block):
        raise CellTypeError(message("recompute block", "a Cell or a function", describe(block)))
    return block(*args, **kwargs)


def lazy_inline(fn=None, attrs=None, policy=None):
    """Decorates a Cell's ``__init__`` so that graph mode compiles the Cell once and reuses it;
    in PyNative the Cell runs as written. As in MindSpore, it must decorate ``__init__``
    (``@lazy_inline`` or ``@lazy_inline(attrs=...)``)."""
    if attrs is not None and not isinstance(attrs, (str, list, tuple)):
        raise CellTypeError(message("lazy_inline attrs", "a str, a list/tuple of str or None",
                                    describe(attrs)))

    def decorate(function):
        if getattr(function, "__name__", None) != "__init__":
            raise CellArgumentError(message(
                "lazy_inline", "the __init__ function of a Cell",
                f"the function {getattr(function, '__name__', function)!r}",
                "Decorate the Cell's __init__."))

        @functools.wraps(function)
        def init(self, *args, **kwargs):
            function(self, *args, **kwargs)
        return init
    return decorate if fn is None else decorate(fn)


def no_inline(fn=None):
    """Marks ``fn`` (``fn.no_inline = True``) so graph mode compiles it as a separate graph;
    returns ``fn`` itself, which runs unchanged. ``@no_inline`` or ``@no_inline()``."""
    def decorate(function):
        function.no_inline = True
        return function
    return decorate if fn is None else decorate(fn)


class _ConstexprOp:
    """What ``constexpr`` returns: calling it calls the function (graph mode would fold the
    result into a constant at compile time)."""

    def __init__(self, fn, name):
        self.fn = fn
        self.name = name or fn.__name__
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def __repr__(self):
        return f"Prim[{self.name}]"


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """Turns ``fn`` into an op graph mode evaluates while compiling; in PyNative calling it
    calls ``fn``. With ``get_instance=False`` it returns the op's class instead."""
    def decorate(function):
        if not callable(function):
            raise CellTypeError(message("constexpr fn", "a function", describe(function)))
        if get_instance:
            return _ConstexprOp(function, name)
        return type(name or function.__name__, (_ConstexprOp,),
                    {"__init__": lambda self: _ConstexprOp.__init__(self, function, name)})
    return decorate if fn is None else decorate(fn)


_deterministic = {}


def set_deterministic(deterministic):
    """Ask for deterministic kernels (``get_context('deterministic')`` is then ``'ON'`` or
    ``'OFF'``). The CPU kernels here are deterministic already. As in MindSpore, it may be set
    once per process."""
    if not isinstance(deterministic, bool):
        raise CellTypeError(message("set_deterministic deterministic", "a bool",
                                    describe(deterministic)))
    if _deterministic:
        raise ContextError(message("set_deterministic", "a single call per process",
                                   "a second call", "Set it once, before running the network."))
    from .ms_context import set_context
    set_context(deterministic="ON" if deterministic else "OFF")
    _deterministic["value"] = deterministic
