"""``mindspore.dataset.vision.utils``: the enums of ``dataset.vision``."""
from .enums import *  # noqa: F401,F403
