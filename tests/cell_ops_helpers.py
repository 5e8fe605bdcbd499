"""Shared by the Cell ops tests split out of the fourth fuzzing round: dtype shorthands, two
input Tensors and ``same`` (a value check that also checks the dtype)."""
import numpy as onp

import minpy_compat as ms


F32, F16, I32, I64 = onp.float32, onp.float16, onp.int32, onp.int64
T = ms.Tensor
M = T([[1.0, 3.0, 3.0], [2.0, 0.0, 2.0]])           # ties on purpose
A = T(onp.arange(12, dtype=F32).reshape(3, 4))


def same(got, expected, dtype):
    assert onp.asarray(got).dtype == onp.dtype(dtype), f"{onp.asarray(got).dtype} != {dtype}"
    onp.testing.assert_allclose(onp.asarray(got, F32 if dtype == F16 else None),
                                onp.array(expected), rtol=1e-4, atol=1e-5)
