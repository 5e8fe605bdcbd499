"""Device contexts: ``cpu()``, ``gpu(i)``, and the per-thread current context.

The module also answers MindSpore's ``from mindspore import context`` spelling:
``set_context(mode=..., device_target=...)``, ``get_context`` and the two run modes
(the settings themselves live in ``ms_context``).

>>> from minpy_compat.context import cpu, gpu, current_context
>>> with cpu():
...     current_context().device_type
'cpu'
>>> from minpy_compat import context
>>> context.set_context(mode=context.PYNATIVE_MODE)
>>> context.get_context("mode") == context.PYNATIVE_MODE
True
"""
import numbers
import threading

from .dispatch import _switch
from .errors import ContextError, message


class Context:
    """A device on which values live: ``Context('cpu', 0)`` or ``Context('gpu', 1)``."""

    __slots__ = ("device_type", "device_id")
    devtype2str = {1: "cpu", 2: "gpu"}  # MinPy's (and MXNet's) numeric device types
    devstr2type = {"cpu": 1, "gpu": 2}

    def __init__(self, device_type, device_id=0):
        if isinstance(device_type, Context):  # a copy, as MinPy's and MXNet's Context allow
            device_type, device_id = device_type.device_type, device_type.device_id
        if device_type not in ("cpu", "gpu"):
            raise ContextError(message("Context", "device_type 'cpu' or 'gpu'", repr(device_type),
                                       "Use cpu() or gpu(i)."))
        if isinstance(device_id, bool) or not isinstance(device_id, numbers.Integral) or \
                device_id < 0:
            raise ContextError(message(
                f"{device_type}(device_id)", "a non-negative int", repr(device_id),
                f"Number devices from 0: {device_type}(0), {device_type}(1), ..."))
        self.device_type = device_type
        self.device_id = int(device_id)

    @property
    def device_typeid(self):
        """MinPy's numeric device type: 1 for the CPU, 2 for a GPU."""
        return self.devstr2type[self.device_type]

    def __eq__(self, other):
        return (isinstance(other, Context) and other.device_type == self.device_type
                and other.device_id == self.device_id)

    def __hash__(self):
        return hash((self.device_type, self.device_id))

    def __repr__(self):
        return f"{self.device_type}({self.device_id})"

    def __enter__(self):
        _saved_stack().append(current_context())
        set_context(self)
        return self

    def __exit__(self, *exc):
        set_context(_saved_stack().pop())
        return False

    def as_mxnet_context(self):
        """This context as an ``mxnet.Context`` (imports MXNet)."""
        from .backends.mxnet_backend import mxnet_context
        return mxnet_context(self)


def cpu(device_id=0):
    """The CPU context."""
    return Context("cpu", device_id)


def gpu(device_id=0):
    """GPU ``device_id``; making one always works, computing on it needs a GPU."""
    return Context("gpu", device_id)


# MindSpore's run modes; minpy_compat is always eager, so both run as PyNative does.
GRAPH_MODE = 0
PYNATIVE_MODE = 1

_local = threading.local()
_DEFAULT = cpu()


def _saved_stack():
    stack = getattr(_local, "saved", None)
    if stack is None:
        stack = _local.saved = []
    return stack


def current_context():
    """The context of the calling thread (``cpu()`` unless set)."""
    return getattr(_local, "context", _DEFAULT)


def set_context(ctx=None, **settings):
    """Set the calling thread's context (``set_context(gpu(0))``, MinPy's call), or
    MindSpore's settings (``set_context(mode=PYNATIVE_MODE, device_target='CPU')``)."""
    if settings or ctx is None:
        from . import ms_context  # MindSpore's settings sit one layer above the devices
        ms_context.set_context(ctx, **settings)
        return
    if not isinstance(ctx, Context):
        raise ContextError(message("set_context", "a Context such as cpu() or gpu(0)", repr(ctx)))
    _local.context = ctx
    # On a GPU context the default policy runs ops on MXNet: engage the dispatcher.
    _switch.need("gpu", ctx.device_type == "gpu")


def get_context(attr_key):
    """MindSpore's ``get_context('mode')``: a value given to ``set_context`` (or its default)."""
    from . import ms_context
    return ms_context.get_context(attr_key)


# MindSpore's ``context`` also answers the parallel settings (loaded on first use)
_PARALLEL_NAMES = ("ParallelMode", "set_auto_parallel_context", "get_auto_parallel_context",
                   "reset_auto_parallel_context", "set_ps_context", "get_ps_context",
                   "reset_ps_context")


def __getattr__(name):
    if name in _PARALLEL_NAMES:
        from . import parallel_context
        return getattr(parallel_context, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
