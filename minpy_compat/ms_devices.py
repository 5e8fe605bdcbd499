"""MindSpore's device and memory calls at the top level, for a CPU (or MXNet GPU) process.

``set_device``/``get_current_device`` name the device (once per process, as in
MindSpore 2.10); ``synchronize`` waits for nothing (NumPy is synchronous); the
``memory_*`` family reports what MindSpore's CPU backend reports, no pooled memory
(zeros); ``to_dlpack``/``from_dlpack`` trade Tensors through NumPy's DLPack support.

>>> import minpy_compat as ms
>>> tuple(ms.get_current_device())
('CPU', 0)
>>> ms.memory_allocated()
0
"""
import collections
import sys

import numpy as onp

from . import ms_context
from .errors import CellArgumentError, CellTypeError, DeviceSettingError, message

DeviceInfo = collections.namedtuple("DeviceInfo", ["device_target", "device_id"])
_TARGETS = ("CPU", "GPU", "Ascend")
_chosen = {}


def set_device(device_target, device_id=None):
    """Pick the process's device, once: ``set_device("CPU")`` (``"GPU"`` needs MXNet and a
    GPU); a second call naming another device is refused, as in MindSpore."""
    if not isinstance(device_target, str):
        raise CellTypeError(message("set_device device_target", "a str", repr(device_target)))
    if device_target not in _TARGETS:
        raise CellArgumentError(message("set_device device_target", f"one of {list(_TARGETS)}",
                                        repr(device_target)))
    wanted = DeviceInfo(device_target, 0 if device_id is None else device_id)
    if _chosen and _chosen["device"] != wanted:
        raise DeviceSettingError(message(
            "set_device", f"the device already set, {tuple(_chosen['device'])}",
            repr(tuple(wanted)), "Call set_device once per process."))
    if device_target == "Ascend":
        raise DeviceSettingError(message("set_device device_target", "'CPU' or 'GPU'",
                                         "'Ascend'", "minpy_compat has no Ascend backend."))
    ms_context.set_context(device_target=wanted.device_target, device_id=wanted.device_id)
    _chosen["device"] = wanted


def get_current_device():
    """``(device_target, device_id)`` of the calling thread's device."""
    return DeviceInfo(ms_context.get_context("device_target"),
                      ms_context.get_context("device_id"))


def synchronize():
    """Wait for queued work: there is none (NumPy computes when called)."""


def empty_cache():
    """Release cached device memory: minpy_compat keeps no memory pool."""


def memory_allocated():
    """Bytes held by MindSpore's memory pool: 0 (minpy_compat has none)."""
    return 0


max_memory_allocated = memory_reserved = max_memory_reserved = memory_allocated


def reset_max_memory_allocated():
    """Nothing to reset (no memory pool)."""


reset_max_memory_reserved = reset_peak_memory_stats = reset_max_memory_allocated


def memory_stats():
    """MindSpore's CPU answer: every counter 0, no pool blocks."""
    pool = {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}}
    return {"total_reserved_memory": 0, "total_allocated_memory": 0, "total_idle_memory": 0,
            "total_eager_free_memory": 0, "max_reserved_memory": 0, "max_allocated_memory": 0,
            "common_mem_pool_stats": dict(pool), "persistent_mem_pool_stats": dict(pool)}


def memory_summary():
    """A printable table of ``memory_stats``."""
    rows = [("Reserved memory", 0), ("Allocated memory", 0), ("Idle memory", 0),
            ("Eager free memory", 0), ("Max reserved memory", 0), ("Max allocated memory", 0)]
    rule = "|" + "=" * 45 + "|"
    lines = [rule, "|" + "Memory summary".center(45) + "|", rule]
    lines += [f"| {name:<20} | {f'{value} B':>20} |" for name, value in rows]
    return "\n".join(lines + [rule])


def set_recursion_limit(recursion_limit=1000):
    """Python's recursion limit (MindSpore's graph compiler's, which minpy_compat lacks)."""
    if not isinstance(recursion_limit, int) or isinstance(recursion_limit, bool):
        raise CellTypeError(message("set_recursion_limit", "an int", repr(recursion_limit)))
    if recursion_limit <= 0:
        raise CellArgumentError(message("set_recursion_limit", "an int > 0",
                                        repr(recursion_limit)))
    sys.setrecursionlimit(max(recursion_limit, sys.getrecursionlimit()))


class _Capsule:
    """A DLPack capsule dressed as the object ``numpy.from_dlpack`` reads."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, stream=None, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU


def to_dlpack(tensor):
    """A DLPack capsule sharing ``tensor``'s memory (consumed once by ``from_dlpack``)."""
    from .ms_functions import is_tensor
    if not is_tensor(tensor):
        raise CellTypeError(message("to_dlpack tensor", "a Tensor", type(tensor).__name__,
                                    "Wrap NumPy data with ms.Tensor(...) first."))
    data = onp.ascontiguousarray(tensor.asnumpy())
    try:
        return data.__dlpack__()
    except TypeError as err:  # NumPy before 1.25 exports no bool through DLPack
        raise CellTypeError(message(
            "to_dlpack tensor", f"a dtype NumPy {onp.__version__} exports through DLPack",
            data.dtype.name, "Cast the Tensor (bool to uint8) first.")) from err


def from_dlpack(dlpack):
    """The Tensor held by a DLPack capsule (from ``to_dlpack`` or another library)."""
    from .tensor import Tensor
    if type(dlpack).__name__ != "PyCapsule":
        raise CellTypeError(message("from_dlpack dlpack", "a DLPack capsule",
                                    type(dlpack).__name__, "Pass ms.to_dlpack(tensor)."))
    try:
        data = onp.from_dlpack(_Capsule(dlpack))
    except ValueError as err:  # NumPy's word for a capsule already consumed
        raise DeviceSettingError(message(
            "from_dlpack dlpack", "a capsule not consumed yet", "a used capsule",
            "A DLPack capsule makes one Tensor; call to_dlpack again.")) from err
    return Tensor(data)


def run_check():
    """Print the installed version and check one multiplication on the current device, as
    MindSpore's ``run_check`` does."""
    from . import __version__
    from .tensor import Tensor
    print(f"minpy_compat version:  {__version__}")
    product = (Tensor(onp.ones((2, 2), onp.float32)) * Tensor(onp.full((2, 2), 2, onp.float32)))
    if not onp.array_equal(product.asnumpy(), onp.full((2, 2), 2, onp.float32)):
        raise DeviceSettingError(message("run_check", "1 * 2 == 2 on every element",
                                         repr(product.asnumpy().tolist()),
                                         "Reinstall NumPy: its multiplication is broken."))
    target = get_current_device().device_target
    print("The result of multiplication calculation is correct, minpy_compat has been "
          f"installed on platform [{target}] successfully!")
