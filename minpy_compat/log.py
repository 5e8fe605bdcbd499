"""MindSpore's ``log`` module (``from mindspore import log as logger``): ``debug``, ``info``,
``warning``, ``error``, ``critical`` print MindSpore's line format to stderr,
``[WARNING] ME(pid:thread,process):time [file:line] message``, for the levels that
``GLOG_v`` lets through (``'2'``, warnings and above, unless set).

>>> from minpy_compat import log as logger
>>> logger.get_level()
'2'
"""
import logging
import sys
import time

from .ms_runtime_flags import get_level, get_log_config

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR,
           "4": logging.CRITICAL}


class _MindSporeFormat(logging.Formatter):
    def format(self, record):
        stamp = time.strftime("%Y-%m-%d-%H:%M:%S", time.localtime(record.created))
        return (f"[{record.levelname}] ME({record.process}:{record.thread},"
                f"{record.processName}):{stamp}.{int(record.msecs):03d}.000 "
                f"[{record.pathname}:{record.lineno}] {record.getMessage()}")


def _logger():
    """The package's logger, set up once from the ``GLOG_*`` settings."""
    logger = logging.getLogger("minpy_compat")
    if not getattr(logger, "_mindspore_format", False):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(_MindSporeFormat())
        logger.addHandler(handler)
        logger.setLevel(_LEVELS.get(get_level(), logging.WARNING))
        logger.propagate = False
        logger._mindspore_format = True
    return logger


def debug(msg, *args, **kwargs):
    _logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs):
    _logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs):
    _logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs):
    _logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs):
    _logger().critical(msg, *args, stacklevel=2, **kwargs)


__all__ = ["critical", "debug", "error", "get_level", "get_log_config", "info", "warning"]
