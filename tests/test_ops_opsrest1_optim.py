"""Area opsrest1's step primitives (``Adam``, ``AdamWeightDecay``, ``SGD``) and
``ScatterAddWithAxis`` (``ops/prims_rest1_optim.py``): hand-computed float64 steps, float32
stays float32, a bad argument names the primitive and leaves every Parameter as it was, and
a float64 finite-difference check of ScatterAddWithAxis."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

VAR, M, V, G = [1.0, 2.0, -0.5], [0.1, 0.2, 0.0], [0.3, 0.4, 0.1], [0.5, -0.5, 2.0]


def _p(values, name, dtype=onp.float64):
    return ms.Parameter(ms.Tensor(onp.array(values, dtype)), name=name)


def _t(values, dtype=onp.float64):
    return ms.Tensor(onp.array(values, dtype))


def _adam_by_hand(nesterov, b1p=0.9, b2p=0.999, lr=0.01, b1=0.9, b2=0.999, eps=1e-8):
    x, m, v, g = (onp.array(a) for a in (VAR, M, V, G))
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g * g
    step = lr * onp.sqrt(1 - b2p) / (1 - b1p)
    direction = b1 * m + (1 - b1) * g if nesterov else m
    return x - step * direction / (onp.sqrt(v) + eps), m, v


@pytest.mark.parametrize("nesterov", [False, True])
def test_adam_matches_hand_computed_step(nesterov):
    params = _p(VAR, "var"), _p(M, "m"), _p(V, "v")
    out = ops.Adam(use_nesterov=nesterov)(*params, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, _t(G))
    assert all(o is p for o, p in zip(out, params))
    for p, want in zip(params, _adam_by_hand(nesterov)):
        onp.testing.assert_allclose(p, want, rtol=1e-12)


def test_adam_weight_decay_matches_hand_computed_step():
    params = _p(VAR, "var"), _p(M, "m"), _p(V, "v")
    ops.AdamWeightDecay()(*params, 0.01, 0.9, 0.999, 1e-8, 0.1, _t(G))
    x, m, v, g = (onp.array(a) for a in (VAR, M, V, G))
    m, v = 0.9 * m + 0.1 * g, 0.999 * v + 0.001 * g * g
    onp.testing.assert_allclose(params[0], x - 0.01 * (m / (onp.sqrt(v) + 1e-8) + 0.1 * x),
                                rtol=1e-12)
    onp.testing.assert_allclose(params[1], m, rtol=1e-12)
    onp.testing.assert_allclose(params[2], v, rtol=1e-12)


@pytest.mark.parametrize("nesterov,dampening", [(False, 0.2), (True, 0.0)])
def test_sgd_matches_hand_computed_step(nesterov, dampening):
    stat = [0.0, 1.0, 0.0]
    p, acc, st = _p(VAR, "p"), _p(M, "acc"), _p(stat, "stat")
    out = ops.SGD(dampening, 0.1, nesterov)(p, _t(G), _t(0.5), acc, _t(0.9), st)
    x, a, g = onp.array(VAR), onp.array(M), onp.array(G) + 0.1 * onp.array(VAR)
    a = onp.where(onp.array(stat) != 0, g, 0.9 * a + (1 - dampening) * g)
    step = g + 0.9 * a if nesterov else a
    assert out is p
    onp.testing.assert_allclose(p, x - 0.5 * step, rtol=1e-12)
    onp.testing.assert_allclose(acc, a, rtol=1e-12)
    assert st.tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("name", ["Adam", "AdamWeightDecay", "SGD"])
def test_float32_stays_float32(name):
    params = [_p(values, f"s{i}", onp.float32) for i, values in enumerate((VAR, M, V))]
    g = _t(G, onp.float32)
    if name == "SGD":
        ops.SGD()(params[0], g, _t(0.1, onp.float32), params[1], _t(0.9, onp.float32),
                  params[2])
    elif name == "Adam":
        ops.Adam()(*params, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, g)
    else:
        ops.AdamWeightDecay()(*params, 0.01, 0.9, 0.999, 1e-8, 0.1, g)
    assert all(p.dtype == onp.float32 for p in params)


def test_bad_gradient_leaves_every_parameter_as_it_was():
    params = _p(VAR, "var"), _p(M, "m"), _p(V, "v")
    with pytest.raises(CellArgumentError, match="Adam gradient: expected the shape of var"):
        ops.Adam()(*params, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, _t([1.0, 2.0]))
    assert [p.tolist() for p in params] == [VAR, M, V]
    params = _p(VAR, "p"), _p(M, "acc"), _p(V, "stat")
    with pytest.raises(CellTypeError, match="SGD momentum: expected a float Tensor"):
        ops.SGD()(params[0], _t(G), _t(0.1), params[1], 0.9, params[2])
    assert [p.tolist() for p in params] == [VAR, M, V]
    with pytest.raises(CellTypeError, match="AdamWeightDecay var: expected a Parameter"):
        ops.AdamWeightDecay()(_t(VAR), _p(M, "m"), _p(V, "v"), 0.01, 0.9, 0.999, 1e-8, 0.1,
                              _t(G))


def test_constructor_errors_name_the_primitive_and_argument():
    with pytest.raises(CellTypeError, match="Adam use_locking: expected a bool"):
        ops.Adam(1)
    with pytest.raises(CellTypeError, match="SGD nesterov: expected a bool"):
        ops.SGD(0.0, 0.0, 1)
    with pytest.raises(CellArgumentError, match="SGD dampening: expected 0 when nesterov"):
        ops.SGD(0.2, 0.0, True)
    with pytest.raises(CellTypeError, match="ScatterAddWithAxis axis: expected an int"):
        ops.ScatterAddWithAxis(0.5)


def test_scatter_add_with_axis_adds_and_writes_nothing():
    x = _p([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "x", onp.float32)
    out = ops.ScatterAddWithAxis(1)(x, _t([[0, -1], [2, 2]], onp.int32),
                                    _t([[1.0, 2.0], [3.0, 4.0]], onp.float32))
    assert out.tolist() == [[2.0, 2.0, 5.0], [4.0, 5.0, 13.0]] and out.dtype == onp.float32
    assert x.tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    with pytest.raises(CellTypeError, match="ScatterAddWithAxis updates: expected a float32"):
        ops.ScatterAddWithAxis(1)(x, _t([[0]], onp.int32), _t([[1.0]]))
    with pytest.raises(CellArgumentError, match="ScatterAddWithAxis updates: expected the "
                                                "shape of indices"):
        ops.ScatterAddWithAxis(1)(x, _t([[0]], onp.int32), _t([[1.0, 2.0]], onp.float32))


def test_scatter_add_with_axis_gradient_matches_finite_differences():
    index = _t([[1, 0, 1], [0, 1, -1]], onp.int32)
    x, updates = onp.linspace(-1, 1, 6).reshape(2, 3), onp.linspace(0.5, 2, 6).reshape(2, 3)
    check_grads(lambda a, u: ops.ScatterAddWithAxis(0)(a, index, u) ** 2, modes=["rev"],
                order=1)(x, updates)
