"""MindSpore's Tensor methods on ``Array`` and the traced values: the one place that
attaches them.

``Tensor(...)`` is the facade's ``Array`` (an ndarray subclass), so ``x.sum``,
``x.reshape``, ``x.astype`` ... are NumPy's and stay so: no name here shadows a
``numpy.ndarray`` attribute (``fill``, ``copy``, ``view``, ``put``, ``ptp`` stay NumPy's).
Every name is set on ``Array`` and on ``NdarrayMethods`` (the base of NumPy's and MXNet's
traced values), so each method works under ``grad``; the in-place ones write through
``x[...] = ...`` (journalled on a Parameter).

Two tables, neither importing anything when ``minpy_compat`` loads:

* ``FORWARDED``: methods that are an ``ops`` function of the same arguments after
  ``self`` (``x.acos()``, ``x.tril()``, ``x.split(2, dim=1)``), looked up at call time;
* ``MODULES``: the hand-written methods, by the module (under ``minpy_compat.ops``) whose
  ``METHODS`` (and ``PROPERTIES``) table defines them. Each name starts as a small stub;
  the first use of any name of a module imports that module and puts its real methods
  in place of the stubs.

>>> import minpy_compat as ms
>>> x = ms.Tensor([[1.0, 4.0]])
>>> x.permute(1, 0).shape, x.sqrt(), x.int().dtype
((2, 1), array([[1., 2.]], dtype=float32), dtype('int32'))
>>> y = ms.Tensor([[1.0, -2.0], [3.0, 4.0]])
>>> y.tril(), y.abs().logsumexp(1).shape, y.index_select(1, ms.Tensor([1])).shape
(array([[1., 0.],
       [3., 4.]], dtype=float32), (2,), (2, 1))
"""
import importlib
import sys

import numpy as onp

from ..array import Array
from ..traced_methods import NdarrayMethods
from .checks import named


def _ops():
    return sys.modules[__package__]


def _forward(op):
    """``x.<name>(*args, **kwargs)`` is ``ops.<op>(x, *args, **kwargs)``."""
    def method(self, *args, **kwargs):
        return getattr(_ops(), op)(self, *args, **kwargs)
    method.__doc__ = f"``ops.{op}(self, ...)`` as a Tensor method (MindSpore's ``Tensor``)."
    return method


def _renamed(op, **aliases):
    """Like ``_forward``, taking MindSpore's method keywords (``dim=``) for the function's
    (``axis=``): ``aliases`` maps the method's keyword to the function's."""
    def method(self, *args, **kwargs):
        for new, old in aliases.items():
            if new in kwargs:
                kwargs[old] = kwargs.pop(new)
        return getattr(_ops(), op)(self, *args, **kwargs)
    method.__doc__ = f"``ops.{op}(self, ...)`` as a Tensor method (MindSpore's ``Tensor``)."
    return method


def _primitive(name):
    """``x.<name>(*args)`` is ``ops.<Name>()(x, *args)`` (a primitive without a function)."""
    def method(self, *args):
        return getattr(_ops(), name)()(self, *args)
    method.__doc__ = f"``ops.{name}()(self, ...)`` as a Tensor method (MindSpore's ``Tensor``)."
    return method


# method name -> ops function of the same arguments after ``self``
SAME = """absolute acos acosh arccos arccosh arcsin arcsinh arctan arctanh asin asinh atan atanh
adjoint angle argwhere ceil cosh deg2rad rad2deg det erf erfc erfinv expm1 fliplr flipud floor
frac i0 inverse is_complex is_floating_point isfinite isinf isnan isneginf isposinf isreal log10
log1p log2 logdet logical_not msort negative positive sgn sign signbit sinc sinh slogdet tan trunc
t eigvals addbmm addcdiv addcmul addmm addmv addr aminmax arctan2 atan2 baddbmm bincount
bitwise_and bitwise_or bitwise_xor bmm cholesky cholesky_inverse cholesky_solve copysign cov
cross cummax cummin diagflat diagonal_scatter diff div divide dsplit eq equal flip float_power
floor_divide fmax fmin fmod fold gather_nd gcd ge ger greater greater_equal gt hardshrink
heaviside histc hsplit hypot index_fill inner lcm ldexp le lerp less less_equal logaddexp
logaddexp2 logcumsumexp logical_and logical_or logical_xor logit lstsq lt lu_solve
masked_select matmul matrix_power maximum minimum mm moveaxis movedim mul multiply nan_to_num
nanmean nanmedian nanquantile ne nextafter not_equal outer quantile renorm reverse
reverse_sequence rot90 select_scatter
slice_scatter subtract svd swapdims tensor_split top_k tril triu true_divide unfold
unique_consecutive unsorted_segment_max unsorted_segment_min unsorted_segment_prod vsplit xlogy
count_nonzero logsumexp narrow unbind roll index_add lgamma digamma igamma igammac""".split()

FORWARDED = {name: _forward(name) for name in SAME}
FORWARDED.update({
    "sub": _forward("subtract"),
    "scatter_mul": _forward("tensor_scatter_mul"), "scatter_div": _forward("tensor_scatter_div"),
    "scatter_max": _forward("tensor_scatter_max"), "scatter_min": _forward("tensor_scatter_min"),
    "remainder": _renamed("remainder", divisor="other"),
    "chunk": _renamed("chunk", dim="axis"),
    "split": _renamed("split", dim="axis", split_size="split_size_or_sections"),
    "index_select": _renamed("index_select", dim="axis"),
    "scatter": _renamed("scatter", dim="axis"),
    "repeat_interleave": _renamed("repeat_interleave", dim="axis"),
    "median": _renamed("median", dim="axis", keepdim="keepdims"),
    "nansum": _forward("nansum"),
    "soft_shrink": _forward("softshrink"),
    "bitwise_not": _primitive("Invert"), "invert": _primitive("Invert"),
    "bitwise_left_shift": _primitive("LeftShift"),
    "bitwise_right_shift": _primitive("RightShift"),
    "xdivy": _primitive("Xdivy"), "inv": _primitive("Inv"),
    "matrix_determinant": _primitive("MatrixDeterminant"),
    "log_matrix_determinant": _primitive("LogMatrixDeterminant"),
})

# module (under minpy_compat.ops) -> the names of its METHODS table
MODULES = {name: names.split() for name, names in {
    "tensor_methods_basic": """abs amax amin bool broadcast_to clamp cos dim double exp
        expand_as expand_dims float gather gather_elements half int is_contiguous isclose
        log long masked_fill neg nelement norm numel permute pow reciprocal rsqrt sigmoid
        sin softmax sqrt square tanh tile topk unsqueeze""",
    "tensor_methods_extra": """add allclose approximate_equal argmax_with_value
        argmin_with_value diag expand fill_diagonal index_put inplace_update masked_scatter
        qr scatter_add scatter_sub select sum_to_size where""",
    "tensor_inplace": """add_ clamp_ copy_ div_ erfinv_ exp_ fill_ floor_ floor_divide_
        index_add_ index_fill_ log_ masked_fill_ mul_ remainder_ scatter_ scatter_add_
        sigmoid_ sign_ sub_ tanh_ zero_""",
    "tensor_inplace_more": """addmm_ bernoulli_ exponential_ fill_diagonal_ index_copy_
        index_put_ masked_scatter_ normal_ put_ random_ uniform_""",
    "tensor_utils": """bfloat16 byte clone contiguous is_signed ndimension new_empty
        new_full new_ones new_zeros numpy register_hook remove_hook reshape_as short
        storage_offset stride to to_ type type_as value view_as""",
}.items()}
# module -> the names of its PROPERTIES table (``x.H``: attributes, not methods)
PROPERTY_MODULES = {"tensor_methods_extra": ["H", "mH"]}


def attach(name, member):
    """Set ``member`` (a function or property) as ``name`` on ``Array`` and the traced
    values' base; a method's errors name ``Tensor.<name>``, what the user called, not the
    ``ops`` function beneath (``x.tan()`` on Int32: ``Tensor.tan input: ...``)."""
    if not isinstance(member, property):
        member = named(f"Tensor.{name}", member)
    for cls in (Array, NdarrayMethods):
        setattr(cls, name, member)


_LOADED = set()  # the modules whose methods are attached


def load(module_name):
    """Import ``module_name`` and attach its real methods and properties (in place of the
    stubs); returns the module."""
    module = importlib.import_module(f"{__package__}.{module_name}")
    if module_name in _LOADED:  # a stub kept from before (``f = x.exp``) calls again
        return module
    _LOADED.add(module_name)
    for name in MODULES[module_name]:
        attach(name, module.METHODS[name])
    for name in PROPERTY_MODULES.get(module_name, ()):
        attach(name, property(module.PROPERTIES[name]))
    return module


def _stub(module_name, name):
    def method(self, *args, **kwargs):
        return load(module_name).METHODS[name](self, *args, **kwargs)
    method.__name__ = name
    method.__doc__ = f"MindSpore's ``Tensor.{name}`` (``ops/{module_name}.py``, loaded on use)."
    return method


def _property_stub(module_name, name):
    def get(self):
        return load(module_name).PROPERTIES[name](self)
    get.__doc__ = f"MindSpore's ``Tensor.{name}`` (``ops/{module_name}.py``, loaded on use)."
    return property(get)


def members():
    """Every (name, member) to attach at import: the forwarders and the stubs."""
    yield from FORWARDED.items()
    for module_name, names in MODULES.items():
        yield from ((name, _stub(module_name, name)) for name in names)
    for module_name, names in PROPERTY_MODULES.items():
        yield from ((name, _property_stub(module_name, name)) for name in names)


def install():
    """Attach every name once; none shadows a ``numpy.ndarray`` attribute or one the
    classes define themselves, and no name is in two tables."""
    for name, member in members():
        assert not hasattr(onp.ndarray, name), f"{name} would shadow numpy.ndarray's"
        assert name not in vars(Array) and name not in vars(NdarrayMethods), \
            f"{name} is attached twice (or defined by Array / NdarrayMethods)"
        attach(name, member)


install()
