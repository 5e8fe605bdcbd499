"""MinPy's policy interface, bridged: a Policy subclass that defines ``decide(candidates)``
(and no ``choose``) is asked for each op with the candidate list MinPy would pass.

A candidate stands for one implementation of the op, with MinPy's ``type``
(``ArrayType.NUMPY`` or ``ArrayType.MXNET``) and ``typestr``; NumPy is always one, MXNet
where it has the op for these arguments. ``decide`` answers an ``ArrayType`` (MinPy's
answer), a candidate, ``'numpy'``/``'mxnet'``, or None (no implementation: refused).

>>> from minpy_compat.dispatch.policy import Policy
>>> from minpy_compat.dispatch.minpy_decide import ArrayType
>>> class NumPyFirst(Policy):
...     def decide(self, candidates):
...         return ArrayType.NUMPY
>>> NumPyFirst().choose('dot', True)
'numpy'
"""
import inspect

from ..errors import PolicyError, PolicyTypeError, message


class ArrayType:
    """MinPy's ``minpy.array_variants.ArrayType``."""

    NUMPY = 0
    MXNET = 1


_TYPES = {ArrayType.NUMPY: "numpy", ArrayType.MXNET: "mxnet"}


class Candidate:
    """One implementation of op ``name``, as MinPy's Primitive described it to ``decide``."""

    __slots__ = ("name", "type", "typestr")

    def __init__(self, name, typestr):
        self.name, self.typestr = name, typestr
        self.type = ArrayType.MXNET if typestr == "mxnet" else ArrayType.NUMPY

    def __repr__(self):
        return f"<Candidate {self.name} {self.typestr}>"


def bridge(cls):
    """Give ``cls`` (defining ``decide``) the ``choose`` that asks it; refuse a ``decide``
    that cannot be called with the candidate list alone."""
    try:
        inspect.signature(cls.decide).bind(None, [])
    except TypeError:
        raise PolicyTypeError(message(
            f"{cls.__name__}.decide", "decide(self, candidates), as in MinPy",
            f"decide{inspect.signature(cls.decide)}", "Define choose(self, name, has_mxnet) "
            "returning 'mxnet' or 'numpy' instead.")) from None
    except ValueError:  # no signature to read (a builtin): it is tried when called
        pass
    cls.choose = _choose_by_decide
    if "name" not in vars(cls):
        cls.name = cls.__name__  # MinPy named a policy by its class


def _choose_by_decide(self, name, has_mxnet):
    candidates = [Candidate(name, "numpy")] + ([Candidate(name, "mxnet")] if has_mxnet else [])
    answer = self.decide(candidates)
    where = f"{type(self).__name__}.decide for numpy.{name}"
    if answer is None:
        raise PolicyError(message(where, "one of the candidates' types",
                                  f"None (candidates: {[c.typestr for c in candidates]})",
                                  "Return ArrayType.NUMPY where NumPy may run the op."))
    chosen = _typestr(answer, where)
    if chosen not in [c.typestr for c in candidates]:
        raise PolicyError(message(where, f"one of {[c.typestr for c in candidates]}",
                                  repr(chosen), "Pick from the candidates given."))
    return chosen


def _typestr(answer, where):
    if isinstance(answer, Candidate):
        return answer.typestr
    if type(answer) is int and answer in _TYPES:
        return _TYPES[answer]
    if answer in ("numpy", "mxnet"):
        return answer
    raise PolicyTypeError(message(where, "ArrayType.NUMPY, ArrayType.MXNET, a candidate or "
                                  "None", repr(answer)))
