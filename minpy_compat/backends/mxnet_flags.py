"""``MXArray.flags``: NumPy's ``ndarray.flags`` for a value whose data lives in MXNet.

Why not the flags of the MXArray's NumPy copy: that copy is a read-only cache (the MXNet
data is the truth), so they said WRITEABLE False although writes into an MXArray work
(they go to MXNet, see ``mxnet_writes``), and OWNDATA False for every array. These flags
describe the MXArray itself: one C-ordered MXNet buffer, writeable, owned unless the
value is a view of another one (``a[0]``, ``a.reshape(...)``, ``a.T``), as NumPy's would be.
Reading them copies nothing.

Why ``a.T`` says C_CONTIGUOUS (NumPy's ``.T`` would say F_CONTIGUOUS): MXNet has no
strides, so a transpose is a new C-ordered buffer that writes back into ``a`` (OWNDATA
False), and ``numpy.asarray(a.T)`` is C-ordered too. The flags describe the memory a
reader gets, not NumPy's stride trick; code that reads F_CONTIGUOUS to detect a
transpose should compare shapes instead.
"""
from ..errors import message

_KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "CONTIGUOUS": "c_contiguous",
         "F_CONTIGUOUS": "f_contiguous", "F": "f_contiguous", "FORTRAN": "f_contiguous",
         "OWNDATA": "owndata", "O": "owndata", "WRITEABLE": "writeable", "W": "writeable",
         "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy",
         "X": "writebackifcopy"}
_SHOWN = ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED", "WRITEBACKIFCOPY")


class MXFlags:
    """The memory layout flags of an MXArray, read like ``numpy.ndarray.flags``."""

    __slots__ = ("c_contiguous", "f_contiguous", "owndata")
    writeable = True  # a write into an MXArray reaches its MXNet data
    aligned = True
    writebackifcopy = False

    def __init__(self, array):
        set_flag = object.__setattr__
        set_flag(self, "c_contiguous", True)
        # A C-ordered buffer is Fortran-ordered too when at most one axis is longer than 1.
        set_flag(self, "f_contiguous", array.size == 0 or sum(n > 1 for n in array.shape) <= 1)
        set_flag(self, "owndata", getattr(array, "_view_of", None) is None)

    contiguous = property(lambda self: self.c_contiguous)
    fortran = property(lambda self: self.f_contiguous)
    carray = behaved = property(lambda self: self.c_contiguous)
    farray = property(lambda self: self.f_contiguous and not self.c_contiguous)
    fnc = farray
    forc = property(lambda self: self.c_contiguous or self.f_contiguous)

    def __getitem__(self, key):
        name = _KEYS.get(key.upper()) if isinstance(key, str) else None
        if name is None:
            raise KeyError(message("MXArray.flags[...]", f"one of {', '.join(_SHOWN)}",
                                   repr(key)))
        return getattr(self, name)

    def __setattr__(self, name, value):
        if name != "writeable":
            raise AttributeError(message(
                f"MXArray.flags.{name}", "a flag that can be set (writeable)",
                "an attempt to set it", "Layout flags follow from the data; they are read-only."))
        if not value:
            raise ValueError(message(
                "MXArray.flags.writeable", "True (writes into an MXArray always reach its "
                "MXNet data)", "False", "To keep data from changing, take a NumPy copy "
                "(numpy.array(a)) and make that read-only."))

    def __setitem__(self, key, value):
        name = _KEYS.get(key.upper()) if isinstance(key, str) else None
        setattr(self, name or repr(key), value)

    def __repr__(self):
        return "".join(f"  {key} : {self[key]}\n" for key in _SHOWN)
