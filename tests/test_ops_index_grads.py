"""The indexing, scattering and shaping ops (``ops.index_add`` ... ``ops.trapz``): float64
finite-difference checks of every differentiable input, float32 staying float32, and
repeated indices adding up (or the last write winning) in values and gradients."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

R = onp.random.RandomState(3)


def _r(*shape):
    return R.uniform(-2, 2, size=shape)


def _i(*values):
    return ms.Tensor(onp.array(values, onp.int32))


# (name, function of float64 inputs, the inputs)
GRADS = [
    ("index_add", lambda x, y: ops.index_add(x, _i(0, 0, 2), y, 0), [_r(3, 2), _r(3, 2)]),
    ("index_fill", lambda x, v: ops.index_fill(x, 1, _i(0, 2), v), [_r(2, 3), onp.array(0.5)]),
    ("scatter", lambda x, s: ops.scatter(x, 0, _i([1, 2, 0]), s), [_r(3, 3), _r(2, 3)]),
    ("tensor_scatter_elements",
     lambda x, s: ops.tensor_scatter_elements(x, _i([0, 0]), s, 1, "add"), [_r(2, 3), _r(1, 2)]),
    ("scatter_nd", lambda u: ops.scatter_nd(_i([0], [0], [2]), u, (3, 2)), [_r(3, 2)]),
    ("tensor_scatter_update",
     lambda x, u: ops.tensor_scatter_update(x, _i([0, 0], [0, 0], [1, 2]), u), [_r(2, 3), _r(3)]),
    ("tensor_scatter_add", lambda x, u: ops.tensor_scatter_add(x, _i([1], [1]), u),
     [_r(3, 2), _r(2, 2)]),
    ("scatter_nd_add", lambda x, u: ops.scatter_nd_add(x, _i([0], [0]), u), [_r(3, 2), _r(2, 2)]),
    ("scatter_add", lambda x, u: ops.scatter_add(x, _i(2, 2), u), [_r(3, 2), _r(2, 2)]),
    ("select_scatter", lambda x, s: ops.select_scatter(x, s, 1, -1), [_r(2, 3, 2), _r(2, 2)]),
    ("slice_scatter", lambda x, s: ops.slice_scatter(x, s, 0, 0, None, 2), [_r(4, 2), _r(2, 2)]),
    ("diagonal_scatter", lambda x, s: ops.diagonal_scatter(x, s, 1), [_r(3, 3), _r(2)]),
    ("index_select", lambda x: ops.index_select(x, 1, _i(2, 0, 2)), [_r(2, 3)]),
    ("masked_select", lambda x: ops.masked_select(x, ms.Tensor([True, False, True])),
     [_r(2, 3)]),
    # distinct values: a finite-difference step would split repeated ones
    ("unique", lambda x: ops.unique(x)[0], [onp.array([1.5, -1.0, 2.0])]),
    ("unique_consecutive", lambda x: ops.unique_consecutive(x, dim=0),
     [onp.array([[1.0, 2.0], [0.5, 2.0]])]),
    ("flip", lambda x: ops.flip(x, (0, -1)), [_r(2, 3)]),
    ("fliplr", ops.fliplr, [_r(2, 3)]), ("flipud", ops.flipud, [_r(2, 3)]),
    ("roll", lambda x: ops.roll(x, (1, -1), (0, 1)), [_r(2, 3)]),
    ("rot90", lambda x: ops.rot90(x, -3, [1, 0]), [_r(2, 3)]),
    ("repeat_interleave", lambda x: ops.repeat_interleave(x, _i(1, 2), 0), [_r(2, 3)]),
    ("narrow", lambda x: ops.narrow(x, 1, 1, 2), [_r(2, 3)]),
    ("movedim", lambda x: ops.movedim(x, 0, 2), [_r(2, 3, 2)]),
    ("moveaxis", lambda x: ops.moveaxis(x, -1, 0), [_r(2, 3, 2)]),
    ("swapaxes", lambda x: ops.swapaxes(x, 0, 2), [_r(2, 3, 2)]),
    ("swapdims", lambda x: ops.swapdims(x, 0, 1), [_r(2, 3)]),
    ("unsqueeze", lambda x: ops.unsqueeze(x, -1), [_r(2, 3)]),
    ("expand", lambda x: ops.expand(x, _i(2, -1, 3)), [_r(2, 1)]),
    ("expand_as", lambda x: ops.expand_as(x, ms.Tensor(onp.zeros((2, 3)))), [_r(1, 3)]),
    ("hstack", lambda a, b: ops.hstack([a, b]), [_r(2, 1), _r(2, 2)]),
    ("vstack", lambda a, b: ops.vstack((a, b)), [_r(3), _r(2, 3)]),
    ("row_stack", lambda a, b: ops.row_stack([a, b]), [_r(3), _r(2, 3)]),
    ("dstack", lambda a, b: ops.dstack([a, b]), [_r(2), _r(2)]),
    ("column_stack", lambda a, b: ops.column_stack([a, b]), [_r(3), _r(3, 2)]),
    ("hsplit", lambda x: ops.hsplit(x, [1, 3])[1], [_r(2, 4)]),
    ("vsplit", lambda x: ops.vsplit(x, 2)[1], [_r(4, 2)]),
    ("dsplit", lambda x: ops.dsplit(x, [1])[1], [_r(1, 2, 4)]),
    ("atleast_1d", ops.atleast_1d, [onp.array(1.5)]),
    ("atleast_2d", ops.atleast_2d, [_r(3)]),
    ("atleast_3d", lambda a, b: ops.atleast_3d([a, b])[1], [_r(2), _r(2, 3)]),
    ("block_diag", ops.block_diag, [_r(2, 3), _r(2), onp.array(0.5)]),
    ("cartesian_prod", ops.cartesian_prod, [_r(2), _r(3)]),
    ("combinations", lambda x: ops.combinations(x, 2, True), [_r(3)]),
    ("meshgrid", lambda a, b: ops.meshgrid(a, b)[0] * ops.meshgrid(a, b, indexing="ij")[1].T,
     [_r(2), _r(3)]),
    ("diff", lambda x, p: ops.diff(x, 2, 0, prepend=p), [_r(3, 2), _r(1, 2)]),
    ("trapz", lambda y, x: ops.trapz(y, x), [_r(2, 3), _r(3)]),
    ("trapz_dx", lambda y: ops.trapz(y, dx=0.5, dim=0), [_r(3, 2)]),
]


@pytest.mark.parametrize("name, fn, inputs", GRADS, ids=[g[0] for g in GRADS])
def test_gradient_matches_finite_differences(name, fn, inputs):
    check_grads(fn, modes=["rev"], order=1)(*inputs)


@pytest.mark.parametrize("name, fn, inputs", GRADS, ids=[g[0] for g in GRADS])
def test_float32_stays_float32(name, fn, inputs):
    out = fn(*[ms.Tensor(onp.asarray(x, onp.float32)) for x in inputs])
    assert onp.asarray(out).dtype == onp.float32


def test_repeated_indices_add_up_with_their_gradients():
    x, y = ms.Tensor(onp.zeros((3, 2), onp.float32)), ms.Tensor(onp.ones((3, 2), onp.float32))
    assert ops.index_add(x, _i(0, 0, 2), y, 0).tolist() == [[2, 2], [0, 0], [1, 1]]
    weights = ms.Tensor([[1.0], [3.0], [5.0]])
    grad = ops.grad(lambda u: ops.sum(ops.scatter_add(x, _i(1, 1), u) * weights))
    assert grad(ms.Tensor(onp.ones((2, 2), onp.float32))).tolist() == [[3, 3], [3, 3]]


def test_bincount_weights_gradient_is_the_picked_sensitivity():
    # bincount is Float32 even for Float64 weights (MindSpore), too coarse for finite
    # differences, so its exact gradient is checked instead
    grad = ops.grad(lambda w: ops.sum(ops.bincount(_i(2, 1, 2, 0), w, 4) * ms.Tensor(
        [1.0, 2.0, 3.0, 4.0])))
    assert grad(ms.Tensor(onp.ones(4))).tolist() == [3.0, 2.0, 3.0, 1.0]


def test_unique_values_take_the_gradient_at_each_first_appearance():
    grad = ops.grad(lambda x: ops.sum(ops.unique(x)[0] * ms.Tensor([1.0, 2.0, 3.0])))
    assert grad(ms.Tensor([1.5, -1.0, 1.5, 2.0])).tolist() == [1.0, 2.0, 0.0, 3.0]


def test_a_repeated_write_keeps_the_last_update_and_only_its_gradient():
    x = ms.Tensor([0.0, 0.0])
    out = ops.tensor_scatter_update(x, _i([1], [1]), ms.Tensor([4.0, 9.0]))
    assert out.tolist() == [0.0, 9.0]
    grad = ops.grad(lambda u: ops.sum(ops.tensor_scatter_update(x, _i([1], [1]), u)))
    assert grad(ms.Tensor([4.0, 9.0])).tolist() == [0.0, 1.0]


def test_scatter_add_writes_a_parameter_in_place():
    p = ms.Parameter(ms.Tensor(onp.zeros((2, 2), onp.float32)), name="p")
    out = ops.scatter_add(p, _i(1), ms.Tensor([[1.0, 2.0]]))
    assert out is p and p.asnumpy().tolist() == [[0, 0], [1, 2]]
