"""``import minpy_compat.numpy as np``: NumPy, differentiable.

Every public NumPy name is here. Functions return ``Array``s (an ndarray
subclass with ``asnumpy()``); under ``grad`` they are traced by autograd, with
autograd's gradient table and float dtypes kept (float32 in, float32 out).

``np.lib`` is NumPy's own: ``numpy.lib.recfunctions`` takes Arrays and gives what NumPy
gives (a view of an Array is an Array, a new array a plain ndarray; ``np.asarray`` makes
it an Array). Structured arrays carry no gradient, so a traced value there is refused by
name. ``np.polynomial``'s function modules give Arrays, and their ``*val``, ``*der`` and
``*int`` functions are differentiable, their ``*fit`` in ``y`` (``polynomial_facade``).

>>> import minpy_compat.numpy as np
>>> from minpy_compat import grad
>>> x = np.array([1.0, 2.0], dtype=np.float32)
>>> g = grad(lambda x: np.sum(np.maximum(x, 1.5) ** 2))(x)
>>> g, g.dtype
(array([0., 4.], dtype=float32), dtype('float32'))
"""
import sys as _sys

import numpy as _onp
import autograd.numpy as _anp

from autograd.tracer import getval as _getval

from ..array import ARRAY_FUNCTIONS as _ARRAY_FUNCTIONS, Array, TracedArray as _TracedArray, \
    to_numpy as _to_numpy, wrap as _wrap
from ..conversion import refuse_ragged as _refuse_ragged
from ..substitution import OPEN as _substitutions_open, stand_ins as _stand_ins
from ._namespace import contains_box as _contains_box, fill_namespace as _fill_namespace, \
    differentiable as _differentiable

_LAZY = _fill_namespace(globals(), _onp, _anp, skip=("random", "linalg", "fft", "ndarray"))
ndarray = Array


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, **kwargs):
    """``numpy.array``, also from lists of traced values (then differentiable)."""
    if _substitutions_open[0]:  # a free function's Parameter, under grad with weights
        object = _stand_ins((object,))[0]
    if _contains_box(object):
        if type(object) in (list, tuple):
            _refuse_ragged(object, "minpy_compat.numpy.array argument 0 'object'")
        return _wrap(_anp.array(object, dtype=dtype, ndmin=ndmin))
    return _wrap(_onp.array(_plain(object), dtype=dtype, copy=copy, order=order, ndmin=ndmin,
                            **kwargs))


def asarray(a, dtype=None, order=None, **kwargs):
    """``numpy.asarray`` giving an Array; a traced value stays traced."""
    if _substitutions_open[0]:
        a = _stand_ins((a,))[0]
    if type(a) is _TracedArray and (dtype is None or _onp.dtype(dtype) == a.dtype):
        return a  # the same array, as NumPy's: writes into it are writes into a
    if type(a) is _mxnet_array_class() and order != "F" and \
            (dtype is None or _onp.dtype(dtype) == a.dtype):
        return a  # a value in MXNet, the same way (NumPy's view of it would be read-only)
    if _contains_box(a):
        if type(a) in (list, tuple):
            _refuse_ragged(a, "minpy_compat.numpy.asarray argument 0 'a'")
        result = _anp.array(a)
        return result if dtype is None else result.astype(dtype)
    plain = _plain(a)
    result = _onp.asarray(plain, dtype=dtype, order=order, **kwargs)
    if result is plain and type(a) is Array:
        return a  # NumPy's asarray(x) is x where no copy or cast is needed
    return result.view(Array)


def _mxnet_array_class():
    """``MXArray`` once MXNet values exist (None before: nothing can be one)."""
    module = _sys.modules.get("minpy_compat.backends.mxnet_array")
    return None if module is None else module.MXArray


def _plain(obj):
    if type(obj) is Array:
        return obj.view(_onp.ndarray)
    if "mxnet" in _sys.modules:  # a raw NDArray (also in lists): its values, not a sequence
        from ..dispatch.run import numpy_data
        return numpy_data((obj,), mxarrays=False)[0]
    return obj


from . import fft, gradients, linalg, random  # noqa: E402  (submodules need the names above)
from . import choice_gradients  # noqa: E402,F401
from . import derived_gradients, shape_gradients, arithmetic_gradients  # noqa: E402,F401
from . import calculus_gradients, fft_gradients, reduction_gradients  # noqa: E402,F401
from . import linalg_gradients, statistics_gradients  # noqa: E402,F401  (after the rules above)
from . import layout_gradients, ufunc_methods  # noqa: E402,F401
from . import complex_gradients, creation_gradients, special_gradients  # noqa: E402,F401
globals().update(derived_gradients.OVERRIDES)  # unique and NumPy 2's unique_*, diff, ...
_by_raw = {id(_f.__wrapped__): _f for _f in derived_gradients.OVERRIDES.values()}
globals().update({_alias: _by_raw[id(_raw)] for _alias, _raw in vars(_onp).items()
                  if id(_raw) in _by_raw})  # aliases: NumPy 2's concat (vars: no lazy loads)
del _by_raw


def _printing(raw):
    """NumPy's printing function ``raw``, reading a traced array's current numbers (so
    ``np.array_str(x)``, ``numpy.array2string(x)`` and ``np.format_float_positional(loss)``
    print inside ``grad``) and an MXNet value's as NumPy data (no policy refuses printing)."""
    def call(a, *args, **kwargs):
        return raw(_to_numpy(a), *args, **kwargs)
    call.__name__ = call.__qualname__ = raw.__name__
    call.__doc__, call.__wrapped__ = raw.__doc__, raw
    _ARRAY_FUNCTIONS[raw] = call
    return call


array2string, array_str, array_repr = map(_printing, (_onp.array2string, _onp.array_str,
                                                      _onp.array_repr))
format_float_positional, format_float_scientific = map(
    _printing, (_onp.format_float_positional, _onp.format_float_scientific))
from .list_arguments import block, choose, dstack, fromiter, piecewise, select  # noqa: E402,F401
from .list_arguments import first_listed as _first_listed  # noqa: E402
std, var, mean = (_differentiable(getattr(_onp, _name), _first_listed(getattr(_anp, _name), _name))
                  for _name in ("std", "var", "mean"))
from .in_place import copyto, fill_diagonal, place, put, put_along_axis, putmask  # noqa: E402,F401
from .functional import apply_along_axis, apply_over_axes, vectorize  # noqa: E402,F401
from . import windows as _windows  # noqa: E402,F401  (numpy.lib's sliding_window_view)
from .file_io import load, save, savetxt, savez, savez_compressed  # noqa: E402,F401
from . import view_functions as _view_functions  # noqa: E402
_view_functions.install(globals())
from .. import registry as _registry  # noqa: E402
from ..dispatch.stats import record_op_stat, show_op_stat  # noqa: E402  (MinPy's names)
from .minpy_extras import onehot_encode, set_policy, slice_axis, softmax_output  # noqa: E402,F401


def _sigmoid(x):
    half = _half_like(x)
    return _onp.tanh(_onp.multiply(x, half)) * half + half


def _traced_sigmoid(x):
    half = _half_like(_getval(x))
    return _anp.tanh(x * half) * half + half


def _half_like(x):
    """0.5 in ``x``'s float dtype (NumPy 1.x turns a float32 scalar times 0.5 into float64)."""
    dtype = _onp.result_type(x)
    return dtype.type(0.5) if dtype.kind in "fc" else 0.5


_sigmoid.__name__ = "sigmoid"
sigmoid = _differentiable(_sigmoid, _traced_sigmoid)
sigmoid.__doc__ = "MinPy's extra: the logistic function 1 / (1 + exp(-x)), differentiable."

_registry.keep_all_dtypes()
from . import fast_vjps as _fast_vjps  # noqa: E402  (last: in front of every VJP above)
_fast_vjps.install()


# Defined last: while the submodules above import, it must not shadow them. Names NumPy
# loads lazily (np.ma, np.polynomial, np.testing, ...) come from NumPy on first use.
from ._namespace import fetched_later as _fetched_later  # noqa: E402
from .string_functions import fetching as _fetching  # noqa: E402
for _name in ("char", "polynomial"):  # NumPy 1.x's, filled in: ours comes on first use
    if globals().pop(_name, None) is not None:
        _LAZY.add(_name)
del _name
_numpy_getattr = _fetching(_fetched_later(_onp, globals(), __name__), globals())


def __getattr__(name):
    if name == "policy":  # MinPy's np.policy: the calling thread's policy, read each time
        from ..dispatch.policy import get_global_policy
        return get_global_policy()
    return _numpy_getattr(name)


def __dir__():
    return sorted(set(globals()) | _LAZY | {"policy"})
