"""``get_logger``: a ``logging`` logger with one short, coloured line per record
(MinPy's ``minpy.utils.log``).

A line reads ``W 14:03:05 name] message``: the level's letter, the time, the logger's
name. The tag is coloured (red for warnings and worse, green for info, blue for debug)
only when the stream is a terminal and ``NO_COLOR`` is not set, so files, pipes and
notebooks get plain text.

>>> import io
>>> stream = io.StringIO()
>>> logger = get_logger('minpy_compat.doctest', level=INFO, stream=stream)
>>> logger.info('ready')
>>> stream.getvalue().split('] ')[1]
'ready\\n'
"""
import logging
import os
import sys

CRITICAL, ERROR, WARNING = logging.CRITICAL, logging.ERROR, logging.WARNING
INFO, DEBUG, NOTSET = logging.INFO, logging.DEBUG, logging.NOTSET

_RESET = "\x1b[0m"


def _colour(level):
    if level >= WARNING:
        return "\x1b[31m"
    return "\x1b[32m" if level >= INFO else "\x1b[34m"


class _Formatter(logging.Formatter):
    """``L HH:MM:SS name] message``, the tag coloured when ``colour`` is set."""

    def __init__(self, colour):
        super().__init__(datefmt="%H:%M:%S")
        self.colour = colour

    def format(self, record):
        tag = f"{record.levelname[:1]} {self.formatTime(record, self.datefmt)} {record.name}]"
        if self.colour:
            tag = f"{_colour(record.levelno)}{tag}{_RESET}"
        text = f"{tag} {record.getMessage()}"
        if record.exc_info:
            text = f"{text}\n{self.formatException(record.exc_info)}"
        return text


class ColourHandler(logging.StreamHandler):
    """A stream handler that colours its tags only when its stream is a terminal.

    Without a stream it writes to whatever ``sys.stderr`` is at the time of each
    record (so redirecting or capturing stderr later still works).
    """

    def __init__(self, stream=None):
        logging.Handler.__init__(self)
        self._fixed_stream = stream

    @property
    def stream(self):
        return sys.stderr if self._fixed_stream is None else self._fixed_stream

    @stream.setter
    def stream(self, value):  # logging.StreamHandler.setStream assigns it
        self._fixed_stream = value

    def format(self, record):
        return _Formatter(colour=_wants_colour(self.stream)).format(record)


def _wants_colour(stream):
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and not getattr(stream, "closed", False) and isatty())


def get_logger(name=None, level=None, stream=None):
    """The logger ``name`` with one ``ColourHandler`` (to ``stream``, default stderr).

    The first call sets its level (``level``, default ``WARNING``); a later call with
    the same name returns the same logger without adding a second handler, and sets
    the level only when one is given. A named logger stops passing its records up to
    the root logger, which prints each line a second time once ``logging.basicConfig``
    has run; set ``logger.propagate = True`` to send them there as well.
    """
    logger = logging.getLogger(name)
    ours = [h for h in logger.handlers if isinstance(h, ColourHandler)]
    if not ours:
        logger.addHandler(ColourHandler(stream))
        logger.setLevel(WARNING if level is None else level)
        logger.propagate = name is None  # the root logger has no parent to pass to
        return logger
    if stream is not None:
        ours[0].setStream(stream)
    if level is not None:
        logger.setLevel(level)
    return logger
