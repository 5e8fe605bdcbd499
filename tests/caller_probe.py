"""A stand-in argument for the caller-name tests: the first thing a function does with it
(``x.dtype``, ``len(x)``, ``onp.asarray(x)``, ``x + 1``, ...) records the name errors would
carry at that moment (``errors.current_caller()``) and stops the call with ``Touched``."""
from minpy_compat.errors import current_caller

RENAMED = ("ops.", "Tensor.", "mint.")  # wheres that a caller's name replaces


class Touched(Exception):
    """Raised by a Probe when it is first used."""


class Probe:
    """An argument of no type the library knows; see the module's docstring."""

    seen = []

    def _touch(self, *args, **kwargs):
        Probe.seen.append(current_caller())
        raise Touched()

    def __getattr__(self, name):
        return self._touch()


for _name in ("__array__", "__len__", "__iter__", "__float__", "__int__", "__index__",
              "__bool__", "__getitem__", "__setitem__", "__add__", "__radd__", "__mul__",
              "__rmul__", "__sub__", "__rsub__", "__truediv__", "__rtruediv__", "__neg__",
              "__lt__", "__gt__", "__le__", "__ge__", "__eq__", "__ne__", "__hash__",
              "__pow__", "__rpow__", "__matmul__", "__abs__", "__contains__",
              "__array_ufunc__", "__array_function__", "__complex__"):
    setattr(Probe, _name, Probe._touch)


def named_by(call, caller):
    """What ``call()`` says about its caller: ``"named"`` (a Probe it touched saw ``caller``,
    or its error message begins with ``caller``), ``"unnamed: ..."`` (it names something
    else beneath) or ``"unjudged: ..."`` (it raised no message of ours, or nothing)."""
    Probe.seen.clear()
    try:
        call()
    except Touched:
        return "named" if Probe.seen[0] == caller else f"unnamed: the probe saw {Probe.seen[0]}"
    except (TypeError, ValueError, IndexError, RuntimeError, KeyError, AttributeError,
            ArithmeticError) as error:
        text = str(error)
        if text.startswith((caller + " ", caller + ":")):
            return "named"
        if text.startswith(RENAMED):
            return f"unnamed: {text[:100]}"
        return f"unjudged: {type(error).__name__}: {text[:80]}"
    return "unjudged: no error"


def with_probes(function, *first, most=14):
    """``function(*first, Probe(), ...)`` with the fewest Probes it accepts (Python's own
    arity TypeError tells)."""
    def call():
        for count in range(most + 1):
            try:
                return function(*first, *[Probe() for _ in range(count)])
            except TypeError as error:
                words = str(error)
                if "positional argument" not in words or "Probe" in words:
                    raise
        raise AssertionError(f"{function!r}: no arity up to {most} accepted")
    return call
