"""The round-3 optimizer-step primitives (``ops/prims_apply2.py``): hand-computed steps
(ApplyKerasMomentum has no MindSpore CPU kernel to replay), float32 stays float32, and a
bad argument names the primitive and leaves every Parameter as it was."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

VAR, SLOT, GRAD = [0.5, -1.0, 2.0], [0.2, 0.3, 0.4], [0.1, -0.7, 1.5]


def _p(values, name, dtype=onp.float32):
    return ms.Parameter(ms.Tensor(onp.array(values, dtype)), name=name)


def _g(values=GRAD, dtype=onp.float32):
    return ms.Tensor(onp.array(values, dtype))


def _slots(count, dtype=onp.float32):
    return [_p(VAR if i == 0 else SLOT, f"s{i}", dtype) for i in range(count)]


# name -> (constructor arguments, how many Parameters, the call's other arguments)
CALLS = {
    "ApplyAdamWithAmsgrad": ((), 4, lambda g: (0.9, 0.999, 0.01, g)),
    "ApplyAdamWithAmsgradV2": ((), 4, lambda g: (0.9, 0.999, 0.01, 0.9, 0.99, 1e-6, g)),
    "ApplyPowerSign": ((), 2, lambda g: (0.1, 0.7, 0.5, 0.9, g)),
    "ApplyAddSign": ((), 2, lambda g: (0.1, 1.2, 0.5, 0.9, g)),
    "ApplyAdagradV2": ((1e-6,), 2, lambda g: (0.1, g)),
    "ApplyAdagradDA": ((), 3, lambda g: (g, 0.1, 0.05, 0.2, ms.Tensor(onp.int32(3)))),
    "ApplyFtrl": ((), 3, lambda g: (g, 0.1, 0.05, 0.2, -0.5)),
    "ApplyKerasMomentum": ((), 2, lambda g: (0.1, g, 0.9)),
    "ApplyProximalAdagrad": ((), 2, lambda g: (0.1, 0.05, 0.2, g)),
}


def _run(name, dtype=onp.float32, grad=None):
    init, count, rest = CALLS[name]
    params = _slots(count, dtype)
    args = rest(_g(dtype=dtype) if grad is None else grad)
    return getattr(ops, name)(*init)(*params, *args), params


@pytest.mark.parametrize("name", sorted(CALLS))
def test_float32_stays_float32_and_params_are_written(name):
    _, params = _run(name)
    assert all(p.dtype == ms.float32 for p in params)
    assert not onp.allclose(params[0].asnumpy(), VAR)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_float64_steps_agree_with_float32(name):
    _, p64 = _run(name, onp.float64)
    _, p32 = _run(name)
    assert p64[0].dtype == ms.float64
    onp.testing.assert_allclose(p64[0].asnumpy(), p32[0].asnumpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_grad_shape_names_the_op_and_writes_nothing(name):
    init, count, rest = CALLS[name]
    params = _slots(count)
    before = [p.asnumpy().copy() for p in params]
    with pytest.raises(CellArgumentError, match=f"{name} grad: expected the shape of var"):
        getattr(ops, name)(*init)(*params, *rest(_g([1.0, 2.0])))
    for p, b in zip(params, before):
        onp.testing.assert_array_equal(p.asnumpy(), b)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_bad_scalar_late_in_the_call_writes_nothing(name):
    init, count, rest = CALLS[name]
    params = _slots(count)
    args = list(rest(_g()))
    last = max(i for i, a in enumerate(args) if isinstance(a, float))
    args[last] = ms.Tensor([1.0, 2.0])
    with pytest.raises((CellArgumentError, CellTypeError), match=name):
        getattr(ops, name)(*init)(*params, *args)
    onp.testing.assert_array_equal(params[0].asnumpy(), onp.float32(VAR))


def test_keras_momentum_follows_its_formula():
    for nesterov in (False, True):
        var, accum = _p(VAR, "v"), _p(SLOT, "a")
        ops.ApplyKerasMomentum(use_nesterov=nesterov)(var, accum, 0.1, _g(), 0.9)
        a = onp.float32(SLOT) * 0.9 - 0.1 * onp.float32(GRAD)
        want = VAR + (a * 0.9 - 0.1 * onp.float32(GRAD) if nesterov else a)
        onp.testing.assert_allclose(accum.asnumpy(), a, rtol=1e-6)
        onp.testing.assert_allclose(var.asnumpy(), want, rtol=1e-6)


def test_proximal_adagrad_thresholds_by_the_adapted_rate():
    var, accum = _p([0.563, 0.796], "v"), _p([0.107, 0.379], "a")
    ops.ApplyProximalAdagrad()(var, accum, 0.5, 0.5, 0.0, _g([0.156, -1.977]))
    # MindSpore 2.10 gives [0.0, 1.1526539]: the threshold is rate * l1 with rate = lr /
    # sqrt(accum), so the first entry (rate 1.38) is cut to 0
    rate = 0.5 / onp.sqrt(0.379 + 1.977 ** 2)
    onp.testing.assert_allclose(var.asnumpy(), [0.0, 0.796 + rate * 1.977 - rate * 0.5],
                                rtol=1e-5)
    onp.testing.assert_allclose(var.asnumpy(), [0.0, 1.1526539], rtol=1e-5)


def test_ftrl_and_adagrad_da_shrink_toward_zero_on_both_signs():
    var, accum, linear = _p([0.5, 0.5], "v"), _p([0.1, 0.1], "a"), _p([1.0, -1.0], "l")
    out = ops.ApplyFtrl()(var, accum, linear, _g([0.0, 0.0]), 0.1, 0.25, 0.0, -0.5)
    onp.testing.assert_allclose(out.asnumpy(), [-0.75, 0.75] / onp.sqrt(0.1) * 0.1, rtol=1e-5)
    var, acc, sq = _p([0.0, 0.0], "v"), _p([1.0, -1.0], "g"), _p([1.0, 1.0], "q")
    ops.ApplyAdagradDA()(var, acc, sq, _g([0.0, 0.0]), 1.0, 0.25, 0.0, ms.Tensor(onp.int32(2)))
    onp.testing.assert_allclose(var.asnumpy(), [-0.5, 0.5], rtol=1e-6)


@pytest.mark.parametrize("make, match", [
    (lambda: ops.ApplyAdagradV2(1), "ApplyAdagradV2 epsilon: expected a float"),
    (lambda: ops.ApplyAdagradV2(1e-6, 1), "ApplyAdagradV2 update_slots: expected a bool"),
    (lambda: ops.ApplyAdamWithAmsgrad(1), "ApplyAdamWithAmsgrad beta1: expected a float"),
    (lambda: ops.ApplyFtrl(1), "ApplyFtrl use_locking: expected a bool"),
    (lambda: ops.ApplyKerasMomentum(False, 1), "ApplyKerasMomentum use_nesterov: expected"),
])
def test_constructor_arguments_are_checked(make, match):
    with pytest.raises(CellTypeError, match=match):
        make()


def test_adagrad_da_global_step_must_be_an_int():
    params = _slots(3)
    with pytest.raises(CellTypeError, match="ApplyAdagradDA global_step: expected an int"):
        ops.ApplyAdagradDA()(*params, _g(), 0.1, 0.05, 0.2, ms.Tensor(3.0))


def test_var_must_be_a_parameter():
    with pytest.raises(CellTypeError, match="ApplyAddSign var: expected a Parameter"):
        ops.ApplyAddSign()(_g(VAR), _p(SLOT, "m"), 0.1, 1.0, 0.5, 0.9, _g())
