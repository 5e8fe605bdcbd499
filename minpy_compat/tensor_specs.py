"""``Tensor(shape=..., dtype=...)`` without data, as MindSpore makes it: a static shape
gives zeros of that dtype; a shape with unknown dimensions (``None`` or -1; ``shape=None``
or ``[-2]`` for an unknown rank) gives a ``DynamicShapeTensor``, the input description that
``Cell.set_inputs`` takes for graph mode. It has a shape and a dtype but no values.

Accepted difference: MindSpore's placeholder is a Tensor (``isinstance(t, Tensor)``) and
ops on it give more placeholders; ours is a separate small class that only describes.

>>> import minpy_compat as ms
>>> ms.Tensor(shape=(2,), dtype=ms.int32).tolist()
[0, 0]
>>> ms.Tensor(shape=[None, 3], dtype=ms.float32)
Tensor(shape=[-1, 3], dtype=Float32, value=
)
"""
import numpy as onp

from .errors import CellArgumentError, CellTypeError, describe, message

UNKNOWN_RANK = (-2,)


def is_dynamic(shape):
    """Whether ``shape`` leaves a dimension (or the rank) unknown."""
    if shape is None:
        return True
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    return any(d is None or (isinstance(d, int) and d < 0) for d in dims)


class DynamicShapeTensor:
    """A Tensor's description (shape with -1 for unknown dimensions, dtype), no values."""

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = onp.dtype(dtype)

    @property
    def ndim(self):
        return len(self.shape)

    def asnumpy(self):
        raise CellArgumentError(message(
            "Tensor.asnumpy", "a Tensor with values", f"a dynamic-shape Tensor {list(self.shape)}",
            "Tensor(shape=..., dtype=...) with unknown dimensions only describes inputs "
            "(Cell.set_inputs)."))

    def __repr__(self):
        from .dtype import pretty
        return f"Tensor(shape={list(self.shape)}, dtype={pretty(self.dtype)}, value=\n)"


def tensor_without_data(shape, dtype, init):
    """What ``Tensor(shape=shape, dtype=dtype, init=init)`` with no input_data gives."""
    if shape is None and dtype is None and init is None:
        raise CellTypeError(message("Tensor", "input_data (a number, list or array)", "None",
                                    "Pass data, or shape= and dtype= (or init=) together."))
    if is_dynamic(shape):
        if dtype is None or init is not None:
            raise CellArgumentError(message(
                "Tensor with a dynamic shape", "a dtype and no init",
                f"dtype={dtype!r}, init={init!r}"))
        dims = UNKNOWN_RANK if shape is None else tuple(
            -1 if d is None else int(d) for d in ((shape,) if isinstance(shape, int) else shape))
        return DynamicShapeTensor(UNKNOWN_RANK if -2 in dims else dims, dtype)
    if dtype is None:
        raise CellTypeError(message("Tensor", "input_data, or a dtype with shape=",
                                    f"shape={shape!r} and no dtype"))
    from .tensor import as_tensor
    return as_tensor(onp.zeros(shape, dtype), dtype)
