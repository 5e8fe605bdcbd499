"""``mindspore.train.amp``: the same functions as ``minpy_compat.amp``."""
from ..amp import *  # noqa: F401,F403
from ..amp import __all__  # noqa: F401
