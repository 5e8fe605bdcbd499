"""MindSpore 2.10's short dtype names at the top level (``ms.float``, ``ms.long``, ...),
loaded on first use. Their values are MindSpore's: ``ms.byte`` is int8 (as in MindSpore,
unlike ``Tensor.byte()``, which casts to uint8) and ``ms.int`` is int32."""
import numpy as onp

bool = onp.bool_  # noqa: A001 (MindSpore's names)
float = single = onp.float32  # noqa: A001
half = onp.float16
double = onp.float64
int = intc = onp.int32  # noqa: A001
long = intp = onp.int64
short = onp.int16
byte = onp.int8
ubyte = onp.uint8
ushort = onp.uint16
uintc = onp.uint32
uintp = onp.uint64
cfloat = onp.complex64
cdouble = onp.complex128
