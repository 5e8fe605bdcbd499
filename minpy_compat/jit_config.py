"""MindSpore's ``JitConfig``: the compile options of ``jit``/``Cell.set_jit_config``.

minpy_compat is always eager, so the options are checked (MindSpore 2.10's choices) and
kept in ``jit_config_dict`` for code that reads them back; nothing is compiled.

>>> import minpy_compat as ms
>>> ms.JitConfig(jit_level="O1").jit_config_dict["backend"]
'ms_backend'
"""
from .errors import CellArgumentError, message

_CHOICES = {"jit_level": ("", "O0", "O1", "O2"), "exc_mode": ("auto", "sink", "no_sink"),
            "jit_syntax_level": ("", "STRICT", "LAX"), "debug_level": ("RELEASE", "DEBUG"),
            "infer_boost": ("on", "off")}


class JitConfig:
    """Compile options: ``jit_level`` ('O0', 'O1', 'O2'), ``exc_mode``,
    ``jit_syntax_level``, ``debug_level``, ``infer_boost``; other keywords are kept."""

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="",
                 debug_level="RELEASE", infer_boost="off", **kwargs):
        given = {"jit_level": jit_level, "exc_mode": exc_mode,
                 "jit_syntax_level": jit_syntax_level, "debug_level": debug_level,
                 "infer_boost": infer_boost}
        for key, value in given.items():
            if value not in _CHOICES[key] or not isinstance(value, str):
                shown = [choice for choice in _CHOICES[key] if choice]
                raise CellArgumentError(message(f"JitConfig {key}", f"one of {shown}",
                                                repr(value)))
        self.jit_config_dict = dict(kwargs)
        self.jit_config_dict.update(given)
        if jit_level:  # MindSpore names the backend a level runs on
            self.jit_config_dict["backend"] = "GE" if jit_level == "O2" else "ms_backend"
