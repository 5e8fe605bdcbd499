"""MinPy's ``minpy.utils.log.get_logger``: handlers, levels, colour and streams."""
import io
import logging
import pytest
from minpy_compat.utils import log


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
