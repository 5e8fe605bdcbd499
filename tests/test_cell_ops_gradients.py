"""The function and primitive ops users reach for: gradients against MindSpore 2.10 and float64
finite differences, and their error messages.

Each expected value was printed by real MindSpore 2.10 (CPU, PyNative) running the same
expression; the comment or the table row quotes it."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

from conftest import check_grad
from cell_ops_helpers import A, F32, M, T, same


# ---- gradients: (function, inputs, MindSpore's ops.grad over all inputs) ------------------
def _max_axis(x):
    return ops.max(x, 1)[0]


GRADS = {
    "max along an axis: the chosen index only": (_max_axis, (M,), [[0, 1, 0], [1, 0, 0]]),
    "max of everything: ties share": (lambda x: ops.max(x)[0], (T([[1., 3., 3.], [3., 0., 2.]]),),
                                      [[0, 1 / 3, 1 / 3], [1 / 3, 0, 0]]),
    "ReduceMax ties share": (lambda x: ops.ReduceMax()(x, 1), (M,), [[0, .5, .5], [.5, 0, .5]]),
    "amin": (lambda x: ops.amin(x, 1), (M,), [[1, 0, 0], [0, 1, 0]]),
    "ArgMaxWithValue": (lambda x: ops.ArgMaxWithValue(axis=1)(x)[1], (M,),
                        [[0, 1, 0], [1, 0, 0]]),
    "prod": (lambda x: ops.prod(x, 1), (M,), [[9, 3, 3], [0, 4, 0]]),
    "CumSum exclusive reverse": (lambda x: ops.CumSum(True, True)(x, 1) * T([[1., 2., 3.],
                                                                             [4., 5., 6.]]),
                                 (M,), [[0, 1, 3], [0, 4, 9]]),
    "gather repeats add up": (lambda x: ops.gather(x, T([2, 0, 2]), 0), (A,),
                              [[1] * 4, [0] * 4, [2] * 4]),
    "gather_elements": (lambda x: ops.gather_elements(x, 1, T([[1, 1], [0, 0], [2, 2]])), (A,),
                        [[0, 2, 0, 0], [2, 0, 0, 0], [0, 0, 2, 0]]),
    "gather_nd": (lambda x: ops.gather_nd(x, T([[1, 1], [1, 1]])), (A,),
                  [[0] * 4, [0, 2, 0, 0], [0] * 4]),
    "topk": (lambda x: ops.topk(x, 2)[0] * T([[1., 2.], [3., 4.]]),
             (T([[1., 5., 3., 4.], [2., 0., 7., 1.]]),), [[0, 1, 0, 2], [4, 0, 3, 0]]),
    "sort": (lambda x: ops.sort(x)[0] * T([[1., 2., 3., 4.], [5., 6., 7., 8.]]),
             (T([[1., 5., 3., 4.], [2., 0., 7., 1.]]),), [[1, 4, 2, 3], [7, 5, 8, 6]]),
    "masked_fill, value too": (lambda x, v: ops.masked_fill(x, T([True, False, True, False]), v)
                               * 3, (T([0., 1., 2., 3.]), T(9.0)), ([0, 3, 0, 3], 6)),
    "split": (lambda x: ops.split(x, 2)[1] * 3, (T([[0., 1.], [2., 3.], [4., 5.]]),),
              [[0, 0], [0, 0], [3, 3]]),
    "unstack": (lambda x: ops.unstack(x)[0] * 2, (T([[0., 1.], [2., 3.]]),), [[2, 2], [0, 0]]),
    "tile": (lambda x: ops.tile(x, (2, 2)) * T(onp.arange(24, dtype=F32).reshape(4, 6)),
             (T(onp.arange(6, dtype=F32).reshape(2, 3)),), [[30, 34, 38], [54, 58, 62]]),
    "broadcast_to": (lambda x: ops.broadcast_to(x, (2, 3, 4)) * 2, (T([[0.], [1.], [2.]]),),
                     [[16], [16], [16]]),
    "norm": (lambda x: ops.norm(x, dim=1), (T([[3., 4., 0.], [1., 2., 2.]]),),
             [[0.6, 0.8, 0], [1 / 3, 2 / 3, 2 / 3]]),
    "L2Normalize": (lambda x: ops.L2Normalize(axis=1)(x) * T([[0., 1., 2.], [3., 4., 5.]]),
                    (T([[3., 4., 0.], [1., 2., 2.]]),),
                    [[-0.096, 0.072, 0.4], [0.2222222, -0.2222222, 0.1111111]]),
    "gelu": (lambda x: ops.gelu(x), (T([-3., 0.5, 2.]),), [-0.01194559, 0.8674951, 1.0852318]),
    "gelu tanh": (lambda x: ops.gelu(x, "tanh"), (T([-1., 0., 3.]),),
                  [-0.08296408, 0.5, 1.0115843]),
    "silu": (lambda x: ops.silu(x), (T([-3., 0.5, 2.]),), [-0.08810405, 0.73996127, 1.0907842]),
    "softplus threshold": (lambda x: ops.softplus(x, 2, 4), (T([-4., 0., 3.]),),
                           [0.00033535, 0.5, 1]),
    "elu at 0": (lambda x: ops.elu(x), (T([-3., 0., 2.]),), [0.04978704, 1, 1]),
    "leaky_relu at 0": (lambda x: ops.leaky_relu(x, 0.5), (T([-1., 0., 1.]),), [0.5, 0.75, 1]),
    "hardswish at -3 and 3": (lambda x: ops.hardswish(x), (T([-4., -3., 0., 3., 4.]),),
                              [0, -0.5, 0.5, 1.5, 1]),
    "hardsigmoid at -3 and 3": (lambda x: ops.hardsigmoid(x), (T([-4., -3., 0., 3.]),),
                                [0, 0, 1 / 6, 0]),
    "mish": (lambda x: ops.mish(x), (T([-4., 0., 1.]),), [-0.05377311, 0.6, 1.0490364]),
    "logsigmoid": (lambda x: ops.logsigmoid(x), (T([-4., 0., 3.]),), [0.98201382, 0.5, 0.04742587]),
    "rsqrt": (lambda x: ops.rsqrt(x), (T([1., 4.]),), [-0.5, -0.0625]),
    "clamp: 1 on the bounds": (lambda x: ops.clamp(x, 0., 1.), (T([-1., 0., 0.5, 1., 2.]),),
                               [0, 1, 1, 1, 0]),
    "div floor": (lambda x: ops.div(x, 2., rounding_mode="floor"), (T([-7., 7.]),), [0, 0]),
    "where": (lambda a, b: ops.where(T([True, False]), a, b), (T([1., 2.]), T([3., 4.])),
              ([1, 0], [0, 1])),
    "BatchMatMul": (lambda a, b: ops.BatchMatMul(transpose_a=True)(a, b),
                    (A.reshape(1, 3, 4), A.reshape(1, 3, 4)),
                    ([[[6, 6, 6, 6], [22, 22, 22, 22], [38, 38, 38, 38]]],
                     [[[6, 6, 6, 6], [22, 22, 22, 22], [38, 38, 38, 38]]])),
}


@pytest.mark.parametrize("name", list(GRADS))
def test_gradient_matches_mindspore(name):
    fn, inputs, expected = GRADS[name]
    got = ops.grad(fn, tuple(range(len(inputs))))(*inputs)
    got, expected = (got, expected) if len(inputs) > 1 else ((got,), (expected,))
    for g, e in zip(got, expected):
        same(g, e, F32)


# ---- float64 finite differences of the new ops (away from kinks and ties) -----------------
X = onp.array([[0.3, -1.2, 0.7, 2.1], [-0.4, 1.6, -2.3, 0.9], [1.1, -0.6, 0.2, -1.7]])
FD = {
    "erf": lambda x: ops.erf(x), "gelu": lambda x: ops.gelu(x),
    "gelu tanh": lambda x: ops.gelu(x, "tanh"), "silu": lambda x: ops.silu(x),
    "softplus": lambda x: ops.softplus(x, 2.0, 3.0), "elu": lambda x: ops.elu(x),
    "selu": lambda x: ops.selu(x), "mish": lambda x: ops.mish(x),
    "logsigmoid": lambda x: ops.logsigmoid(x),
    "hardswish": lambda x: ops.hardswish(x), "hardsigmoid": lambda x: ops.hardsigmoid(x),
    "leaky_relu": lambda x: ops.leaky_relu(x, 0.3), "rsqrt": lambda x: ops.rsqrt(x * x + 1),
    "amax": lambda x: ops.amax(x, 1), "max axis": lambda x: ops.max(x, 0)[0],
    "min": lambda x: ops.min(x, 1, True)[0], "prod": lambda x: ops.prod(x, 0),
    "cumsum": lambda x: ops.cumsum(x, 1) * X, "cumprod": lambda x: ops.cumprod(x, 1),
    "CumProd exclusive reverse": lambda x: ops.CumProd(True, True)(x, 1) * X,
    "norm": lambda x: ops.norm(x, dim=1), "norm ord 3": lambda x: ops.norm(x, 3, 0),
    "L2Normalize": lambda x: ops.L2Normalize(axis=1)(x) * X,
    "gather batch_dims": lambda x: ops.gather(x, T([[1, 1], [0, 3], [2, 0]]), 1, 1) * 3,
    "gather_elements": lambda x: ops.gather_elements(x, 0, T([[2, 0, 1, 1]])),
    "gather_nd": lambda x: ops.gather_nd(x, T([[2, 1], [0, 3]])),
    "topk": lambda x: ops.topk(x, 3, dim=1)[0] * X[:, :3], "sort": lambda x: ops.sort(x, 0)[0] * X,
    "masked_fill": lambda x: ops.masked_fill(x, T([True, False, False, True]), 0.5) * X,
    "split": lambda x: ops.split(x, [1, 3], axis=1)[1] * X[:, :3],
    "chunk": lambda x: ops.chunk(x, 2, 1)[1] * 2, "unstack": lambda x: ops.unstack(x, 1)[2] * 3,
    "flatten": lambda x: ops.flatten(x, start_dim=0) * X.ravel(),
    "tile": lambda x: ops.tile(x, (2, 1)) * onp.vstack([X, X * 2]),
    "broadcast_to": lambda x: ops.broadcast_to(x[:, :1], (2, -1, 4)) * X,
    "permute": lambda x: ops.permute(x, (1, 0)) * X.T,
    "BatchMatMul": lambda x: ops.BatchMatMul(transpose_b=True)(x[None], x[None] * 2),
    "clamp": lambda x: ops.clamp(x, -1.0, 1.0), "where": lambda x: ops.where(x > 0, x * x, -x),
    "log_softmax": lambda x: ops.LogSoftmax(0)(x) * X,
}


@pytest.mark.parametrize("name", list(FD))
def test_float64_gradient_matches_finite_differences(name):
    check_grad(FD[name], X.copy())


def test_erf_second_order():
    check_grad(lambda x: ops.erf(x), X[0].copy(), order=2)


# ---- error messages --------------------------------------------------------------------------
@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.split(T([0.] * 5), [2, 2]), CellArgumentError,
     r"ops.split split_size_or_sections: expected sizes adding up to 5"),
    (lambda: ops.Split(0, 4)(T([0.] * 6)), CellArgumentError,
     r"Split: expected axis 0 of a length divisible by output_num=4, got length 6"),
    (lambda: ops.squeeze(ops.zeros((1, 2)), 5), CellArgumentError,
     r"ops.squeeze axis: expected an axis in \[-2, 2\), got 5"),
    (lambda: ops.flatten(ops.zeros((2, 3, 4)), start_dim=2, end_dim=0), CellArgumentError,
     r"ops.flatten: expected start_dim <= end_dim, got start_dim=2, end_dim=0"),
    (lambda: ops.broadcast_to(T([[1.], [2.]]), (-1, 2, 3)), CellArgumentError,
     r"ops.broadcast_to shape: expected -1 only on the input's own axes"),
    (lambda: ops.topk(T([1., 2.]), 3), CellArgumentError,
     r"ops.topk k: expected a number in 1..2"),
    (lambda: ops.masked_fill(T([1., 2.]), T([1, 0], ms.int32), 0.0), CellTypeError,
     r"ops.masked_fill mask: expected a Bool Tensor, got dtype int32"),
    (lambda: ops.gather(T([1., 2.]), T([0.0]), 0), CellTypeError,
     r"ops.gather indices: expected an int Tensor, got dtype float32"),
    (lambda: ops.gelu(T([1.]), approximate="foo"), CellArgumentError,
     r"ops.gelu approximate: expected 'none' or 'tanh', got 'foo'"),
    (lambda: ops.div(T([1.]), 2, rounding_mode="round"), CellArgumentError,
     r"ops.div rounding_mode: expected None, 'floor' or 'trunc', got 'round'"),
    (lambda: ops.clamp(T([1.])), CellArgumentError,
     r"ops.clamp: expected min or max, got None for both"),
    (lambda: ops.dropout(T([1.]), p=1.0), CellArgumentError,
     r"ops.dropout p: expected a number in \[0, 1\), got 1.0"),
    (lambda: ops.Dropout(keep_prob=0.0), CellArgumentError,
     r"Dropout keep_prob: expected a number in \(0, 1\], got 0.0"),
])
def test_errors_name_the_op_and_argument(call, error, match):
    # MindSpore raises ValueError/TypeError for each of these (quoted in the report)
    with pytest.raises(error, match=match):
        call()
