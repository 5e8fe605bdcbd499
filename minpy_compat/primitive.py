"""The op object and ``@customop``: MinPy's way to give a function its own gradient.

>>> import numpy
>>> from minpy_compat import customop, grad
>>> @customop('numpy')
... def double(x):
...     return 2 * x
>>> _ = double.def_grad(lambda ans, x: lambda g: 2 * g)
>>> float(grad(lambda x: double(x).sum())(numpy.ones(3))[0])
2.0
"""
import functools
import types
import weakref

from autograd.builtins import DictBox, SequenceBox, make_sequence
from autograd.extend import primitive as autograd_primitive
from autograd.tracer import getval, isbox

from . import registry
from .arguments import function_name
from .array import wrap
from .backends import get_backend
from .errors import BackendError, TracedValueError, message
from .errors import NoGradientFuncError  # noqa: F401  (MinPy imported it from primitive)
from .gradient_dtypes import _carries_gradient
from .primitive_gradients import RegistersGradients, signature_of
from .substitution import OPEN as _substitutions_open, stand_in_kwargs, stand_ins

_CONTAINERS = (list, tuple, dict)


class Primitive(RegistersGradients):
    """An op: a function plus its gradient makers, one per argument number.

    Calling it runs the function on the backend's arrays ('numpy': plain
    ``numpy.ndarray``; 'mxnet': ``mxnet.nd.NDArray``) and wraps the result.
    """

    def __init__(self, func, backend="numpy", type_str="customized op"):
        self.backend = get_backend(backend, where="customop")
        self.func = func
        self.name = function_name(func)
        self.type_str = type_str
        functools.update_wrapper(self, func)
        self._signature = signature_of(func)
        self._params, self._variadic = _positional_params(self._signature)
        self.primitive = autograd_primitive(_runner(weakref.ref(self)))
        self.primitive.__name__ = self.name
        self.call_hook = None  # a backend's own way to run the op under grad (MXNet recording)
        registry.register_op(self)

    @property
    def typestr(self):
        return self.backend.NAME

    @property
    def arity(self):
        return None if self._variadic else len(self._params)

    def arg_name(self, argnum):
        if argnum < len(self._params):
            return self._params[argnum]
        return f"args[{argnum - len(self._params)}]"

    def _run(self, *args, **kwargs):
        to_backend = self.backend.to_backend
        try:
            values = [to_backend(a) for a in args]
            keywords = {k: to_backend(v) for k, v in kwargs.items()}
        except BackendError as error:  # data the backend cannot hold: say which argument
            raise BackendError(self._refusal(args, kwargs) or str(error)) from None
        return self.backend.from_backend(self.func(*values, **keywords), args)

    def _refusal(self, args, kwargs):
        where = f"{self.name} (customop({self.backend.NAME!r}))"
        named = [(f"{where} argument {argnum} {self.arg_name(argnum)!r}", value)
                 for argnum, value in enumerate(args)]
        named += [(f"{where} keyword argument {key!r}", value) for key, value in kwargs.items()]
        found = (self.backend.refusal(value, place) for place, value in named)
        return next((text for text in found if text is not None), None)

    def __call__(self, *args, **kwargs):
        if _substitutions_open[0]:  # a free function's Parameters, under grad with weights
            args, kwargs = stand_ins(args), stand_in_kwargs(kwargs) if kwargs else kwargs
        if kwargs and any(holds_trace(v) for v in kwargs.values()):
            args, kwargs = self._bind(args, kwargs)
        if self.call_hook is not None:
            return self.call_hook(args, kwargs)
        return self.plain_call(args, kwargs)

    def plain_call(self, args, kwargs):
        """The op through autograd's own primitive wrapper (what ``call_hook`` falls back to)."""
        for arg in args:  # a loop, not any(): this runs for every call of every op
            if type(arg) in _CONTAINERS:
                args = [self._sequence_argument(argnum, arg) for argnum, arg in enumerate(args)]
                break
        return _opened(self.primitive(*args, **kwargs))

    def _bind(self, args, kwargs):
        """Keyword arguments moved to their parameter's position (autograd traces positional
        arguments only), so argnums stay the function's parameter order."""
        if self._signature is None:
            return args, self._refuse_traced_keywords(kwargs)
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as err:
            raise TypeError(f"{self.name}: {err}") from None
        bound.apply_defaults()
        return bound.args, self._refuse_traced_keywords(bound.kwargs)

    def _refuse_traced_keywords(self, kwargs):
        for key, value in kwargs.items():
            if holds_trace(value):
                raise TracedValueError(message(
                    f"{self.name} keyword argument {key!r}", "a constant (a keyword-only "
                    "parameter has no argnum, so it gets no gradient)", "a traced value",
                    f"Make {key!r} a positional parameter of {self.name} and register its "
                    "gradient with def_grad(fn, argnum)."))
        return kwargs

    def _sequence_argument(self, argnum, arg):
        """A list/tuple argument holding traced values as one traced sequence (autograd's
        make_sequence), so its gradient (a list of gradients) reaches each item."""
        kind = type(arg)
        if kind not in _CONTAINERS or not holds_trace(arg):
            return arg
        if kind is dict or any(type(item) in _CONTAINERS and holds_trace(item) for item in arg):
            raise TracedValueError(message(
                f"{self.name} argument {argnum} {self.arg_name(argnum)!r}", "an array or a "
                "flat list/tuple of arrays", "a traced value inside a "
                + ("dict" if kind is dict else "nested list/tuple or dict"),
                "Pass the arrays as separate arguments or as one flat list."))
        return make_sequence(kind, *arg)

    def __get__(self, instance, owner=None):
        # An op defined in a class body binds like the function it wraps: net.f(x) is
        # f(net, x), so argnum 0 is self, as in the function's own signature.
        return self if instance is None else types.MethodType(self, instance)

    def call(self, args, kwargs):
        """MinPy's spelling of ``op(*args, **kwargs)``."""
        return self(*args, **kwargs)

    def __repr__(self):
        return f"<{self.type_str} {self.name} ({self.backend.NAME})>"

    def __reduce__(self):
        # Pickled by reference, like the function it wraps: the module-level name it has.
        return self.__qualname__


def _runner(ref):
    """``op._run`` through a weak reference: autograd's VJP table keeps the primitive for
    good, and the op must be free to go when its users drop it (``registry.register_op``)."""
    def run(*args, **kwargs):
        return ref()._run(*args, **kwargs)
    return run


def _opened(result):
    """The op's result as users see it. Under grad a tuple, list or dict result is one
    traced container: it becomes a real tuple (list, dict) of traced items, as NumPy's
    functions give, and items without float numbers (a bool mask, int indices) leave the
    trace, since they have no gradient (a traced bool would take a float one from a sum
    of outputs)."""
    kind = type(result)
    if kind is not SequenceBox and kind is not DictBox:
        return wrap(result)
    items = getval(result)
    if kind is DictBox:
        return type(items)((key, _opened(result[key]) if _carries_gradient(item)
                            else wrap(item)) for key, item in items.items())
    opened = [_opened(result[i]) if _carries_gradient(item) else wrap(item)
              for i, item in enumerate(items)]
    return type(items)(*opened) if hasattr(items, "_fields") else type(items)(opened)


def holds_trace(value):
    """Whether ``value`` is traced or holds a traced value in its lists, tuples or dicts."""
    kind = type(value)
    if kind is list or kind is tuple:
        return any(holds_trace(item) for item in value)
    if kind is dict:
        return any(holds_trace(item) for item in value.values())
    return isbox(value)


def _positional_params(signature):
    if signature is None:
        return [], True
    params = signature.parameters.values()
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    variadic = any(p.kind == p.VAR_POSITIONAL for p in params)
    return names, variadic


def customop(op_type):
    """Turn a function into an op with its own gradients (MinPy's decorator).

    ``op_type`` is ``'numpy'`` (the function sees ``numpy.ndarray``s) or
    ``'mxnet'`` (it sees ``mxnet.nd.NDArray``s). An unknown type is refused here.
    """
    get_backend(op_type, where="customop")

    def decorate(func):
        where = f"customop({op_type!r})"
        if isinstance(func, Primitive):
            raise TypeError(message(
                where, "a plain function", f"the op {func.name} (decorated twice?)",
                f"Decorate the function once; for a second op over it, decorate "
                f"{func.name}.func."))
        if not callable(func):
            raise TypeError(message(where, "a function to turn into an op", repr(func)[:200]))
        if isinstance(func, type):  # calling it would build an instance, not arrays
            raise TypeError(message(
                where, "a function to turn into an op", f"the class {func.__qualname__}",
                "Decorate a function, or a method inside the class (it binds like one)."))
        return Primitive(func, op_type)
    return decorate
