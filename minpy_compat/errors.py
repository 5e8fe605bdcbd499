"""Exception classes and the one helper that words every user-facing message.

Every message reads ``where: expected ..., got .... How to fix.`` so a user can
find the op, argument or Cell at fault without reading a traceback.
"""


def describe(value):
    """A short description of a value for error messages: type, shape, dtype."""
    shape = getattr(value, "shape", None)
    dtype = getattr(value, "dtype", None)
    if shape is not None and dtype is not None:
        return f"{type(value).__name__} of shape {tuple(shape)} {dtype}"
    if value is None:
        return "None"
    return f"{type(value).__name__} {value!r}"[:200]


def message(where, expected, got, fix=""):
    """Word an error the house way: where, expected, got, and how to fix it."""
    text = f"{where}: expected {expected}, got {got}."
    return f"{text} {fix}".rstrip()


class MinpyError(Exception):
    """Base of every minpy_compat error, so one ``except`` catches them all."""


class BackendError(MinpyError, ValueError):
    """An unknown backend or policy name."""


class ArgnumError(MinpyError, ValueError):
    """An argnum outside a function's signature."""


class NoGradientFuncError(MinpyError, ValueError):
    """A gradient was needed for an argument that has none registered (MinPy's name)."""


class GradientShapeError(MinpyError, ValueError):
    """A registered gradient came back with the wrong shape or dtype."""


class NonScalarOutputError(MinpyError, TypeError):
    """A scalar output was required and the function returned something else."""


class TracedValueError(MinpyError, TypeError):
    """A traced value was used where its gradient would be silently lost."""


class MXNetUnavailableError(MinpyError, ImportError):
    """MXNet was asked for but is not installed."""


class ContextError(MinpyError, RuntimeError):
    """A device context that cannot be used on this machine."""


class PolicyError(MinpyError, RuntimeError):
    """A dispatch policy refused to run an op (MinPy's PrimitivePolicyError)."""


MXNET_INSTALL = 'pip install "mxnet==1.9.1" "numpy<1.24"'


class UnknownOptionError(MinpyError, ValueError):
    """An option, update rule or init rule that does not exist (nn toolkit)."""


class GradientCheckError(MinpyError, AssertionError):
    """A gradient disagreed with finite differences (``utils.gradient_checker``)."""
