"""MindSpore 2.10's short-time Fourier transform: ``ops.stft`` and the primitive ``STFT``.
Frames of ``n_fft`` samples every ``hop_length`` (``ops.stft`` first pads ``n_fft // 2`` on
each side when ``center``), times the window (``win_length`` long, zero-padded to ``n_fft``
in the middle), each Fourier-transformed: a (..., freqs, frames) complex Tensor, or its
(real, imag) pairs in a last axis of 2 when ``return_complex`` is False. The padding and
framing are gathers with fixed indices, so gradients come from the tracer (MindSpore 2.10
defines none).

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.stft(ms.Tensor([1.0] * 8), 4, return_complex=True).shape
(3, 9)
"""
import numbers

import numpy as onp
from autograd.tracer import getval

from .. import numpy as np
from ..errors import CellArgumentError, CellTypeError, describe, message
from . import fn_fft as FF
from .prims_base import AttrPrimitive

_PADS = ("CONSTANT", "REFLECT", "SYMMETRIC")


def _positive(where, name, value, default):
    value = default if value is None else value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        raise CellArgumentError(message(f"{where} {name}", "a positive int", repr(value)))
    return int(value)


def _padded(where, x, pad, mode):
    """``x`` with ``pad`` samples added at each end of its last axis."""
    length = onp.shape(getval(x))[-1]
    if mode != "CONSTANT" and pad >= length + (mode == "SYMMETRIC"):
        raise CellArgumentError(message(f"{where} pad_mode", f"a signal longer than the "
                                        f"{pad} samples '{mode}' padding mirrors",
                                        f"{length} samples", "Use 'CONSTANT' or center=False."))
    p = onp.arange(-pad, length + pad)
    if mode == "REFLECT":
        index = onp.where(p < 0, -p, onp.where(p >= length, 2 * (length - 1) - p, p))
    else:
        index = onp.where(p < 0, -p - 1, onp.where(p >= length, 2 * length - 1 - p, p))
    gathered = x[..., onp.clip(index, 0, length - 1)]
    if mode == "CONSTANT":
        return np.where((p >= 0) & (p < length), gathered, 0)
    return gathered


def _transform(where, x, n_fft, hop, win_length, window, normalized, onesided,
               return_complex):
    dtype = getattr(getval(x), "dtype", None)
    if dtype is None or dtype.kind not in "fc" or dtype == onp.float16:
        raise CellTypeError(message(f"{where} x", "a float32, float64, complex64 or "
                                    "complex128 Tensor", describe(x)))
    length = onp.shape(getval(x))[-1] if onp.ndim(getval(x)) else 0
    if onp.ndim(getval(x)) not in (1, 2) or not 0 < n_fft <= length:
        raise CellArgumentError(message(f"{where} x", f"a 1-D or 2-D signal of at least "
                                        f"n_fft={n_fft} samples", f"shape "
                                        f"{onp.shape(getval(x))}"))
    if win_length > n_fft:
        raise CellArgumentError(message(f"{where} win_length", f"at most n_fft={n_fft}",
                                        repr(win_length)))
    if window is None:
        window = onp.ones(win_length, dtype.type(0).real.dtype)
    elif onp.shape(getval(window)) != (win_length,):
        raise CellArgumentError(message(f"{where} window", f"shape ({win_length},)",
                                        f"shape {onp.shape(getval(window))}"))
    left = (n_fft - win_length) // 2
    window = np.concatenate([onp.zeros(left), window,
                             onp.zeros(n_fft - win_length - left)]).astype(window.dtype)
    starts = onp.arange(0, length - n_fft + 1, hop)
    frames = x[..., starts[:, None] + onp.arange(n_fft)] * window
    onesided = dtype.kind == "f" if onesided is None else onesided
    spectrum = np.fft.rfft(frames, axis=-1) if onesided else np.fft.fft(frames, axis=-1)
    spectrum = np.swapaxes(spectrum, -1, -2) * (n_fft ** -0.5 if normalized else 1)
    spectrum = FF._out(spectrum, FF._single(x))
    if return_complex:
        return spectrum
    return np.stack([np.real(spectrum), np.imag(spectrum)], axis=-1)


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="REFLECT", normalized=False, onesided=None, return_complex=None):
    """The short-time Fourier transform of a 1-D or (batch, length) signal ``x``:
    (..., n_fft // 2 + 1 or n_fft, frames)."""
    where = "ops.stft"
    n_fft = _positive(where, "n_fft", n_fft, None)
    hop = _positive(where, "hop_length", hop_length, n_fft // 4)
    win_length = _positive(where, "win_length", win_length, n_fft)
    if pad_mode not in _PADS:
        raise CellArgumentError(message(f"{where} pad_mode", "'CONSTANT', 'REFLECT' or "
                                        "'SYMMETRIC'", repr(pad_mode)))
    if center and onp.ndim(getval(x)) in (1, 2):
        x = _padded(where, x, n_fft // 2, pad_mode)
    return _transform(where, x, n_fft, hop, win_length, window, normalized, onesided,
                      bool(return_complex) if return_complex is not None else False)


class STFT(AttrPrimitive):
    """``STFT(n_fft, hop_length, win_length, normalized, onesided, return_complex)(x,
    window)``: ``ops.stft`` without the centring pad, ``window`` given."""

    def __init__(self, n_fft, hop_length, win_length, normalized, onesided, return_complex):
        super().__init__()
        w = "STFT"
        for name, value in (("normalized", normalized), ("onesided", onesided),
                            ("return_complex", return_complex)):
            if not isinstance(value, bool):
                raise CellTypeError(message(f"{w} {name}", "a bool", describe(value)))
        self._keep(n_fft=_positive(w, "n_fft", n_fft, None),
                   hop_length=_positive(w, "hop_length", hop_length, None),
                   win_length=_positive(w, "win_length", win_length, None),
                   normalized=normalized, onesided=onesided, return_complex=return_complex)

    def __call__(self, x, window):
        return _transform("ops.stft", x, self.n_fft, self.hop_length, self.win_length,
                          window, self.normalized, self.onesided, self.return_complex)
