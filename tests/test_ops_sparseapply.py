"""The sparse optimizer-step primitives, ``AdamNoUpdateParam`` and ``EmbeddingLookup``
(``ops/prims_sparseapply*.py``): repeated rows (summed, or stepped once per occurrence, as
MindSpore 2.10's CPU kernels), dtypes kept, nothing written when a call fails, errors that
name the op and the argument, and ``EmbeddingLookup``'s gradient by finite differences."""
import doctest

import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.ops import prims_sparseapply, prims_sparseapply2
from minpy_compat.write_journal import undo_writes_on_error

F32 = onp.float32


def _p(data, name, dtype=F32):
    return ms.Parameter(ms.Tensor(onp.array(data, dtype)), name=name)


def _slots(count, dtype=F32, rows=3):
    base = onp.arange(rows * 2, dtype=dtype).reshape(rows, 2) / 10 + 0.5
    return [_p(base + i, f"s{i}", dtype) for i in range(count)]


GRAD = onp.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], F32)
IDX = ms.Tensor(onp.array([0, 2, 0], onp.int32))
RATES = [ms.Tensor(F32(x)) for x in (0.9, 0.999, 0.01, 0.9, 0.999, 1e-8)]

# op name -> (constructor args, slot count, call after the slots (grad, indices, dtype))
STEPS = {
    "SparseApplyAdagrad": ((0.1,), 2, lambda g, i, dt: (g, i)),
    "SparseApplyAdagradV2": ((0.1, 1e-6), 2, lambda g, i, dt: (g, i)),
    "SparseApplyFtrl": ((0.1, 0.01, 0.02, -0.5), 3, lambda g, i, dt: (g, i)),
    "FusedSparseFtrl": ((0.1, 0.01, 0.02, -0.5), 3, lambda g, i, dt: (g, i)),
    "SparseApplyRMSProp": ((0.9, 0.5, 1e-6), 3, lambda g, i, dt: (ms.Tensor(dt(0.1)), g, i)),
    "FusedSparseProximalAdagrad": ((), 2, lambda g, i, dt: (
        ms.Tensor(dt(0.1)), ms.Tensor(dt(0.01)), ms.Tensor(dt(0.02)), g, i)),
    "FusedSparseAdam": ((), 3, lambda g, i, dt: (*[r.astype(dt) for r in RATES], g, i)),
    "FusedSparseLazyAdam": ((), 3, lambda g, i, dt: (*[r.astype(dt) for r in RATES], g, i)),
}


def _run(name, dtype=F32, grad=GRAD, indices=IDX):
    init, count, rest = STEPS[name]
    slots = _slots(count, dtype)
    getattr(ops, name)(*init)(*slots, *rest(ms.Tensor(grad.astype(dtype)), indices, dtype))
    return slots


@pytest.mark.parametrize("module", [prims_sparseapply, prims_sparseapply2])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_adagrad_sums_a_repeated_rows_gradients():
    var, accum = _run("SparseApplyAdagrad")
    dense = _slots(2)
    rows = ms.Parameter(ms.Tensor(dense[0].asnumpy()[[0, 2]]), name="r")
    acc = ms.Parameter(ms.Tensor(dense[1].asnumpy()[[0, 2]]), name="a")
    summed = onp.stack([GRAD[0] + GRAD[2], GRAD[1]])  # rows 0 (twice) and 2
    ops.ApplyAdagrad()(rows, acc, 0.1, ms.Tensor(summed))
    onp.testing.assert_allclose(var.asnumpy()[[0, 2]], rows.asnumpy(), rtol=1e-6)
    onp.testing.assert_allclose(accum.asnumpy()[[0, 2]], acc.asnumpy(), rtol=1e-6)
    assert var.asnumpy()[1].tolist() == _slots(1)[0].asnumpy()[1].tolist()


def test_rmsprop_steps_a_repeated_row_once_per_occurrence():
    var, ms_, mom = _run("SparseApplyRMSProp")
    row = [ms.Parameter(ms.Tensor(s.asnumpy()[:1]), name=f"r{i}")
           for i, s in enumerate(_slots(3))]
    for k in (0, 2):
        ops.ApplyRMSProp()(*row, F32(0.1), ms.Tensor(GRAD[k:k + 1]), 0.9, 0.5, 1e-6)
    for got, want in zip((var, ms_, mom), row):
        onp.testing.assert_allclose(got.asnumpy()[:1], want.asnumpy(), rtol=1e-6)


def test_fused_adam_moves_every_row_and_lazy_adam_only_the_named_ones():
    start = _slots(3)[0].asnumpy()
    full = _run("FusedSparseAdam")[0].asnumpy()
    lazy = _run("FusedSparseLazyAdam")[0].asnumpy()
    assert (full[1] != start[1]).all() and (lazy[1] == start[1]).all()
    onp.testing.assert_allclose(full[[0, 2]], lazy[[0, 2]], rtol=1e-6)


@pytest.mark.parametrize("dtype", [onp.float16, onp.float32, onp.float64])
@pytest.mark.parametrize("name", sorted(STEPS))
def test_each_step_keeps_its_dtype(name, dtype):
    slots = _run(name, dtype)
    assert all(s.asnumpy().dtype == dtype for s in slots)
    assert all(onp.isfinite(s.asnumpy()).all() for s in slots)


@pytest.mark.parametrize("name", sorted(STEPS))
def test_a_bad_index_raises_and_writes_nothing(name):
    init, count, rest = STEPS[name]
    slots = _slots(count)
    before = [s.asnumpy().copy() for s in slots]
    bad = ms.Tensor(onp.array([0, 3, 1], onp.int32))
    with pytest.raises(ValueError, match=f"{name} indices: expected rows in \\[0, 3\\)"):
        getattr(ops, name)(*init)(*slots, *rest(ms.Tensor(GRAD), bad, F32))
    assert all((s.asnumpy() == b).all() for s, b in zip(slots, before))


@pytest.mark.parametrize("name", sorted(STEPS))
def test_bad_grad_and_indices_name_the_op(name):
    init, count, rest = STEPS[name]
    slots, prim = _slots(count), getattr(ops, name)(*init)
    with pytest.raises(ValueError, match=f"{name} indices: expected shape \\(2,\\)"):
        prim(*slots, *rest(ms.Tensor(GRAD[:2]), IDX, F32))
    with pytest.raises(ValueError, match=f"{name} grad: expected shape \\(n, \\*\\(2,\\)\\)"):
        prim(*slots, *rest(ms.Tensor(onp.ones((3, 3), F32)), IDX, F32))
    with pytest.raises(TypeError, match=f"{name} grad: expected a float32 Tensor"):
        prim(*slots, *rest(ms.Tensor(GRAD.astype(onp.float64)), IDX, F32))
    with pytest.raises(TypeError, match=f"{name} indices: expected an int32 or int64"):
        prim(*slots, *rest(ms.Tensor(GRAD), ms.Tensor([0.0, 1.0, 2.0]), F32))
    with pytest.raises(TypeError, match=f"{name} var: expected a Parameter"):
        prim(ms.Tensor(slots[0].asnumpy()), *slots[1:], *rest(ms.Tensor(GRAD), IDX, F32))


@pytest.mark.parametrize("name, init, arg", [
    ("SparseApplyAdagrad", (1,), "lr"), ("SparseApplyAdagrad", (0.1, 1), "update_slots"),
    ("SparseApplyAdagradV2", (0.1, 1), "epsilon"), ("SparseApplyFtrl", (0.1, 0, 0.0, -0.5), "l1"),
    ("FusedSparseFtrl", (0.1, 0.0, 0.0, -1), "lr_power"), ("SparseApplyRMSProp", (1, 0.5, 1e-6),
                                                           "rho"),
    ("FusedSparseAdam", (1,), "use_locking"), ("FusedSparseLazyAdam", (False, 0), "use_nesterov"),
    ("FusedSparseProximalAdagrad", (None,), "use_locking"),
    ("AdamNoUpdateParam", (False, "yes"), "use_nesterov")])
def test_constructor_arguments_are_checked(name, init, arg):
    with pytest.raises(TypeError, match=f"{name} {arg}: expected a"):
        getattr(ops, name)(*init)


def test_a_narrower_float_grad_is_taken_as_var_dtype():
    narrow = _slots(2)
    ops.SparseApplyAdagrad(0.1)(*narrow, ms.Tensor(GRAD.astype(onp.float16)), IDX)
    wide = _run("SparseApplyAdagrad", grad=GRAD.astype(onp.float16).astype(F32))
    assert narrow[0].asnumpy().tolist() == wide[0].asnumpy().tolist()


def test_a_failing_block_puts_a_sparse_step_back():
    var, accum = _slots(2)
    before = var.asnumpy().copy()
    with pytest.raises(ZeroDivisionError):
        with undo_writes_on_error():
            ops.SparseApplyAdagrad(0.1)(var, accum, ms.Tensor(GRAD), IDX)
            assert (var.asnumpy() != before).any()
            1 / 0
    assert (var.asnumpy() == before).all()


def test_adam_no_update_param_returns_adams_step_and_moves_the_moments():
    m, v = _slots(2)
    m2, v2 = _slots(2)
    var = _p(onp.full((3, 2), 5.0), "var")
    delta = ops.AdamNoUpdateParam()(m, v, *RATES, ms.Tensor(GRAD))
    ops.Adam()(var, m2, v2, *RATES, ms.Tensor(GRAD))
    assert delta.dtype == onp.float32
    onp.testing.assert_allclose(delta.asnumpy(), var.asnumpy() - 5.0, rtol=1e-4, atol=1e-6)
    onp.testing.assert_allclose(m.asnumpy(), m2.asnumpy())
    onp.testing.assert_allclose(v.asnumpy(), v2.asnumpy())
    with pytest.raises(ValueError, match="AdamNoUpdateParam gradient: expected the shape"):
        ops.AdamNoUpdateParam()(m, v, *RATES, ms.Tensor(GRAD[:2]))
    with pytest.raises(TypeError, match="AdamNoUpdateParam m: expected a Parameter"):
        ops.AdamNoUpdateParam()(ms.Tensor(GRAD), v, *RATES, ms.Tensor(GRAD))


TABLE = onp.arange(12.0).reshape(4, 3) / 7


def test_embedding_lookup_rows_outside_the_table_are_zero():
    out = ops.EmbeddingLookup()(ms.Tensor(TABLE.astype(F32)), ms.Tensor([[1, 5], [0, 4]]), 1)
    assert out.dtype == F32 and out.shape == (2, 2, 3)
    want = onp.stack([TABLE[[0, 0]] * [[1], [0]], TABLE[[0, 3]] * [[0], [1]]])
    onp.testing.assert_allclose(out.asnumpy(), want, rtol=1e-6)
    same = ops.EmbeddingLookup()(ms.Tensor(TABLE), ms.Tensor([1, 5]), ms.Tensor(1))
    assert same.dtype == onp.float64


def test_embedding_lookup_gradient_by_finite_differences():
    idx = ms.Tensor(onp.array([[2, 0], [3, 2], [-1, 7]], onp.int64))
    check_grads(lambda t: ops.EmbeddingLookup()(t, idx, 0) ** 2, modes=["rev"], order=1)(
        ms.Tensor(TABLE))
    grad = ms.grad(lambda t: ops.EmbeddingLookup()(t, idx, 0).sum())(ms.Tensor(TABLE))
    assert grad.asnumpy()[:, 0].tolist() == [1.0, 0.0, 2.0, 1.0]


def test_embedding_lookup_errors_name_the_argument():
    table, idx = ms.Tensor(TABLE), ms.Tensor([0, 1])
    with pytest.raises(TypeError, match="EmbeddingLookup input_indices: expected an int32"):
        ops.EmbeddingLookup()(table, ms.Tensor([0.0, 1.0]), 0)
    with pytest.raises(TypeError, match="EmbeddingLookup offset: expected an int"):
        ops.EmbeddingLookup()(table, idx, 0.5)
    with pytest.raises(TypeError, match="EmbeddingLookup offset: expected an int or an int"):
        ops.EmbeddingLookup()(table, idx, ms.Tensor(0.5))
    with pytest.raises(TypeError, match="EmbeddingLookup input_params: expected a Tensor"):
        ops.EmbeddingLookup()(TABLE.tolist(), idx, 0)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=6))
def test_summed_steps_equal_one_dense_step_with_the_scattered_gradient(rows):
    """FusedSparseFtrl with any indices = ApplyFtrl on the named rows with their summed
    gradients; the other rows stay as they were."""
    rng = onp.random.RandomState(len(rows))
    grad = rng.uniform(-1, 1, (len(rows), 2))
    slots = _slots(3, onp.float64, rows=5)
    start = [s.asnumpy().copy() for s in slots]
    ops.FusedSparseFtrl(0.1, 0.01, 0.02, -0.5)(*slots, ms.Tensor(grad), ms.Tensor(rows))
    hit = sorted(set(rows))
    summed = onp.zeros((5, 2))
    onp.add.at(summed, rows, grad)
    dense = [ms.Parameter(ms.Tensor(s[hit]), name=f"d{i}") for i, s in enumerate(start)]
    ops.ApplyFtrl()(*dense, ms.Tensor(summed[hit]), 0.1, 0.01, 0.02, -0.5)
    for got, want, s in zip(slots, dense, start):
        onp.testing.assert_allclose(got.asnumpy()[hit], want.asnumpy(), rtol=1e-12)
        missed = [r for r in range(5) if r not in hit]
        assert (got.asnumpy()[missed] == s[missed]).all()


def test_fused_cast_adam_weight_decay_is_adam_weight_decay_in_float32():
    var16 = _p([[1.0, 2.0]], "var", onp.float16)
    m, v = _p([[0.1, 0.2]], "m"), _p([[0.3, 0.4]], "v")
    rates = [ms.Tensor(F32(x)) for x in (0.01, 0.9, 0.999, 1e-8, 0.1)]
    grad = onp.array([[0.5, -1.0]], onp.float16)
    ops.FusedCastAdamWeightDecay()(var16, m, v, *rates, ms.Tensor(grad), ms.Tensor(F32(2.0)))
    var, m2, v2 = _p([[1.0, 2.0]], "w"), _p([[0.1, 0.2]], "m2"), _p([[0.3, 0.4]], "v2")
    ops.AdamWeightDecay()(var, m2, v2, *rates, ms.Tensor(grad.astype(F32) / 2))
    assert var16.asnumpy().dtype == onp.float16 and m.asnumpy().dtype == F32
    assert var16.asnumpy().tolist() == var.asnumpy().astype(onp.float16).tolist()
    assert m.asnumpy().tolist() == m2.asnumpy().tolist()
    w = "FusedCastAdamWeightDecay"
    with pytest.raises(TypeError, match=f"{w} var: expected a float16 or float32 Parameter"):
        ops.FusedCastAdamWeightDecay()(_p([[1.0, 2.0]], "x", onp.float64), m, v, *rates,
                                       ms.Tensor(grad), ms.Tensor(F32(2.0)))
    with pytest.raises(TypeError, match=f"{w} gradient: expected a float16 or float32"):
        ops.FusedCastAdamWeightDecay()(var16, m, v, *rates, ms.Tensor(grad.astype(onp.float64)),
                                       ms.Tensor(F32(2.0)))
    with pytest.raises(ValueError, match=f"{w} gradient: expected var's shape"):
        ops.FusedCastAdamWeightDecay()(var16, m, v, *rates, ms.Tensor(grad[:, :1]),
                                       ms.Tensor(F32(2.0)))
