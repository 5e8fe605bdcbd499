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
from .nnf_activations import (celu, fast_gelu, glu, gumbel_softmax, hardshrink, hardtanh,
                              prelu, rrelu, softmin, softshrink, softsign, tanhshrink,
                              threshold)
from .nnf_losses import (binary_cross_entropy, binary_cross_entropy_with_logits,
                         cosine_embedding_loss, cross_entropy, gaussian_nll_loss, huber_loss,
                         kl_div, l1_loss, margin_ranking_loss, mse_loss, multi_margin_loss,
                         nll_loss, smooth_l1_loss)
from .nnf_losses_more import hinge_embedding_loss, multilabel_soft_margin_loss
from .nnf_windows import (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_max_pool1d,
                          adaptive_max_pool2d, avg_pool1d, avg_pool2d, conv1d, conv2d,
                          dropout1d, dropout2d, dropout3d, max_pool2d, pad, pixel_shuffle,
                          pixel_unshuffle)
from .nnf_interpolate import interpolate
from .nnf_norms import batch_norm, group_norm, lp_pool1d, lp_pool2d
from .nnf_windows3d import avg_pool3d, conv3d, max_pool3d
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
__all__ += ['adaptive_avg_pool1d', 'adaptive_avg_pool2d', 'adaptive_max_pool1d',
            'adaptive_max_pool2d', 'avg_pool1d', 'avg_pool2d', 'binary_cross_entropy',
            'binary_cross_entropy_with_logits', 'celu', 'conv1d', 'conv2d',
            'cosine_embedding_loss', 'cross_entropy', 'dropout1d', 'dropout2d', 'dropout3d',
            'fast_gelu', 'gaussian_nll_loss', 'glu', 'gumbel_softmax', 'hardshrink', 'hardtanh',
            'hinge_embedding_loss', 'huber_loss', 'kl_div', 'l1_loss', 'margin_ranking_loss',
            'max_pool2d', 'mse_loss', 'multi_margin_loss', 'multilabel_soft_margin_loss',
            'nll_loss', 'pad', 'pixel_shuffle', 'pixel_unshuffle', 'prelu', 'rrelu',
            'smooth_l1_loss', 'softmin', 'softshrink', 'softsign', 'tanhshrink', 'threshold',
            'avg_pool3d', 'batch_norm', 'conv3d', 'group_norm', 'lp_pool1d', 'lp_pool2d',
            'max_pool3d', 'interpolate']
