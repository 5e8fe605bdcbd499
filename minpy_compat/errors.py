"""Exception classes and the one helper that words every user-facing message.

Every message reads ``where: expected ..., got .... How to fix.`` so a user can
find the op, argument or Cell at fault without reading a traceback.
"""
import sys
import types

# The name the user called (``Tan``, ``mint.tan``, ``Tensor.tan``, ``ops.clamp_``), found when
# a message is worded: a message whose "where" begins with the name of a function beneath
# (``ops.tan``, ``Tensor.clamp_``, ``mint.softmax``) then begins with the caller's instead.
# Nothing runs on the way in: each function the user calls by such a name is a copy with its
# own code object (``as_caller``), or a primitive's ``__call__``, and ``message`` walks the
# stack for those code objects (the outermost names the call). A context variable set on each
# call did the same for ~0.2-0.5 us a call; the walk costs a few us once an error is worded.
_CALLER_CODES = {}  # id(code) -> (code, the name; FIRST_ARGUMENT: its class's; LOCAL: `caller`)
FIRST_ARGUMENT, LOCAL = object(), object()
_RENAMED = ("ops.", "Tensor.", "mint.")


def register_caller(code, name):
    """Frames running ``code`` name their call ``name`` (or, for ``FIRST_ARGUMENT``, the class
    of the frame's first argument: a primitive's ``__call__``; for ``LOCAL``, the frame's
    local ``caller``)."""
    _CALLER_CODES[id(code)] = (code, name)


def as_caller(name, function):
    """A copy of the Python function ``function`` (same globals, defaults, closure, attributes)
    whose frames name ``name`` (see ``register_caller``); ``__wrapped__`` is the original."""
    code = function.__code__.replace()  # the same code, its own object
    copy = types.FunctionType(code, function.__globals__, function.__name__,
                              function.__defaults__, function.__closure__)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__dict__.update(function.__dict__)
    copy.__qualname__, copy.__module__ = function.__qualname__, function.__module__
    copy.__doc__, copy.__annotations__ = function.__doc__, function.__annotations__
    copy.__wrapped__ = function
    register_caller(code, name)
    return copy


def current_caller():
    """The name of the outermost call on this thread's stack that names itself, or None."""
    found = None
    frame = sys._getframe(1)
    while frame is not None:
        entry = _CALLER_CODES.get(id(frame.f_code))
        if entry is not None and entry[0] is frame.f_code:
            name = entry[1]
            if name is FIRST_ARGUMENT:
                name = type(frame.f_locals[frame.f_code.co_varnames[0]]).__name__
            elif name is LOCAL:
                name = frame.f_locals["caller"]
            found = name
        frame = frame.f_back
    return found


def describe(value):
    """A short description of a value for error messages: type, shape, dtype."""
    if isinstance(value, type):  # a class (ms.float32 is numpy.float32): its shape is a slot
        return f"class {value.__module__}.{value.__qualname__}"
    shape = getattr(value, "shape", None)
    dtype = getattr(value, "dtype", None)
    if shape is not None and dtype is not None:
        return f"{type(value).__name__} of shape {tuple(shape)} {dtype}"
    if value is None:
        return "None"
    return f"{type(value).__name__} {value!r}"[:200]


def message(where, expected, got, fix=""):
    """Word an error the house way: where, expected, got, and how to fix it."""
    if where.startswith(_RENAMED):
        caller = current_caller()
        if caller is not None:
            head, space, rest = where.partition(" ")
            where = caller + space + rest
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


class OutputTypeError(MinpyError, TypeError):
    """A differentiated function returned something that is not numbers (None, a string)."""


class TracedValueError(MinpyError, TypeError):
    """A traced value was used where its gradient would be silently lost."""


class NumpyVersionError(MinpyError, AttributeError):
    """A NumPy 2 name asked for while an older NumPy is installed (``hasattr`` stays False)."""


class MXNetUnavailableError(MinpyError, ImportError):
    """MXNet was asked for but is not installed."""


class ContextError(MinpyError, RuntimeError):
    """A device context that cannot be used on this machine."""


class PolicyError(MinpyError, RuntimeError, ValueError):
    """A dispatch policy refused to run an op (MinPy's PrimitivePolicyError, a ValueError)."""


class PolicyTypeError(BackendError, TypeError):
    """A policy given as something other than a name or a Policy object (MinPy: TypeError)."""


MXNET_INSTALL = 'pip install "mxnet==1.9.1" "numpy<1.24"'


class UnknownOptionError(MinpyError, ValueError):
    """An option, update rule or init rule that does not exist (nn toolkit)."""


class GradientCheckError(MinpyError, AssertionError):
    """A gradient disagreed with finite differences (``utils.gradient_checker``)."""


class ArgumentTypeError(MinpyError, TypeError):
    """An argument that ``utils.common.enforce_type`` could not turn into the required type."""


# ---- the Cell layer (MindSpore's API) ------------------------------------------------
# Each class subclasses the built-in MindSpore 2.10 raises for the same mistake, so
# ``except RuntimeError`` code written for MindSpore keeps working.
class CellLayerError(MinpyError):
    """Base of the Cell layer's errors."""


class BpropError(CellLayerError, RuntimeError):
    """A bprop returned too few gradients, or one of a shape that cannot fit its input."""


class BpropTypeError(CellLayerError, TypeError):
    """A bprop returned None, a non-tensor, or the wrong structure."""


class GradPositionError(CellLayerError, ValueError):
    """A negative or duplicated grad_position, or no positions and no weights."""


class GradPositionTypeError(CellLayerError, TypeError):
    """A grad_position that is not an int or a tuple of ints (or a non-bool flag)."""


class GradPositionRangeError(CellLayerError, RuntimeError):
    """A grad_position past the last argument of the call."""


class HookError(CellLayerError, TypeError):
    """A hook that is not callable, or that returned the wrong number of values."""


class HookShapeError(CellLayerError, ValueError):
    """A backward hook returned a gradient of the wrong shape."""


class InitializerError(CellLayerError, ValueError):
    """A bad initializer name, shape or argument value."""


class InitializerTypeError(CellLayerError, TypeError):
    """An initializer given something that is not a str, number, Tensor or Initializer."""


class OptimizerError(CellLayerError, ValueError):
    """An empty parameter list, a negative learning rate or a bad hyper-parameter."""


class OptimizerTypeError(CellLayerError, TypeError):
    """Optimizer parameters that are not Parameters (or group dicts)."""


class ReductionError(CellLayerError, ValueError):
    """A loss reduction other than 'mean', 'sum' or 'none'."""


class CustomOpError(CellLayerError, RuntimeError):
    """ops.Custom: no bprop for a gradient, or a kernel result that breaks its declaration."""


class CustomOpTypeError(CellLayerError, TypeError):
    """ops.Custom: a bad func/out_shape/out_dtype, or inputs of an unsupported dtype."""


class FuncTypeError(CellLayerError, ValueError):
    """ops.Custom: a func_type that is unknown or not available here."""


class CellArgumentError(CellLayerError, ValueError):
    """A bad value for an op, layer, Parameter or sensitivity argument."""


class CellTypeError(CellLayerError, TypeError):
    """A value of the wrong type for a Cell-layer property or argument."""


class ConstructMissingError(CellLayerError, AttributeError):
    """A Cell was called but its class defines no construct."""


class OpInputError(CellLayerError, RuntimeError):
    """An op called with the wrong number of inputs."""


class NonFiniteError(CellLayerError, RuntimeError):
    """CheckNumerics: a Tensor holds NaN or Inf (MindSpore: RuntimeError)."""


class MetricEmptyError(CellLayerError, RuntimeError):
    """train metrics: eval before any sample was given to update (MindSpore: RuntimeError)."""


class MetricIndexesError(CellLayerError, IndexError, ValueError):
    """train metrics: ``set_indexes`` names an input position the ``update`` call lacks
    (MindSpore raises IndexError)."""


class CheckpointShapeError(CellLayerError, RuntimeError, ValueError):
    """load_param_into_net: a checkpoint value whose shape differs from the Parameter's
    (MindSpore raises RuntimeError)."""


class DatasetPipelineError(CellLayerError, RuntimeError, ValueError):
    """dataset: a pipeline MindSpore rejects only when it runs (an unknown column, a shard
    or index out of range, epochs past ``num_epochs``): MindSpore raises RuntimeError."""


class VmapError(CellLayerError, RuntimeError, ValueError):
    """ops.vmap: bad in_axes/out_axes, or batch axes of different sizes (MindSpore raises
    RuntimeError)."""


class CellNameError(CellLayerError, KeyError):
    """A name missing from a Cell-layer table (``nn.get_activation``)."""

    def __str__(self):  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else ""


class ModulePathError(MinpyError, AttributeError):
    """A name MindSpore has at a module path (``ops.operations.Xyz``) that minpy_compat
    does not implement."""


class CommunicationError(CellLayerError, RuntimeError):
    """communication: ``init()`` without a distributed launcher, or a group call before it."""


class DeviceSettingError(CellLayerError, RuntimeError):
    """set_device called again with another device, a DLPack capsule used twice, or a
    device target this machine has no backend for."""


class FromBufferError(CellLayerError, RuntimeError):
    """frombuffer: no buffer protocol, a dtype that is not a minpy_compat dtype, or a length
    that does not fit (MindSpore raises RuntimeError for each)."""


class GetGradNotFoundError(CellLayerError, RuntimeError):
    """get_grad: no gradient for the position or Parameter asked for (MindSpore raises
    RuntimeError)."""
