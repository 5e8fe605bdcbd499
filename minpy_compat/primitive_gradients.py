"""How an op takes its gradients: ``def_grad``, ``def_grad_zero``, ``def_multiple_grad``
(MinPy's API), each checked when it is called (an argnum the op lacks, a maker that
cannot take ``(ans, *args)``) and each returning the op, so calls chain. ``Primitive``
(``primitive.py``) inherits them; the makers go into ``registry``'s table.
"""
import inspect
import numbers

from . import registry
from .arguments import function_name
from .errors import ArgnumError, message


class RegistersGradients:
    """The gradient registration methods of ``Primitive``. They read the op's ``name``,
    ``backend``, ``_signature``, ``_params`` (positional parameter names) and
    ``_variadic`` (whether it takes ``*args``)."""

    def _check_argnum(self, argnum, method):
        """``argnum`` as an int (NumPy's integers accepted), refused when out of range."""
        if isinstance(argnum, bool) or not isinstance(argnum, numbers.Integral) or argnum < 0 or (
                not self._variadic and argnum >= len(self._params)):
            names = ", ".join(self._params)
            span = (f"0..{len(self._params) - 1} ({names})" if self._params
                    else "none (no arguments)")
            if self._variadic:
                span = "a non-negative int"
            raise ArgnumError(message(f"{self.name}.{method}", f"argnum {span}", repr(argnum),
                                      self._argnum_fix(argnum)))
        return int(argnum)

    def _argnum_fix(self, argnum):
        """How to fix an argnum given as a parameter's name (MinPy's argnums are positions)."""
        if not isinstance(argnum, str):
            return ""
        if argnum in self._params:
            return f"argnum is a position: argnum={self._params.index(argnum)} for {argnum!r}."
        if self._signature is not None and argnum in self._signature.parameters:
            return (f"{argnum!r} is keyword-only, so it has no argnum and gets no gradient: "
                    f"make it a positional parameter of {self.name}.")
        return ""

    def def_grad(self, func, argnum=0):
        """Register ``func(ans, *args, **kwargs) -> (g -> gradient of argument argnum)``."""
        argnum = self._check_argnum(argnum, "def_grad")
        self._check_maker(func, f"{self.name}.def_grad")
        registry.set_grad(self, argnum, func)
        return self

    def def_grad_zero(self, argnum=0):
        """Declare that argument ``argnum`` gets a zero gradient."""
        argnum = self._check_argnum(argnum, "def_grad_zero")
        registry.set_grad(self, argnum, _zero_maker(argnum, self.backend))
        return self

    def def_multiple_grad(self, func, argnums=(0,)):
        """Register one ``func(ans, *args) -> (g -> tuple of gradients, one per argnum)``."""
        where = f"{self.name}.def_multiple_grad"
        if not isinstance(argnums, (tuple, list, range)) or not argnums:
            raise ArgnumError(message(
                where, "argnums, a non-empty tuple of ints", repr(argnums),
                "For one argument use def_grad(fn, argnum), or pass argnums=(argnum,) and "
                "return a 1-tuple."))
        argnums = tuple(self._check_argnum(argnum, "def_multiple_grad") for argnum in argnums)
        twice = sorted({argnum for argnum in argnums if argnums.count(argnum) > 1})
        if twice:
            raise ArgnumError(message(where, "distinct argnums", f"{argnums} (repeats "
                                      f"{', '.join(map(str, twice))})", "List each argnum once."))
        self._check_maker(func, f"{self.name}.def_multiple_grad")
        registry.set_multiple_grad(self, argnums, func)
        return self

    def _check_maker(self, func, where):
        """A maker must take ``(ans, *args)``: all the op's positional parameters, or at
        least the ones without a default."""
        _check_callable(func, where)
        signature = signature_of(func)
        if self._variadic or signature is None:
            return
        required = [p for p in self._signature.parameters.values()
                    if p.name in self._params and p.default is p.empty]
        if not any(_binds(signature, 1 + count) for count in (len(self._params), len(required))):
            params = ", ".join(["ans", *self._params])
            raise TypeError(message(
                where, f"a gradient maker taking ({params})", f"{function_name(func)}{signature}",
                f"Write it as lambda {params}: lambda g: ..."))

    def def_grad_kw(self, func, key):
        """MinPy's keyword gradients: ``def_grad(func, argnum)`` for the parameter named
        ``key`` (a value passed by keyword counts at its parameter's position)."""
        if isinstance(key, str) and key in self._params:
            return self.def_grad(func, argnum=self._params.index(key))
        names = ", ".join(map(repr, self._params)) or "none"
        raise ArgnumError(message(
            f"{self.name}.def_grad_kw", f"the name of a positional parameter ({names})",
            repr(key), self._argnum_fix(key) or "Name one of the op's parameters."))


def _zero_maker(argnum, backend):
    # A backend with its own arrays (MXNet) says how to make zeros of them.
    zeros_like = getattr(backend, "zeros_like", None)

    def maker(ans, *args, **kwargs):
        if zeros_like is not None:
            return lambda g: zeros_like(args[argnum])
        from . import numpy as np
        return lambda g: np.zeros_like(args[argnum])
    return maker


def _check_callable(func, where):
    if not callable(func):
        raise TypeError(message(where, "a callable gradient maker fn(ans, *args) -> (g -> grad)",
                                repr(func)))


def _binds(signature, count):
    try:
        signature.bind(*range(count))
    except TypeError:  # bind's way to say the count does not fit
        return False
    return True


def signature_of(func):
    try:
        return inspect.signature(func)
    except (TypeError, ValueError):
        return None
