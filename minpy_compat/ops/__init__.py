"""``minpy_compat.ops``: MindSpore-style function and primitive ops, Custom, GradOperation.

Function ops (``ops.gt``, ``ops.fill``, ``ops.gather``, ...) and primitive ops
(``ops.MatMul()``, ``ops.ReduceMax()``, ...) are built on the differentiable facade;
``ops.Custom`` turns a NumPy or MXNet kernel plus a ``bprop`` into an op;
``ops.grad``, ``ops.value_and_grad`` and ``ops.GradOperation`` take gradients with
MindSpore's output structure; ``ops.vjp``, ``ops.jvp``, ``ops.jacfwd``, ``ops.jacrev`` and
``ops.vmap`` are its functional transforms; ``ops.HookBackward`` / ``ops.InsertGradientOf``
hook into gradients.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.grad(ops.ReLU6())(ms.Tensor([-1.0, 3.0, 7.0]))
array([0., 1., 0.], dtype=float32)
"""
import types as _types

_BEFORE_IMPORTS = set(globals())
from .functional import (abs, add, assign, cast, clamp, clip, concat, cos, depend, div, eq, equal,
                         exp, expand_dims, ge, greater, greater_equal, gt, le, less, less_equal,
                         log, log_softmax, lt, matmul, maximum, minimum, mul, ne, neg, not_equal,
                         pow, reduce_sum, relu, relu6, reshape, select, shape, sigmoid, sin,
                         softmax, sqrt, square, stack, stop_gradient, sub, sum, tanh, transpose)
from .creation import (arange, eye, fill, Fill, full, full_like, linspace, ones, Ones,
                       ones_like, OnesLike, zeros, Zeros, zeros_like, ZerosLike)
from .reductions import (amax, amin, argmax, Argmax, ArgMaxWithValue, argmin, Argmin,
                         ArgMinWithValue, cumprod, CumProd, cumsum, CumSum, L2Normalize, max,
                         mean, min, norm, prod, ReduceMax, ReduceMean, ReduceMin, ReduceProd,
                         ReduceSum)
from .shaping import (BatchMatMul, bmm, BroadcastTo, broadcast_to, cat, chunk, flatten, Flatten,
                      permute, split, Split, squeeze, Squeeze, Stack, tensor_split, tile, Tile,
                      unbind, unstack, Unstack)
from .activations import (elu, Elu, erf, gelu, GeLU, hardsigmoid, hardswish, HSigmoid, HSwish,
                          leaky_relu, logsigmoid, LogSoftmax, mish, Mish, rsqrt, Rsqrt, selu,
                          SeLU, silu, softplus, Softplus)
from .indexing import (gather, Gather, gather_d, gather_elements, gather_nd, GatherD, GatherNd,
                       argsort, masked_fill, MaskedFill, one_hot, OneHot, sort, Sort, topk, TopK,
                       where)
from .primitives import (Abs, Add, Assign, Cast, Concat, Depend, Div, dropout, Dropout, Dropout2D,
                         Equal, Exp, ExpandDims, Greater, GreaterEqual, Less,
                         LessEqual, Log, MatMul, Maximum, Minimum, Mul, Neg, Pow, Primitive,
                         RealDiv, ReLU, ReLU6, Reshape, Select, Shape, Sigmoid, Softmax, Sqrt,
                         Square, StopGradient, Sub, Tanh, Transpose)
from .clipping import clip_by_global_norm, clip_by_value
from .grad import GradOperation, grad, value_and_grad
from .hooks import HookBackward, InsertGradientOf
from .transforms import jvp, vjp
from .jacobian_transforms import jacfwd, jacrev
from .vmap import vmap
from .custom import Custom
from .custom_info import CustomRegOp, DataType, custom_info_register
from . import tensor_methods  # noqa: F401 (attaches x.permute, x.tril, x.add_, ... to Array)
from ..lazy_names import lazy_names as _lazy_names
from ._lazy_table import LAZY as _LAZY

# Every name imported above, and every lazy one: one list per name, none written twice.
__all__ = sorted({name for name, value in globals().items()
                  if name not in _BEFORE_IMPORTS and not name.startswith("_")
                  and not isinstance(value, _types.ModuleType)}
                 | {name for names in _LAZY.values() for name in names},
                 key=lambda name: (name.lower(), name))
__getattr__, __dir__ = _lazy_names(__name__, _LAZY, globals())
