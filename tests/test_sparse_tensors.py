"""COOTensor/CSRTensor and the sparse ops, against dense NumPy (which the ops MindSpore's
CPU build cannot run are checked by): values, dtypes, float64 finite differences through
the values, float32 kept, and errors naming the op and argument."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

RNG = onp.random.RandomState(17)
IDX = onp.array([[0, 1], [1, 2], [2, 0], [0, 3]], onp.int32)
PTR, COL = onp.array([0, 2, 2, 3], onp.int32), onp.array([0, 3, 1], onp.int32)


def coo(values, indices=IDX, shape=(3, 4)):
    return ms.COOTensor(ms.Tensor(indices), values, shape)


def csr(values, shape=(3, 4)):
    return ms.CSRTensor(ms.Tensor(PTR), ms.Tensor(COL), values, shape)


def dense_of_csr(values):
    out = onp.zeros((3, 4), onp.asarray(values).dtype)
    out[[0, 0, 2], COL] = values
    return out


def test_properties_and_to_dense():
    x = coo(ms.Tensor(onp.array([1.0, 2.0, 3.0, 4.0], onp.float32)))
    assert (x.shape, x.dtype, x.size, x.itemsize, x.ndim) == ((3, 4), onp.float32, 4, 4, 2)
    want = onp.zeros((3, 4), onp.float32)
    want[tuple(IDX.T)] = [1, 2, 3, 4]
    assert x.to_dense().dtype == onp.float32
    onp.testing.assert_array_equal(x.to_dense(), want)
    y = x.to_csr()
    onp.testing.assert_array_equal(y.indptr, [0, 2, 3, 4])
    onp.testing.assert_array_equal(y.to_dense(), want)
    onp.testing.assert_array_equal(y.to_coo().to_dense(), want)
    assert ms.COOTensor(coo_tensor=x).shape == (3, 4)


def test_csr_ops_agree_with_dense_numpy():
    v = onp.array([1.5, -2.0, 0.5], onp.float32)
    m, d = dense_of_csr(v), RNG.uniform(1, 2, (3, 4)).astype(onp.float32)
    x, b = csr(ms.Tensor(v)), RNG.standard_normal((4, 2)).astype(onp.float32)
    pairs = [(x.mm(ms.Tensor(b)), m @ b), (ops.csr_mv(x, ms.Tensor(b[:, :1])), m @ b[:, :1]),
             (x.sum(1), m.sum(1, keepdims=True)),
             (ops.csr_reduce_sum(x, 0), m.sum(0, keepdims=True)),
             ((x * ms.Tensor(d)).to_dense(), m * d), ((x / ms.Tensor(d)).to_dense(), m / d),
             (ops.csr_gather(ms.Tensor(PTR), ms.Tensor(COL), ms.Tensor(d), (3, 4)),
              d[[0, 0, 2], COL]),
             (ops.coo2csr(ms.Tensor(onp.array([0, 0, 2], onp.int32)), 3), PTR),
             (ops.csr2coo(ms.Tensor(PTR), 3), onp.array([0, 0, 2], onp.int32))]
    for got, want in pairs:
        assert onp.asarray(got).dtype == onp.asarray(want).dtype
        onp.testing.assert_allclose(got, want, rtol=1e-6)


def test_csr_softmax_is_a_softmax_over_each_rows_values():
    v = onp.array([1.0, 2.0, 3.0], onp.float32)
    got = ops.csr_softmax(csr(ms.Tensor(v)), ms.float32).values
    assert got.dtype == onp.float32
    onp.testing.assert_allclose(got, [1 / (1 + onp.e), onp.e / (1 + onp.e), 1.0], rtol=1e-6)


def test_coo_add_follows_sparse_add_thresh_and_order():
    i64 = onp.int64
    a = coo(ms.Tensor(onp.array([1.0, -2.0], onp.float32)), onp.array([[0, 1], [1, 2]], i64))
    b = coo(ms.Tensor(onp.array([2.5, 3.0], onp.float32)), onp.array([[1, 2], [0, 0]], i64))
    out = ops.coo_add(a, b, ms.Tensor(onp.float32(1.0)))
    onp.testing.assert_array_equal(out.indices, [[0, 1], [0, 0]])
    onp.testing.assert_array_equal(out.values, [1.0, 3.0])


@pytest.mark.parametrize("fn", [
    lambda v: coo(v).to_dense() ** 2,
    lambda v: coo(v).to_csr().to_dense() * 3.0,
    lambda v: csr(v[:3]).mm(ms.Tensor(onp.linspace(-1, 1, 8).reshape(4, 2))),
    lambda v: ops.csr_softmax(csr(v[:3]), ms.float64).values,
    lambda v: ops.csr_add(csr(v[:3]), csr(v[1:]), ms.Tensor(2.0), ms.Tensor(-1.0)).values,
    lambda v: ops.coo_add(coo(v), coo(v[::-1]), ms.Tensor(0.5)).values,
    lambda v: ops.coo_concat((coo(v), coo(v * 2)), 1).values,
    lambda v: coo(v).coalesce().values,
    lambda v: ops.coo_sigmoid(coo(v)).values, lambda v: ops.csr_softsign(csr(v[:3])).values,
    lambda v: ops.dense_to_sparse_csr(ops.reshape(v, (2, 2))).values,
    lambda v: ops.SparseTensorDenseMatmul(True, True)(
        ms.Tensor(IDX), v, (3, 4), ms.Tensor(onp.linspace(-1, 1, 6).reshape(2, 3))),
    lambda v: ops.SparseSlice()(ms.Tensor(IDX), v, ms.Tensor(onp.array([3, 4])),
                                ms.Tensor(onp.array([0, 1])), ms.Tensor(onp.array([2, 3])))[1],
    lambda v: nn.SparseToDense()(coo(v)),
])
def test_gradients_reach_the_values_float64(fn):
    check_grads(lambda v: ops.reduce_sum(fn(v) ** 2), modes=["rev"], order=1)(
        ms.Tensor(onp.array([0.7, -1.3, 0.4, 2.1])))


def test_float32_stays_float32():
    v = ms.Tensor(onp.array([0.5, 1.5, 2.0, 3.0], onp.float32))
    for out in (ops.coo_sqrt(coo(v)).values, ops.csr_exp(csr(v[:3])).values,
                ops.SparseToDense()(ms.Tensor(IDX), v, (3, 4)),
                nn.SparseTensorDenseMatmul()(ms.Tensor(IDX), v, (3, 4),
                                             ms.Tensor(onp.ones((4, 2), onp.float32))),
                ops.grad(lambda w: coo(w).to_dense().sum())(v)):
        assert out.dtype == onp.float32


@pytest.mark.parametrize("call, error, words", [
    (lambda: ms.COOTensor(ms.Tensor(IDX.astype(float)), ms.Tensor(onp.ones(4)), (3, 4)),
     TypeError, "COOTensor indices: expected an int16/int32/int64 Tensor"),
    (lambda: ms.COOTensor(ms.Tensor(IDX), ms.Tensor(onp.ones(3)), (3, 4)), ValueError,
     "COOTensor values: expected 4 values"),
    (lambda: ms.COOTensor(ms.Tensor(IDX), ms.Tensor(onp.ones(4)), (3, 4, 5)), ValueError,
     "COOTensor shape: expected 2 dimensions"),
    (lambda: ms.CSRTensor(ms.Tensor(PTR[:3]), ms.Tensor(COL), ms.Tensor(onp.ones(3)), (3, 4)),
     ValueError, "CSRTensor indptr: expected shape"),
    (lambda: ops.csr_mv(coo(ms.Tensor(onp.ones(4))), ms.Tensor(onp.ones((4, 1)))), TypeError,
     "ops.csr_mv csr_tensor: expected a CSRTensor"),
    (lambda: ops.csr_mv(csr(ms.Tensor(onp.ones(3))), ms.Tensor(onp.ones(4))), ValueError,
     "ops.csr_mv dense: expected a 2-D Tensor"),
    (lambda: ops.csr_reduce_sum(csr(ms.Tensor(onp.ones(3))), 2), ValueError,
     "ops.csr_reduce_sum axis"),
    (lambda: ops.coo_relu(ms.Tensor(onp.ones(3))), TypeError,
     "ops.coo_relu x: expected a COOTensor"),
    (lambda: ops.coo_concat((coo(ms.Tensor(onp.ones(4))),), 0), TypeError,
     "ops.coo_concat sp_input"),
    (lambda: ops.coo_add(coo(ms.Tensor(onp.ones(4))), coo(ms.Tensor(onp.ones(4)), shape=(4, 4)),
                         ms.Tensor(0.0)), ValueError, "ops.coo_add x2: expected the same shape"),
    (lambda: ops.csr_softmax(csr(ms.Tensor(onp.ones(3, onp.float32))), ms.float64), TypeError,
     "ops.csr_softmax dtype"),
    (lambda: coo(ms.Tensor(onp.ones(4))) * ms.Tensor(onp.ones(4)), ValueError,
     r"COOTensor.__mul__ other: expected a Tensor of shape \(3, 4\)"),
    (lambda: ops.SparseTensorDenseMatmul()(ms.Tensor(IDX), ms.Tensor(onp.ones(4)), (3, 4),
                                           ms.Tensor(onp.ones((5, 2)))), ValueError,
     "SparseTensorDenseMatmul dense: expected 4 rows"),
    (lambda: ops.SparseTensorDenseMatmul(1), TypeError, "SparseTensorDenseMatmul adjoint_st"),
    (lambda: ops.SparseTensorDenseAdd()(ms.Tensor(IDX), ms.Tensor(onp.ones(4)), (3, 4),
                                        ms.Tensor(onp.ones((3, 5)))), ValueError,
     "SparseTensorDenseAdd x2: expected shape"),
    (lambda: ops.SparseSlice()(ms.Tensor(IDX), ms.Tensor(onp.ones(4)), (3, 4),
                               ms.Tensor(onp.array([-1, 0])), ms.Tensor(onp.array([1, 1]))),
     ValueError, "SparseSlice start"),
    (lambda: nn.SparseToDense()(ms.Tensor(onp.ones(3))), TypeError,
     "nn.SparseToDense sparse_tensor: expected a COOTensor"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_every_new_name_has_a_docstring():
    from minpy_compat.ops._lazy_table import LAZY
    names = [n for key in ("fn_sparse", "fn_sparse_unary", "prims_sparse") for n in LAZY[key]]
    assert len(names) == 88
    for name in names + ["COOTensor", "CSRTensor"]:
        obj = getattr(ops, name, None) or getattr(ms, name)
        assert obj.__doc__ and obj.__doc__.strip(), name


def test_sparse_to_dense_keeps_the_last_of_a_repeated_index():
    idx = ms.Tensor(onp.array([[0, 1], [2, 3], [0, 1]]))
    v = ms.Tensor(onp.array([1.5, -2.0, 0.5]))
    assert ops.SparseToDense()(idx, v, (3, 4))[0, 1] == 0.5
    check_grads(lambda w: ops.reduce_sum(ops.SparseToDense()(idx, w, (3, 4)) ** 2),
                modes=["rev"], order=1)(v)
    assert ms.COOTensor(idx, v, (3, 4)).to_dense()[0, 1] == 2.0  # to_dense adds them


def test_csr_plus_a_dense_tensor_is_refused_as_in_mindspore():
    with pytest.raises(TypeError, match="CSRTensor.__add__ other: expected a CSRTensor"):
        csr(ms.Tensor(onp.ones(3))) + ms.Tensor(onp.ones((3, 4)))
