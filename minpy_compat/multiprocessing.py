"""MindSpore's ``multiprocessing`` (``from mindspore import multiprocessing as mp``): Python's
own module under MindSpore's name. MindSpore wraps ``Pool`` and ``Process`` to restart its
device runtime in a forked child; minpy_compat has no such state, and Tensors pickle as the
NumPy arrays they are, so the standard classes serve as they are.

>>> from minpy_compat import multiprocessing as mp
>>> mp.cpu_count() >= 1
True
"""
import multiprocessing as _standard
from multiprocessing import *  # noqa: F401,F403 -- the module's public names, as MindSpore

__all__ = [name for name in dir(_standard) if not name.startswith("_")]
