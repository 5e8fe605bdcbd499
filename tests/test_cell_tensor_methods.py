"""The Tensor methods NumPy lacks: values and gradients against MindSpore 2.10.

Each expected value was printed by real MindSpore 2.10 (CPU, PyNative) running the same
expression; the comment or the table row quotes it."""
import numpy as onp

import minpy_compat as ms
from minpy_compat import ops

from conftest import check_grad
from cell_ops_helpers import F32, I32, T, same


# ---- Tensor methods NumPy lacks ---------------------------------------------------------------
def test_tensor_methods_match_mindspore():
    x = T([[1.0, 4.0]])
    same(x.permute(1, 0), [[1], [4]], F32)              # MindSpore: shape (2, 1)
    same(x.permute((1, 0)), [[1], [4]], F32)
    assert x.expand_dims(1).shape == (1, 1, 2) and x.unsqueeze(0).shape == (1, 1, 2)
    same(x.sqrt(), [[1, 2]], F32)
    same(T([1, 4], ms.int32).sqrt(), [1, 2], F32)       # MindSpore: Float32 [1. 2.]
    same(x.abs(), [[1, 4]], F32)
    same(x.exp(), [[2.7182817, 54.59815]], F32)
    same(x.log(), [[0, 1.3862944]], F32)
    same(x.pow(2), [[1, 16]], F32)
    same(T([1, 2], ms.int32).pow(2), [1, 4], I32)       # MindSpore: Int32 [1 4]
    same(x.square(), [[1, 16]], F32)
    same(T([1., 2., 4.]).reciprocal(), [1, 0.5, 0.25], F32)
    same(T([4.]).rsqrt(), [0.5], F32)
    same(T([-1., 0.5, 2.]).clamp(0, 1), [0, 0.5, 1], F32)
    same(T([3., 4.]).norm(), 5, F32)
    same(T([1., 3., 2.]).amax(), 3, F32)
    same(T([1., 3., 2.]).topk(2)[1], [1, 2], I32)       # MindSpore: Int32 [1 2]
    same(T([1., 2.]).isclose(T([1., 2.1])), [True, False], onp.bool_)
    same(T([1., 2.]).expand_as(ops.zeros((2, 2))), [[1, 2], [1, 2]], F32)
    assert T([3., 4.]).numel() == 2 and T([3., 4.]).dim() == 1 and x.is_contiguous()
    ints = T([1, 2], ms.int32)
    assert [str(c().dtype) for c in (ints.float, ints.int, ints.long, ints.half, ints.double,
                                     ints.bool)] == ["float32", "int32", "int64", "float16",
                                                     "float64", "bool"]


def test_tensor_methods_are_differentiable():
    # MindSpore: [2.7182798 7.38906], [3. 12.], [[1. 3.] [2. 4.]]
    same(ops.grad(lambda x: x.exp().sum())(T([1., 2.])), [2.7182817, 7.389056], F32)
    same(ops.grad(lambda x: x.pow(3))(T([1., 2.])), [3, 12], F32)
    same(ops.grad(lambda x: x.permute(1, 0) * T([[1., 2.], [3., 4.]]))(T([[1., 2.], [2., 0.]])),
         [[1, 3], [2, 4]], F32)
    check_grad(lambda x: T(x).clamp(-1.0, 1.0).exp() * T(x).norm(), onp.array([0.3, -0.8, 2.0]))
