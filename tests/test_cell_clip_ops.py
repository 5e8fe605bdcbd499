"""``ops.clip_by_value`` and ``ops.clip_by_global_norm`` against MindSpore 2.10 and float64
references."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError
from cell_write_helpers import F16, F32, F64, I32, T, same


# ---- ops.clip_by_value and ops.clip_by_global_norm ---------------------------------------
X3 = onp.array([-2.0, 0.5, 3.0], F32)


def test_clip_by_value_casts_its_bounds_to_the_input_dtype():
    """MindSpore: int32 [-2 0 3] with bounds -1.5, 1.5 -> Int32 [-1 0 1]; float16 x with
    float32 Tensor bounds -> Float16; a float64 Tensor bound on float32 x -> Float32."""
    same(ops.clip_by_value(T(onp.array([-2, 0, 3], I32)), -1.5, 1.5), [-1, 0, 1], I32)
    same(ops.clip_by_value(T(X3.astype(F16)), T(-1.5), T(1.5)), [-1.5, 0.5, 1.5], F16)
    same(ops.clip_by_value(T(X3), T(onp.float64(-1.0)), 1.0), [-1.0, 0.5, 1.0], F32)


def test_clip_by_value_takes_the_maximum_first_so_min_above_max_gives_max():
    """MindSpore: clip_by_value(x, 1.0, -1.0) -> [-1. -1. -1.]; its gradient [0 0 0 0 0]."""
    same(ops.clip_by_value(T(X3), 1.0, -1.0), [-1.0, -1.0, -1.0], F32)
    grid = T(onp.array([-2.0, -1.0, 0.0, 1.0, 2.0], F32))
    same(ms.grad(lambda a: ops.clip_by_value(a, 1.0, -1.0).sum())(grid), [0] * 5, F32)


def test_clip_by_value_clips_each_of_a_list_or_tuple():
    """MindSpore: a list [x, 2x] or a tuple gives a tuple: ([-1. 0.5 1.], [-1. 1. 1.])."""
    for box in (list, tuple):
        got = ops.clip_by_value(box([T(X3), T(X3 * 2)]), -1.0, 1.0)
        assert type(got) is tuple and len(got) == 2
        same(got[0], [-1.0, 0.5, 1.0], F32)
        same(got[1], [-1.0, 1.0, 1.0], F32)


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.clip_by_value(T(X3)), CellArgumentError,
     r"ops.clip_by_value: expected clip_value_min or clip_value_max, got None for both"),
    (lambda: ops.clip_by_value(3.0, -1.0, 1.0), CellTypeError,
     r"ops.clip_by_value x: expected a Tensor or a tuple or list of Tensors, got float 3.0"),
    (lambda: ops.clip_by_value([T(X3), 2.0], -1.0, 1.0), CellTypeError,
     r"ops.clip_by_value x: expected a Tensor or a tuple or list of Tensors"),
    (lambda: ops.clip_by_value(T(X3), "1", 1.0), CellTypeError,
     r"ops.clip_by_value clip_value_min: expected None, a Tensor or a number, got str '1'"),
    (lambda: ops.clip_by_global_norm([T(X3)], 0.0), CellArgumentError,
     r"ops.clip_by_global_norm clip_norm: expected a number > 0, got 0.0"),
    (lambda: ops.clip_by_global_norm([T(X3)], 2.0, 1.0), CellArgumentError,
     r"ops.clip_by_global_norm use_norm: expected None"),
    (lambda: ops.clip_by_global_norm([T(X3), "x"]), CellTypeError,
     r"ops.clip_by_global_norm x: expected a Tensor or a tuple or list of Tensors"),
])
def test_clipping_errors_name_the_op_and_argument(call, error, match):
    """MindSpore: ValueError 'at least one of clip_value_min or clip_value_max must not be
    None'; TypeError 'the type of argument x must be Tensor or tuple[Tensor] or list[Tensor]'
    (and for clip_value_min); ValueError "the argument 'clip_norm' must > 0.0, but got 0.0";
    ValueError "input 'use_norm' only supports None currently"."""
    with pytest.raises(error, match=match):
        call()


def test_clip_by_global_norm_matches_mindspore():
    """MindSpore: (x, 2x) with clip_norm 1.0 -> ([-0.24571806 0.06142952 0.3685771],
    [-0.49143612 0.12285903 0.7371542]) as a tuple (from a list too); one Tensor ->
    one Tensor [-0.54944223 0.13736056 0.8241634]; clip_norm 100 leaves x alone; clip_norm=2
    (an int) -> [-1.0988845 0.27472112 1.6483268]; float16 with float32 -> Float16 and
    Float32; int32 [3 4] -> Int32 [0 0]; the gradient of sum(first) -> [0.15067616
    0.11590474 0.08113332]."""
    x = T(X3)
    got = ops.clip_by_global_norm([x, x * 2], 1.0)
    assert type(got) is tuple
    same(got[0], [-0.24571806, 0.06142952, 0.3685771], F32)
    same(got[1], [-0.49143612, 0.12285903, 0.7371542], F32)
    same(ops.clip_by_global_norm(x, 1.0), [-0.54944223, 0.13736056, 0.8241634], F32)
    same(ops.clip_by_global_norm((x,), 100.0)[0], X3, F32)
    same(ops.clip_by_global_norm((x,), 2)[0], [-1.0988845, 0.27472112, 1.6483268], F32)
    assert [t.dtype for t in ops.clip_by_global_norm([x.astype(F16), x])] == [F16, F32]
    same(ops.clip_by_global_norm([T(onp.array([3, 4], I32))])[0], [0, 0], I32)
    grad = ms.grad(lambda a: ops.clip_by_global_norm([a, a * 2], 1.0)[0].sum())(x)
    same(grad, [0.15067616, 0.11590474, 0.08113332], F32, atol=1e-7)


def test_clipping_gradients_match_float64_references():
    from autograd.test_util import check_grads
    rng = onp.random.default_rng(6)
    a, b = rng.normal(size=(2, 3)), rng.normal(size=4) * 3
    weights = onp.arange(1.0, 5.0)

    def clipped(u):
        first, second = ops.clip_by_global_norm((u, b), 1.5)
        return first.sum() + (second * weights).sum()

    # The norm is taken in float32 (as MindSpore does), too coarse for finite differences:
    # the closed form instead. f = 1.5 / N * K, N = |(u, b)|, K = sum(u) + sum(b * weights)
    norm = onp.sqrt((a * a).sum() + (b * b).sum())
    total = a.sum() + (b * weights).sum()
    expected = 1.5 / norm - 1.5 * total * a / norm ** 3
    got = ms.grad(clipped)(a)
    assert got.dtype == F64
    onp.testing.assert_allclose(got, expected, rtol=1e-6)
    # Tensor bounds are differentiable too (MindSpore: x grad [0. 1. 0.], low's grad 1.)
    check_grads(lambda u, low: ops.clip_by_value(u, low, 0.8).sum(), modes=["rev"],
                order=1)(a, onp.float64(-0.3))
