"""MindSpore's ``Tensor.view(*shape)`` (a reshape, as model-zoo attention code writes
``mask.view(batch, 1, 1, seq)``) next to NumPy's ``ndarray.view(dtype)``, on Tensors and
on traced values."""
import numpy as onp
import pytest

import minpy_compat as ms


@pytest.mark.parametrize("args", [(2, 3), ((3, 2),), ([6],), (-1, 2), (onp.int64(2), 3)])
def test_view_with_ints_reshapes_as_numpy_reshape_does(args):
    data = onp.arange(6, dtype=onp.float32)
    got = ms.Tensor(data).view(*args)
    shape = args[0] if len(args) == 1 else args
    want = data.reshape(tuple(int(n) for n in shape))
    assert got.dtype == onp.float32 and got.shape == want.shape
    onp.testing.assert_array_equal(got.asnumpy(), want)


def test_view_with_a_dtype_or_array_type_stays_numpys():
    data = onp.arange(3, dtype=onp.float32)
    onp.testing.assert_array_equal(ms.Tensor(data).view(ms.int32).asnumpy(),
                                   data.view(onp.int32))
    assert type(ms.Tensor(data).view(onp.ndarray)) is onp.ndarray
    onp.testing.assert_array_equal(ms.Tensor(data).view(dtype=onp.int32), data.view(onp.int32))


def test_view_of_a_traced_value_reshapes_with_a_gradient():
    weights = onp.linspace(-1.0, 2.0, 6).reshape(2, 3)

    def f(x):
        return (x.view(2, 3) * weights).sum() + (x.view((3, 2)) ** 2).sum()

    x = onp.arange(6, dtype=onp.float64) / 5
    onp.testing.assert_allclose(ms.grad(f)(x), weights.reshape(-1) + 2 * x)
    eps = 1e-6
    numeric = [(f(ms.Tensor(x + eps * e)) - f(ms.Tensor(x - eps * e))) / (2 * eps)
               for e in onp.eye(6)]
    onp.testing.assert_allclose(ms.grad(f)(x), numeric, rtol=1e-6, atol=1e-8)


def test_view_of_a_float32_traced_value_stays_float32():
    g = ms.grad(lambda x: (x.view(3, 2) * 2.0).sum())(onp.ones(6, onp.float32))
    assert g.dtype == onp.float32
