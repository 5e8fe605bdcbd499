"""MindSpore's FFT functions (``fft`` ... ``irfftn``, ``hfft``, ``ihfft``, the shifts and
frequencies), built on ``minpy_compat.numpy.fft`` so gradients come from autograd.
float32 (and int) inputs give complex64 / float32, float64 ones complex128 / float64.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.rfft(ms.Tensor([1.0, 2.0, 3.0, 4.0]))
array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64)
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, message

_NORMS = (None, "backward", "forward", "ortho")


def _dtype_of(x):
    return getattr(getval(x), "dtype", None)


def _single(x):
    return _dtype_of(x) not in (onp.float64, onp.complex128)


def _prepare(where, input, norm, real_only=False):
    dtype = _dtype_of(input)
    if dtype is None:
        raise CellTypeError(message(f"{where} input", "a Tensor", type(input).__name__))
    if norm not in _NORMS:
        raise CellArgumentError(message(f"{where} norm", "None, 'backward', 'forward' or "
                                        "'ortho'", repr(norm)))
    if real_only and dtype.kind == "c":
        raise CellTypeError(message(f"{where} input", "a real Tensor", str(dtype)))
    if dtype.kind in "biu" or dtype == onp.float16:
        return input.astype(onp.float32)
    return input


def _check_n(where, name, n, dims, input):
    ndim = onp.ndim(getval(input))
    for d in dims:
        if not -ndim <= d < ndim:
            raise CellArgumentError(message(f"{where} dim", f"axes in [{-ndim}, {ndim})",
                                            repr(d)))
    for value in n if isinstance(n, (tuple, list)) else (n,):
        if value is not None and (not isinstance(value, int) or value <= 0):
            raise CellArgumentError(message(f"{where} {name}", "positive ints", repr(value)))


def _out(result, single):
    kind = _dtype_of(result).kind
    want = onp.dtype({"f": onp.float32, "c": onp.complex64}[kind] if single else
                     {"f": onp.float64, "c": onp.complex128}[kind])
    return result if _dtype_of(result) == want else result.astype(want)


def _one_dim(name, real_only=False):
    fn = getattr(np.fft, name)

    def op(input, n=None, dim=-1, norm=None):
        where = f"ops.{name}"
        x = _prepare(where, input, norm, real_only)
        _check_n(where, "n", n, (dim,), x)
        return _out(fn(x, n=n, axis=dim, norm=norm), _single(x))
    op.__name__ = op.__qualname__ = name
    return op


def _many_dims(name, default_dim, real_only=False):
    fn = getattr(np.fft, name)

    def op(input, s=None, dim=default_dim, norm=None):
        where = f"ops.{name}"
        x = _prepare(where, input, norm, real_only)
        dims = dim
        if dims is None:
            ndim = onp.ndim(getval(x))
            dims = tuple(range(ndim - len(s), ndim)) if s is not None else tuple(range(ndim))
        dims = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
        _check_n(where, "s", s, dims, x)
        if s is not None and len(s) != len(dims):
            raise CellArgumentError(message(f"{where} s", f"{len(dims)} sizes (one per dim)",
                                            repr(s)))
        return _out(fn(x, s=None if s is None else tuple(s), axes=dims, norm=norm), _single(x))
    op.__name__ = op.__qualname__ = name
    return op


fft = _one_dim("fft")
fft.__doc__ = "The 1-D discrete Fourier transform over ``dim``."
ifft = _one_dim("ifft")
ifft.__doc__ = "The 1-D inverse discrete Fourier transform over ``dim``."


def rfft(input, n=None, dim=-1, norm=None):
    """The 1-D Fourier transform of a real input (the n//2 + 1 non-negative terms); a
    complex input gives the same terms of its ``fft``, as in MindSpore."""
    if _dtype_of(input) is not None and _dtype_of(input).kind == "c":
        size = n if n is not None else onp.shape(getval(input))[dim]
        full = fft(input, n, dim, norm)
        return np.moveaxis(np.moveaxis(full, dim, -1)[..., :size // 2 + 1], -1, dim)
    return _real_fft(input, n, dim, norm)


_real_fft = _one_dim("rfft", real_only=True)
_real_fft.__doc__ = rfft.__doc__
irfft = _one_dim("irfft")
irfft.__doc__ = "The inverse of ``rfft``: a real output of length n (2 * (m - 1) if None)."
hfft = _one_dim("hfft")
hfft.__doc__ = "The 1-D Fourier transform of a Hermitian-symmetric input: a real output."
ihfft = _one_dim("ihfft", real_only=True)
ihfft.__doc__ = "The inverse of ``hfft``: the n//2 + 1 terms of a real input's inverse FFT."
fft2 = _many_dims("fft2", (-2, -1))
fft2.__doc__ = "The 2-D discrete Fourier transform over ``dim``."
ifft2 = _many_dims("ifft2", (-2, -1))
ifft2.__doc__ = "The 2-D inverse discrete Fourier transform over ``dim``."
rfft2 = _many_dims("rfft2", (-2, -1), real_only=True)
rfft2.__doc__ = "The 2-D Fourier transform of a real input."
irfft2 = _many_dims("irfft2", (-2, -1))
irfft2.__doc__ = "The inverse of ``rfft2``: a real output."
fftn = _many_dims("fftn", None)
fftn.__doc__ = "The N-D discrete Fourier transform over ``dim`` (all axes if None)."
ifftn = _many_dims("ifftn", None)
ifftn.__doc__ = "The N-D inverse discrete Fourier transform over ``dim``."
rfftn = _many_dims("rfftn", None, real_only=True)
rfftn.__doc__ = "The N-D Fourier transform of a real input."
irfftn = _many_dims("irfftn", None)
irfftn.__doc__ = "The inverse of ``rfftn``: a real output."


def _shift_dims(where, input, dim):
    ndim = onp.ndim(getval(input))
    dims = tuple(range(ndim)) if dim is None else tuple(dim) \
        if isinstance(dim, (tuple, list)) else (dim,)
    for d in dims:
        if not isinstance(d, int) or not -ndim <= d < max(ndim, 1):
            raise CellArgumentError(message(f"{where} dim", f"axes in [{-ndim}, {ndim})",
                                            repr(d)))
    return dims


def fftshift(input, dim=None):
    """``input`` rolled so the zero-frequency term is in the middle of each ``dim``."""
    return np.fft.fftshift(input, axes=_shift_dims("ops.fftshift", input, dim))


def ifftshift(input, dim=None):
    """The inverse of ``fftshift``."""
    return np.fft.ifftshift(input, axes=_shift_dims("ops.ifftshift", input, dim))


def _freq_args(where, n, d, dtype):
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        raise CellArgumentError(message(f"{where} n", "a positive int", repr(n)))
    return onp.dtype(dtype or onp.float32)


def fftfreq(n, d=1.0, dtype=None):
    """The sample frequencies of an ``n``-point FFT with sample spacing ``d``."""
    dtype = _freq_args("ops.fftfreq", n, d, dtype)
    return np.asarray(onp.fft.fftfreq(n, d).astype(dtype))


def rfftfreq(n, d=1.0, dtype=None):
    """The sample frequencies of an ``n``-point ``rfft`` with sample spacing ``d``."""
    dtype = _freq_args("ops.rfftfreq", n, d, dtype)
    return np.asarray(onp.fft.rfftfreq(n, d).astype(dtype))
