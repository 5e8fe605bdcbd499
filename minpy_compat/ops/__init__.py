"""``minpy_compat.ops``: MindSpore-style function and primitive ops, Custom, GradOperation.

Function ops (``ops.gt``, ``ops.fill``, ``ops.select``, ...) and primitive ops
(``ops.MatMul()``, ``ops.ReLU()``, ...) are built on the differentiable facade;
``ops.Custom`` turns a NumPy or MXNet kernel plus a ``bprop`` into an op;
``ops.grad``, ``ops.value_and_grad`` and ``ops.GradOperation`` take gradients with
MindSpore's output structure; ``ops.HookBackward`` / ``ops.InsertGradientOf``
hook into gradients.

>>> import minpy_compat as ms
>>> from minpy_compat import ops
>>> ops.grad(ops.ReLU6())(ms.Tensor([-1.0, 3.0, 7.0]))
array([0., 1., 0.], dtype=float32)
"""
from .functional import (abs, add, assign, cast, clip_by_value, concat, cos, depend, div, eq,
                         equal, exp, expand_dims, fill, full, ge, greater, greater_equal, gt, le,
                         less, less_equal, log, log_softmax, lt, matmul, maximum, mean, minimum,
                         mul, ne, neg, not_equal, ones, ones_like, pow, reduce_sum, relu, relu6,
                         reshape, select, shape, sigmoid, sin, softmax, sqrt, square, squeeze,
                         stack, stop_gradient, sub, sum, tanh, transpose, zeros, zeros_like)
from .primitives import (Abs, Add, Assign, Cast, Concat, Depend, Div, Dropout2D, Equal, Exp,
                         ExpandDims, Fill, Greater, GreaterEqual, Less, LessEqual, Log, MatMul,
                         Maximum, Minimum, Mul, Neg, OnesLike, Pow, Primitive, RealDiv, ReduceMean,
                         ReduceSum, ReLU, ReLU6, Reshape, Select, Shape, Sigmoid, Softmax, Sqrt,
                         Square, StopGradient, Sub, Tanh, Transpose, ZerosLike)
from .grad import GradOperation, grad, value_and_grad
from .hooks import HookBackward, InsertGradientOf
from .custom import Custom
from .custom_info import CustomRegOp, DataType, custom_info_register

__all__ = ['abs', 'Abs', 'Add', 'add', 'Assign', 'assign', 'cast', 'Cast', 'clip_by_value',
           'concat', 'Concat', 'cos', 'Custom', 'custom_info_register', 'CustomRegOp', 'DataType',
           'depend', 'Depend', 'Div', 'div', 'Dropout2D', 'eq', 'Equal', 'equal', 'exp', 'Exp',
           'expand_dims', 'ExpandDims', 'fill', 'Fill', 'full', 'ge', 'grad', 'GradOperation',
           'greater', 'Greater', 'greater_equal', 'GreaterEqual', 'gt', 'HookBackward',
           'InsertGradientOf', 'le', 'Less', 'less', 'less_equal', 'LessEqual', 'Log', 'log',
           'log_softmax', 'lt', 'MatMul', 'matmul', 'Maximum', 'maximum', 'mean', 'minimum',
           'Minimum', 'Mul', 'mul', 'ne', 'Neg', 'neg', 'not_equal', 'ones', 'ones_like',
           'OnesLike', 'Pow', 'pow', 'Primitive', 'RealDiv', 'reduce_sum', 'ReduceMean',
           'ReduceSum', 'relu', 'ReLU', 'relu6', 'ReLU6', 'Reshape', 'reshape', 'Select', 'select',
           'shape', 'Shape', 'Sigmoid', 'sigmoid', 'sin', 'softmax', 'Softmax', 'sqrt', 'Sqrt',
           'Square', 'square', 'squeeze', 'stack', 'stop_gradient', 'StopGradient', 'sub', 'Sub',
           'sum', 'tanh', 'Tanh', 'Transpose', 'transpose', 'value_and_grad', 'zeros',
           'zeros_like', 'ZerosLike']
