"""The one flag the NumPy facade reads on every call.

``engaged`` is False until some thread sets a non-default policy, a GPU context
or starts recording op statistics. While it is False, a facade call costs one
module-attribute read more than calling autograd directly; once True, calls go
through ``minpy_compat.dispatch.policy.run_op``, which picks the backend, and so
do Array operators (``operators.follow`` installs them while it is True).
This module imports nothing, so the facade and ``context`` can read it freely.
"""
import threading

engaged = False
_reasons = set()   # (thread id, reason) pairs that need the dispatcher
_lock = threading.RLock()  # re-entered if a thread's _Release is freed inside need()
_local = threading.local()
_followers = []  # operators.follow, once imported: told after each change of ``engaged``


class _Release:
    """Kept in a thread's local storage, which Python frees when the thread ends: then
    that thread's reasons go (a thread that set a policy and ended keeps nothing engaged)."""

    def __init__(self, ident):
        self.ident = ident

    def __del__(self, lock=_lock, reasons=_reasons, followers=_followers):  # at exit
        global engaged                                   # globals are None: defaults
        with lock:
            reasons.difference_update([key for key in reasons if key[0] == self.ident])
            before, engaged = engaged, bool(reasons)
        if before and not engaged:
            for follow in followers:
                follow()


def need(reason, on):
    """Say whether this thread needs the dispatcher for ``reason`` ('policy', 'gpu', 'stats')."""
    global engaged
    key = (threading.get_ident(), reason) if reason != "stats" else (None, reason)
    if on and key[0] is not None and getattr(_local, "release", None) is None:
        _local.release = _Release(key[0])
    with _lock:
        if on:
            _reasons.add(key)
        else:
            _reasons.discard(key)
        before, engaged = engaged, bool(_reasons)
    if engaged != before:  # the operators follow (outside the lock: the first may import)
        if not _followers:
            from .operators import follow
            _followers.append(follow)
        _followers[0]()


def run(raw, traced, args, kwargs):
    """The dispatcher, imported on first use; this name then *is* ``policy.run_op``."""
    global run
    from .policy import run_op
    run = run_op
    return run_op(raw, traced, args, kwargs)
