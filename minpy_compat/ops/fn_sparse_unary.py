"""MindSpore's element-wise ``coo_*``/``csr_*`` functions, made from one table: each applies
our element-wise op to the stored values and keeps the sparsity pattern (so ``coo_exp``
leaves the implicit zeros zero, as MindSpore's does).

>>> import numpy as onp, minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.COOTensor(ms.Tensor(onp.array([[0, 1]])), ms.Tensor(onp.array([-2.0])), (1, 2))
>>> ops.coo_relu(x).values.tolist()
[0.0]
"""
from ..errors import CellTypeError, message
from ..sparse_tensors import COOTensor, CSRTensor

# sparse name suffix -> the ops function applied to the values
UNARY = {name: name for name in (
    "abs acos acosh asin asinh atan atanh ceil cos cosh exp expm1 floor inv isfinite isinf "
    "isnan log log1p neg relu relu6 round sigmoid sin sinh softsign sqrt square tan tanh"
).split()}


def _make(prefix, kind, suffix):
    name = f"{prefix}_{suffix}"

    def function(x):
        if not isinstance(x, kind):
            raise CellTypeError(message(f"ops.{name} x", f"a {kind.__name__}",
                                        type(x).__name__))
        from .. import ops
        return x._with(getattr(ops, UNARY[suffix])(x.values))
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"``ops.{UNARY[suffix]}`` of a {kind.__name__}'s values, same pattern."
    return name, function


globals().update(_make(prefix, kind, suffix) for prefix, kind in
                 (("coo", COOTensor), ("csr", CSRTensor)) for suffix in UNARY)
