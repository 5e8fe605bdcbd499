"""MindSpore's global settings: ``set_context(mode=..., device_target=...)``, ``set_seed``.

minpy_compat is always eager, so ``mode`` is recorded and nothing else
(``GRAPH_MODE`` code runs as PyNative would). ``device_target`` picks the current
device context: 'CPU' -> ``cpu(device_id)``, 'GPU' -> ``gpu(device_id)`` (refused
when MXNet sees no such GPU); other targets have no context here and are refused.
A call that names neither ``device_target`` nor ``device_id`` leaves the device alone.
``minpy_compat.context`` answers the same calls (MindSpore's ``from mindspore import context``).
The device is the calling thread's (``get_context('device_target')`` reads its current
context); the mode and the seed are the process's, as in MindSpore.

>>> import minpy_compat as ms
>>> ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")
>>> ms.get_context("mode") == ms.GRAPH_MODE, ms.get_context("device_target")
(True, 'CPU')
"""
import threading

import numpy as onp

from . import context as _devices
from .context import GRAPH_MODE, PYNATIVE_MODE
from .errors import ContextError, MXNetUnavailableError, message

_TARGETS = {"CPU": _devices.cpu, "GPU": _devices.gpu}
_settings = {"mode": PYNATIVE_MODE}  # the device settings are per thread: _device_settings
_local = threading.local()  # device_id: the one this thread last gave set_context
_DEVICE_KEYS = ("device_id", "device_target")


def set_context(ctx=None, **kwargs):
    """MindSpore's ``set_context(mode=..., device_target=..., device_id=...)``.

    Also takes a minpy_compat ``Context`` (``set_context(gpu(0))``), as MinPy did.
    """
    if ctx is not None:
        _devices.set_context(ctx)
        return
    mode = kwargs.get("mode", _settings["mode"])
    if isinstance(mode, bool) or mode not in (GRAPH_MODE, PYNATIVE_MODE):
        raise ContextError(message("set_context mode", "GRAPH_MODE (0) or PYNATIVE_MODE (1)",
                                   repr(mode)))
    if "device_target" not in kwargs and "device_id" not in kwargs:
        _settings.update(kwargs)  # the device stays what it is (a `with gpu(0):` block too)
        return
    target = kwargs.get("device_target", _device_settings()["device_target"])
    device_id = kwargs.get("device_id", getattr(_local, "device_id", 0))
    make = _TARGETS.get(target if not isinstance(target, str) else target.upper())
    if make is None:
        raise ContextError(message(
            "set_context device_target", "'CPU' or 'GPU' (the devices minpy_compat runs on)",
            repr(target), "minpy_compat has no Ascend backend; use device_target='CPU'."))
    ctx = make(device_id)
    if ctx.device_type == "gpu":
        _check_gpu(ctx)
    _devices.set_context(ctx)
    _local.device_id = ctx.device_id  # a later call naming only the target keeps it
    _settings.update((key, value) for key, value in kwargs.items() if key not in _DEVICE_KEYS)


def _device_settings():
    """The calling thread's device as MindSpore names it (its current context)."""
    ctx = _devices.current_context()
    return {"device_target": ctx.device_type.upper(), "device_id": ctx.device_id}


def _check_gpu(ctx):
    """A GPU target needs MXNet and a GPU it can see: refuse it here, not at the first op."""
    try:
        ctx.as_mxnet_context()
    except (MXNetUnavailableError, ContextError) as err:
        raise ContextError(message(
            "set_context device_target", f"a device this machine can compute on ({ctx})",
            "'GPU'", "Use device_target='CPU' (NumPy and MXNet on the CPU).")) from err


def get_context(attr_key):
    """A value given to ``set_context`` (or its default); the device ones are the calling
    thread's."""
    if attr_key in _DEVICE_KEYS:
        return _device_settings()[attr_key]
    if attr_key not in _settings:
        raise ContextError(message("get_context", f"one of {sorted({*_settings, *_DEVICE_KEYS})}",
                                   repr(attr_key)))
    return _settings[attr_key]


def set_seed(seed):
    """Seed the random numbers of initializers and dropout (NumPy's global generator)."""
    onp.random.seed(seed)
    _settings["seed"] = seed


def get_seed():
    """The seed ``set_seed`` last set, or None."""
    return _settings.get("seed")
