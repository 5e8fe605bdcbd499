"""Op statistics (MinPy's ``record_op_stat`` / ``show_op_stat``): calls per backend, copies.

Calls are counted only while recording (recording engages the dispatcher); NumPy<->MXNet
copies are always counted by the MXNet backend, and reported here.

The counts are one table for the process, not one per thread (MinPy kept one, and a
profile of a program is read as a whole): calls made by every thread, under each thread's
own policy, are added up; ``record_op_stat()`` in any thread resets them and
``record_op_stat(False)`` stops counting for all. To see one thread's calls, record
while only it runs.
"""
import threading

from . import _switch


class OpStats:
    """Per-op call counts by backend, shared by all threads."""

    def __init__(self):
        self.recording = False
        self.calls = {}
        self._lock = threading.Lock()

    def count(self, name, backend):
        if self.recording:
            with self._lock:
                per_op = self.calls.setdefault(name, {"numpy": 0, "mxnet": 0})
                per_op[backend] += 1


STATS = OpStats()


def _copies():
    import sys
    backend = sys.modules.get("minpy_compat.backends.mxnet_backend")
    return backend.COPIES if backend is not None else None


def record_op_stat(on=True):
    """Start (or with ``on=False`` stop) counting op calls; resets the counts and copies."""
    STATS.calls = {}
    copies = _copies()
    if copies is not None:
        copies.reset()
    STATS.recording = bool(on)
    _switch.need("stats", bool(on))


def op_stat():
    """The counts as a dict: ``{'calls': {op: {'numpy': n, 'mxnet': m}}, 'copies': {...}}``."""
    copies = _copies()
    return {"calls": {k: dict(v) for k, v in STATS.calls.items()},
            "copies": dict(copies.counts) if copies else {"numpy->mxnet": 0, "mxnet->numpy": 0},
            "copy_seconds": dict(copies.seconds) if copies else {},
            "copy_bytes": dict(copies.nbytes) if copies else {}}


def show_op_stat():
    """Print a table of op calls per backend and NumPy<->MXNet copies; return its text."""
    stat = op_stat()
    lines = [f"{'op':<20}{'numpy':>8}{'mxnet':>8}"]
    for name, per in sorted(stat["calls"].items()):
        lines.append(f"{name:<20}{per['numpy']:>8}{per['mxnet']:>8}")
    total_np = sum(p["numpy"] for p in stat["calls"].values())
    total_mx = sum(p["mxnet"] for p in stat["calls"].values())
    share = 100.0 * total_mx / max(1, total_np + total_mx)
    lines.append(f"{'total':<20}{total_np:>8}{total_mx:>8}   ({share:.1f}% in MXNet)")
    for direction, count in stat["copies"].items():
        seconds = stat["copy_seconds"].get(direction, 0.0)
        lines.append(f"copies {direction}: {count} ({seconds * 1e3:.2f} ms)")
    text = "\n".join(lines)
    print(text)
    return text
