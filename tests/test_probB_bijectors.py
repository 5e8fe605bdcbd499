"""``nn.probability.bijector`` beyond the oracle: float64 finite-difference checks of
every method (inputs and traced parameters), float32 kept, argument errors naming the
bijector, ``construct``'s dispatch, and properties."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import grad
from minpy_compat.errors import CellArgumentError
from minpy_compat.nn.probability import bijector as B

METHODS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")
X64 = onp.array([0.2, 0.45, 0.7])
BUILDERS = {  # name -> (bijector from its float64 parameters, parameters)
    "Exp": (lambda: B.Exp(), ()),
    "PowerTransform": (lambda p: B.PowerTransform(p), (onp.array([0.5, 1.5, 0.8]),)),
    "GumbelCDF": (lambda loc, scale: B.GumbelCDF(loc, scale),
                  (onp.array([0.1, -0.2, 0.3]), onp.array([1.5, 0.7, 2.0]))),
    "ScalarAffine": (lambda scale, shift: B.ScalarAffine(scale, shift),
                     (onp.array([2.0, -0.5, 1.2]), onp.array([0.3, 0.1, -1.0]))),
    "Softplus": (lambda k: B.Softplus(k), (onp.array([0.7, 2.0, 1.3]),)),
    "Invert": (lambda loc, scale: B.Invert(B.GumbelCDF(loc, scale)),
               (onp.array([0.2]), onp.array([1.5, 0.7, 2.0]))),
}


def _total(name, method):
    make, _ = BUILDERS[name]
    weights = ms.Tensor([1., 2., 3.], ms.float64)
    return lambda x, *params: ms.numpy.sum(make(*params)(method, x) * weights)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_method_matches_finite_differences_in_float64(name, method):
    _, params = BUILDERS[name]
    total = _total(name, method)
    check_grads(lambda x: total(x, *params), modes=["rev"], order=1)(ms.Tensor(X64))
    for i in range(len(params)):  # each parameter, traced through the constructor
        def of_param(p, i=i):
            return total(ms.Tensor(X64), *params[:i], p, *params[i + 1:])
        check_grads(of_param, modes=["rev"], order=1)(ms.Tensor(params[i]))


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_float32_stays_float32(name, method):
    make, params = BUILDERS[name]
    bij = make(*[p.astype(onp.float32) for p in params])
    x = ms.Tensor(X64.astype(onp.float32))
    assert bij(method, x).dtype == onp.float32
    assert grad(lambda v: ms.numpy.sum(bij(method, v)))(x).dtype == onp.float32
    scalar = ms.Tensor(onp.float32(0.3))  # NumPy 1.x promotes 0-d float32 * 1.0
    assert bij(method, scalar).dtype == onp.float32


def test_parameters_follow_the_input_dtype():
    bij = B.ScalarAffine(2.0, 1.0)  # float32 parameters
    assert bij.scale.dtype == onp.float32
    assert bij("forward", ms.Tensor(X64)).dtype == onp.float64


@pytest.mark.parametrize("bad, match", [
    (lambda: B.GumbelCDF(0.0, -1.0), "GumbelCDF scale"),
    (lambda: B.PowerTransform(-0.5), "PowerTransform power"),
])
def test_out_of_range_parameter_raises_value_error(bad, match):
    with pytest.raises(ValueError, match=match):
        bad()


@pytest.mark.parametrize("bad, match", [
    (lambda: B.ScalarAffine(True), "ScalarAffine scale"),
    (lambda: B.Softplus(None), "Softplus sharpness"),
    (lambda: B.GumbelCDF(1, 2.0), "GumbelCDF loc: expected a float value, got int64"),
    (lambda: B.GumbelCDF(0.0, ms.Tensor([1.0], ms.float64)),
     "GumbelCDF scale: expected a float32 value, got float64"),
    (lambda: B.Exp(name=3), "Exp name"),
    (lambda: B.Invert("Exp"), "Invert bijector: expected a Bijector, got str"),
    (lambda: B.Bijector(), "Bijector name"),
    (lambda: B.Bijector(name="b", dtype=ms.int32), "Bijector dtype"),
    (lambda: B.Exp()("forward", ms.Tensor([1, 2])), "Exp input value: expected a float"),
    (lambda: B.Exp()("forward", 1.0), "Exp input value: expected a Tensor, got float"),
])
def test_bad_argument_raises_type_error(bad, match):
    with pytest.raises(TypeError, match=match):
        bad()


def test_construct_refuses_an_unknown_method_name():
    with pytest.raises(CellArgumentError, match="Softplus.construct name: expected 'forward'"):
        B.Softplus()("sample", ms.Tensor([1.0]))


def test_base_bijector_names_the_missing_method():
    with pytest.raises(NotImplementedError, match="Bijector.inverse"):
        B.Bijector(name="b")("inverse", ms.Tensor([1.0]))


def test_dtype_is_enforced_on_inputs():
    class Shift(B.Bijector):
        def __init__(self):
            super().__init__(name="Shift", dtype=ms.float64)

        def _forward(self, x):
            return self._check_value_dtype(x) + 1.0

    assert Shift()("forward", ms.Tensor(X64)).dtype == onp.float64
    with pytest.raises(TypeError, match="Shift input value: expected a float64 Tensor"):
        Shift().forward(ms.Tensor([1.0]))


def test_invert_swaps_the_directions_and_keeps_properties():
    inner = B.ScalarAffine(2.0, 1.0)
    inv, x = B.Invert(inner), ms.Tensor([0.5, 3.0])
    assert inv.name == "InvertScalarAffine" and inv.is_constant_jacobian
    assert inv.bijector is inner and B.Invert(inner, name="mine").name == "mine"
    onp.testing.assert_allclose(inv("forward", x), inner("inverse", x))
    onp.testing.assert_allclose(inv.inverse_log_jacobian(x), inner.forward_log_jacobian(x))


def test_batch_shape_and_scalar_batch():
    assert B.Exp().batch_shape == () and B.Exp().is_scalar_batch
    bij = B.ScalarAffine(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([0.5]))
    assert bij.batch_shape == (3,) and not bij.is_scalar_batch
    assert "batch_shape = (3,)" in repr(bij)
    assert B.GumbelCDF(1.0, 2.0).parameters == {
        "loc": 1.0, "scale": 2.0, "name": "GumbelCDF",
        "param_dict": {"loc": 1.0, "scale": 2.0}}


@pytest.mark.parametrize("name", ["Bijector"] + sorted(BUILDERS))
def test_public_names_have_docstrings(name):
    cls = getattr(B, name)
    assert cls.__doc__ and cls.__doc__.strip()
    for method in METHODS:
        assert getattr(cls, method).__doc__
