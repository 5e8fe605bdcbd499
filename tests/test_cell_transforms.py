"""ops.vjp and ops.jvp: values and structures as MindSpore 2.10 (recorded cases), float64
finite differences, float32 kept, nesting, Cells, and errors naming the transform."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

X = ms.Tensor([1.0, 2.0, 3.0])
Y = ms.Tensor([4.0, 5.0, 6.0])
V = ms.Tensor([1.0, 1.0, 1.0])


def f(x, y):
    return x * x * y


def two(x, y):
    return x * y, x + y


def three(x, y):
    return x * y, x + y, x - y


class Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([2.0, 3.0, 4.0]), name='w')

    def construct(self, x):
        return x * x * self.w


class TenTimes(nn.Cell):
    def construct(self, x):
        return x * 2

    def bprop(self, x, out, dout):
        return (dout * 10,)


def _close(got, want):
    onp.testing.assert_allclose(onp.asarray(got), want, rtol=1e-6)


# ---- recorded from MindSpore 2.10 (PyNative, CPU) ------------------------------------------
def test_vjp_matches_mindspore():
    out, vjp_fn = ops.vjp(f, X, Y)
    _close(out, [4, 20, 54])
    dx, dy = vjp_fn(V)
    _close(dx, [8, 20, 36])
    _close(dy, [1, 4, 9])


def test_vjp_of_one_input_is_a_one_tuple_and_takes_a_one_tuple_v():
    grads = ops.vjp(lambda x: x ** 3, X)[1]((V,))
    assert type(grads) is tuple and len(grads) == 1
    _close(grads[0], [3, 12, 27])


def test_vjp_of_tuple_outputs_takes_one_v_per_output():
    dx, dy = ops.vjp(two, X, Y)[1]((V, V))
    _close(dx, [5, 6, 7])
    _close(dy, [2, 3, 4])


def test_vjp_has_aux_returns_aux_last_bare_or_tuple():
    out, vjp_fn, aux = ops.vjp(two, X, Y, has_aux=True)
    _close(out, [4, 10, 18])
    _close(aux, [5, 7, 9])
    dx, dy = vjp_fn(V)
    _close(dx, [4, 5, 6])
    _close(dy, [1, 2, 3])
    _, _, aux3 = ops.vjp(three, X, Y, has_aux=True)
    assert type(aux3) is tuple and len(aux3) == 2
    _close(aux3[1], [-3, -3, -3])


def test_vjp_with_weights_of_a_cell():
    net = Scaled()
    out, vjp_fn = ops.vjp(net, X, weights=net.trainable_params())
    _close(out, [2, 12, 36])
    inputs, weights = vjp_fn(V)
    _close(inputs[0], [4, 12, 24])
    assert type(weights) is tuple
    _close(weights[0], [1, 4, 9])
    inputs, weight = ops.vjp(net, X, weights=net.w)[1](V)  # one Parameter: bare
    _close(weight, [1, 4, 9])


def test_jvp_matches_mindspore():
    out, tangent = ops.jvp(f, (X, Y), (V, V))
    _close(out, [4, 20, 54])
    _close(tangent, [9, 24, 45])
    out, tangent = ops.jvp(lambda x: x ** 2, X, V)
    _close(tangent, [2, 4, 6])


def test_jvp_of_tuple_outputs_and_has_aux():
    outs, tangents = ops.jvp(two, (X, Y), (V, V))
    _close(outs[1], [5, 7, 9])
    _close(tangents[0], [5, 7, 9])
    _close(tangents[1], [2, 2, 2])
    out, tangent, aux = ops.jvp(three, (X, Y), (V, V), has_aux=True)
    _close(tangent, [5, 7, 9])
    assert type(aux) is tuple and len(aux) == 2


def test_bprop_cell_uses_its_bprop_in_vjp_and_jvp():
    _close(ops.vjp(TenTimes(), X)[1](V)[0], [10, 10, 10])
    _close(ops.jvp(TenTimes(), X, V)[1], [10, 10, 10])


def test_top_level_names():
    assert ms.vjp is ops.vjp and ms.jvp is ops.jvp and ms.vmap is ops.vmap
    assert ms.jacfwd is ops.jacfwd and ms.jacrev is ops.jacrev


# ---- float64 finite differences -----------------------------------------------------------
rng = onp.random.default_rng(0)
A64 = rng.normal(size=3)
B64 = rng.normal(size=3)
W64 = rng.normal(size=3)


def g64(x, y):
    return ops.sin(x) * y + x ** 3


def test_vjp_fn_is_differentiable_in_v_and_the_inputs():
    check_grads(lambda v: ops.vjp(g64, A64, B64)[1](v)[0], modes=["rev"], order=1)(W64)
    check_grads(lambda x: ops.vjp(g64, x, B64)[1](W64)[0], modes=["rev"], order=1)(A64)


def test_jvp_is_differentiable_and_equals_the_directional_derivative():
    _, tangent = ops.jvp(g64, (A64, B64), (W64, W64))
    eps = 1e-6
    numeric = (onp.asarray(g64(A64 + eps * W64, B64 + eps * W64))
               - onp.asarray(g64(A64 - eps * W64, B64 - eps * W64))) / (2 * eps)
    onp.testing.assert_allclose(onp.asarray(tangent), numeric, rtol=1e-6, atol=1e-8)
    check_grads(lambda x: ops.jvp(g64, (x, B64), (W64, W64))[1], modes=["rev"], order=1)(A64)


def test_grad_of_a_vjp_fn():
    # d/dv sum(vjp_fn(v)[0]) = J^T applied to ones, seen through the Jacobian: J @ ones
    grad_v = ops.grad(lambda v: ops.vjp(g64, A64, B64)[1](v)[0].sum())(W64)
    _close(grad_v, onp.cos(A64) * B64 + 3 * A64 ** 2)


# ---- dtypes ---------------------------------------------------------------------------------
def test_float32_stays_float32():
    out, vjp_fn = ops.vjp(f, X, Y)
    assert out.dtype == onp.float32
    assert all(g.dtype == onp.float32 for g in vjp_fn(V))
    assert all(g.dtype == onp.float32 for g in vjp_fn(ms.Tensor(onp.ones(3))))
    out, tangent = ops.jvp(f, (X, Y), (V, V))
    assert tangent.dtype == onp.float32
    _, tangent = ops.jvp(g64, (A64, B64), (W64, W64))
    assert tangent.dtype == onp.float64


# ---- errors ---------------------------------------------------------------------------------
def test_non_callable_fn_is_refused():
    with pytest.raises(CellTypeError, match=r"vjp argument 'fn': expected a function"):
        ops.vjp(3, X)
    with pytest.raises(CellTypeError, match=r"jvp argument 'fn'"):
        ops.jvp(None, X, V)


def test_v_of_the_wrong_shape_is_refused():
    with pytest.raises(CellArgumentError, match=r"vjp\(f\) v\[0\]: expected shape \(3,\)"):
        ops.vjp(f, X, Y)[1](ms.Tensor([1.0, 2.0]))
    with pytest.raises(CellArgumentError, match=r"vjp\(two\) v: expected 2 tensors"):
        ops.vjp(two, X, Y)[1](V)
    with pytest.raises(CellArgumentError, match=r"jvp\(f\) v: expected 2 tensors, one per "
                                                r"input, got 1"):
        ops.jvp(f, (X, Y), (V,))
    with pytest.raises(CellArgumentError, match=r"jvp\(f\) v\[1\]: expected shape \(3,\)"):
        ops.jvp(f, (X, Y), (V, ms.Tensor([1.0, 2.0])))


def test_has_aux_with_one_output_is_refused():
    with pytest.raises(CellArgumentError, match=r"vjp\(<lambda>\) has_aux=True"):
        ops.vjp(lambda x: x * 2, X, has_aux=True)
    with pytest.raises(CellArgumentError, match=r"jvp\(<lambda>\) has_aux=True"):
        ops.jvp(lambda x: x * 2, X, V, has_aux=True)
