"""MindSpore 2.10's small runtime switches that a CPU program may call: the log level
(``get_level``, ``get_log_config``, read from the ``GLOG_*`` environment as MindSpore does),
``launch_blocking`` (kernels already run synchronously here) and the JIT syntax levels
``STRICT``/``COMPATIBLE``/``LAX`` that ``ms.JitConfig``/``set_context(jit_syntax_level=)`` take.

>>> import minpy_compat as ms
>>> ms.STRICT, ms.COMPATIBLE, ms.LAX
(0, 1, 2)
"""
import os

STRICT, COMPATIBLE, LAX = 0, 1, 2

# MindSpore reads its log settings once, when it is imported; so do we (on first use)
_LOG_KEYS = ("GLOG_v", "GLOG_logtostderr", "GLOG_log_dir", "GLOG_log_max",
             "logger_maxBytes", "logger_backupCount", "GLOG_stderrthreshold")
_DEFAULTS = {"GLOG_v": "2", "GLOG_logtostderr": "1"}
_LOG_CONFIG = {key: os.environ.get(key, _DEFAULTS.get(key)) for key in _LOG_KEYS}
_LOG_CONFIG = {key: value for key, value in _LOG_CONFIG.items() if value is not None}


def get_level():
    """The log level as MindSpore's string: ``'0'`` debug .. ``'3'`` error (default ``'2'``)."""
    return _LOG_CONFIG["GLOG_v"]


def get_log_config():
    """The ``GLOG_*`` log settings in effect (a new dict)."""
    return dict(_LOG_CONFIG)


def launch_blocking():
    """Make kernels run synchronously: they already do on minpy_compat's CPU backends."""
    return None
