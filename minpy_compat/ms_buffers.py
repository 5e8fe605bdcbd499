"""MindSpore's ``frombuffer``: a 1-D Tensor read from any object with the buffer protocol.

>>> import minpy_compat as ms
>>> import numpy as onp
>>> t = ms.frombuffer(onp.arange(4, dtype=onp.float32).tobytes(), ms.float32, count=2, offset=4)
>>> t.asnumpy()
array([1., 2.], dtype=float32)
"""
import numpy as onp

from .errors import FromBufferError, message


def frombuffer(buffer, dtype, count=-1, offset=0):
    """``count`` elements of ``dtype`` (all that fit when -1) from ``buffer``, skipping
    ``offset`` bytes; the Tensor holds a copy. Every refusal is a RuntimeError, as in
    MindSpore 2.10."""
    from . import dtype as mstype
    from .tensor import Tensor
    try:
        view = memoryview(buffer)
    except TypeError as err:
        raise FromBufferError(message(
            "frombuffer buffer", "an object with the buffer protocol (bytes, bytearray, "
            "memoryview, array)", type(buffer).__name__)) from err
    if dtype not in mstype.all_types:
        raise FromBufferError(message(
            "frombuffer dtype", "a minpy_compat dtype (ms.float32, ...)", repr(dtype)))
    size, length = onp.dtype(dtype).itemsize, view.nbytes - offset
    if offset < 0 or length < 0:
        raise FromBufferError(message(
            "frombuffer offset", f"in [0, {view.nbytes}]", repr(offset)))
    if count == 0 or (count < 0 and length == 0):
        raise FromBufferError(message(
            "frombuffer", "a count and a buffer length not 0", f"count={count}, {length} bytes"))
    if count < 0 and length % size:
        raise FromBufferError(message(
            "frombuffer buffer", f"a length after offset that is a multiple of {size} bytes",
            f"{length} bytes", "Pass count= to read fewer elements."))
    if count > 0 and count * size > length:
        raise FromBufferError(message(
            "frombuffer count", f"at most {length // size} elements ({length} bytes after "
            f"offset)", repr(count)))
    data = onp.frombuffer(view, dtype=dtype, count=count, offset=offset)
    return Tensor(data.copy())
