"""MindSpore 2.10's remaining function names of area opsrest1: ``identity``,
``view_as_real``, ``matrix_determinant``, ``log_matrix_determinant``, ``geqrf``,
``orgqr``, the N-D Hermitian FFTs (``hfft2``, ``hfftn``, ``ihfft2``, ``ihfftn``) and the
``*_ext`` aliases that run on MindSpore's CPU (``diff_ext``, ``float_power_ext``). Most
forward to the op or primitive already here; gradients come from the tracer.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.view_as_real(ms.Tensor([1 + 2j], ms.complex64)).tolist()
[[1.0, 2.0]]
"""
import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import fn_fft as FF
from . import fn_linalg as FL


def identity(x):
    """``x`` itself as a new Tensor (anything else passes through unchanged)."""
    return np.array(x, copy=True) if isinstance(getval(x), onp.ndarray) else x


def view_as_real(input):
    """A complex Tensor as a real one with a last axis of 2 (real, imaginary)."""
    dtype = getattr(getval(input), "dtype", None)
    if dtype is None or dtype.kind != "c":
        raise CellTypeError(message("ops.view_as_real input", "a complex Tensor",
                                    describe(input), "Use ops.Complex to build one."))
    return np.stack([np.real(input), np.imag(input)], axis=-1)


def matrix_determinant(input):
    """The determinant of each square matrix in the last two axes of ``input``."""
    from .prims_linalg import MatrixDeterminant
    return MatrixDeterminant()(input)


def log_matrix_determinant(input):
    """``(sign, log|det|)`` of each square matrix in the last two axes of ``input``."""
    from .prims_linalg import LogMatrixDeterminant
    return LogMatrixDeterminant()(input)


def geqrf(input):
    """``(y, tau)``: the Householder form of ``input``'s QR factorization (LAPACK's geqrf)."""
    from .prims_linalg2 import Geqrf
    return Geqrf()(input)


def orgqr(input, input2):
    """The first n columns of Q = H_1 ... H_k from ``geqrf``'s ``(input, input2=tau)``
    (LAPACK's orgqr): ``H_i = I - tau_i v_i v_i^H``, ``v_i`` read below the diagonal of
    column i (1 on it)."""
    where = "ops.orgqr"
    FL.matrices(f"{where} input", input)
    x, tau = getval(input), getval(input2)
    m, n = onp.shape(x)[-2:]
    tau_dtype = getattr(tau, "dtype", None)
    if tau_dtype != x.dtype:
        raise CellTypeError(message(f"{where} input2", f"a {x.dtype} Tensor like input",
                                    describe(input2)))
    if m < n or onp.shape(tau)[:-1] != onp.shape(x)[:-2] or not \
            0 < onp.shape(tau)[-1] <= n:
        raise CellArgumentError(message(where, f"m >= n and input2 of shape "
                                        f"{onp.shape(x)[:-2]} + (k,), k <= {n}",
                                        f"input {onp.shape(x)}, input2 {onp.shape(tau)}"))
    rows = onp.arange(m)
    q = np.zeros(onp.shape(x)[:-2] + (m, n), dtype=x.dtype) + onp.eye(m, n, dtype=x.dtype)
    for i in reversed(range(onp.shape(tau)[-1])):
        v = np.where(rows > i, input[..., :, i], onp.where(rows == i, 1, 0).astype(x.dtype))
        vq = np.einsum("...m,...mn->...n", np.conj(v), q)
        q = q - input2[..., i, None, None] * v[..., :, None] * vq[..., None, :]
    return q


# ---- Hermitian FFTs: hfftn is irfftn of the conjugate with the scaling swapped ---------
_SWAPPED = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}


def _dims(input, s, dim):
    if dim is None:
        ndim = onp.ndim(getval(input))
        return tuple(range(ndim - len(s), ndim)) if s is not None else tuple(range(ndim))
    return tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)


def _hermitian(name, inverse):
    def op(input, s=None, dim=(-2, -1) if name.endswith("2") else None, norm=None):
        where = f"ops.{name}"
        x = FF._prepare(where, input, norm, real_only=inverse)
        dims = _dims(x, s, dim)
        FF._check_n(where, "s", s, dims, x)
        if s is not None and len(s) != len(dims):
            raise CellArgumentError(message(f"{where} s", f"{len(dims)} sizes (one per dim)",
                                            repr(s)))
        s = None if s is None else tuple(s)
        if inverse:
            out = np.conj(np.fft.rfftn(x, s=s, axes=dims, norm=_SWAPPED[norm]))
        else:
            out = np.fft.irfftn(np.conj(x), s=s, axes=dims, norm=_SWAPPED[norm])
        return FF._out(out, FF._single(x))
    op.__name__ = op.__qualname__ = name
    return op


hfft2 = _hermitian("hfft2", False)
hfft2.__doc__ = "The 2-D FFT of a Hermitian-symmetric input over ``dim``: a real output."
hfftn = _hermitian("hfftn", False)
hfftn.__doc__ = "The N-D FFT of a Hermitian-symmetric input (all axes if None): real output."
ihfft2 = _hermitian("ihfft2", True)
ihfft2.__doc__ = "The inverse of ``hfft2``: the half spectrum of a real input's inverse FFT."
ihfftn = _hermitian("ihfftn", True)
ihfftn.__doc__ = "The inverse of ``hfftn``: the half spectrum of a real input's inverse FFT."


# ---- the *_ext aliases ---------------------------------------------------------------
def diff_ext(input, n=1, dim=-1, prepend=None, append=None):
    """``ops.diff``: the n-th forward difference along ``dim``."""
    from .combining import diff
    return diff(input, n, dim, prepend, append)


def float_power_ext(input, exponent):
    """``ops.float_power``: ``input ** exponent`` computed (and returned) in float64."""
    from .math_elementwise import float_power
    return float_power(input, exponent)
