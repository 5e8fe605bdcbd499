"""core.Function: an MXNet symbol (Convolution + FullyConnected) as a differentiable op."""
import numpy as onp
import pytest

from mxnet_helpers import check_fd, need_mxnet

mx = need_mxnet()

import minpy_compat.numpy as np  # noqa: E402
from minpy_compat import grad  # noqa: E402
from minpy_compat.core import Function, MXNetSymbolError  # noqa: E402

rng = onp.random.RandomState(5)


def conv_fc_symbol():
    x = mx.sym.Variable("x")
    h = mx.sym.Convolution(x, kernel=(2, 2), num_filter=2, name="conv")
    h = mx.sym.Activation(h, act_type="tanh")
    return mx.sym.FullyConnected(mx.sym.flatten(h), num_hidden=3, name="fc")


def arrays():
    return {"x": rng.normal(size=(2, 1, 3, 3)), "conv_weight": rng.normal(size=(2, 1, 2, 2)),
            "conv_bias": rng.normal(size=(2,)), "fc_weight": rng.normal(size=(3, 8)),
            "fc_bias": rng.normal(size=(3,))}


def test_shapes_inferred_at_first_call_without_input_shapes():
    f = Function(conv_fc_symbol())
    with pytest.raises(MXNetSymbolError, match=r"get_params: expected known shapes.*input_shapes"):
        f.get_params()
    out = f(**arrays())
    assert out.shape == (2, 3) and out.dtype == onp.float64
    assert f.get_one_output_shape() == (2, 3)
    assert sorted(f.get_params()) == ["conv_bias", "conv_weight", "fc_bias", "fc_weight"]


def test_shapes_from_input_shapes_and_params():
    f = Function(conv_fc_symbol(), input_shapes={"x": (2, 1, 3, 3)}, name="net")
    assert f.get_params() == {"conv_weight": {"shape": (2, 1, 2, 2)}, "conv_bias": {"shape": (2,)},
                              "fc_weight": {"shape": (3, 8)}, "fc_bias": {"shape": (3,)}}
    assert f.get_output_shapes() == [(2, 3)] and f.is_train


def test_gradients_reach_data_and_every_parameter():
    f = Function(conv_fc_symbol())
    values = arrays()
    names = list(values)

    def loss(*xs):
        out = f(**dict(zip(names, xs)))
        return np.sum(np.tanh(out) * onp.arange(6.0).reshape(2, 3))  # NumPy ops after it

    check_fd(loss, tuple(values.values()), tuple(range(len(names))), rtol=1e-5)


def test_one_function_used_twice_in_a_loss():
    f = Function(mx.sym.FullyConnected(mx.sym.Variable("x"), num_hidden=2, no_bias=True,
                                       name="fc"))
    w, x = rng.normal(size=(2, 2)), rng.normal(size=(3, 2))
    check_fd(lambda w: np.sum(f(x=f(x=x, fc_weight=w), fc_weight=w) ** 2), (w,), (0,))


def test_wrong_arguments_are_named():
    f = Function(conv_fc_symbol(), name="net")
    with pytest.raises(MXNetSymbolError, match=r"Function 'net'.*missing \['conv_bias'.*unknown"):
        f(x=onp.ones((2, 1, 3, 3)), conv_weight=onp.ones((2, 1, 2, 2)), bogus=1)


def test_grad_returns_parameter_gradient_of_the_right_shape():
    f = Function(conv_fc_symbol())
    values = arrays()
    g = grad(lambda w: np.sum(f(**{**values, "fc_weight": w})))(values["fc_weight"])
    assert g.shape == (3, 8) and g.dtype == onp.float64
