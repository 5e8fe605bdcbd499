"""``minpy_compat.numpy.linalg``: NumPy's linalg, with autograd's gradients where defined."""
import numpy.linalg as _onp_linalg
import autograd.numpy.linalg as _anp_linalg

from ._namespace import fill_namespace as _fill_namespace

_fill_namespace(globals(), _onp_linalg, _anp_linalg)
