"""MindSpore's top-level helpers: ``jit``/``jit_class`` (run the code as it is), ``mutable``,
``manual_seed``/``seed``/``initial_seed``, ``from_numpy``, ``is_tensor``.

>>> import minpy_compat as ms
>>> @ms.jit(jit_level='O1')
... def double(x):
...     return x * 2
>>> double(ms.Tensor([1.0])).tolist()
[2.0]
"""
import functools
import random

import numpy as onp

from .errors import CellArgumentError, CellTypeError, describe, message
from .tensor import _tensor_types

_CAPTURE_MODES = ("ast", "bytecode", "trace")
_JIT_LEVELS = ("O0", "O1")
_generator = {"initial_seed": 0}


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False,
        backend="", **options):
    """``@jit`` or ``@jit(...)``: MindSpore compiles ``function`` to a graph; here it runs
    as written (eagerly), with the same results."""
    if capture_mode not in _CAPTURE_MODES:
        raise CellArgumentError(message("jit 'capture_mode'", f"one of {list(_CAPTURE_MODES)}",
                                        repr(capture_mode)))
    _check_jit_options(jit_level, dynamic, fullgraph)
    if function is None:
        return functools.partial(jit, capture_mode=capture_mode, jit_level=jit_level,
                                 dynamic=dynamic, fullgraph=fullgraph, backend=backend,
                                 **options)
    if not callable(function):
        raise CellTypeError(message("jit 'function'", "a function or a Cell method",
                                    describe(function), "Write @jit or @jit(...)."))
    return function


def _check_jit_options(jit_level, dynamic, fullgraph):
    """MindSpore 2.10's checks of jit's options, made when ``jit`` is called."""
    if jit_level not in _JIT_LEVELS:
        raise CellArgumentError(message("jit 'jit_level'", f"one of {list(_JIT_LEVELS)}",
                                        repr(jit_level)))
    if type(dynamic) is not int:
        raise CellTypeError(message("jit 'dynamic'", "an int (0 or 1)", describe(dynamic)))
    if dynamic not in (0, 1):
        raise CellArgumentError(message("jit 'dynamic'", "0 or 1", repr(dynamic)))
    if type(fullgraph) is not bool:
        raise CellTypeError(message("jit 'fullgraph'", "a bool", describe(fullgraph)))


def jit_class(cls):
    """``@jit_class``: marks a class usable in graph mode; here the class itself."""
    if not isinstance(cls, type):
        raise CellTypeError(message("jit_class", "a class", describe(cls),
                                    "Decorate a class definition."))
    return cls


def _check_mutable(value, seen=()):
    if isinstance(value, (bool, int, float)) or isinstance(value, _tensor_types()):
        return
    if isinstance(value, (tuple, list, dict)):
        if any(value is item for item in seen):
            raise CellTypeError(message("mutable 'input_data'", "a structure without "
                                        "self-reference", "one that contains itself"))
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            _check_mutable(item, seen + (value,))
        return
    raise CellTypeError(message("mutable 'input_data'", "bool, int, float, Tensor, tuple, "
                                "list or dict (nested)", describe(value)))


def mutable(input_data, dynamic_len=False):
    """Marks ``input_data`` as a variable for graph compilation; returned unchanged here."""
    _check_mutable(input_data)
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise CellArgumentError(message("mutable 'dynamic_len'", "True only for a tuple or "
                                        "list", describe(input_data)))
    return input_data


def manual_seed(seed):
    """Seed the default random generator (NumPy's global one here); ``initial_seed()``
    returns ``seed``. ``get_seed()`` (set by ``set_seed``) is not changed, as in MindSpore."""
    if isinstance(seed, bool) or not isinstance(seed, (int, onp.integer)):
        raise CellTypeError(message("manual_seed 'seed'", "an int", describe(seed)))
    onp.random.seed(int(seed) % 2 ** 32)
    _generator["initial_seed"] = int(seed)


def seed():
    """Seed the default generator with a random number, and return that number."""
    value = random.SystemRandom().randrange(2 ** 31)
    manual_seed(value)
    return value


def initial_seed():
    """The seed the default generator last got (0 before any)."""
    return _generator["initial_seed"]


def from_numpy(array):
    """A Tensor over ``array``'s memory: writes to either show in the other."""
    if not isinstance(array, onp.ndarray):
        raise CellTypeError(message("from_numpy", "a NumPy array", describe(array),
                                    "Use ms.Tensor(data) for other data."))
    from .array import Array
    return array.view(Array)


def is_tensor(obj):
    """True for Tensors and Parameters (not for NumPy arrays, as in MindSpore)."""
    return type(obj) is not onp.ndarray and isinstance(obj, _tensor_types())
