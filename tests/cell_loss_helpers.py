"""Shared by the Cell tests split out of the eighth fuzzing round: the seeded RNG, ``T`` (a
Tensor of a dtype) and ``close`` (a value check that also checks the dtype)."""
import numpy as onp

import minpy_compat as ms


RNG = onp.random.RandomState(8)


def T(values, dtype=onp.float32):
    return ms.Tensor(onp.asarray(values, dtype))


def close(got, expected, dtype=onp.float32, atol=2e-6):
    assert got.dtype == dtype
    onp.testing.assert_allclose(onp.asarray(got, onp.float64), expected, rtol=2e-6, atol=atol)
