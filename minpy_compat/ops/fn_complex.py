"""MindSpore's complex-number, predicate, size and norm-clipping functions: ``polar``,
``angle``, ``conj``, ``real``, ``imag``, ``is_complex``, ``is_floating_point``, ``isreal``,
``isneginf``, ``isposinf``, ``numel``, ``rank``, ``size``, ``ravel``, ``msort``,
``renorm`` and ``clip_by_norm``.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.polar(ms.Tensor([2.0]), ms.Tensor([0.0]))
array([2.+0.j], dtype=complex64)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message
from .fn_linalg_more import p_norm


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _tensor(where, x):
    value = getval(x)
    if not hasattr(value, "dtype") or isinstance(value, onp.generic):
        raise CellTypeError(message(where, "a Tensor", type(value).__name__,
                                    "Wrap it: ms.Tensor(value)."))
    return x


def _float_tensor(where, x):
    _tensor(where, x)
    if _dtype_of(x).kind != "f":
        raise CellTypeError(message(where, "a float Tensor", str(_dtype_of(x)),
                                    "Cast it first: x.astype(ms.float32)."))
    return x


def polar(abs, angle):
    """abs * (cos(angle) + i sin(angle)), complex64 for float32 inputs."""
    for name, x in (("abs", abs), ("angle", angle)):
        _tensor(f"ops.polar {name}", x)
        if _dtype_of(x) not in (onp.float32, onp.float64):
            raise CellTypeError(message(f"ops.polar {name}", "a float32 or float64 Tensor",
                                        str(_dtype_of(x))))
    if _dtype_of(abs) != _dtype_of(angle):
        raise CellTypeError(message("ops.polar angle", f"abs's dtype {_dtype_of(abs)}",
                                    str(_dtype_of(angle)), "Cast one to the other's dtype."))
    want = onp.complex64 if _dtype_of(abs) == onp.float32 else onp.complex128
    unit = np.cos(angle).astype(want) + 1j * np.sin(angle).astype(want)
    return (abs.astype(want) * unit).astype(want)


def angle(input):
    """The argument (phase) of each complex element, as float."""
    _tensor("ops.angle input", input)
    if _dtype_of(input).kind != "c":
        raise CellTypeError(message("ops.angle input", "a complex64 or complex128 Tensor",
                                    str(_dtype_of(input))))
    return np.angle(input)


def conj(input):
    """The complex conjugate (a real input as it is)."""
    _tensor("ops.conj input", input)
    return np.conj(input)


def real(input):
    """The real part (a real input as it is)."""
    _tensor("ops.real input", input)
    return np.real(input) if _dtype_of(input).kind == "c" else input


def imag(input):
    """The imaginary part (zeros for a real input)."""
    _tensor("ops.imag input", input)
    return np.imag(input) if _dtype_of(input).kind == "c" else np.zeros_like(input)


def is_complex(input):
    """Whether ``input`` is a complex Tensor (a Python bool)."""
    return _tensor("ops.is_complex input", input) is not None and _dtype_of(input).kind == "c"


def is_floating_point(input):
    """Whether ``input`` is a float Tensor (a Python bool)."""
    _tensor("ops.is_floating_point input", input)
    return _dtype_of(input).kind == "f"


def isreal(input):
    """Whether each element has no imaginary part, as Bool."""
    _tensor("ops.isreal input", input)
    return np.asarray(onp.isreal(getval(input)))


def isneginf(input):
    """Whether each element is -inf, as Bool."""
    _float_tensor("ops.isneginf input", input)
    return np.asarray(onp.isneginf(getval(input)))


def isposinf(input):
    """Whether each element is +inf, as Bool."""
    _float_tensor("ops.isposinf input", input)
    return np.asarray(onp.isposinf(getval(input)))


def numel(input):
    """The number of elements (a Python int)."""
    return int(onp.size(getval(_tensor("ops.numel input", input))))


def rank(input_x):
    """The number of dimensions (a Python int)."""
    return int(onp.ndim(getval(_tensor("ops.rank input_x", input_x))))


def size(input_x):
    """The number of elements (a Python int)."""
    return int(onp.size(getval(_tensor("ops.size input_x", input_x))))


def ravel(input):
    """``input`` flattened to 1-D."""
    return np.reshape(_tensor("ops.ravel input", input), (-1,))


def msort(input):
    """``input`` sorted ascending along its first axis."""
    _tensor("ops.msort input", input)
    order = onp.argsort(getval(input), axis=0, kind="stable")
    return np.take_along_axis(input, order, axis=0)


def renorm(input, p, axis, maxnorm):
    """``input`` with each slice along ``axis`` whose ``p``-norm exceeds ``maxnorm``
    scaled down to norm ``maxnorm``."""
    if not isinstance(p, int) or isinstance(p, bool) or p <= 0:
        raise CellTypeError(message("ops.renorm p", "a positive int", repr(p)))
    _tensor("ops.renorm input", input)
    if _dtype_of(input).kind not in "fc":
        raise CellTypeError(message("ops.renorm input", "a float or complex Tensor",
                                    str(_dtype_of(input))))
    ndim = onp.ndim(getval(input))
    if not isinstance(axis, int) or not -ndim <= axis < ndim:
        raise CellArgumentError(message("ops.renorm axis", f"an int in [{-ndim}, {ndim})",
                                        repr(axis)))
    others = tuple(i for i in range(ndim) if i != axis % ndim)
    norms = np.sum(np.abs(input) ** p, axis=others, keepdims=True) ** (1.0 / p)
    over = getval(norms) > maxnorm
    scale = np.where(over, maxnorm / np.where(over, norms, np.ones_like(norms)), 1.0)
    return input * scale.astype(np.real(input).dtype)


def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """``x`` (a Tensor or a tuple of them) scaled so its total ``norm_type`` norm is at
    most ``max_norm``."""
    single = not isinstance(x, (tuple, list))
    items = [x] if single else list(x)
    for i, item in enumerate(items):
        _tensor(f"ops.clip_by_norm x[{i}]", item)
        if _dtype_of(item) != _dtype_of(items[0]):
            raise CellTypeError(message(f"ops.clip_by_norm x[{i}]",
                                        f"x[0]'s dtype {_dtype_of(items[0])}",
                                        str(_dtype_of(item)), "Cast them to one dtype."))
    if isinstance(norm_type, str):
        raise CellTypeError(message("ops.clip_by_norm norm_type", "a float (inf allowed)",
                                    repr(norm_type)))
    norms = [p_norm(item, norm_type) for item in items]
    total = norms[0] if len(norms) == 1 else p_norm(np.stack(norms), norm_type)
    if error_if_nonfinite and not onp.isfinite(getval(total)):
        raise CellArgumentError(message("ops.clip_by_norm x", "a finite total norm",
                                        str(getval(total)), "Set error_if_nonfinite=False."))
    coef = np.minimum(max_norm / (total + 1e-6), 1.0)
    out = [item * coef.astype(_dtype_of(item)) for item in items]
    return out[0] if single else tuple(out)
