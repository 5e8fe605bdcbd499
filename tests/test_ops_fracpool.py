"""The fractional pooling primitives: float64 finite-difference gradients, float32 kept,
the pooling sequences' invariants where they are random, and the errors for bad
arguments (each names the op and the argument)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

rng = onp.random.RandomState(11)


def _distinct(*shape):
    return (rng.permutation(int(onp.prod(shape))).reshape(shape) * 0.37).astype(onp.float64)


def _fd(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


@pytest.mark.parametrize("name", ["FractionalMaxPool", "FractionalAvgPool"])
@pytest.mark.parametrize("pseudo_random, overlapping", [(False, False), (True, True)])
def test_sequence_pools_gradients_and_dtypes(name, pseudo_random, overlapping):
    op = getattr(ops, name)([1.0, 1.4, 1.7, 1.0], pseudo_random, overlapping, True, 3, 4)
    x = _distinct(2, 7, 9, 2)
    _fd(lambda t: op(t)[0], x)
    y, rows, cols = op(ms.Tensor(x.astype(onp.float32)))
    assert y.dtype == ms.float32 and rows.dtype == ms.int64 and cols.dtype == ms.int64
    assert y.shape == (2, 5, 5, 2)


@pytest.mark.parametrize("pseudo_random", [False, True])
def test_random_sequences_cover_the_input(pseudo_random):
    """Random windows: boundaries from 0 to the size, each window floor(size / out) or one
    more wide, and the values those windows give."""
    x = _distinct(1, 11, 13, 1)
    for _ in range(5):
        y, rows, cols = ops.FractionalMaxPool([1.0, 1.6, 2.3, 1.0], pseudo_random)(ms.Tensor(x))
        for seq, size, out in ((rows.asnumpy(), 11, 6), (cols.asnumpy(), 13, 5)):
            assert seq[0] == 0 and seq[-1] == size and len(seq) == out + 1
            assert set(onp.diff(seq)) <= {size // out, size // out + 1}
        r, c = rows.asnumpy(), cols.asnumpy()
        want = [[x[0, r[i]:r[i + 1], c[j]:c[j + 1], 0].max() for j in range(5)]
                for i in range(6)]
        assert onp.array_equal(y.asnumpy()[0, :, :, 0], want)


def test_deterministic_seeds_repeat():
    op = ops.FractionalAvgPool([1.0, 1.5, 1.5, 1.0], deterministic=True, seed=9)
    x = ms.Tensor(_distinct(1, 10, 10, 1))
    assert onp.array_equal(op(x)[1].asnumpy(), op(x)[1].asnumpy())


def test_fixed_ksize_pools_gradients_and_dtypes():
    samples = ms.Tensor(rng.uniform(0.1, 0.9, (2, 2, 2)))
    op = ops.FractionalMaxPoolWithFixedKsize((2, 3), (4, 3))
    _fd(lambda t: op(t, samples)[0], _distinct(2, 2, 6, 7))
    samples3 = ms.Tensor(rng.uniform(0.1, 0.9, (1, 2, 3)))
    op3 = ops.FractionalMaxPool3DWithFixedKsize(2, (3, 2, 3))
    _fd(lambda t: op3(t, samples3)[0], _distinct(1, 2, 5, 4, 6))
    _fd(lambda t: ops.fractional_max_pool3d(t, 2, output_ratio=0.6, _random_samples=samples3),
        _distinct(1, 2, 5, 5, 5))
    x32 = ms.Tensor(_distinct(2, 2, 6, 7).astype(onp.float32))
    y, index = op(x32, samples.astype(ms.float32))
    assert y.dtype == ms.float32 and index.dtype == ms.int64 and y.shape == (2, 2, 4, 3)
    assert onp.array_equal(onp.take_along_axis(x32.asnumpy().reshape(2, 2, -1),
                                               index.asnumpy().reshape(2, 2, -1), -1),
                           y.asnumpy().reshape(2, 2, -1))


def test_fractional_max_pool3d_matches_its_primitive_and_draws_samples():
    x = ms.Tensor(_distinct(2, 5, 6, 7).astype(onp.float32))
    y, index = ops.fractional_max_pool3d(x, 2, (3, 3, 4), return_indices=True)
    assert y.shape == (2, 3, 3, 4) and index.shape == (2, 3, 3, 4)


BAD = [
    (lambda: ops.FractionalMaxPool((1.0, 2.0, 2.0, 1.0)), TypeError,
     "FractionalMaxPool pooling_ratio: expected a list"),
    (lambda: ops.FractionalAvgPool([1.0, 2.0, 2.0, 2.0]), ValueError,
     "FractionalAvgPool pooling_ratio: expected"),
    (lambda: ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0], seed=1), ValueError,
     "FractionalMaxPool seed: expected seed and seed2 both 0"),
    (lambda: ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0], overlapping=1), TypeError,
     "FractionalMaxPool overlapping: expected a bool"),
    (lambda: ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0])(ms.Tensor(onp.ones((4, 4, 1)))),
     ValueError, r"FractionalAvgPool x: expected an \(N, H, W, C\)"),
    (lambda: ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0])(
        ms.Tensor(onp.ones((1, 4, 4, 1), onp.float16))), TypeError, "FractionalMaxPool x:"),
    (lambda: ops.FractionalMaxPool([1.0, 9.0, 2.0, 1.0])(ms.Tensor(onp.ones((1, 4, 4, 1)))),
     ValueError, "FractionalMaxPool pooling_ratio: expected ratios that leave"),
    (lambda: ops.FractionalMaxPoolWithFixedKsize(0, 3), ValueError,
     "FractionalMaxPoolWithFixedKsize ksize"),
    (lambda: ops.FractionalMaxPoolWithFixedKsize(2, 3, "NHWC"), ValueError,
     "FractionalMaxPoolWithFixedKsize data_format"),
    (lambda: ops.FractionalMaxPoolWithFixedKsize(2, 3)(
        ms.Tensor(onp.ones((1, 2, 5, 5))), ms.Tensor(onp.ones((1, 3, 2)))),
     ValueError, "FractionalMaxPoolWithFixedKsize random_samples: expected shape"),
    (lambda: ops.FractionalMaxPoolWithFixedKsize(2, 5)(
        ms.Tensor(onp.ones((1, 2, 5, 5))), ms.Tensor(onp.ones((1, 2, 2)))),
     ValueError, "FractionalMaxPoolWithFixedKsize output_shape"),
    (lambda: ops.FractionalMaxPoolWithFixedKsize(2, 3)(
        ms.Tensor(onp.ones((1, 2, 5, 5))), ms.Tensor(onp.ones((1, 2, 2), int))),
     TypeError, "FractionalMaxPoolWithFixedKsize random_samples: expected a float"),
    (lambda: ops.FractionalMaxPool3DWithFixedKsize(2, 3, "NCHW"), ValueError,
     "FractionalMaxPool3DWithFixedKsize data_format"),
    (lambda: ops.FractionalMaxPool3DWithFixedKsize(2, (3, 3))(None, None), ValueError,
     "FractionalMaxPool3DWithFixedKsize output_shape"),
    (lambda: ops.FractionalMaxPool3DWithFixedKsize(2, 3)(
        ms.Tensor(onp.ones((1, 2, 4, 5, 5))), ms.Tensor(onp.ones((1, 2, 3)))),
     ValueError, "FractionalMaxPool3DWithFixedKsize output_shape"),
    (lambda: ops.fractional_max_pool3d(ms.Tensor(onp.ones((1, 2, 5, 5, 5))), 2), ValueError,
     "fractional_max_pool3d output_size: expected output_size or output_ratio"),
    (lambda: ops.fractional_max_pool3d(ms.Tensor(onp.ones((5, 5, 5))), 2, 2), ValueError,
     "fractional_max_pool3d input: expected a rank-4 or rank-5"),
]


@pytest.mark.parametrize("make, kind, match", BAD, ids=[m for _, _, m in BAD])
def test_bad_arguments_name_the_op_and_argument(make, kind, match):
    with pytest.raises(kind, match=match):
        make()


def test_every_name_has_a_docstring():
    from minpy_compat.ops import prims_fracpool
    for name in prims_fracpool.__all__:
        assert getattr(ops, name).__doc__.strip()
