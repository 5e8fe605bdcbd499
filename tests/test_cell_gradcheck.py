"""Finite-difference checks (float64) for every kind of op the Cell layer registers.

The Cell layer registers three kinds of ops: a Cell with ``bprop`` (one op per
Cell class and arity), the hook identities (``HookBackward``, ``InsertGradientOf``,
Cell backward hooks) and ``ops.Custom`` kernels. Each kind gets cases over scalar,
vector, matrix and broadcast shapes; a test walks the registry for kinds without one.
"""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops, registry

from conftest import check_grad

rng = onp.random.RandomState(42)
SHAPES = {"scalar": (), "vector": (4,), "matrix": (3, 4)}


class SinTimes(nn.Cell):
    """sin(x) * y with its true derivative as bprop (so finite differences must agree)."""

    def construct(self, x, y):
        return ops.sin(x) * y

    def bprop(self, x, y, out, dout):
        return ops.cos(x) * y * dout, ops.sin(x) * dout


class TwoOutputs(nn.Cell):
    def construct(self, x):
        return ops.exp(x), x * x

    def bprop(self, x, out, dout):
        return (out[0] * dout[0] + 2 * x * dout[1],)


class Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(rng.normal(size=4)), name="w")
        self.internal_params = [self.w]

    def construct(self, x):
        return self.w * x * x

    def bprop(self, x, out, dout):
        return (2 * self.w * x * dout,), {self.w: x * x * dout}


class Hooked(nn.Cell):
    def construct(self, x, y):
        return ops.tanh(x) * y


hooked = Hooked()
hooked.register_backward_hook(lambda cell, grad_input, grad_output: None)
hooked.register_backward_pre_hook(lambda cell, grad_output: None)
cube = ops.Custom(lambda x: x ** 3, bprop=lambda x, out, dout: (3 * x * x * dout,))
pair = ops.Custom(lambda x, y: (x * y, x + y), bprop=lambda x, y, out, dout: (
    dout[0] * y + dout[1], dout[0] * x + dout[1]))
hook_pair = ops.HookBackward(lambda grads: None)
insert = ops.InsertGradientOf(lambda dx: None)

CASES = {
    "Cell with bprop": [lambda x, y: SinTimes()(x, y), lambda x: sum(TwoOutputs()(x)).sum()],
    "hook identity": [lambda x, y: hooked(x, y), lambda x, y: ops.sin(hook_pair(x, y)[0]) *
                      hook_pair(x, y)[1], lambda x: insert(ops.exp(x))],
    "ops.Custom": [lambda x: cube(x), lambda x, y: pair(x, y)[0] * pair(x, y)[1]],
}


def _arguments(fn, shape):
    count = fn.__code__.co_argcount
    return [rng.normal(size=shape) for _ in range(count)]


@pytest.mark.parametrize("kind, index", [(k, i) for k, cases in CASES.items()
                                         for i in range(len(cases))])
@pytest.mark.parametrize("shape", list(SHAPES), ids=list(SHAPES))
def test_registered_op_kinds_match_finite_differences(kind, index, shape):
    fn = CASES[kind][index]
    check_grad(fn, *_arguments(fn, SHAPES[shape]))


@pytest.mark.parametrize("fn", [lambda x, y: SinTimes()(x, y), CASES["hook identity"][0],
                                CASES["ops.Custom"][1]], ids=list(CASES))
def test_broadcast_inputs(fn):
    check_grad(fn, rng.normal(size=(3, 4)), rng.normal(size=4))
    check_grad(fn, rng.normal(size=4), rng.normal(size=(3, 4)))


def test_parameter_gradients_of_internal_params_match_finite_differences():
    net = Scaled()
    x = ms.Tensor(rng.normal(size=4))
    analytic = ms.grad(net, None, net.w)(x)
    w0 = net.w.asnumpy()
    numeric = onp.zeros(4)
    for i in range(4):
        for sign in (1, -1):
            bumped = w0.copy()
            bumped[i] += sign * 1e-6
            net.w.set_data(bumped)
            numeric[i] += sign * float(onp.sum(net(x))) / 2e-6
    net.w.set_data(w0)
    onp.testing.assert_allclose(analytic, numeric, rtol=1e-5)


def test_second_order_through_bprop_and_custom_ops_matches_finite_differences():
    check_grad(lambda x, y: SinTimes()(x, y), rng.normal(size=4), rng.normal(size=4), order=2)
    check_grad(cube, rng.normal(size=3), order=2)
    check_grad(lambda x: TwoOutputs()(x)[0] * x, rng.normal(size=3), order=2)


def test_every_kind_registered_by_the_cell_layer_has_cases():
    for fns in CASES.values():  # registers the ops of every case
        for fn in fns:
            fn(*[ms.Tensor(a) for a in _arguments(fn, (2,))])
    layer_kinds = {"Cell with bprop", "hook identity", "ops.Custom"}
    registered = {op.type_str for op in registry.all_ops()} & layer_kinds
    assert registered == layer_kinds
    assert not registered - set(CASES)
