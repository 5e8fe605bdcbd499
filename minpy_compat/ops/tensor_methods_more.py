"""More of MindSpore 2.10's Tensor methods, each forwarding to the ``ops`` function of the
same meaning (looked up at call time, so attaching them costs a table, not an import).

``x.acos()``, ``x.masked_select(m)``, ``x.index_select(0, idx)``, ``x.tril()``,
``x.logsumexp(1)``, ``x.repeat_interleave(2, 0)``, ``x.split(2)``, ... work on
``Tensor`` (the facade's ``Array``) and on traced values, so they are differentiable.
MindSpore's method arguments follow its method signatures (``x.chunk(2, dim=1)`` and the
older ``axis=`` alike). Names that ``numpy.ndarray`` already has with other semantics
(``ptp``, ``itemset``) are left to NumPy.

>>> import minpy_compat as ms
>>> x = ms.Tensor([[1.0, -2.0], [3.0, 4.0]])
>>> x.tril(), x.abs().logsumexp(1).shape, x.index_select(1, ms.Tensor([1])).shape
(array([[1., 0.],
       [3., 4.]], dtype=float32), (2,), (2, 1))
"""
import sys

import numpy as onp

from ..array import Array
from ..traced_methods import NdarrayMethods
from . import tensor_methods_extra as extra


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
count_nonzero logsumexp narrow unbind roll index_add""".split()

METHODS = {name: _forward(name) for name in SAME}
METHODS.update({
    "sub": _forward("subtract"), "add": extra.add,
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
METHODS.update(extra.METHODS)
PROPERTIES = extra.PROPERTIES


def install():
    """Add each method (and ``H``/``mH``) to ``Array`` and the traced values' base; none
    shadows a ``numpy.ndarray`` name or one ``tensor_methods`` added."""
    properties = [(name, property(get)) for name, get in PROPERTIES.items()]
    for name, method in list(METHODS.items()) + properties:
        assert not hasattr(onp.ndarray, name), f"{name} would shadow numpy.ndarray's"
        assert name not in vars(Array), f"{name} is on Array already"
        for cls in (Array, NdarrayMethods):
            setattr(cls, name, method)


install()
