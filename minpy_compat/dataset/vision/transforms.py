"""``mindspore.dataset.vision.transforms``: the transforms of ``dataset.vision``."""
from .geometry import *  # noqa: F401,F403
from .pixels import *  # noqa: F401,F403
from .random_ops import *  # noqa: F401,F403
from .tone import *  # noqa: F401,F403
from .enums import *  # noqa: F401,F403
