"""Array operators that follow the dispatch policy, as MinPy's did (``a + b`` ran its
namespace's ``add``, so the policy picked the backend for operators too).

NumPy's own operators (C slots on ``Array``, lean autograd calls on ``TracedArray``) stay
in place while the dispatcher is disengaged, so the default path costs nothing more. When
``_switch.engaged`` turns on (a policy, a GPU context or op statistics), ``follow`` puts
Python operators on both classes that call ``minpy_compat.numpy``'s function, which asks
the dispatcher; when it turns off, the previous operators come back.

>>> import minpy_compat.numpy as np
>>> from minpy_compat.dispatch.policy import wrap_policy
>>> with wrap_policy('only_numpy'):
...     float((np.ones(2) + 1).sum())
4.0
"""
import threading

import numpy as onp

from . import _switch

# operator -> the facade function it calls (MinPy's ``Value._ns.<name>``)
BINARY = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide",
          "floordiv": "floor_divide", "mod": "remainder", "divmod": "divmod",
          "pow": "power", "matmul": "matmul", "and": "bitwise_and", "or": "bitwise_or",
          "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift"}
COMPARISONS = {"lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal",
               "eq": "equal", "ne": "not_equal"}
UNARY = {"neg": "negative", "abs": "absolute", "invert": "invert"}
IN_PLACE = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
            "and", "or", "xor", "lshift", "rshift")

_lock = threading.Lock()
_saved = None  # while following: {(class, name): the class's own attribute, or None}


def follow(lock=_lock, switch=_switch):  # defaults: a thread ending at exit calls this
    """Install or remove the dispatching operators to match ``_switch.engaged`` (called
    after each change; idempotent, so racing threads end in the latest state)."""
    global _saved
    with lock:
        if switch.engaged and _saved is None:
            _saved = _install()
        elif not switch.engaged and _saved is not None:
            for (cls, name), previous in _saved.items():
                if previous is None:
                    delattr(cls, name)
                else:
                    setattr(cls, name, previous)
            _saved = None


def _install():
    from ..array import Array, TracedArray
    methods = {}
    for cls in (Array, TracedArray):
        for name, function in BINARY.items():
            methods[cls, f"__{name}__"] = (_forward, function)
            methods[cls, f"__r{name}__"] = (_reflected, function)
        for name, function in COMPARISONS.items():
            if cls is Array:  # TracedArray's own comparisons call the facade (traced_array)
                methods[cls, f"__{name}__"] = (_forward, function)
        for name, function in UNARY.items():
            methods[cls, f"__{name}__"] = (_unary, function)
    for name in IN_PLACE:  # TracedArray's own in-place operators call its operators
        methods[Array, f"__i{name}__"] = (_array_in_place, BINARY[name])
    for name in ("var", "std"):  # NumPy's own squares a - a.mean() in place: on plain data
        methods[Array, name] = (_on_plain_data, None)
    methods = {(cls, name): make(cls, name, function)
               for (cls, name), (make, function) in methods.items()
               if getattr(cls, name, None) is not None}  # operators the class has
    saved = {}
    for (cls, name), method in methods.items():
        saved[cls, name] = vars(cls).get(name)
        setattr(cls, name, method)
    return saved


_facades = {}


def _facade(name):
    function = _facades.get(name)
    if function is None:
        from .. import numpy as facade
        function = _facades[name] = getattr(facade, name)
    return function


def _operand_types():
    """The operand types NumPy's operator computes with itself (anything else keeps NumPy's
    rules: an object with ``__array_ufunc__ = None`` or its own reflected operator)."""
    from ..array import Array, Number, TracedArray
    from ..backends.mxnet_array import MXArray, MXBox
    return frozenset((onp.ndarray, Array, TracedArray, MXArray, MXBox, Number, float, int,
                      bool, complex, list, tuple))


_OPERANDS = []  # filled on first use (MXArray's module imports no MXNet)


def _dispatches(self, other):
    if not _OPERANDS:
        _OPERANDS.append(_operand_types())
    from ..array import Array, TracedArray
    kind = type(other)
    return (type(self) in (Array, TracedArray) and
            (kind in _OPERANDS[0] or isinstance(other, onp.generic)))


def _forward(cls, name, function):
    previous = getattr(cls, name)  # its own, or the one it inherits

    def method(self, other):
        if not _dispatches(self, other):
            return previous(self, other)
        return _facade(function)(self, other)
    method.__name__ = method.__qualname__ = name
    return method


def _reflected(cls, name, function):
    previous = getattr(cls, name)  # its own, or the one it inherits

    def method(self, other):
        if not _dispatches(self, other):
            return previous(self, other)
        return _facade(function)(other, self)
    method.__name__ = method.__qualname__ = name
    return method


def _unary(cls, name, function):
    previous = getattr(cls, name)  # its own, or the one it inherits

    def method(self):
        if type(self) is not cls:  # a subclass (Parameter, AdoptedArray) keeps its rules
            return previous(self)
        return _facade(function)(self)
    method.__name__ = method.__qualname__ = name
    return method


def _on_plain_data(cls, name, unused):
    """NumPy's method on the plain data (its Python code uses operators, which would give
    it an MXArray), the result an Array where NumPy's was an array."""
    previous = getattr(cls, name)  # NumPy's, reading MindSpore's spellings (dim=) too

    def method(self, *args, **kwargs):
        if type(self) is not cls:
            return previous(self, *args, **kwargs)
        result = previous(self.view(onp.ndarray), *args, **kwargs)
        return result.view(cls) if type(result) is onp.ndarray else result
    method.__name__ = method.__qualname__ = name
    return method


def _array_in_place(cls, name, function):
    """``a += b`` on an Array: the op runs where the policy says, and its result is written
    into ``a`` under NumPy's same_kind rule (the array stays the one the caller holds)."""
    from autograd.tracer import isbox
    previous = getattr(cls, name)

    def method(self, other):
        if type(self) is not cls or isbox(other) or not _dispatches(self, other):
            return previous(self, other)  # a traced right-hand side: adopted (see adopted.py)
        result = onp.asarray(_facade(function)(self, other))
        onp.copyto(self.view(onp.ndarray), result, casting="same_kind")
        return self
    method.__name__ = method.__qualname__ = name
    return method
