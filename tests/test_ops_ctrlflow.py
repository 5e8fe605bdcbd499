"""ops.ForiLoop/WhileLoop/Scan, jet/derivative/linearize and get_grad: values against
closed forms and finite differences (float64), float32 kept, errors naming the op and
argument. MindSpore's own answers are replayed in test_cell_oracle_ops_ctrlflow.py."""
import math

import numpy as onp
import pytest
from autograd.test_util import check_grads
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ops

X64 = onp.array([0.3, -0.7, 1.1])
# k-th derivatives (k = 0..4) of the test functions, as closed forms
CLOSED = {
    "sin": [onp.sin, onp.cos, lambda x: -onp.sin(x), lambda x: -onp.cos(x), onp.sin],
    "exp": [onp.exp] * 5,
    "poly": [lambda x: x ** 3 + 2 * x, lambda x: 3 * x ** 2 + 2, lambda x: 6 * x,
             lambda x: 6 + 0 * x, lambda x: 0 * x],
    "product": [lambda x: onp.sin(x) * onp.exp(x),
                lambda x: (onp.sin(x) + onp.cos(x)) * onp.exp(x),
                lambda x: 2 * onp.cos(x) * onp.exp(x),
                lambda x: 2 * (onp.cos(x) - onp.sin(x)) * onp.exp(x),
                lambda x: -4 * onp.sin(x) * onp.exp(x)],
}
FUNCS = {"sin": ops.sin, "exp": ops.exp, "poly": lambda x: x * x * x + 2 * x,
         "product": lambda x: ops.sin(x) * ops.exp(x)}


# ---- derivative and jet ------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(FUNCS))
@pytest.mark.parametrize("order", [1, 2, 3, 4])
def test_derivative_matches_closed_form_and_finite_differences(name, order):
    out, series = ops.derivative(FUNCS[name], ms.Tensor(X64), order)
    onp.testing.assert_allclose(out, CLOSED[name][0](X64), rtol=1e-12)
    onp.testing.assert_allclose(series, CLOSED[name][order](X64), rtol=1e-9, atol=1e-12)
    # the (order-1)-th derivative's central difference gives the order-th
    h = 1e-5
    lower = ops.derivative(FUNCS[name], ms.Tensor(X64 - h), order - 1)[1] if order > 1 \
        else FUNCS[name](ms.Tensor(X64 - h))
    upper = ops.derivative(FUNCS[name], ms.Tensor(X64 + h), order - 1)[1] if order > 1 \
        else FUNCS[name](ms.Tensor(X64 + h))
    onp.testing.assert_allclose(series, (onp.asarray(upper) - lower) / (2 * h), rtol=1e-5,
                                atol=1e-6)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.floats(-2, 2), min_size=3, max_size=3))
def test_jet_follows_faa_di_bruno(coefficients):
    x1, x2, x3 = coefficients
    series = onp.array([[x1], [x2], [x3]])
    out, got = ops.jet(ops.sin, ms.Tensor(onp.array([0.4])), ms.Tensor(series))
    d = [f(0.4) for f in CLOSED["sin"]]
    want = [d[1] * x1, d[2] * x1 ** 2 + d[1] * x2,
            d[3] * x1 ** 3 + 3 * d[2] * x1 * x2 + d[1] * x3]
    onp.testing.assert_allclose(onp.asarray(got)[:, 0], want, rtol=1e-10, atol=1e-12)


def test_jet_of_two_inputs_and_two_outputs():
    out, series = ops.jet(lambda x, y: x * y, (ms.Tensor([2.0]), ms.Tensor([3.0])),
                          (ms.Tensor([[1.0], [2.0]]), ms.Tensor([[0.5], [0.0]])))
    onp.testing.assert_allclose(series[:, 0], [4.0, 7.0])
    outs, series = ops.jet(lambda x: (ops.sin(x), ops.exp(x)), ms.Tensor([0.5]),
                           ms.Tensor([[1.0], [0.0]]))
    assert type(outs) is list and type(series) is list and series[1].shape == (2, 1)


def test_taylor_keeps_float32_and_takes_ints_as_float32():
    out, series = ops.jet(ops.sin, ms.Tensor([0.5, 1.0]), ms.Tensor([[1.0, 1.0], [0.0, 0.0]]))
    assert out.dtype == onp.float32 and series.dtype == onp.float32
    out, last = ops.derivative(ops.sin, ms.Tensor(onp.array([1], onp.int32)), 2)
    assert last.dtype == onp.float32
    onp.testing.assert_allclose(last, [-math.sin(1.0)], rtol=1e-6)


def test_derivative_and_linearize_are_differentiable():
    check_grads(lambda x: ops.derivative(ops.sin, x, 2)[1], modes=["rev"], order=1)(X64)
    check_grads(lambda x: ops.jet(FUNCS["product"], x, onp.stack([onp.ones(3), X64]))[1],
                modes=["rev"], order=1)(X64)
    check_grads(lambda x: ops.linearize(ops.sin, x)[1](ms.Tensor(X64)), modes=["rev"],
                order=1)(X64)


def test_linearize_gives_jacobian_vector_products():
    a, b = ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([[1.0], [2.0]])
    out, jvp_fn = ops.linearize(ops.matmul, (a, b))
    va, vb = ms.Tensor([[1.0, 1.0], [1.0, 1.0]]), ms.Tensor([[1.0], [0.0]])
    onp.testing.assert_allclose(jvp_fn((va, vb)), [[4.0], [6.0]])
    onp.testing.assert_allclose(jvp_fn([va, vb]), [[4.0], [6.0]])
    onp.testing.assert_allclose(out, [[5.0], [11.0]])


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.derivative(ops.sin, ms.Tensor([1.0]), 0), ValueError,
     "derivative argument 'order': expected order >= 1"),
    (lambda: ops.derivative(ops.sin, ms.Tensor([1.0]), 2.0), TypeError,
     "derivative argument 'order': expected an int"),
    (lambda: ops.derivative(ops.sin, [ms.Tensor([1.0])], 2), TypeError,
     "derivative argument 'primals'"),
    (lambda: ops.jet(ops.sin, ms.Tensor([1.0, 2.0]), ms.Tensor([[1.0, 2.0, 3.0]])),
     ValueError, "jet argument 'series': expected shape"),
    (lambda: ops.jet(ops.sin, ms.Tensor([1.0]), (ms.Tensor([[1.0]]),)), TypeError,
     "jet arguments 'primals' and 'series'"),
    (lambda: ops.jet(ops.sin, ms.Tensor(onp.array([1.0])), ms.Tensor([[1.0]])), TypeError,
     "jet primals and series: expected the same dtype"),
    (lambda: ops.jet(3, ms.Tensor([1.0]), ms.Tensor([[1.0]])), TypeError,
     "jet argument 'fn'"),
    (lambda: ops.linearize(ops.sin, 3.0), TypeError, "linearize argument 'inputs'"),
    (lambda: ops.linearize(ops.sin, ms.Tensor([1.0]))[1]((ms.Tensor([1.0]),)),
     TypeError, "linearize jvp_fn argument 'v': expected a Tensor"),
    (lambda: ops.linearize(ops.mul, (ms.Tensor([1.0]),) * 2)[1](ms.Tensor([1.0])),
     TypeError, "linearize jvp_fn argument 'v': expected a tuple of 2 Tensors"),
    (lambda: ops.linearize(ops.sin, ms.Tensor([1.0]))[1](ms.Tensor(onp.array([1.0]))),
     TypeError, r"linearize jvp_fn argument 'v'\[0\]: expected dtype float32"),
    (lambda: ops.linearize(ops.sin, ms.Tensor([1.0]))[1](ms.Tensor([1.0, 2.0])),
     ValueError, r"linearize jvp_fn argument 'v'\[0\]: expected shape"),
])
def test_taylor_errors_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
