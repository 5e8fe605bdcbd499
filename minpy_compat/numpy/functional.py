"""Functions that call a user's function on pieces of an array: ``apply_along_axis``,
``apply_over_axes`` and ``vectorize``, differentiable.

NumPy's versions put each result into a new NumPy array, which a traced value cannot
enter: under ``grad`` they raised. Here the pieces are taken and the results put together
with the facade's own (differentiable) functions, in NumPy's layout and dtype. NumPy's
``apply_along_axis`` and ``apply_over_axes`` are Python loops too, so these always run
(a function may close over a traced value while ``arr`` is constant); ``vectorize`` runs
NumPy's own loop unless an argument is traced.
"""
import numpy as onp
from autograd.tracer import getval

from ..array import ARRAY_FUNCTIONS, wrap
from ..errors import TracedValueError, message
from ._namespace import contains_box


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """``numpy.apply_along_axis``: ``func1d`` on every 1-d slice of ``arr`` along
    ``axis`` (traced slices under ``grad``), the results stacked where that axis was.

    >>> import minpy_compat.numpy as np
    >>> np.apply_along_axis(lambda r: r[::-1] * 2, 1, np.array([[1.0, 2.0], [3.0, 4.0]]))
    array([[4., 2.],
           [8., 6.]])
    """
    from . import asarray, moveaxis, reshape, stack, transpose
    arr = asarray(arr)
    moved = moveaxis(arr, axis, -1)  # NumPy's AxisError for an axis arr lacks
    outer = moved.shape[:-1]
    if 0 in outer:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    results = [asarray(func1d(moved[index], *args, **kwargs)) for index in onp.ndindex(outer)]
    first = results[0]
    stacked = reshape(stack(results), outer + first.shape)
    if stacked.dtype != first.dtype:  # NumPy fills a buffer of the first result's dtype
        stacked = stacked.astype(first.dtype)
    axis = axis % arr.ndim
    dims = list(range(stacked.ndim))
    inner = dims[len(outer):]  # the result's own axes go where ``axis`` was
    return transpose(stacked, dims[:axis] + inner + dims[axis:len(outer)])


def apply_over_axes(func, a, axes):
    """``numpy.apply_over_axes``: ``func(a, axis)`` for each axis in turn, each result
    given back the reduced axis (traced values stay traced).

    >>> import minpy_compat.numpy as np
    >>> np.apply_over_axes(np.sum, np.ones((2, 3)), [0, 1])
    array([[6.]])
    """
    from . import asarray, expand_dims
    value = asarray(a)
    ndim = value.ndim
    for axis in ([axes] if onp.ndim(axes) == 0 else axes):
        axis = axis + ndim if axis < 0 else axis
        result = asarray(func(value, axis))
        if result.ndim != value.ndim:
            result = expand_dims(result, axis)
            if result.ndim != value.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        value = result
    return value


class vectorize(onp.vectorize):
    """``numpy.vectorize`` giving Arrays; with a traced argument, ``pyfunc`` runs on each
    (traced) element and the results are stacked, so ``grad`` flows through it.

    >>> import minpy_compat.numpy as np
    >>> np.vectorize(lambda t: t * t if t > 0 else 0.0)(np.array([-1.0, 3.0]))
    array([0., 9.])
    """

    def __call__(self, *args, **kwargs):
        if not (contains_box(args) or contains_box(tuple(kwargs.values()))):
            return wrap(super().__call__(*args, **kwargs))
        if self.signature is not None:
            raise TracedValueError(message(
                "minpy_compat.numpy.vectorize", "signature=None for traced arguments",
                f"signature={self.signature!r}", "Use np.apply_along_axis, or a loop over "
                "the slices and np.stack."))
        return _elementwise(self.pyfunc, self.otypes, self.excluded, args, kwargs)


def _elementwise(pyfunc, otypes, excluded, args, kwargs):
    """``pyfunc`` on each element of the broadcast arguments not in ``excluded``."""
    from . import asarray, broadcast_to, reshape, stack
    varying = [i for i in range(len(args)) if i not in excluded]
    names = [name for name in kwargs if name not in excluded]
    shape = onp.broadcast_shapes(*(onp.shape(getval(args[i])) for i in varying),
                                 *(onp.shape(getval(kwargs[n])) for n in names))
    spread = {key: broadcast_to(asarray(value), shape) for key, value in
              [(i, args[i]) for i in varying] + [(n, kwargs[n]) for n in names]}
    outputs = []
    for index in onp.ndindex(shape):
        call_args = [spread[i][index] if i in spread else a for i, a in enumerate(args)]
        call_kwargs = {n: spread[n][index] if n in spread else v for n, v in kwargs.items()}
        outputs.append(pyfunc(*call_args, **call_kwargs))
    if not outputs:
        raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
    several = isinstance(outputs[0], tuple)
    columns = list(zip(*outputs)) if several else [outputs]
    dtypes = otypes or [onp.result_type(getval(column[0])) for column in columns]
    results = tuple(reshape(stack([asarray(v) for v in column]), shape).astype(dtype)
                    for column, dtype in zip(columns, dtypes))
    return results if several else results[0]


for _function in (apply_along_axis, apply_over_axes):
    _function.__wrapped__ = getattr(onp, _function.__name__)
    ARRAY_FUNCTIONS[_function.__wrapped__] = _function  # numpy.<name>(traced) comes here
