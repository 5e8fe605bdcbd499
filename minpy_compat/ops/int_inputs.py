"""Int inputs under a gradient pass.

MindSpore differentiates an Int32 input (``x * x`` gives ``[2 4]``), so ``differentiate``
traces it as a float64 stand-in; the ops that index with a Tensor (``nn.Embedding``,
``ops.gather``, ``ops.one_hot``, class-index labels) still need the ints, and
``index_data`` gives them back: the original int array for a stand-in (its gradient is
then zero, as MindSpore's Gather bprop gives indices), the value itself otherwise.
"""

import numpy as onp
from autograd.tracer import getval

_stand_ins = {}  # id(float64 stand-in) -> (stand-in, the int array it stands for)


class float_stand_ins:
    """``with float_stand_ins(values) as out:`` ``values`` with int arrays as float64 copies,
    remembered while the block runs (a class, not a generator: every gradient pass opens
    one)."""

    __slots__ = ("values", "mine")

    def __init__(self, values):
        self.values, self.mine = values, []

    def __enter__(self):
        out, mine = [], self.mine
        for value in self.values:
            raw = getval(value)
            dtype = getattr(raw, "dtype", None)
            if dtype is not None and dtype.kind in "iub":
                stand_in = value.astype(onp.float64)
                if value is raw:  # a traced int (higher order) stays a plain cast
                    _stand_ins[id(stand_in)] = (stand_in, value)
                    mine.append(id(stand_in))
                value = stand_in
            out.append(value)
        return out

    def __exit__(self, exc_type, exc, traceback):
        for key in self.mine:
            _stand_ins.pop(key, None)
        return False


def int_original(value):
    """The int array ``value`` (traced or not) stands in for, or None if it stands for none.
    ``TracedArray.__array__`` gives it to NumPy, so that a Tensor indexed by an int input
    (``w[labels]``) reads the ints, as it does outside the pass."""
    raw = getval(value)
    entry = _stand_ins.get(id(raw))
    if entry is not None and entry[0] is raw:
        return onp.asarray(entry[1])
    return None


def index_data(value):
    """The concrete array of ``value``; the int original if it is a traced int input."""
    original = int_original(value)
    return onp.asarray(getval(value)) if original is None else original
