"""Exception classes and the one helper that words every user-facing message.

Every message reads ``where: expected ..., got .... How to fix.`` so a user can
find the op, argument or Cell at fault without reading a traceback.
"""
import contextvars

# The name the user called (``Tan``, ``mint.tan``, ``Tensor.tan``, ``ops.clamp_``) while a
# primitive, a ``mint`` function, a Tensor method or a functional in-place op runs the code
# beneath it (set by ``ops.checks.calling_as``): a message whose "where" begins with the name
# of a function beneath (``ops.tan``, ``Tensor.clamp_``, ``mint.softmax``) then begins with
# the caller's instead.
CALLER = contextvars.ContextVar("minpy_compat_caller", default=None)
_RENAMED = ("ops.", "Tensor.", "mint.")


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
    caller = CALLER.get()
    if caller is not None and where.startswith(_RENAMED):
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


class GetGradNotFoundError(CellLayerError, RuntimeError):
    """get_grad: no gradient for the position or Parameter asked for (MindSpore raises
    RuntimeError)."""
