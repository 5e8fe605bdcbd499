"""MindSpore 2.10's ``nn.no_init_parameters``: a context in which Cells are built without
drawing their Parameters' initial values (they are drawn by ``init_parameters_data`` or on
first read, or replaced by ``load_checkpoint``).

minpy_compat draws a Parameter's values when it is made, so the block changes no result a
program can see except the random stream: MindSpore draws deferred values later, in a
different order (an accepted difference; our random streams are not MindSpore's anyway).

>>> from minpy_compat import nn
>>> with nn.no_init_parameters():
...     net = nn.Dense(3, 2)
>>> sorted(p.name for p in net.init_parameters_data())
['bias', 'weight']
"""
import contextlib


@contextlib.contextmanager
def no_init_parameters():
    """Build Cells inside the block; their Parameters are usable at once."""
    yield
