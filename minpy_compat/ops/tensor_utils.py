"""MindSpore 2.10's utility Tensor methods: dtype moves (``to``, ``type``, ``type_as``,
``byte``, ``short``, ``bfloat16``), new Tensors like this one (``new_zeros``, ...),
shapes (``view_as``, ``reshape_as``), facts (``ndimension``, ``stride``,
``storage_offset``, ``is_signed``), copies (``numpy``, ``clone``, ``contiguous``,
``value``) and gradient hooks (``register_hook`` / ``remove_hook``).

``register_hook(fn)`` works on a value inside the function being differentiated and on a
Tensor outside it (as in MindSpore's ``ms.grad``): ``fn(grad)`` sees the gradient reaching
the Tensor and may return a replacement (None keeps it). It returns a handle whose
``remove()`` (or ``x.remove_hook(handle)``) turns the hook off before the backward pass
runs (``tensor_hooks.py``).

>>> import minpy_compat as ms
>>> def f(x):
...     y = x * 3
...     _ = y.register_hook(lambda g: g * 2)
...     return (y * y).sum()
>>> ms.grad(f)(ms.Tensor([1.0, 2.0]))
array([36., 72.], dtype=float32)
"""
import numbers

import numpy as onp
from autograd.tracer import getval, isbox

from ..errors import CellArgumentError, CellTypeError, HookError, describe, message
from .hooks import check_hook
from .tensor_hooks import HookHandle, hook_leaf, hook_traced


def _dtype(where, dtype):
    """A NumPy dtype from a dtype, a NumPy type or its name ('float64')."""
    if isinstance(dtype, str) and dtype.lower() in ("bfloat16", "mindspore.bfloat16"):
        _no_bfloat16(where)
    try:
        return onp.dtype(dtype)
    except TypeError:
        raise CellTypeError(message(f"{where} dtype", "a dtype (ms.float32, 'float64', ...)",
                                    describe(dtype))) from None


def _no_bfloat16(where):
    raise CellTypeError(message(where, "a dtype NumPy has", "bfloat16 (NumPy has none)",
                                "Use x.half() (float16) or x.float() (float32)."))


def to(self, *args, dtype=None, non_blocking=False, copy=False):
    """A copy in ``dtype`` (a device name like 'cpu' before it is accepted and ignored)."""
    args = list(args)
    if args and isinstance(args[0], str) and args[0].split(":")[0].lower() in (
            "cpu", "gpu", "ascend", "npu", "cuda"):
        args.pop(0)
    if len(args) > 1 or (args and dtype is not None):
        raise CellArgumentError(message("Tensor.to", "a device and/or one dtype",
                                        f"{len(args) + (dtype is not None)} dtypes"))
    dtype = args[0] if args else dtype
    if dtype is None:
        return self.copy() if copy else self
    dtype = _dtype("Tensor.to", dtype)
    if dtype == getval(self).dtype and not copy:
        return self
    return self.astype(dtype)


def to_(self, device=None, non_blocking=False):
    """In place move to ``device``: this Tensor itself (its data is always on the CPU)."""
    if device is not None and not (isinstance(device, str) and device.split(":")[0].lower() in
                                   ("cpu", "gpu", "ascend", "npu", "cuda")):
        raise CellArgumentError(message("Tensor.to_ device", "None or a device name ('cpu', "
                                        "'Ascend', ...)", describe(device)))
    return self


def type(self, dtype=None):
    """The dtype's MindSpore name ('Float32') with no argument, else a copy in ``dtype``."""
    if dtype is None:
        from ..dtype import pretty
        return pretty(getval(self).dtype)
    return self.astype(_dtype("Tensor.type", dtype))


def type_as(self, other):
    """A copy in ``other``'s dtype."""
    if not hasattr(getval(other), "dtype"):
        raise CellTypeError(message("Tensor.type_as other", "a Tensor", describe(other)))
    return self.astype(getval(other).dtype)


def _size(where, size):
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        size = (size,)
    if not isinstance(size, (tuple, list)) or not all(
            isinstance(s, numbers.Integral) and not isinstance(s, bool) and s >= 0
            for s in size):
        raise CellTypeError(message(f"{where} size", "an int or a tuple/list of ints >= 0",
                                    describe(size), "Pass the shape as one tuple: (2, 3)."))
    return tuple(int(s) for s in size)


def _new(where, self, size, dtype, fill):
    from ..array import Array
    dtype = getval(self).dtype if dtype is None else _dtype(where, dtype)
    return onp.full(_size(where, size), fill, dtype=dtype).view(Array)


def new_zeros(self, size, dtype=None):
    """Zeros of ``size`` in this Tensor's dtype (or ``dtype``)."""
    return _new("Tensor.new_zeros", self, size, dtype, 0)


def new_ones(self, size, dtype=None):
    """Ones of ``size`` in this Tensor's dtype (or ``dtype``)."""
    return _new("Tensor.new_ones", self, size, dtype, 1)


def new_full(self, size, fill_value, *, dtype=None):
    """``fill_value`` everywhere, ``size`` elements, in this Tensor's dtype (or ``dtype``)."""
    if not isinstance(fill_value, numbers.Number):
        raise CellTypeError(message("Tensor.new_full fill_value", "a number",
                                    describe(fill_value)))
    return _new("Tensor.new_full", self, size, dtype, fill_value)


def new_empty(self, size, *, dtype=None, device=None):
    """An uninitialised-looking (here zeroed) Tensor of ``size``."""
    return _new("Tensor.new_empty", self, size, dtype, 0)


def _shape_of(where, other):
    if not hasattr(getval(other), "shape"):
        raise CellTypeError(message(f"{where} other", "a Tensor", describe(other)))
    return onp.shape(getval(other))


def _as_shape(where, self, other):
    shape = _shape_of(where, other)
    if int(onp.prod(shape)) != onp.size(getval(self)):
        raise CellArgumentError(message(where, f"a Tensor of {onp.size(getval(self))} elements",
                                        f"shape {shape}"))
    return self.reshape(shape)


def view_as(self, other):
    """This Tensor's data in ``other``'s shape (same number of elements)."""
    return _as_shape("Tensor.view_as", self, other)


def reshape_as(self, other):
    """This Tensor's data in ``other``'s shape (same number of elements)."""
    return _as_shape("Tensor.reshape_as", self, other)


def numpy(self):
    """A plain ``numpy.ndarray`` copy of the current values."""
    return onp.array(getval(self), copy=True).view(onp.ndarray)


def contiguous(self):
    """This Tensor (a C-ordered copy when its memory is not)."""
    data = getval(self)
    if isbox(self) or data.flags.c_contiguous:
        return self
    from ..array import Array
    return onp.ascontiguousarray(data).view(Array)


def clone(self):
    """A copy (differentiable)."""
    return self.copy()


def ndimension(self):
    """The number of dimensions."""
    return onp.ndim(getval(self))


def stride(self, dim=None):
    """Strides in elements (a list), or the one of ``dim``."""
    data = getval(self)
    if isbox(self):
        data = onp.ascontiguousarray(data)
    steps = [s // data.itemsize for s in data.strides]
    if dim is None:
        return steps
    if not isinstance(dim, numbers.Integral) or not -len(steps) <= dim < len(steps):
        raise IndexError(message("Tensor.stride dim", f"an int in [-{len(steps)}, "
                                 f"{len(steps)})", repr(dim)))
    return steps[dim]


def storage_offset(self):
    """Elements between the start of the memory this Tensor views and its first element."""
    data = getval(self)
    base = data.base if isinstance(data, onp.ndarray) else None
    while isinstance(base, onp.ndarray) and base.base is not None:
        base = base.base
    if isbox(self) or not isinstance(base, onp.ndarray):
        return 0
    start = base.__array_interface__["data"][0]
    return (data.__array_interface__["data"][0] - start) // data.itemsize


def is_signed(self):
    """True for signed ints, floats and complex; False for unsigned ints and Bool."""
    return getval(self).dtype.kind in "ifc"


def value(self):
    """This Tensor (MindSpore's value of a Tensor is itself)."""
    return self


def _wrapping_cast(dtype):
    def cast(self):
        data = getval(self)
        if data.dtype.kind in "fc":  # a float -> small int cast wraps, as MindSpore's does
            return self.astype(onp.int64).astype(dtype)
        return self.astype(dtype)
    return cast


def bfloat16(self):
    """Refused: NumPy has no bfloat16."""
    _no_bfloat16("Tensor.bfloat16")


def register_hook(self, hook):
    """``hook(grad)`` sees the gradient reaching this Tensor under ``grad``; what it returns
    (unless None) replaces it. On a Tensor outside ``grad`` (an input, a Parameter), it runs
    in every later gradient pass with respect to that Tensor. Returns a handle with
    ``remove()``. See ``tensor_hooks``."""
    check_hook(hook, "Tensor.register_hook")
    handle = HookHandle(hook)
    if isbox(self):
        hook_traced(self, handle)
    else:
        hook_leaf(self, handle)
    return handle


def remove_hook(self, handle):
    """Turn off the hook ``register_hook`` returned ``handle`` for."""
    if not isinstance(handle, HookHandle):
        raise HookError(message("Tensor.remove_hook handle", "what register_hook returned",
                                describe(handle)))
    handle.remove()


METHODS = {
    "to": to, "to_": to_, "type": type, "type_as": type_as, "new_zeros": new_zeros,
    "new_ones": new_ones,
    "new_full": new_full, "new_empty": new_empty, "view_as": view_as, "reshape_as": reshape_as,
    "numpy": numpy, "contiguous": contiguous, "clone": clone, "ndimension": ndimension,
    "stride": stride, "storage_offset": storage_offset, "is_signed": is_signed, "value": value,
    "byte": _wrapping_cast(onp.uint8), "short": _wrapping_cast(onp.int16), "bfloat16": bfloat16,
    "register_hook": register_hook, "remove_hook": remove_hook,
}
