"""``minpy_compat.numpy.fft``: NumPy's fft, with autograd's gradients where defined."""
import numpy.fft as _onp_fft
import autograd.numpy.fft as _anp_fft

from ._namespace import fill_namespace as _fill_namespace

_fill_namespace(globals(), _onp_fft, _anp_fft)
