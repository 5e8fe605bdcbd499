"""``minpy_compat.numpy.fft``: NumPy's fft, with autograd's gradients where defined."""
import numpy.fft as _onp_fft
import autograd.numpy.fft as _anp_fft

from ._namespace import fetched_later as _fetched_later, fill_namespace as _fill_namespace

_LAZY = _fill_namespace(globals(), _onp_fft, _anp_fft)
__getattr__ = _fetched_later(_onp_fft, globals(), __name__)


def __dir__():
    return sorted(set(globals()) | _LAZY)
