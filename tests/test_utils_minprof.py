"""MinPy's ``minpy.utils.minprof``: the profiler's timings and its table."""
import io
import threading
import time
import pytest
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
    assert "test_utils_minprof.py:" in entry


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
    assert entry.startswith("test_utils_minprof.py:") and "total = sum(range(10))" in entry
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
