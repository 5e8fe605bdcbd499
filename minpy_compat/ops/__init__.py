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
from . import tensor_methods  # noqa: F401 (adds x.permute, x.exp, ... to Array)
from ..lazy_names import lazy_names


__all__ = ['Abs', 'abs', 'acos', 'acosh', 'adaptive_avg_pool1d', 'adaptive_avg_pool2d',
           'adaptive_max_pool1d', 'adaptive_max_pool2d', 'Add', 'add', 'addcdiv', 'addcmul',
           'addmm', 'addmv', 'all', 'amax', 'amin', 'aminmax', 'any', 'arange', 'arccos',
           'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctan2', 'arctanh', 'Argmax', 'argmax',
           'ArgMaxWithValue', 'Argmin', 'argmin', 'ArgMinWithValue', 'argsort', 'argwhere', 'asin',
           'asinh', 'Assign', 'assign', 'atan', 'atan2', 'atanh', 'atleast_1d', 'atleast_2d',
           'atleast_3d', 'avg_pool1d', 'avg_pool2d', 'avg_pool3d', 'baddbmm', 'batch_norm',
           'BatchMatMul', 'binary_cross_entropy', 'binary_cross_entropy_with_logits', 'bincount',
           'bitwise_and', 'bitwise_or', 'bitwise_xor', 'block_diag', 'bmm', 'broadcast_to',
           'BroadcastTo', 'bucketize', 'cartesian_prod', 'Cast', 'cast', 'cat', 'cdist', 'ceil',
           'celu', 'chunk', 'clamp', 'clip', 'clip_by_global_norm', 'clip_by_value',
           'column_stack', 'combinations', 'Concat', 'concat', 'conv1d', 'conv2d', 'conv3d',
           'copysign', 'cos', 'cosh', 'cosine_embedding_loss', 'cosine_similarity',
           'count_nonzero', 'cross', 'cross_entropy', 'cummax', 'cummin', 'CumProd', 'cumprod',
           'CumSum', 'cumsum', 'Custom', 'custom_info_register', 'CustomRegOp', 'DataType',
           'deg2rad', 'Depend', 'depend', 'det', 'diag', 'diag_embed', 'diagflat', 'diagonal',
           'diagonal_scatter', 'diff', 'dist', 'Div', 'div', 'divide', 'dot', 'Dropout', 'dropout',
           'dropout1d', 'Dropout2D', 'dropout2d', 'dropout3d', 'dsplit', 'dstack', 'einsum', 'Elu',
           'elu', 'eq', 'Equal', 'equal', 'erf', 'erfc', 'erfinv', 'Exp', 'exp', 'exp2', 'expand',
           'expand_as', 'expand_dims', 'ExpandDims', 'expm1', 'eye', 'fast_gelu', 'Fill', 'fill',
           'Flatten', 'flatten', 'flip', 'fliplr', 'flipud', 'float_power', 'floor', 'floor_div',
           'floor_divide', 'fmod', 'frac', 'full', 'full_like', 'Gather', 'gather', 'gather_d',
           'gather_elements', 'gather_nd', 'GatherD', 'GatherNd', 'gaussian_nll_loss', 'ge',
           'GeLU', 'gelu', 'ger', 'glu', 'grad', 'GradOperation', 'Greater', 'greater',
           'greater_equal', 'GreaterEqual', 'group_norm', 'gt', 'gumbel_softmax', 'hardshrink',
           'hardsigmoid', 'hardswish', 'hardtanh', 'hinge_embedding_loss', 'histc', 'HookBackward',
           'HSigmoid', 'hsplit', 'hstack', 'HSwish', 'huber_loss', 'hypot', 'index_add',
           'index_fill', 'index_select', 'inner', 'InsertGradientOf', 'interpolate', 'inverse',
           'isclose', 'isfinite', 'isinf', 'isnan', 'jacfwd', 'jacrev', 'jvp', 'kl_div', 'kron',
           'l1_loss', 'L2Normalize', 'le', 'leaky_relu', 'lerp', 'Less', 'less', 'less_equal',
           'LessEqual', 'linspace', 'Log', 'log', 'log10', 'log1p', 'log2', 'log_softmax',
           'logaddexp', 'logaddexp2', 'logcumsumexp', 'logical_and', 'logical_not', 'logical_or',
           'logical_xor', 'logit', 'logsigmoid', 'LogSoftmax', 'logsumexp', 'lp_pool1d',
           'lp_pool2d', 'lt', 'margin_ranking_loss', 'masked_fill', 'masked_select', 'MaskedFill',
           'MatMul', 'matmul', 'matrix_power', 'max', 'max_pool2d', 'max_pool3d', 'Maximum',
           'maximum', 'mean', 'median', 'meshgrid', 'min', 'Minimum', 'minimum', 'Mish', 'mish',
           'moveaxis', 'movedim', 'mse_loss', 'Mul', 'mul', 'multi_margin_loss',
           'multilabel_soft_margin_loss', 'nanmean', 'nansum', 'narrow', 'ne', 'Neg', 'neg',
           'negative', 'nll_loss', 'nonzero', 'norm', 'not_equal', 'one_hot', 'OneHot', 'Ones',
           'ones', 'ones_like', 'OnesLike', 'outer', 'pad', 'pdist', 'permute', 'pixel_shuffle',
           'pixel_unshuffle', 'positive', 'Pow', 'pow', 'prelu', 'Primitive', 'prod', 'rad2deg',
           'RealDiv', 'reciprocal', 'reduce_sum', 'ReduceMax', 'ReduceMean', 'ReduceMin',
           'ReduceProd', 'ReduceSum', 'ReLU', 'relu', 'ReLU6', 'relu6', 'remainder',
           'repeat_interleave', 'Reshape', 'reshape', 'roll', 'rot90', 'round', 'row_stack',
           'rrelu', 'Rsqrt', 'rsqrt', 'scatter', 'scatter_add', 'scatter_nd', 'scatter_nd_add',
           'searchsorted', 'Select', 'select', 'select_scatter', 'SeLU', 'selu', 'Shape', 'shape',
           'Sigmoid', 'sigmoid', 'sign', 'signbit', 'silu', 'sin', 'sinc', 'sinh', 'slice_scatter',
           'smooth_l1_loss', 'Softmax', 'softmax', 'softmin', 'Softplus', 'softplus', 'softshrink',
           'softsign', 'Sort', 'sort', 'Split', 'split', 'Sqrt', 'sqrt', 'Square', 'square',
           'Squeeze', 'squeeze', 'Stack', 'stack', 'std', 'std_mean', 'stop_gradient',
           'StopGradient', 'Sub', 'sub', 'sum', 'swapaxes', 'swapdims', 'tan', 'Tanh', 'tanh',
           'tanhshrink', 'tensor_dot', 'tensor_scatter_add', 'tensor_scatter_elements',
           'tensor_scatter_update', 'tensor_split', 'threshold', 'Tile', 'tile', 'TopK', 'topk',
           'trace', 'Transpose', 'transpose', 'trapz', 'tril', 'triu', 'true_divide', 'trunc',
           'unbind', 'unique', 'unique_consecutive', 'unsqueeze', 'Unstack', 'unstack',
           'value_and_grad', 'var', 'var_mean', 'vjp', 'vmap', 'vsplit', 'vstack', 'where',
           'xlogy', 'Zeros', 'zeros', 'zeros_like', 'ZerosLike']

# primitive classes, neural-network part (prims_conv, prims_act, prims_losses, prims_random,
# prims_writes)
__all__ += ["AdaptiveAvgPool2D", "ApplyGradientDescent", "ApplyMomentum", "AssignAdd",
            "AssignSub", "AvgPool", "BCEWithLogitsLoss", "BiasAdd", "BinaryCrossEntropy", "CeLU",
            "Conv2D", "Dense", "DepthToSpace", "FastGeLU", "GLU", "HShrink", "KLDivLoss",
            "L2Loss", "LayerNorm", "MaxPool", "NLLLoss", "Pad", "PReLU", "ScatterAdd",
            "ScatterSub", "ScatterUpdate", "SigmoidCrossEntropyWithLogits", "SmoothL1Loss",
            "SoftmaxCrossEntropyWithLogits", "SoftShrink", "Softsign",
            "SpaceToDepth", "SparseSoftmaxCrossEntropyWithLogits", "StandardNormal",
            "UniformInt", "UniformReal"]
# primitive classes, math and array part (prims_*.py)
__all__ += ['AccumulateNV2', 'ACos', 'Acosh', 'Addcdiv', 'Addcmul', 'AddN', 'ApproximateEqual',
            'Asin', 'Asinh', 'Atan', 'Atan2', 'Atanh', 'BitwiseAnd', 'BitwiseOr', 'BitwiseXor',
            'Bucketize', 'Cdist', 'Ceil', 'Cholesky', 'Cos', 'Cosh', 'CountNonZero', 'Cross',
            'Cummax', 'Cummin', 'CumulativeLogsumexp', 'Diag', 'DiagPart', 'DivNoNan', 'Einsum',
            'Erf', 'Erfc', 'Erfinv', 'EuclideanNorm', 'Expand', 'Expm1', 'Eye', 'Floor', 'FloorDiv',
            'FloorMod', 'Fmax', 'Fmin', 'GatherV2', 'Gcd', 'Ger', 'Heaviside', 'Hypot', 'Identity',
            'Inv', 'Invert', 'InvertPermutation', 'IsClose', 'IsFinite', 'IsInf', 'IsNan', 'Lcm',
            'LeftShift', 'Lerp', 'LinSpace', 'Log1p', 'LogicalAnd', 'LogicalNot', 'LogicalOr',
            'LogicalXor', 'Logit', 'LogMatrixDeterminant', 'LpNorm', 'MaskedSelect',
            'MatrixBandPart', 'MatrixDeterminant', 'MatrixInverse', 'Median', 'Meshgrid', 'Mod',
            'MulNoNan', 'NonZero', 'NotEqual', 'Pack', 'Range', 'Rank', 'Reciprocal', 'ReduceAll',
            'ReduceAny', 'ReduceStd', 'ReverseV2', 'RightShift', 'Rint', 'Roll', 'Round',
            'ScatterNd', 'SearchSorted', 'Sign', 'Sin', 'Sinc', 'Sinh', 'Size', 'Slice',
            'SquaredDifference', 'SquareSumAll', 'StridedSlice', 'Tan', 'TensorScatterAdd',
            'TensorScatterDiv', 'TensorScatterElements', 'TensorScatterMax', 'TensorScatterMin',
            'TensorScatterMul', 'TensorScatterSub', 'TensorScatterUpdate', 'TensorShape', 'Trace',
            'Tril', 'Triu', 'Trunc', 'TruncateDiv', 'TruncateMod', 'Unique', 'UniqueConsecutive',
            'Unpack', 'UnsortedSegmentMax', 'UnsortedSegmentMin', 'UnsortedSegmentProd',
            'UnsortedSegmentSum', 'Xdivy', 'Xlogy']
__all__ += ["multilabel_margin_loss", "soft_margin_loss", "triplet_margin_loss"]

# Names whose modules load on first use (``import minpy_compat`` stays quick): module -> names
_LAZY = {
    "math_elementwise": ["acos", "acosh", "arccos", "arccosh", "arcsin", "arcsinh", "arctan",
                         "arctan2", "arctanh", "asin", "asinh", "atan", "atan2", "atanh", "ceil",
                         "copysign", "cosh", "deg2rad", "divide", "exp2", "expm1", "float_power",
                         "floor", "floor_div", "floor_divide", "fmod", "frac", "hypot",
                         "isclose", "isfinite", "isinf", "isnan", "log10", "log1p", "log2",
                         "logaddexp", "logaddexp2", "negative", "positive", "rad2deg",
                         "reciprocal", "remainder", "round", "sign", "signbit", "sinh", "tan",
                         "true_divide", "trunc"],
    "math_special": ["addcdiv", "addcmul", "bitwise_and", "bitwise_or", "bitwise_xor", "erfc",
                     "erfinv", "lerp", "logical_and", "logical_not", "logical_or", "logical_xor",
                     "logit", "sinc", "xlogy"],
    "math_reductions": ["all", "aminmax", "any", "count_nonzero", "cummax", "cummin",
                        "logcumsumexp", "logsumexp", "median", "nanmean", "nansum", "std",
                        "std_mean", "var", "var_mean"],
    "math_linalg": ["addmm", "addmv", "baddbmm", "cross", "det", "diag", "diag_embed",
                    "diagflat", "diagonal", "dot", "einsum", "ger", "inner", "inverse", "kron",
                    "matrix_power", "outer", "tensor_dot", "trace", "tril", "triu"],
    "math_distance": ["cdist", "cosine_similarity", "dist", "pdist"],
    "nnf_activations": ["celu", "fast_gelu", "glu", "gumbel_softmax", "hardshrink", "hardtanh",
                        "prelu", "rrelu", "softmin", "softshrink", "softsign", "tanhshrink",
                        "threshold"],
    "nnf_losses": ["binary_cross_entropy", "binary_cross_entropy_with_logits",
                   "cosine_embedding_loss", "cross_entropy", "gaussian_nll_loss", "huber_loss",
                   "kl_div", "l1_loss", "margin_ranking_loss", "mse_loss", "multi_margin_loss",
                   "nll_loss", "smooth_l1_loss"],
    "nnf_losses_more": ["hinge_embedding_loss", "multilabel_soft_margin_loss"],
    "nnf_losses_margin": ["multilabel_margin_loss", "soft_margin_loss", "triplet_margin_loss"],
    "nnf_windows": ["adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool1d",
                    "adaptive_max_pool2d", "avg_pool1d", "avg_pool2d", "conv1d", "conv2d",
                    "dropout1d", "dropout2d", "dropout3d", "max_pool2d", "pad", "pixel_shuffle",
                    "pixel_unshuffle"],
    "nnf_interpolate": ["interpolate"],
    "nnf_norms": ["batch_norm", "group_norm", "lp_pool1d", "lp_pool2d"],
    "nnf_windows3d": ["avg_pool3d", "conv3d", "max_pool3d"],
    "scattering": ["diagonal_scatter", "index_add", "index_fill", "scatter", "scatter_add",
                   "scatter_nd", "scatter_nd_add", "select_scatter", "slice_scatter",
                   "tensor_scatter_add", "tensor_scatter_elements", "tensor_scatter_update"],
    "selecting": ["argwhere", "bincount", "bucketize", "histc", "index_select", "masked_select",
                  "nonzero", "searchsorted", "unique", "unique_consecutive"],
    "rearranging": ["atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "dsplit", "dstack",
                    "expand", "expand_as", "flip", "fliplr", "flipud", "hsplit", "hstack",
                    "moveaxis", "movedim", "narrow", "repeat_interleave", "roll", "rot90",
                    "row_stack", "swapaxes", "swapdims", "unsqueeze", "vsplit", "vstack"],
    "combining": ["block_diag", "cartesian_prod", "combinations", "diff", "meshgrid", "trapz"],
    "prims_conv": ["AdaptiveAvgPool2D", "AvgPool", "BiasAdd", "Conv2D", "Dense", "MaxPool"],
    "prims_act": ["CeLU", "DepthToSpace", "FastGeLU", "GLU", "HShrink", "L2Loss", "LayerNorm",
                  "Pad", "PReLU", "SoftShrink", "Softsign", "SpaceToDepth"],
    "prims_losses": ["BCEWithLogitsLoss", "BinaryCrossEntropy", "KLDivLoss", "NLLLoss",
                     "SigmoidCrossEntropyWithLogits", "SmoothL1Loss",
                     "SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits"],
    "prims_random": ["StandardNormal", "UniformInt", "UniformReal"],
    "prims_writes": ["ApplyGradientDescent", "ApplyMomentum", "AssignAdd", "AssignSub",
                     "ScatterAdd", "ScatterSub", "ScatterUpdate"],
    "prims_elementwise": ["ACos", "AccumulateNV2", "Acosh", "AddN", "Addcdiv", "Addcmul",
                          "ApproximateEqual", "Asin", "Asinh", "Atan", "Atan2", "Atanh",
                          "BitwiseAnd", "BitwiseOr", "BitwiseXor", "Ceil", "Cos", "Cosh",
                          "DivNoNan", "Erf", "Erfc", "Erfinv", "Expm1", "Floor", "FloorDiv",
                          "FloorMod", "Fmax", "Fmin", "Gcd", "Heaviside", "Hypot", "Inv", "Invert",
                          "IsClose", "IsFinite", "IsInf", "IsNan", "Lcm", "LeftShift", "Lerp",
                          "Log1p", "LogicalAnd", "LogicalNot", "LogicalOr", "LogicalXor", "Logit",
                          "Mod", "MulNoNan", "NotEqual", "Reciprocal", "RightShift", "Rint",
                          "Round", "Sign", "Sin", "Sinc", "Sinh", "SquaredDifference", "Tan",
                          "Trunc", "TruncateDiv", "TruncateMod", "Xdivy", "Xlogy"],
    "prims_reduce": ["CountNonZero", "Cummax", "Cummin", "CumulativeLogsumexp", "EuclideanNorm",
                     "LpNorm", "Median", "ReduceAll", "ReduceAny", "ReduceStd", "SquareSumAll"],
    "prims_linalg": ["Cdist", "Cholesky", "Cross", "Diag", "DiagPart", "Einsum", "Eye", "Ger",
                     "LogMatrixDeterminant", "MatrixBandPart", "MatrixDeterminant", "MatrixInverse",
                     "Trace", "Tril", "Triu"],
    "prims_array": ["Expand", "Identity", "LinSpace", "Meshgrid", "Pack", "Range", "Rank",
                    "ReverseV2", "Roll", "Size", "Slice", "StridedSlice", "TensorShape", "Unpack"],
    "prims_select": ["Bucketize", "GatherV2", "InvertPermutation", "MaskedSelect", "NonZero",
                     "ScatterNd", "SearchSorted", "TensorScatterAdd", "TensorScatterDiv",
                     "TensorScatterElements", "TensorScatterMax", "TensorScatterMin",
                     "TensorScatterMul", "TensorScatterSub", "TensorScatterUpdate", "Unique",
                     "UniqueConsecutive", "UnsortedSegmentMax", "UnsortedSegmentMin",
                     "UnsortedSegmentProd", "UnsortedSegmentSum"],
    "nnf_unpooling": ["adaptive_avg_pool3d", "adaptive_max_pool3d", "conv3d_transpose",
                      "fractional_max_pool2d", "lrn", "max_unpool1d", "max_unpool2d",
                      "max_unpool3d"],
    "prims_scatter2": ["ScatterDiv", "ScatterMax", "ScatterMin", "ScatterMul", "ScatterNdAdd",
                       "ScatterNdSub", "ScatterNdUpdate"],
    "prims_apply": ["ApplyAdadelta", "ApplyAdagrad", "ApplyAdaMax", "ApplyCenteredRMSProp",
                    "ApplyProximalGradientDescent", "ApplyRMSProp"],
    "prims_conv2": ["Conv2DBackpropInput", "Conv2DTranspose", "Conv3D"],
    "prims_pool2": ["AdaptiveMaxPool2D", "AvgPool3D", "MaxPool3D", "MaxPoolWithArgmax"],
    "prims_image2": ["LRN", "MirrorPad", "ResizeBilinearV2", "ResizeNearestNeighbor"],
    "prims_misc2": ["BatchNorm", "MultiMarginLoss", "Multinomial", "RandomCategorical",
                    "RandomShuffle"],
}
__all__ += ["adaptive_avg_pool3d", "adaptive_max_pool3d", "conv3d_transpose",
            "fractional_max_pool2d", "lrn", "max_unpool1d", "max_unpool2d", "max_unpool3d"]
# primitive classes, round 2 (prims_scatter2, prims_apply, prims_conv2, prims_pool2,
# prims_image2, prims_misc2)
__all__ += ["AdaptiveMaxPool2D", "ApplyAdadelta", "ApplyAdagrad", "ApplyAdaMax",
            "ApplyCenteredRMSProp", "ApplyProximalGradientDescent", "ApplyRMSProp", "AvgPool3D",
            "BatchNorm", "Conv2DBackpropInput", "Conv2DTranspose", "Conv3D", "LRN", "MaxPool3D",
            "MaxPoolWithArgmax", "MirrorPad", "MultiMarginLoss", "Multinomial", "RandomCategorical",
            "RandomShuffle", "ResizeBilinearV2", "ResizeNearestNeighbor", "ScatterDiv",
            "ScatterMax", "ScatterMin", "ScatterMul", "ScatterNdAdd", "ScatterNdSub",
            "ScatterNdUpdate"]
__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals())
