"""The special functions (``ops/fn_special*.py``, ``prims_special.py``,
``nn/special_cells.py``): float64 finite-difference checks of every gradient, float32
kept float32, and the errors naming the op and argument. Values are replayed against
MindSpore and SciPy in ``test_cell_oracle_ops_special.py``."""
import math

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

BESSEL = ["bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1",
          "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1"]
X64 = onp.array([0.35, 1.5, 3.25, 7.0, 31.0])


def T64(values):
    return ms.Tensor(onp.array(values, onp.float64))


@pytest.mark.parametrize("name", ["lgamma", "digamma"] + BESSEL)
def test_unary_gradients_match_finite_differences(name):
    fn = getattr(ops, name)
    check_grads(lambda x: fn(x), modes=["rev"], order=2)(ms.Tensor(X64))


@pytest.mark.parametrize("name", ["lgamma", "digamma", "bessel_j0", "bessel_j1", "bessel_i0",
                                  "bessel_i1", "bessel_i0e", "bessel_i1e"])
def test_unary_gradients_on_negative_inputs(name):
    fn = getattr(ops, name)
    check_grads(lambda x: fn(x), modes=["rev"], order=2)(T64([-0.7, -2.3, -40.2]))


@pytest.mark.parametrize("order", [0, 1, 3])
def test_polygamma_gradient_is_the_next_order(order):
    n = ms.Tensor(order, ms.int64)
    check_grads(lambda x: ops.polygamma(n, x), modes=["rev"], order=2)(ms.Tensor(X64))


@pytest.mark.parametrize("name", ["igamma", "igammac", "zeta"])
def test_binary_gradients_match_finite_differences(name):
    fn = getattr(ops, name)
    a, x = T64([1.5, 2.0, 30.0, 1.4]), T64([0.3, 3.5, 25.0, 2.0])
    check_grads(lambda a, x: fn(a, x), modes=["rev"], order=1)(a, x)


def test_betainc_mvlgamma_and_lbeta_gradients():
    a, b, x = T64([0.5, 2.0, 3.0]), T64([1.3, 3.5, 2.0]), T64([0.3, 0.5, 0.8])
    check_grads(lambda a, b, x: ops.Betainc()(a, b, x), modes=["rev"], order=1)(a, b, x)
    check_grads(lambda x: ops.mvlgamma(x, 3), modes=["rev"], order=2)(ms.Tensor(X64 + 1))
    check_grads(lambda x, y: ops.lgamma(x) + ops.lgamma(y) - ops.lgamma(x + y),
                modes=["rev"])(a, b)


def test_igamma_broadcast_gradient_sums_to_each_shape():
    a, x = T64([[2.0], [3.0]]), T64([1.5, 2.0, 3.0])
    ga, gx = ops.grad(ops.igamma, grad_position=(0, 1))(a, x)
    assert ga.shape == (2, 1) and gx.shape == (3,)
    check_grads(lambda a, x: ops.igamma(a, x), modes=["rev"], order=1)(a, x)


@pytest.mark.parametrize("name", ["lgamma", "digamma"] + BESSEL)
def test_float32_and_float16_stay(name):
    for dtype in (onp.float32, onp.float16):
        x = ms.Tensor(onp.array([0.5, 1.5], dtype))
        assert getattr(ops, name)(x).dtype == dtype
    assert ops.grad(getattr(ops, name))(ms.Tensor([0.5, 1.5])).dtype == onp.float32


def test_values_against_closed_forms():
    x = onp.array([0.1, 0.5, 1.0, 2.5, 7.25, 30.0, -0.5, -2.5])
    want = [math.lgamma(v) for v in x]
    assert onp.allclose(ops.lgamma(ms.Tensor(x)), want, rtol=1e-13, atol=1e-13)
    digammas = [-0.5772156649015329, -1.9635100260214235]
    assert onp.allclose(ops.digamma(ms.Tensor([1.0, 0.5])), digammas)
    zetas = [math.pi ** 2 / 6, math.pi ** 4 / 90]
    assert onp.allclose(ops.zeta(ms.Tensor([2.0, 4.0]), 1.0), zetas)
    assert onp.allclose(ops.igamma(ms.Tensor([1.0]), ms.Tensor([2.0])), [1 - math.exp(-2)])
    assert ops.lgamma(ms.Tensor([1, 2], ms.int32)).dtype == onp.float32


def test_cells_forward_to_the_ops():
    x, y = ms.Tensor([0.5, 2.0]), ms.Tensor([1.5, 3.0])
    assert onp.allclose(nn.LGamma()(x), ops.lgamma(x))
    assert onp.allclose(nn.DiGamma()(x), ops.digamma(x))
    assert onp.allclose(nn.IGamma()(x, y), ops.igamma(x, y))
    assert onp.allclose(ops.igammac(x, y), 1 - ops.igamma(x, y))
    assert onp.allclose(nn.LBeta()(x, y), ops.lgamma(x) + ops.lgamma(y) - ops.lgamma(x + y),
                        atol=1e-6)
    assert repr(ops.Mvlgamma(p=2)) == "Prim[Mvlgamma]<p=2>"


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.lgamma(1.0), TypeError, "ops.lgamma input: expected a Tensor"),
    (lambda: ops.lgamma(ms.Tensor([True])), TypeError, "ops.lgamma input: expected a Tensor of"),
    (lambda: ops.digamma(ms.Tensor([1], ms.int32)), TypeError, "ops.digamma input"),
    (lambda: ops.bessel_j0(ms.Tensor([1], ms.int32)), TypeError, "ops.bessel_j0 x"),
    (lambda: ops.bessel_k1e([1.0]), TypeError, "ops.bessel_k1e x: expected a Tensor"),
    (lambda: ops.polygamma(1, ms.Tensor([1.0])), TypeError, "ops.polygamma n: expected a 0-D"),
    (lambda: ops.polygamma(ms.Tensor(1.0), ms.Tensor([1.0])), TypeError, "ops.polygamma n"),
    (lambda: ops.polygamma(ms.Tensor([1, 2]), ms.Tensor([1.0])), ValueError,
     "ops.polygamma n: expected a 0-D Tensor"),
    (lambda: ops.mvlgamma(ms.Tensor([2.5]), 1.5), TypeError, "ops.mvlgamma p: expected an int"),
    (lambda: ops.mvlgamma(ms.Tensor([2.5]), 0), ValueError, "ops.mvlgamma p: expected an int > 0"),
    (lambda: ops.mvlgamma(ms.Tensor([0.5]), 2), ValueError, "ops.mvlgamma input: expected every"),
    (lambda: ops.Mvlgamma(p=0), ValueError, "Mvlgamma p"),
    (lambda: ops.igamma(ms.Tensor([1.5]), ms.Tensor([1.5], ms.float64)), TypeError,
     "ops.igamma: expected Tensors of one dtype"),
    (lambda: ops.igammac(ms.Tensor([1.5], ms.float16), ms.Tensor([1.5], ms.float16)),
     TypeError, "ops.igammac input"),
    (lambda: ops.igamma(ms.Tensor([1.5, 2.0]), ms.Tensor([1.5, 2.0, 3.0])), ValueError,
     "ops.igamma: expected input and other shapes that broadcast"),
    (lambda: ops.zeta(ms.Tensor([1.5, 2.0]), ms.Tensor([1.5])), ValueError, "ops.zeta other"),
    (lambda: ops.Betainc()(ms.Tensor([0.5]), ms.Tensor([0.5, 1.0]), ms.Tensor([0.5])),
     ValueError, "^Betainc: expected a, b and x of one shape"),
    (lambda: nn.LGamma()(ms.Tensor([1.5], ms.float64)), TypeError, "LGamma x"),
    (lambda: nn.IGamma()(ms.Tensor([1.5], ms.float64), ms.Tensor([1.5], ms.float64)),
     TypeError, "IGamma a"),
    (lambda: nn.LBeta()(ms.Tensor([1.5]), ms.Tensor([1], ms.int32)), TypeError, "LBeta y"),
])
def test_bad_arguments_name_the_op(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_every_new_name_has_a_docstring():
    names = ["lgamma", "digamma", "polygamma", "mvlgamma", "igamma", "igammac", "zeta",
             "Lgamma", "Digamma", "Polygamma", "Igamma", "Igammac", "Zeta", "Betainc",
             "Mvlgamma"] + BESSEL
    names += ["Bessel" + n[7:].upper().replace("E", "e") for n in BESSEL]
    for name in names:
        assert getattr(ops, name).__doc__.strip(), name
    for name in ("LGamma", "DiGamma", "IGamma", "LBeta"):
        assert getattr(nn, name).__doc__.strip(), name
