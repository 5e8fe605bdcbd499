"""``minprof``: a light wall-clock profiler (MinPy's ``minpy.utils.minprof``).

Time a function with the decorator, a piece of code with a ``with`` block, then print
a table of calls, total and per-call time:

    from minpy_compat.utils.minprof import minprof

    @minprof
    def step(x):
        ...

    with minprof('load data'):
        ...
    minprof.print_stats()

Times are wall-clock (``time.perf_counter``) and inclusive: a block's time contains
the blocks and calls nested in it. A function that calls itself (or a label entered
again inside itself) counts every call but adds only the outermost call's time, so
recursion is not counted twice. Threads may time the same entry at once; the table
is updated under a lock.

>>> prof = Profiler()
>>> with prof('setup'):
...     total = sum(range(1000))
>>> prof.get_stats()['setup'][0]
1
"""
import functools
import linecache
import os
import sys
import threading
import time


class Profiler:
    """A table of timed entries: ``entry -> [calls, seconds]``. ``minprof`` is the shared one."""

    def __init__(self, clock=time.perf_counter):
        self.clock = clock  # seconds; another clock makes tests exact
        self._lock = threading.Lock()
        self._table = {}
        self._active = threading.local()  # per thread: entry -> how deep it is entered

    def __call__(self, target=None):
        """``@prof`` wraps a function; ``prof('label')`` or ``prof()`` is a ``with`` block
        (without a label, the block is named by its file, line and first statement)."""
        if callable(target):
            return self._wrap(target)
        if target is None:
            target = _caller_label(sys._getframe(1))
        return _Block(self, str(target))

    def _wrap(self, func):
        code = getattr(func, "__code__", None)
        name = getattr(func, "__qualname__", repr(func))
        entry = f"{name} ({_short(code.co_filename)}:{code.co_firstlineno})" if code else name

        @functools.wraps(func)
        def timed(*args, **kwargs):
            with _Block(self, entry):
                return func(*args, **kwargs)
        return timed

    def _enter(self, entry):
        depths = self._depths()
        depths[entry] = depths.get(entry, 0) + 1

    def _leave(self, entry, seconds):
        depths = self._depths()
        depths[entry] -= 1
        outermost = depths[entry] == 0
        with self._lock:
            row = self._table.setdefault(entry, [0, 0.0])
            row[0] += 1
            row[1] += seconds if outermost else 0.0

    def _depths(self):
        if not hasattr(self._active, "depths"):
            self._active.depths = {}
        return self._active.depths

    def get_stats(self):
        """A copy of the table: ``{entry: (calls, total seconds)}``."""
        with self._lock:
            return {entry: (calls, seconds) for entry, (calls, seconds) in self._table.items()}

    def reset(self):
        """Forget every timing."""
        with self._lock:
            self._table.clear()

    def format_stats(self):
        """The table as text, the slowest entry first (times in milliseconds)."""
        rows = sorted(self.get_stats().items(), key=lambda item: -item[1][1])
        lines = [f"{'calls':>8}  {'total ms':>12}  {'per call ms':>12}  entry"]
        for entry, (calls, seconds) in rows:
            lines.append(f"{calls:>8}  {seconds * 1e3:>12.3f}  {seconds * 1e3 / calls:>12.3f}  "
                         f"{entry}")
        if not rows:
            lines.append("(nothing timed yet)")
        return "\n".join(lines)

    def print_stats(self, stream=None):
        """Print ``format_stats()`` to ``stream`` (default: standard output)."""
        print(self.format_stats(), file=sys.stdout if stream is None else stream)


class _Block:
    """One timed ``with`` block; a fresh one per use, so blocks nest and threads share none."""

    __slots__ = ("_profiler", "_entry", "_start")

    def __init__(self, profiler, entry):
        self._profiler, self._entry = profiler, entry

    def __enter__(self):
        self._profiler._enter(self._entry)
        self._start = self._profiler.clock()
        return self

    def __exit__(self, kind, error, trace):
        self._profiler._leave(self._entry, self._profiler.clock() - self._start)
        return False


def _caller_label(frame):
    """``file:line`` of the ``with`` statement and the block's first statement."""
    filename, lineno = frame.f_code.co_filename, frame.f_lineno
    first = linecache.getline(filename, lineno + 1).strip()
    return f"{_short(filename)}:{lineno} {first}".rstrip()


def _short(filename):
    return os.path.basename(filename)


minprof = Profiler()
