"""``minpy_compat.version.__version__``, where MindSpore keeps ``mindspore.version``."""
__version__ = "0.1.0"
