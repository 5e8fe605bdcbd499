"""The function and primitive ops users reach for (reductions, shapes, activations, gathering,
sorting, creation): values and dtypes against MindSpore 2.10.

Each expected value was printed by real MindSpore 2.10 (CPU, PyNative) running the same
expression; the comment or the table row quotes it."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from cell_ops_helpers import A, F16, F32, I32, I64, M, T, same


IDX = T([[1, 3], [0, 0], [2, 2]], ms.int32)


# ---- values and dtypes: (expression, MindSpore's value, MindSpore's dtype) ---------------
VALUES = {
    "ReduceSum int32 keeps Int32": (lambda: ops.ReduceSum()(T([[1, 2], [3, 4]], ms.int32), 1),
                                    [3, 7], I32),
    "ReduceSum int8": (lambda: ops.ReduceSum()(T([1, 2], ms.int8)), 3, onp.int8),
    "ReduceMean int32 truncates": (lambda: ops.ReduceMean()(T([-1, -2], ms.int32)), -1, I32),
    "ops.mean int32": (lambda: ops.mean(T([[0, 1], [2, 3]], ms.int32), 1), [0, 2], I32),
    "ops.sum uint8 gives Int64": (lambda: ops.sum(T([1, 2], ms.uint8)), 3, I64),
    "ReduceMax keep_dims": (lambda: ops.ReduceMax(keep_dims=True)(M, 1), [[3], [2]], F32),
    "ReduceMin axis 0": (lambda: ops.ReduceMin()(M, 0), [1, 0, 2], F32),
    "ReduceProd": (lambda: ops.ReduceProd()(M, 1), [9, 0], F32),
    "amax axis tuple": (lambda: ops.amax(M, (0, 1), True), [[3]], F32),
    "amax int32": (lambda: ops.amax(T([[1, 3]], ms.int32), 1), [3], I32),
    "ops.max indices": (lambda: ops.max(M, 1)[1], [1, 0], I64),
    "ops.min values": (lambda: ops.min(M, 0)[0], [1, 0, 2], F32),
    "ops.prod int32 gives Int64": (lambda: ops.prod(T([1, 2], ms.int32)), 2, I64),
    "ops.argmax is Int64": (lambda: ops.argmax(M, 1), [1, 0], I64),
    "ops.argmax flat": (lambda: ops.argmax(T([[1.0, 3.0], [4.0, 0.0]])), 2, I64),
    "ops.argmin is Int32": (lambda: ops.argmin(M, 1, True), [[0], [1]], I32),
    "Argmax default Int32": (lambda: ops.Argmax()(M), [1, 0], I32),
    "ArgMaxWithValue index": (lambda: ops.ArgMaxWithValue(1, True)(M)[0], [[1], [0]], I64),
    "cumsum int32": (lambda: ops.cumsum(T([[0, 1, 2], [3, 4, 5]], ms.int32), 0),
                     [[0, 1, 2], [3, 5, 7]], I32),
    "cumprod int32 gives Int64": (lambda: ops.cumprod(T([1, 2], ms.int32), 0), [1, 2], I64),
    "CumSum exclusive reverse": (
        lambda: ops.CumSum(True, True)(T([[0., 1., 2.], [3., 4., 5.]]), 1),
        [[3, 2, 0], [9, 5, 0]], F32),
    "norm": (lambda: ops.norm(T([[3., 4., 0.], [1., 2., 2.]]), dim=1), [5, 3], F32),
    "norm int32 gives Float32": (lambda: ops.norm(T([3, 4], ms.int32)), 5, F32),
    "norm ord=2 of a matrix": (lambda: ops.norm(T([[3., 4.], [1., 1.]]), ord=2), 5.1925821, F32),
    "norm ord=1 keepdim": (lambda: ops.norm(T([[3., -4., 0.], [1., 2., 2.]]), 1, 1, True),
                           [[7], [5]], F32),
    "L2Normalize zero row": (lambda: ops.L2Normalize(axis=1)(T([[0., 0.], [3., 4.]])),
                             [[0, 0], [0.6, 0.8]], F32),
    "L2Normalize default axis 0": (lambda: ops.L2Normalize()(T([[3., 4.], [1., 2.]])),
                                   [[0.9486833, 0.8944272], [0.3162278, 0.4472136]], F32),
    "split int": (lambda: [p.shape for p in ops.split(T([0.] * 5), 2)], [[2], [2], [1]], I64),
    "Split": (lambda: ops.Split(1, 3)(A[:, :3])[2], [[2], [6], [10]], F32),
    "unstack": (lambda: ops.unstack(A, 1)[3], [3, 7, 11], F32),
    "chunk": (lambda: [p.shape[0] for p in ops.chunk(T([0.] * 6), 4)], [2, 2, 2], I64),
    "tensor_split": (lambda: ops.tensor_split(T([0., 1., 2., 3., 4., 5.]), [1, 4])[1],
                     [1, 2, 3], F32),
    "Stack": (lambda: ops.Stack(axis=1)((T([1., 2.]), T([3., 4.]))), [[1, 3], [2, 4]], F32),
    "squeeze leaves a non-1 axis": (lambda: ops.squeeze(ops.zeros((1, 2, 1)), (0, 1)).shape,
                                    [2, 1], I64),
    "Squeeze non-1 axis is a no-op": (lambda: ops.Squeeze(1)(ops.zeros((1, 2))).shape,
                                      [1, 2], I64),
    "flatten start_dim end_dim": (lambda: ops.flatten(ops.zeros((2, 3, 4)), start_dim=0,
                                                      end_dim=1).shape, [6, 4], I64),
    "flatten of a 0-d Tensor": (lambda: ops.flatten(T(2.0)), [2], F32),
    "Flatten of a 1-D Tensor": (lambda: ops.Flatten()(T([1., 2.])).shape, [2, 1], I64),
    "tile with more reps": (lambda: ops.tile(T([[1., 2.]]), (2, 1, 2)).shape, [2, 1, 4], I64),
    "broadcast_to -1 keeps": (lambda: ops.broadcast_to(T([[1.], [2.]]), (-1, 3)),
                              [[1, 1, 1], [2, 2, 2]], F32),
    "permute": (lambda: ops.permute(ops.zeros((2, 3, 4)), (-1, 0, 1)).shape, [4, 2, 3], I64),
    "BatchMatMul transpose_b": (lambda: ops.BatchMatMul(transpose_b=True)(
        A.reshape(1, 3, 4), A.reshape(1, 3, 4)), [[[14, 38, 62], [38, 126, 214],
                                                   [62, 214, 366]]], F32),
    "BatchMatMul int32": (lambda: ops.BatchMatMul()(T([[[1, 2]]], ms.int32),
                                                    T([[[3], [4]]], ms.int32)), [[[11]]], I32),
    "gelu exact": (lambda: ops.gelu(T([-3.0, 0.5, 2.0])), [-0.00404969, 0.34573123, 1.9544997],
                   F32),
    "gelu tanh (GeLU)": (lambda: ops.GeLU()(T([-3.0, 0.5, 2.0])),
                         [-0.00363743, 0.345714, 1.9545977], F32),
    "gelu float16": (lambda: ops.gelu(T([1., 2.], ms.float16)), [0.84130859, 1.95507812], F16),
    "silu": (lambda: ops.silu(T([-3.0, 0.5, 2.0])), [-0.14227754, 0.3112297, 1.7615943], F32),
    "softplus beta threshold": (lambda: ops.softplus(T([-3., 0.5, 2., 30.]), 2, 5),
                                [1.237826e-03, 6.566305e-01, 2.009075, 30], F32),
    "Softplus no overflow": (lambda: ops.Softplus()(T([100., -100.])), [100, 0], F32),
    "elu": (lambda: ops.Elu()(T([-3., 0., 0.5])), [-0.95021296, 0, 0.5], F32),
    "selu": (lambda: ops.selu(T([-4., 0.5])), [-1.7258986, 0.5253505], F32),
    "leaky_relu alpha 2": (lambda: ops.leaky_relu(T([-4., 0., 1.]), 2.0), [-8, 0, 1], F32),
    "leaky_relu int32": (lambda: ops.leaky_relu(T([1, -1], ms.int32)), [1, 0], I32),
    "hardswish": (lambda: ops.hardswish(T([-4., -1., 0.5, 4.])),
                  [0, -0.33333334, 0.29166666, 4], F32),
    "hardsigmoid": (lambda: ops.hardsigmoid(T([-4., -1., 0.5, 4.])),
                    [0, 0.33333334, 0.5833333, 1], F32),
    "mish": (lambda: ops.mish(T([-1., 0.5])), [-0.30340102, 0.3752452], F32),
    "logsigmoid": (lambda: ops.logsigmoid(T([-4., 0.])), [-4.0181499, -0.693147], F32),
    "rsqrt": (lambda: ops.Rsqrt()(T([1., 4.])), [1, 0.5], F32),
    "LogSoftmax axis 0": (lambda: ops.LogSoftmax(0)(T([[0., 1.], [3., 4.]])),
                          [[-3.0485907, -3.0485907], [-0.04859074, -0.04859074]], F32),
    "softmax dtype": (lambda: ops.softmax(T([[1., 2., 3.]]), dtype=ms.float16),
                      [[0.09008789, 0.24475098, 0.66552734]], F16),
    "gather axis 1, 2-D indices": (lambda: ops.gather(A, T([[1, 3], [0, 0]], ms.int32), 1)[1],
                                   [[5, 7], [4, 4]], F32),
    "gather negative index": (lambda: ops.gather(T([1., 2., 3.]), T([-1]), 0), [3], F32),
    "Gather batch_dims": (lambda: ops.Gather(1)(A, T([[1], [0], [3]], ms.int32), 1),
                          [[1], [4], [11]], F32),
    "gather_elements": (lambda: ops.gather_elements(A, 1, IDX), [[1, 3], [4, 4], [10, 10]], F32),
    "gather_elements short rows": (lambda: ops.gather_elements(A, 1, T([[1, 0], [3, 3]])),
                                   [[1, 0], [7, 7]], F32),
    "GatherD": (lambda: ops.GatherD()(A, 0, T([[1, 2, 0, 0]], ms.int32)), [[4, 9, 2, 3]], F32),
    "gather_nd": (lambda: ops.gather_nd(A, T([[1, 2], [0, 0]], ms.int32)), [6, 0], F32),
    "one_hot default is Int64": (lambda: ops.one_hot(T([0, 2]), 3), [[1, 0, 0], [0, 0, 1]], I64),
    "one_hot float numbers": (lambda: ops.one_hot(T([0, 5]), 2, 5.0, -1.0),
                              [[5, -1], [-1, -1]], F32),
    "OneHot axis 0": (lambda: ops.OneHot(0)(T([[0, 2]]), 3, T(1.0), T(0.0))[:, 0, 1],
                      [0, 0, 1], F32),
    "topk ties keep order": (lambda: ops.topk(T([[1., 5., 3., 5.]]), 2)[1], [[1, 3]], I32),
    "topk smallest along dim 0": (lambda: ops.topk(T([[1., 2.], [3., 0.]]), 1, 0, False)[0],
                                  [[1, 0]], F32),
    "sort descending ties": (lambda: ops.sort(T([[3., 1., 3., 2.]]), descending=True)[1],
                             [[0, 2, 3, 1]], I32),
    "argsort": (lambda: ops.argsort(T([[3., 1., 3., 2.]])), [[1, 3, 0, 2]], I32),
    "masked_fill broadcast": (lambda: ops.masked_fill(T([[0., 1.], [2., 3.]]), T([True, False]),
                                                      0.5), [[0.5, 1], [0.5, 3]], F32),
    "masked_fill keeps float16": (lambda: ops.masked_fill(T([1., 2.], ms.float16),
                                                          T([True, False]), T(3.0)), [3, 2], F16),
    "select int32 and a float": (lambda: ops.select(T([True, False]), T([1, 2], ms.int32), 5.0),
                                 [1, 5], F32),
    "select two Python floats": (lambda: ops.select(T([True, False]), 1.0, 0.0), [1, 0], F32),
    "where": (lambda: ops.where(T([True, False]), T([1, 2], ms.int32), 5.0), [1, 5], F32),
    "full_like": (lambda: ops.full_like(T([1, 2], ms.int32), 2.5), [2, 2], I32),
    "Ones": (lambda: ops.Ones()((2,), ms.float32), [1, 1], F32),
    "Zeros int shape": (lambda: ops.Zeros()(3, ms.int32), [0, 0, 0], I32),
    "arange": (lambda: ops.arange(5), [0, 1, 2, 3, 4], I64),
    "arange floats": (lambda: ops.arange(0, 1, 0.25), [0, 0.25, 0.5, 0.75], F32),
    "eye": (lambda: ops.eye(2, 3, ms.int32), [[1, 0, 0], [0, 1, 0]], I32),
    "linspace": (lambda: ops.linspace(0, 10, 3), [0, 5, 10], F32),
    "div floor": (lambda: ops.div(T([-7., 7.]), 2, rounding_mode="floor"), [-4, 3], F32),
    "div trunc int32": (lambda: ops.div(T([-7, 7], ms.int32), 2, rounding_mode="trunc"),
                        [-3, 3], I32),
    "clamp int32 int bounds": (lambda: ops.clamp(T([1, 5], ms.int32), 2, 3), [2, 3], I32),
    "clamp int32 float bounds": (lambda: ops.clip(T([1, 5], ms.int32), 2.5, 3.5), [2.5, 3.5],
                                 F32),
    "clamp Tensor bounds": (lambda: ops.clamp(T([1., 5.]), T([2., 0.]), T([3., 4.])), [2, 4], F32),
    "dropout p=0": (lambda: ops.dropout(T([1., 2.]), p=0.0), [1, 2], F32),
    "dropout not training": (lambda: ops.dropout(T([1., 2.]), 0.5, training=False), [1, 2], F32),
    "Dropout mask in the input's dtype": (lambda: ops.Dropout(0.5)(T([1., 2.], ms.float16))[1]
                                          * 0, [0, 0], F16),
}


@pytest.mark.parametrize("name", list(VALUES))
def test_value_and_dtype_match_mindspore(name):
    expression, expected, dtype = VALUES[name]
    same(expression(), expected, dtype)


def test_dropout_scales_the_kept_elements():
    # MindSpore: ops.dropout(ones(200), p=0.25) holds only 0 and 1.3333
    out = ops.dropout(ops.ones((200,)), p=0.25)
    assert set(onp.round(onp.asarray(out, onp.float64), 4).tolist()) <= {0.0, 1.3333}
    assert out.dtype == F32


def test_full_of_a_float_is_float32():
    # MindSpore 2.10 gives Int64 [5 5] here, a bug (its docs infer the dtype from the
    # value, and Tensor(5.0) is Float32); we keep the float
    same(ops.full((2,), 5.0), [5, 5], F32)
