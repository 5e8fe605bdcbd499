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
from .math_elementwise import (acos, acosh, arccos, arccosh, arcsin, arcsinh, arctan, arctan2,
                               arctanh, asin, asinh, atan, atan2, atanh, ceil, copysign, cosh,
                               deg2rad, divide, exp2, expm1, float_power, floor, floor_div,
                               floor_divide, fmod, frac, hypot, isclose, isfinite, isinf, isnan,
                               log10, log1p, log2, logaddexp, logaddexp2, negative, positive,
                               rad2deg, reciprocal, remainder, round, sign, signbit, sinh, tan,
                               true_divide, trunc)
from .math_special import (addcdiv, addcmul, bitwise_and, bitwise_or, bitwise_xor, erfc, erfinv,
                           lerp, logical_and, logical_not, logical_or, logical_xor, logit, sinc,
                           xlogy)
from .math_reductions import (aminmax, all, any, count_nonzero, cummax, cummin, logcumsumexp,
                              logsumexp, median, nanmean, nansum, std, std_mean, var, var_mean)
from .math_linalg import (addmm, addmv, baddbmm, cross, det, diag, diag_embed, diagflat,
                          diagonal, dot, einsum, ger, inner, inverse, kron, matrix_power, outer,
                          tensor_dot, trace, tril, triu)
from .math_distance import cdist, cosine_similarity, dist, pdist
from . import tensor_methods  # noqa: F401 (adds x.permute, x.exp, ... to Array)

__all__ = ['Abs', 'abs', 'Add', 'add', 'amax', 'amin', 'arange', 'Argmax', 'argmax',
           'ArgMaxWithValue', 'Argmin', 'argmin', 'ArgMinWithValue', 'argsort', 'Assign', 'assign',
           'BatchMatMul', 'bmm', 'broadcast_to', 'BroadcastTo', 'Cast', 'cast', 'cat', 'chunk',
           'clamp', 'clip', 'clip_by_global_norm', 'clip_by_value', 'Concat', 'concat', 'cos',
           'CumProd', 'cumprod', 'CumSum', 'cumsum', 'Custom', 'custom_info_register',
           'CustomRegOp', 'DataType', 'Depend', 'depend', 'Div', 'div', 'Dropout', 'dropout',
           'Dropout2D', 'Elu', 'elu', 'eq', 'Equal', 'equal', 'erf', 'Exp', 'exp', 'expand_dims',
           'ExpandDims', 'eye', 'Fill', 'fill', 'Flatten', 'flatten', 'full', 'full_like',
           'Gather', 'gather', 'gather_d', 'gather_elements', 'gather_nd', 'GatherD', 'GatherNd',
           'ge', 'GeLU', 'gelu', 'grad', 'GradOperation', 'Greater', 'greater', 'greater_equal',
           'GreaterEqual', 'gt', 'hardsigmoid', 'hardswish', 'HookBackward', 'HSigmoid', 'HSwish',
           'InsertGradientOf', 'jacfwd', 'jacrev', 'jvp', 'L2Normalize', 'le', 'leaky_relu',
           'Less', 'less', 'less_equal', 'LessEqual', 'linspace', 'Log', 'log', 'log_softmax',
           'logsigmoid', 'LogSoftmax', 'lt', 'masked_fill', 'MaskedFill', 'MatMul', 'matmul',
           'max', 'Maximum', 'maximum', 'mean', 'min', 'Minimum', 'minimum', 'Mish', 'mish', 'Mul',
           'mul', 'ne', 'Neg', 'neg', 'norm', 'not_equal', 'one_hot', 'OneHot', 'Ones', 'ones',
           'ones_like', 'OnesLike', 'permute', 'Pow', 'pow', 'Primitive', 'prod', 'RealDiv',
           'reduce_sum', 'ReduceMax', 'ReduceMean', 'ReduceMin', 'ReduceProd', 'ReduceSum', 'ReLU',
           'relu', 'ReLU6', 'relu6', 'Reshape', 'reshape', 'Rsqrt', 'rsqrt', 'Select', 'select',
           'SeLU', 'selu', 'Shape', 'shape', 'Sigmoid', 'sigmoid', 'silu', 'sin', 'Softmax',
           'softmax', 'Softplus', 'softplus', 'Sort', 'sort', 'Split', 'split', 'Sqrt', 'sqrt',
           'Square', 'square', 'Squeeze', 'squeeze', 'Stack', 'stack', 'stop_gradient',
           'StopGradient', 'Sub', 'sub', 'sum', 'Tanh', 'tanh', 'tensor_split', 'Tile', 'tile',
           'TopK', 'topk', 'Transpose', 'transpose', 'unbind', 'Unstack', 'unstack',
           'value_and_grad', 'vjp', 'vmap', 'where', 'Zeros', 'zeros', 'zeros_like', 'ZerosLike']

# ---- indexing, scattering and shaping (s14-opsindex) ----------------------------------------
from .scattering import (diagonal_scatter, index_add, index_fill, scatter, scatter_add,
                         scatter_nd, scatter_nd_add, select_scatter, slice_scatter,
                         tensor_scatter_add, tensor_scatter_elements, tensor_scatter_update)
from .selecting import (argwhere, bincount, bucketize, histc, index_select, masked_select,
                        nonzero, searchsorted, unique, unique_consecutive)
from .rearranging import (atleast_1d, atleast_2d, atleast_3d, column_stack, dsplit, dstack,
                          expand, expand_as, flip, fliplr, flipud, hsplit, hstack, movedim,
                          moveaxis, narrow, repeat_interleave, roll, rot90, row_stack, swapaxes,
                          swapdims, unsqueeze, vsplit, vstack)
from .combining import block_diag, cartesian_prod, combinations, diff, meshgrid, trapz

__all__ += ['argwhere', 'atleast_1d', 'atleast_2d', 'atleast_3d', 'bincount', 'block_diag',
            'bucketize', 'cartesian_prod', 'column_stack', 'combinations', 'diagonal_scatter',
            'diff', 'dsplit', 'dstack', 'expand', 'expand_as', 'flip', 'fliplr', 'flipud',
            'histc', 'hsplit', 'hstack', 'index_add', 'index_fill', 'index_select',
            'masked_select', 'meshgrid', 'movedim', 'moveaxis', 'narrow', 'nonzero',
            'repeat_interleave', 'roll', 'rot90', 'row_stack', 'scatter', 'scatter_add',
            'scatter_nd', 'scatter_nd_add', 'searchsorted', 'select_scatter', 'slice_scatter',
            'swapaxes', 'swapdims', 'tensor_scatter_add', 'tensor_scatter_elements',
            'tensor_scatter_update', 'trapz', 'unique', 'unique_consecutive', 'unsqueeze',
            'vsplit', 'vstack']

__all__ += ['acos', 'acosh', 'addcdiv', 'addcmul', 'addmm', 'addmv', 'all', 'aminmax', 'any',
            'arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctan2', 'arctanh', 'asin',
            'asinh', 'atan', 'atan2', 'atanh', 'baddbmm', 'bitwise_and', 'bitwise_or',
            'bitwise_xor', 'cdist', 'ceil', 'copysign', 'cosh', 'cosine_similarity',
            'count_nonzero', 'cross', 'cummax', 'cummin', 'deg2rad', 'det', 'diag', 'diag_embed',
            'diagflat', 'diagonal', 'dist', 'divide', 'dot', 'einsum', 'erfc', 'erfinv', 'exp2',
            'expm1', 'float_power', 'floor', 'floor_div', 'floor_divide', 'fmod', 'frac', 'ger',
            'hypot', 'inner', 'inverse', 'isclose', 'isfinite', 'isinf', 'isnan', 'kron', 'lerp',
            'log10', 'log1p', 'log2', 'logaddexp', 'logaddexp2', 'logcumsumexp', 'logical_and',
            'logical_not', 'logical_or', 'logical_xor', 'logit', 'logsumexp', 'matrix_power',
            'median', 'nanmean', 'nansum', 'negative', 'outer', 'pdist', 'positive', 'rad2deg',
            'reciprocal', 'remainder', 'round', 'sign', 'signbit', 'sinc', 'sinh', 'std',
            'std_mean', 'tan', 'tensor_dot', 'trace', 'tril', 'triu', 'true_divide', 'trunc',
            'var', 'var_mean', 'xlogy']
