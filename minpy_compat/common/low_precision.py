"""MindSpore's dtypes that NumPy has no type for (``bfloat16``, the float8 formats,
``qint4x2``): the names exist, so code that only mentions them runs, but data of these
types is refused with a clear error wherever NumPy is asked for the type.

>>> import minpy_compat as ms
>>> ms.bfloat16
mindspore.bfloat16
>>> try:
...     ms.Tensor([1.0], ms.bfloat16)
... except TypeError as error:
...     print(str(error)[:50])
bfloat16: expected a dtype NumPy can hold, got min
"""


class UnsupportedDtype:
    """A MindSpore dtype object with no NumPy type: printing and comparing work; using it for
    data (``numpy.dtype(t)``, ``Tensor(x, t)``, ``.astype(t)``) raises ``TypeError``."""

    def __init__(self, name, printed):
        self.name, self._printed = name, printed

    def __repr__(self):
        return f"mindspore.{self.name}"

    def __str__(self):
        return self._printed

    @property
    def dtype(self):  # what numpy.dtype(obj) asks for
        raise TypeError(f"{self.name}: expected a dtype NumPy can hold, got {self!r}, which "
                        "NumPy has no type for. Use float32 (or float16) data.")


bfloat16 = UnsupportedDtype("bfloat16", "BFloat16")
float8_e4m3fn = UnsupportedDtype("float8_e4m3fn", "Float8E4M3FN")
float8_e5m2 = UnsupportedDtype("float8_e5m2", "Float8E5M2")
hifloat8 = UnsupportedDtype("hifloat8", "HiFloat8")
qint4x2 = UnsupportedDtype("int4", "Int4")
