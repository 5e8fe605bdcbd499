"""``minpy_compat.numpy.linalg``: NumPy's linalg, with autograd's gradients where defined."""
import numpy.linalg as _onp_linalg
import autograd.numpy.linalg as _anp_linalg

from ..array import ARRAY_FUNCTIONS as _ARRAY_FUNCTIONS
from ._namespace import contains_box as _contains_box, differentiable as _differentiable, \
    fetched_later as _fetched_later, fill_namespace as _fill_namespace
from .list_arguments import first_listed as _first_listed

_LAZY = _fill_namespace(globals(), _onp_linalg, _anp_linalg)
__getattr__ = _fetched_later(_onp_linalg, globals(), __name__)

_numpy_multi_dot = multi_dot  # noqa: F821  (the facade fill_namespace made)
norm = _differentiable(_onp_linalg.norm, _first_listed(_anp_linalg.norm, "linalg.norm"))


def multi_dot(arrays, *, out=None):
    """``numpy.linalg.multi_dot``, differentiable: autograd's primitive cannot see traced
    arrays inside the list, so a list holding one is multiplied out with ``dot``, in the
    cheapest order (``linalg_gradients.chained_multi_dot``)."""
    if not _contains_box(arrays):
        return _numpy_multi_dot(arrays, out=out)
    from . import dot
    from .derived_gradients import refuse
    from .linalg_gradients import chained_multi_dot
    if out is not None:
        refuse("linalg.multi_dot", "out", "out=None while an array is traced (the result "
               "is a new traced array)", "an out= array", "Assign the result instead.")
    return chained_multi_dot(arrays, dot=dot)


multi_dot.__wrapped__ = _numpy_multi_dot.__wrapped__
_ARRAY_FUNCTIONS[_onp_linalg.multi_dot] = multi_dot  # numpy.linalg.multi_dot on traced arrays


def __dir__():
    return sorted(set(globals()) | _LAZY)
