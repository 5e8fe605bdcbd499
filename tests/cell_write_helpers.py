"""Shared by the Cell tests split out of the sixth fuzzing round: dtype shorthands and
``same`` (a value check that also checks the dtype)."""
import numpy as onp

import minpy_compat as ms


F16, F32, F64, I32 = onp.float16, onp.float32, onp.float64, onp.int32
T = ms.Tensor


def same(got, expected, dtype, atol=1e-6):
    assert onp.asarray(got).dtype == onp.dtype(dtype), f"{onp.asarray(got).dtype} != {dtype}"
    onp.testing.assert_allclose(onp.asarray(got, F64), onp.array(expected), rtol=0, atol=atol)
