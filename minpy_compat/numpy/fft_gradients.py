"""Gradients for the real FFTs (``rfft``, ``irfft`` and their 2-D and n-D forms), where
autograd's rule refuses or is wrong, and the Hermitian ones (``hfft``, ``ihfft``), restated
through the complex FFT.
"""
import autograd.numpy as anp
import numpy as onp
from autograd.core import primitive_vjps
from autograd.tracer import getval

from . import derived_gradients
from .derived_gradients import composite_vjp, pull_back, register
from .axis_index import _along

_FIRST_OF_MINE = len(derived_gradients.REGISTERED)


# ---- fft: the Hermitian transforms, through rfft/irfft -------------------------------------
_SWAPPED = {None: 1, "backward": 1, "ortho": 0.5, "forward": 0}  # power of n hfft multiplies


def _hfft(a, n=None, axis=-1, norm=None, out=None):
    length = 2 * (onp.shape(getval(a))[axis] - 1) if n is None else n
    return anp.fft.irfft(anp.conj(a), length, axis) * length ** _SWAPPED[norm]


def _real(a):
    """The numbers a real FFT reads: NumPy 1.x drops a complex input's imaginary part (with
    a ComplexWarning), so it gets no gradient; NumPy 2 refuses complex input."""
    return anp.real(a) if onp.iscomplexobj(getval(a)) else a


def _ihfft(a, n=None, axis=-1, norm=None, out=None):
    """Through the complex fft, sliced: autograd's rfft has no gradient for odd lengths."""
    length = onp.shape(getval(a))[axis] if n is None else n
    spectrum = anp.fft.fft(_real(a), length, axis)
    half = _along(axis, onp.ndim(getval(a)), slice(0, length // 2 + 1))
    return anp.conj(spectrum[half]) / length ** _SWAPPED[norm]


def odd_length_fallback(composite):
    """``make_vjp_argnums``: autograd's real-FFT VJP for the plain call (no ``n``/``s``,
    ``norm`` None or 'ortho', an even last length), else the pull-back through
    ``composite``, which goes through the complex FFT. autograd's rule refuses odd lengths,
    and is wrong for a padded or cropped length and for 'forward' and 'backward'."""
    def make(fun):
        current = primitive_vjps[fun]

        def vjp_argnums(argnums, ans, args, kwargs):
            size = args[1] if len(args) > 1 else kwargs.get("n", kwargs.get("s"))
            norm = args[3] if len(args) > 3 else kwargs.get("norm")
            if size is None and norm in (None, "ortho"):
                try:
                    return current(argnums, ans, args, kwargs)
                except NotImplementedError:
                    pass  # an odd length: the composite's
            return lambda g: pull_back(composite, argnums, args, kwargs, g)
        return vjp_argnums
    make.composite = composite
    return make


def _rfft(a, n=None, axis=-1, norm=None, out=None):
    length = onp.shape(getval(a))[axis] if n is None else n
    spectrum = anp.fft.fft(_real(a), length, axis, norm)
    return spectrum[_along(axis, onp.ndim(getval(a)), slice(0, length // 2 + 1))]


def _irfft(a, n=None, axis=-1, norm=None, out=None):
    """The Hermitian spectrum rebuilt from its first half, through the complex inverse."""
    ndim, stored = onp.ndim(getval(a)), onp.shape(getval(a))[axis]
    length = 2 * (stored - 1) if n is None else n
    half = length // 2 + 1
    if stored >= half:
        first = a[_along(axis, ndim, slice(0, half))]
    else:
        widths = [(0, 0)] * ndim
        widths[axis] = (0, half - stored)
        first = anp.pad(a, widths)
    mirrored = anp.conj(anp.flip(first[_along(axis, ndim, slice(1, length - half + 1))], axis))
    return anp.real(anp.fft.ifft(anp.concatenate([first, mirrored], axis), length, axis, norm))


def _axes_and_sizes(a, s, axes, default_axes, inverse):
    ndim = onp.ndim(getval(a))
    axes = list(range(ndim)) if axes is None and default_axes is None else \
        list(default_axes if axes is None else axes)
    if s is None:
        s = [onp.shape(getval(a))[axis] for axis in axes]
        if inverse:
            s[-1] = 2 * (s[-1] - 1)
    return [axis % ndim for axis in axes], list(s)


def _rfftn_of(default_axes):
    def rfftn(a, s=None, axes=None, norm=None, out=None):
        axes, sizes = _axes_and_sizes(a, s, axes, default_axes, inverse=False)
        spectrum = anp.fft.fftn(_real(a), tuple(sizes), tuple(axes), norm)
        last = _along(axes[-1], onp.ndim(getval(a)), slice(0, sizes[-1] // 2 + 1))
        return spectrum[last]
    return rfftn


def _irfftn_of(default_axes):
    def irfftn(a, s=None, axes=None, norm=None, out=None):
        axes, sizes = _axes_and_sizes(a, s, axes, default_axes, inverse=True)
        if len(axes) > 1:
            a = anp.fft.ifftn(a, tuple(sizes[:-1]), tuple(axes[:-1]), norm)
        return _irfft(a, sizes[-1], axes[-1], norm)
    return irfftn


for _name, _composite in (("rfft", _rfft), ("irfft", _irfft), ("rfft2", _rfftn_of((-2, -1))),
                          ("rfftn", _rfftn_of(None)), ("irfft2", _irfftn_of((-2, -1))),
                          ("irfftn", _irfftn_of(None))):
    register([_name], odd_length_fallback(_composite), module=anp.fft, prefix="fft.")
register(["hfft"], composite_vjp(_hfft), module=anp.fft, prefix="fft.")
register(["ihfft"], composite_vjp(_ihfft), module=anp.fft, prefix="fft.")


# Every name given a gradient here ("fft.rfft", ...), for the tests.
REGISTERED = tuple(derived_gradients.REGISTERED[_FIRST_OF_MINE:])
