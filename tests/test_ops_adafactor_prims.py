"""``ops.FusedAdaFactor`` and ``FusedAdaFactorWithGlobalNorm`` (``ops/prims_adafactor.py``):
``nn.AdaFactor``'s rule with the rates as inputs, factored and vector states, dtypes kept,
nothing written when a call fails, and errors naming the op and the argument."""
import doctest

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.ops import prims_adafactor

F32 = onp.float32
EPS = ms.Tensor(onp.array([1e-30, 1e-3], F32))


def _state(shape, dtype=F32):
    factored = len(shape) > 1
    parts = [("p", onp.linspace(0.5, 2.0, int(onp.prod(shape))).reshape(shape), dtype),
             ("m", onp.zeros(shape), F32),
             ("r", onp.zeros(shape[:-1] if factored else (1,)), F32),
             ("c", onp.zeros(shape[:-2] + shape[-1:] if factored else (1,)), F32),
             ("v", onp.zeros((1,) if factored else shape), F32)]
    return [ms.Parameter(ms.Tensor(onp.asarray(v, d)), name=n) for n, v, d in parts]


def _rates(lr=0.1):
    return [ms.Tensor(F32(x)) for x in (1.0, 0.9, 0.8, 0.01, lr)]


def test_doctests():
    assert doctest.testmod(prims_adafactor).failed == 0


@pytest.mark.parametrize("shape", [(4,), (2, 3), (2, 2, 3)])
def test_one_step_is_nn_adafactors(shape):
    grad = onp.linspace(-1.0, 1.0, int(onp.prod(shape))).reshape(shape).astype(F32)
    state = _state(shape)
    ops.FusedAdaFactor()(EPS, *_rates(), ms.Tensor(grad), *state)
    w = _state(shape)[0]
    opt = nn.AdaFactor([w], learning_rate=0.1, relative_step=False, scale_parameter=False,
                       beta1=0.0)  # its first step has beta2t = 1 - 1 ** -0.8 = 0
    opt((ms.Tensor(grad),))
    first = _state(shape)
    ops.FusedAdaFactor()(EPS, ms.Tensor(F32(1.0)), ms.Tensor(F32(0.9)), ms.Tensor(F32(0.0)),
                         ms.Tensor(F32(0.01)), ms.Tensor(F32(0.1)), ms.Tensor(grad), *first)
    onp.testing.assert_allclose(first[0].asnumpy(), w.asnumpy(), rtol=1e-6)
    assert (state[0].asnumpy() != _state(shape)[0].asnumpy()).all()


def test_global_norm_divides_the_gradient():
    grad = onp.array([[0.2, -0.4, 0.6], [0.1, 0.3, -0.5]], F32)
    plain, normed = _state((2, 3)), _state((2, 3))
    ops.FusedAdaFactor(True, True, True)(EPS, *_rates(), ms.Tensor(grad / 2), *plain)
    ops.FusedAdaFactorWithGlobalNorm(True, True, True)(EPS, *_rates(), ms.Tensor(grad),
                                                       *normed, ms.Tensor(F32(2.0)))
    for a, b in zip(plain, normed):
        onp.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6)


def test_a_float16_param_stays_float16():
    state = _state((2, 3), onp.float16)
    ops.FusedAdaFactor(True)(EPS, *_rates(), ms.Tensor(onp.ones((2, 3), F32)), *state)
    assert state[0].asnumpy().dtype == onp.float16
    assert (state[0].asnumpy() != _state((2, 3), onp.float16)[0].asnumpy()).all()


def test_errors_name_the_argument_and_write_nothing():
    w, grad = "FusedAdaFactor", ms.Tensor(onp.ones((2, 3), F32))
    state = _state((2, 3))
    before = [s.asnumpy().copy() for s in state]
    with pytest.raises(ValueError, match=f"{w} epsilon: expected a Tensor \\(eps1, eps2\\)"):
        ops.FusedAdaFactor()(ms.Tensor(F32(1e-30)), *_rates(), grad, *state)
    with pytest.raises(ValueError, match=f"{w} gradient: expected param's shape \\(2, 3\\)"):
        ops.FusedAdaFactor()(EPS, *_rates(), ms.Tensor(onp.ones((3, 2), F32)), *state)
    with pytest.raises(TypeError, match=f"{w} gradient: expected a float Tensor"):
        ops.FusedAdaFactor()(EPS, *_rates(), ms.Tensor(onp.ones((2, 3), onp.int32)), *state)
    with pytest.raises(TypeError, match=f"{w} param: expected a Parameter"):
        ops.FusedAdaFactor()(EPS, *_rates(), grad, ms.Tensor(before[0]), *state[1:])
    with pytest.raises(TypeError, match=f"{w} exp_avg_sq_col: expected a Parameter"):
        ops.FusedAdaFactor()(EPS, *_rates(), grad, *state[:3], before[3], state[4])
    with pytest.raises(ValueError, match=f"{w}WithGlobalNorm global_norm: expected a shape"):
        ops.FusedAdaFactorWithGlobalNorm()(EPS, *_rates(), grad, *state,
                                           ms.Tensor(onp.ones(2, F32)))
    assert all((s.asnumpy() == b).all() for s, b in zip(state, before))
    with pytest.raises(TypeError, match=f"{w} enable_first_moment: expected a bool"):
        ops.FusedAdaFactor(False, 1)
