"""MindSpore's oldest function ops (``ops.gt``, ``ops.add``, ``ops.reshape``, ...), gathered
under the name ``ops.functional`` that ``nn`` and earlier code import them by. Each lives in
the module named for what it does:

- ``comparison.py``: gt, ge, lt, le, eq, ne (and greater, ..., not_equal)
- ``arithmetic.py``: abs, neg, square, exp, log, sqrt, sin, cos, tanh, add, sub, mul, div,
  pow, maximum, minimum, select, clamp (clip)
- ``basic_activations.py``: relu, relu6, sigmoid, softmax, log_softmax
- ``reshaping.py``: reshape, transpose, expand_dims, shape, concat, stack
- ``sums.py``: matmul, reduce_sum, sum
- ``dataflow.py``: cast, stop_gradient, depend
- ``promotion.py``: MindSpore's dtype rules that they share

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> x = ms.Tensor([0.1, 0.2, 0.3])
>>> ops.select(ops.gt(x, 0.1), x, ops.fill(x.dtype, x.shape, 20))
array([20. ,  0.2,  0.3], dtype=float32)
"""
from .arithmetic import (abs, add, clamp, clip, cos, div, exp, log, maximum, minimum,  # noqa: F401
                         mul, neg, pow, select, sin, sqrt, square, sub, tanh)
from .basic_activations import log_softmax, relu, relu6, sigmoid, softmax  # noqa: F401
from .checks import float_only, keeps_float_dtype, no_bool, not_both_bool  # noqa: F401
from .comparison import (eq, equal, ge, greater, greater_equal, gt, le, less,  # noqa: F401
                         less_equal, lt, ne, not_equal)
from .dataflow import cast, depend, stop_gradient  # noqa: F401
from .promotion import _dtype_of, _float_like_inputs, one_dtype  # noqa: F401
from .reshaping import concat, expand_dims, reshape, shape, stack, transpose  # noqa: F401
from .sums import _axis, matmul, reduce_sum, sum  # noqa: F401
from .writes import assign, assign_all  # noqa: F401 (ops.functional.assign_all)

# MindSpore's other names of ``ops.functional`` (F.fill, F.tensor_add, ...), read from ``ops``
from ..module_paths import fallback  # noqa: E402

__getattr__, __dir__ = fallback(__name__)
