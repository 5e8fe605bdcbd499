"""``TracedArray``: what a value looks like while ``grad`` traces a function. autograd's
``ArrayBox`` plus the Array extras, NumPy's protocols (``__array_ufunc__``, and
``__array_function__`` through the facade functions in ``ARRAY_FUNCTIONS``), the methods
NumPy users reach for, and (from ``traced_writes``) in-place operators and indexed
assignment that adopt the new value and graph node. ``array`` re-exports it and registers
it with autograd; ``traced_views`` adds the methods that hand out views.
"""
import operator
import sys
import threading

import numpy as onp
from autograd.numpy.numpy_boxes import ArrayBox
from autograd.tracer import getval, trace_primitives_map

from .context import current_context
from .errors import TracedValueError, message
from .traced_methods import NdarrayMethods, facade_function as _facade
from .traced_raw_memory import RawMemoryRefusals
from .traced_writes import (InPlaceWrites, Rearranged, constant_node,  # noqa: F401 (Rearranged,
                            plain_index)                              # plain_index: re-exported)


# Raw NumPy function -> the facade function that accepts traced values. Filled by
# minpy_compat.numpy, read by TracedArray.__array_function__ (imports point one way).
ARRAY_FUNCTIONS = {}
# Code object of a NumPy function that converts its argument itself (no __array_function__
# dispatch: numpy.lib.stride_tricks.as_strided) -> the message that names it. Filled by
# minpy_compat.numpy, read by TracedArray.__array__ when that function is its caller.
CONVERSION_REFUSALS = {}

# ufunc name -> facade name for ufunc methods on traced values.
_REDUCE_AS = {"add": "sum", "multiply": "prod", "maximum": "amax", "minimum": "amin",
              "logical_and": "all", "logical_or": "any"}
_ACCUMULATE_AS = {"add": "cumsum", "multiply": "cumprod"}


_local = threading.local()


def _dispatching():
    """Raw functions being dispatched on this thread (a loop back means no gradient)."""
    active = getattr(_local, "active", None)
    if active is None:
        active = _local.active = set()
    return active


def shape_argument(args):
    """NumPy's two spellings: ``x.reshape(2, 3)`` and ``x.reshape((2, 3))``."""
    return args[0] if len(args) == 1 and not isinstance(args[0], int) else args


def _traced_ufunc(ufunc):
    """autograd's version of ``ufunc``; a ufunc it has none for (``numpy.frompyfunc``'s,
    SciPy's) is refused by name."""
    traced = trace_primitives_map.get(ufunc)
    if traced is None:
        raise TracedValueError(message(
            f"ufunc {ufunc.__name__!r} on a traced value", "a ufunc minpy_compat can "
            "differentiate", "one it has no gradient for", "Call it on x.asnumpy() where no "
            "gradient should flow, or write a customop with def_grad."))
    return traced


class TracedArray(InPlaceWrites, NdarrayMethods, ArrayBox, RawMemoryRefusals):
    """A value being traced by ``grad``: acts as an Array and records every op.

    ``x[basic index]`` (integers, slices, ``...``, ``None``) with an array result (NumPy's
    view; ``x[0, 1]`` of a matrix is a scalar, a copy) remembers ``(x, index)`` in
    ``_view_of``, as a NumPy view remembers its base: writing into the view in place
    (``x[0][1] = v``, ``row = x[0]; row.fill(v)``) writes it back into ``x`` too. So do
    the rearranging methods (``x.T``, ``x.mT``, ``transpose``, ``swapaxes``, ``reshape``,
    ``ravel``, ``squeeze``) where NumPy's result is a view: ``x.T[0] = v`` changes ``x``'s
    first column, while ``x.T.reshape(-1)`` is a copy, as in NumPy. A write into ``x``
    reaches the views taken of it before (``live_views``), and the functions
    (``np.transpose(x)``, ``np.reshape(x, ...)``) give new values.
    """

    __slots__ = ["_view_of", "_views", "__weakref__"]  # _views: see live_views

    def asnumpy(self):
        """The current value as a plain ``numpy.ndarray`` (not differentiated)."""
        return onp.array(getval(self), copy=True)

    @property
    def context(self):
        return current_context()

    def __repr__(self):
        value = getval(self)
        if isinstance(value, (onp.generic, float, complex)):  # NumPy 2 would show np.float64(..)
            value = onp.asarray(value)
        return f"TracedArray({value!r})"

    # Read straight off the value (ArrayBox calls a wrapped NumPy function for each).
    @property
    def shape(self):
        value = self._value
        return value.shape if hasattr(value, "shape") else onp.shape(value)

    @shape.setter
    def shape(self, new_shape):  # x.shape = (3, 2): the same numbers, reshaped in place
        if getattr(self, "_view_of", None) is not None:  # an unset slot: not a view
            raise TracedValueError(message(
                "setting .shape of a traced view", "an array that is not a view of another",
                "a view (its writes go back to the array it views)",
                "Use v = v.reshape(new_shape) instead."))
        reshaped = _facade("reshape")(self, new_shape)
        self._value, self._node = reshaped._value, reshaped._node

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def dtype(self):
        value = self._value
        return value.dtype if hasattr(value, "dtype") else onp.result_type(value)

    def __array__(self, dtype=None, copy=None):
        original = int_input_original(self)
        if original is not None:  # a MindSpore pass's int input: its ints
            return original if dtype is None else original.astype(dtype)
        refusal = CONVERSION_REFUSALS.get(sys._getframe(1).f_code)  # only on this error path
        raise TracedValueError(refusal or message(
            "numpy.asarray on a traced value",
            "a function minpy_compat can differentiate", "a conversion that drops the gradient",
            "Use x.asnumpy() to read the value, or minpy_compat.numpy functions to compute "
            "with it."))

    def _no_scalar(self, *args):
        raise TracedValueError(message(
            "float()/int() of a traced value", "an array operation",
            "a conversion to a Python number that drops the gradient",
            "Use float(x.asnumpy()) to read the value without its gradient; to print it, "
            "use f'{x:.4f}' or print(x) ('%.4f' % x converts with float())."))

    __float__ = __int__ = __complex__ = _no_scalar

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if kwargs.get("out") is not None:  # a += v on an Array, or out=: computed, assigned
            from .out_arguments import ufunc_into_out
            return ufunc_into_out(ufunc, method, inputs, kwargs)
        kwargs.pop("out", None)
        if method == "__call__":  # the facade's ufunc: its dtype=, keyword refusals, lean call
            if getattr(onp, ufunc.__name__, None) is ufunc:
                return _facade(ufunc.__name__)(*inputs, **kwargs)
            return _traced_ufunc(ufunc)(*inputs, **kwargs)
        if method in ("reduce", "accumulate") and len(inputs) == 1:
            kwargs.setdefault("axis", 0)  # the ufunc methods' default (sum, cumsum: None)
        if method == "reduce" and ufunc.__name__ in _REDUCE_AS:
            return _facade(_REDUCE_AS[ufunc.__name__])(*inputs, **kwargs)
        if method == "accumulate" and ufunc.__name__ in _ACCUMULATE_AS:
            return _facade(_ACCUMULATE_AS[ufunc.__name__])(*inputs, **kwargs)
        if method == "outer":
            a, b = inputs
            a = _facade("reshape")(a, onp.shape(getval(a)) + (1,) * onp.ndim(getval(b)))
            return _traced_ufunc(ufunc)(a, b, **kwargs)
        from .numpy.ufunc_methods import traced_ufunc_method  # at, reduceat, cummax, ...
        return traced_ufunc_method(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        implementation = ARRAY_FUNCTIONS.get(func)
        active = _dispatching()
        if implementation is None:
            raise TracedValueError(message(  # its module: numpy, numpy.lib.recfunctions, ...
                f"{getattr(func, '__module__', None) or 'numpy'}.{func.__name__}",
                "a function minpy_compat can differentiate "
                "with these arguments", "one it has no gradient for here",
                "Call minpy_compat.numpy's version, or use x.asnumpy() for the value."))
        if func in active:  # minpy_compat's own version handed a traced argument to NumPy's
            raise TracedValueError(message(
                f"minpy_compat.numpy.{func.__name__}", "traced values only in the arguments it "
                "differentiates", "a traced value in an argument it has no gradient for "
                "(e.g. weights=)", "Pass that argument as a constant (x.asnumpy()), or write "
                "the computation with differentiable functions."))
        active.add(func)
        try:
            return implementation(*args, **kwargs)
        finally:
            active.discard(func)

    # ---- methods NumPy users reach for ----------------------------------------
    def reshape(self, *shape, **kwargs):
        return _facade("reshape")(self, shape_argument(shape), **kwargs)

    def transpose(self, *axes):
        return _facade("transpose")(self, shape_argument(axes) or None)

    def dot(self, b, out=None):  # NumPy's parameter names: x.dot(b=y) works
        if out is None:
            return _facade("dot")(self, b)
        return _facade("dot")(self, b, out=out)

    def copy(self, order="C"):  # x.copy() is C-ordered; np.copy(x) keeps the layout ('K')
        return _facade("copy")(self, order=order)

    def conj(self):
        return _facade("conjugate")(self)

    conjugate = conj

    @property
    def real(self):
        return _facade("real")(self)

    @real.setter
    def real(self, value):  # x.real = v: an in-place write of the real part
        self[...] = value + 1j * self.imag if self.dtype.kind == "c" else value

    @property
    def imag(self):
        return _facade("imag")(self)

    @imag.setter
    def imag(self, value):
        if self.dtype.kind != "c":
            raise TypeError("array does not have imaginary part to set")  # NumPy's words
        self[...] = self.real + 1j * value

    @property
    def itemsize(self):
        return getval(self).itemsize

    @property
    def nbytes(self):
        return getval(self).nbytes

    def item(self, *args):
        return self._as_python("item()").item(*args)

    def tolist(self):
        return self._as_python("tolist()").tolist()

    def _as_python(self, how):
        """The value, for a conversion to Python numbers: refused where a gradient could
        flow (float or complex numbers), as ``float()`` is; integers carry none."""
        value = getval(self)
        if onp.result_type(value).kind in "fc":
            raise TracedValueError(message(
                f"{how} of a traced value", "an array operation (x[i] keeps the gradient)",
                "a conversion to Python numbers that drops the gradient",
                f"Use x.asnumpy().{how[:-2]}() to read the value without its gradient."))
        return onp.asarray(value)

    def __pos__(self):
        """A new value, as NumPy's ``+x`` is a copy: a later write into ``x`` (``x[0] = v``)
        must not reach it."""
        return _facade("positive")(self)


def int_input_original(value):
    """The int array that ``value`` stands for where it is a MindSpore gradient pass's int
    input, traced as a float64 stand-in (``ops/int_inputs.py``); None otherwise (and
    always before that module is loaded, since nothing can stand in for one then)."""
    int_inputs = sys.modules.get("minpy_compat.ops.int_inputs")
    return None if int_inputs is None else int_inputs.int_original(value)


def _comparison(name, operator_name):
    """``x > y`` on a traced value as the facade's ``greater``: an ``Array`` of bools, as
    outside ``grad`` (autograd's ArrayBox gives a plain ndarray, without ``asnumpy()`` and
    MindSpore's Tensor methods); a 0-d result is NumPy's bool scalar, as ``x[0] > 0`` is."""
    def compare(self, other):
        try:
            result = _facade(name)(self, other)
        except TypeError:  # no loop (x == 'a'): NumPy's own operator answers or raises
            result = getattr(operator, operator_name)(onp.asarray(getval(self)), getval(other))
            result = _facade("asarray")(result) if type(result) is onp.ndarray else result
        return onp.asarray(result)[()] if getattr(result, "ndim", None) == 0 else result
    compare.__name__ = compare.__qualname__ = f"TracedArray.{name}"
    return compare


# set after the class body, so TracedArray keeps ArrayBox's __hash__ (an __eq__ defined in
# the body would set it to None)
for _dunder, _name in (("eq", "equal"), ("ne", "not_equal"), ("lt", "less"),
                       ("le", "less_equal"), ("gt", "greater"), ("ge", "greater_equal")):
    setattr(TracedArray, f"__{_dunder}__", _comparison(_name, _dunder))
del _dunder, _name
