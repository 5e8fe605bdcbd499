"""MinPy's ``minpy.utils`` helpers: ``minprof``, ``log.get_logger``, ``common.enforce_type``."""
import io
import logging
import math
import sys
import threading
import time

import numpy as onp
import pytest

import minpy_compat.numpy as np
from minpy_compat.array import Array
from minpy_compat.errors import ArgumentTypeError
from minpy_compat.utils import log
from minpy_compat.utils.common import enforce_type
from minpy_compat.utils.minprof import Profiler, minprof


class FakeClock:
    """A clock that moves only when told to, so the profiler's sums are exact."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


# ---- minprof ----------------------------------------------------------------------------
def test_the_shared_profiler_times_a_real_sleep():
    @minprof
    def nap():
        time.sleep(0.05)
        return "rested"

    assert nap() == "rested" and nap.__name__ == "nap"
    (entry, (calls, seconds)), = [(k, v) for k, v in minprof.get_stats().items()
                                  if k.startswith("test_the_shared_profiler_times_a_real_sleep")]
    assert calls == 1 and 0.045 <= seconds < 30  # a real elapsed time, not zero, not ticks
    assert "test_utils_minpy.py:" in entry


def test_a_with_block_is_timed_under_its_label():
    clock = FakeClock()
    prof = Profiler(clock=clock)
    for _ in range(3):
        with prof("load data"):
            clock.advance(0.5)
    assert prof.get_stats() == {"load data": (3, 1.5)}


def test_a_with_block_without_a_label_is_named_by_its_place_and_first_statement():
    prof = Profiler()
    with prof():
        total = sum(range(10))
    (entry,), = [prof.get_stats()]
    assert entry.startswith("test_utils_minpy.py:") and "total = sum(range(10))" in entry
    assert total == 45


def test_nested_blocks_each_count_their_own_inclusive_time():
    clock = FakeClock()
    prof = Profiler(clock=clock)
    with prof("outer"):
        clock.advance(1.0)
        with prof("inner"):
            clock.advance(2.0)
        clock.advance(0.25)
    assert prof.get_stats() == {"outer": (1, 3.25), "inner": (1, 2.0)}


def test_recursion_counts_every_call_and_the_outermost_time_once():
    clock = FakeClock()
    prof = Profiler(clock=clock)

    @prof
    def countdown(n):
        clock.advance(1.0)
        return countdown(n - 1) if n else 0

    countdown(3)
    (calls, seconds), = prof.get_stats().values()
    assert calls == 4 and seconds == 4.0  # not 4 + 3 + 2 + 1


def test_a_raising_block_is_still_timed_and_the_error_passes_through():
    clock = FakeClock()
    prof = Profiler(clock=clock)

    @prof
    def fails():
        clock.advance(1.0)
        raise KeyError("boom")

    for _ in range(2):
        with pytest.raises(KeyError, match="boom"):
            fails()
    (calls, seconds), = prof.get_stats().values()
    assert calls == 2 and seconds == 2.0  # the second call is an outermost call too


def test_threads_timing_the_same_entries_keep_the_table_whole():
    prof = Profiler()

    @prof
    def work():
        with prof("block"):
            pass

    def run():
        for _ in range(300):
            work()

    threads = [threading.Thread(target=run) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stats = prof.get_stats()
    assert stats["block"][0] == 2400
    assert [calls for entry, (calls, _) in stats.items() if entry != "block"] == [2400]


def test_print_stats_prints_a_table_slowest_first():
    clock = FakeClock()
    prof = Profiler(clock=clock)
    with prof("quick"):
        clock.advance(0.001)
    for _ in range(2):
        with prof("slow"):
            clock.advance(0.5)
    stream = io.StringIO()
    prof.print_stats(stream)
    header, first, second = stream.getvalue().splitlines()
    assert header.split() == ["calls", "total", "ms", "per", "call", "ms", "entry"]
    assert first.split() == ["2", "1000.000", "500.000", "slow"]
    assert second.split() == ["1", "1.000", "1.000", "quick"]


def test_print_stats_defaults_to_stdout_and_says_when_nothing_was_timed(capsys):
    prof = Profiler()
    prof.print_stats()
    assert "(nothing timed yet)" in capsys.readouterr().out


def test_reset_forgets_the_timings():
    prof = Profiler()
    with prof("x"):
        pass
    prof.reset()
    assert prof.get_stats() == {}


# ---- log.get_logger ------------------------------------------------------------------------
class TTY(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture
def fresh_name(request):
    name = f"minpy_compat.test.{request.node.name}"
    yield name
    logger = logging.getLogger(name)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)


def test_asking_twice_adds_one_handler(fresh_name):
    first = log.get_logger(fresh_name)
    again = log.get_logger(fresh_name)
    assert first is again and len(first.handlers) == 1


def test_the_default_level_is_warning_and_a_later_call_keeps_it(fresh_name):
    stream = io.StringIO()
    logger = log.get_logger(fresh_name, stream=stream)
    logger.info("hidden")
    logger.warning("shown")
    log.get_logger(fresh_name)
    assert logger.level == logging.WARNING
    assert "hidden" not in stream.getvalue() and "shown" in stream.getvalue()
    log.get_logger(fresh_name, level=log.DEBUG)
    assert logger.level == logging.DEBUG


def test_a_stream_that_is_not_a_terminal_gets_plain_lines(fresh_name):
    stream = io.StringIO()
    log.get_logger(fresh_name, stream=stream).warning("disk %d%% full", 93)
    line = stream.getvalue()
    assert "\x1b[" not in line
    assert line.startswith("W ") and line.endswith(f"{fresh_name}] disk 93% full\n")


def test_a_terminal_gets_the_tag_coloured_by_level(fresh_name, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = TTY()
    logger = log.get_logger(fresh_name, level=log.DEBUG, stream=stream)
    logger.error("bad")
    logger.info("fine")
    logger.debug("detail")
    bad, fine, detail = stream.getvalue().splitlines()
    assert bad.startswith("\x1b[31mE ") and bad.endswith("\x1b[0m bad")
    assert fine.startswith("\x1b[32mI ") and detail.startswith("\x1b[34mD ")


def test_no_color_turns_colour_off_on_a_terminal(fresh_name, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    stream = TTY()
    log.get_logger(fresh_name, stream=stream).warning("plain")
    assert "\x1b[" not in stream.getvalue()


def test_without_a_stream_it_writes_to_the_current_stderr(fresh_name, capsys):
    logger = log.get_logger(fresh_name)  # made before capsys swapped stderr in
    logger.warning("to stderr")
    assert "to stderr" in capsys.readouterr().err


def test_an_exception_is_logged_with_its_traceback(fresh_name):
    stream = io.StringIO()
    logger = log.get_logger(fresh_name, stream=stream)
    try:
        raise ValueError("why")
    except ValueError:
        logger.exception("failed")
    assert "failed\nTraceback" in stream.getvalue() and "ValueError: why" in stream.getvalue()


# ---- common.enforce_type -------------------------------------------------------------------
def test_arguments_are_converted_to_the_type():
    @enforce_type(float)
    def ratio(a, b, scale=1.0):
        return type(a), type(b), type(scale)

    assert ratio(1, onp.float32(2), scale=3) == (float, float, float)


def test_an_array_type_converts_values_not_shapes():
    @enforce_type(np.ndarray)
    def total(x):
        return x

    got = total([1.0, 2.0])
    assert type(got) is Array and got.tolist() == [1.0, 2.0]


def test_method_true_leaves_self_alone():
    class Box:
        @enforce_type(int, method=True)
        def put(self, count):
            return self, count

    box = Box()
    assert box.put(3.0) == (box, 3) and type(box.put(3.0)[1]) is int


def test_nan_converts_to_nan():
    @enforce_type(float)
    def same(x):
        return x

    assert math.isnan(same(onp.float32("nan")))


def test_a_value_that_cannot_be_converted_names_function_argument_and_types():
    @enforce_type(float)
    def scale(x, factor):
        return x * factor

    with pytest.raises(ArgumentTypeError, match=r"scale argument 1 'factor': expected float, "
                                                r"got str 'big'\. Pass a value that float\(\)"):
        scale(1.0, "big")
    with pytest.raises(TypeError, match=r"scale argument 'factor': expected float, got None"):
        scale(1.0, factor=None)


def test_a_conversion_that_would_change_the_value_is_refused():
    @enforce_type(int)
    def repeat(times):
        return times

    with pytest.raises(ArgumentTypeError, match=r"repeat argument 0 'times': expected int .*"
                                                r"got 2\.5, which would become 2\."):
        repeat(2.5)
    with pytest.raises(ArgumentTypeError, match="which would become"):
        enforce_type(float)(lambda n: n)(2 ** 60 + 1)
    assert repeat(4.0) == 4


def test_star_arguments_are_named_by_the_star():
    @enforce_type(int)
    def add(first, *rest):
        return first + sum(rest)

    assert add(1, 2.0, 3) == 6
    with pytest.raises(ArgumentTypeError, match=r"add argument 2 '\*rest': expected int"):
        add(1, 2, "three")


def test_the_wrapper_keeps_the_function_name_and_docstring():
    @enforce_type(float)
    def documented(x):
        """Doc."""
        return x

    assert documented.__name__ == "documented" and documented.__doc__ == "Doc."
    assert sys.modules[documented.__module__] is sys.modules[__name__]
