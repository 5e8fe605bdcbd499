"""MinPy API parity (``/work/shared/reference/minpy-api.md``, item by item): names, defaults
and behaviours that no other test covered, each failing on the code before its fix."""
import doctest

import numpy as onp
import pytest

from conftest import check_grad
from mxnet_helpers import need_mxnet

import minpy_compat
import minpy_compat.numpy as np
from minpy_compat import customop, grad
from minpy_compat.context import Context, cpu, gpu
from minpy_compat.dispatch import policy
from minpy_compat.errors import ArgnumError
from minpy_compat.nn import io, layers
from toolkit_helpers import Linear

rng = onp.random.RandomState(13)


# ---- §1 minpy.numpy: MinPy's extras (onehot_encode, softmax_output, slice_axis) -------------
def test_extras_docstring_examples_run():
    from minpy_compat.numpy import minpy_extras
    result = doctest.testmod(minpy_extras)
    assert result.attempted > 0 and result.failed == 0


def test_onehot_encode_fills_out_and_returns_it():
    out = np.full((3, 4), 7.0, dtype=np.float32)
    got = np.onehot_encode(np.array([3, 0, 1]), out)
    assert got is out and got.dtype == onp.float32
    onp.testing.assert_array_equal(got, onp.eye(4)[[3, 0, 1]])


def test_onehot_encode_takes_float_labels_as_minpys_mxnet_path_did():
    got = np.onehot_encode(onp.array([1.0, 0.0]), np.zeros((2, 2)))
    onp.testing.assert_array_equal(got, [[0, 1], [1, 0]])


@pytest.mark.parametrize("indices, out, match", [
    ([0, 1], onp.zeros((3, 2)), r"numpy\.onehot_encode: expected indices of shape \(N,\) and "
                                r"out of shape \(N, C\), got indices \(2,\) and out \(3, 2\)"),
    ([0, 2], onp.zeros((2, 2)), r"numpy\.onehot_encode: expected whole-number labels in 0\.\.1"),
    ([0.5, 1], onp.zeros((2, 2)), r"numpy\.onehot_encode: expected whole-number labels"),
])
def test_onehot_encode_refuses_labels_that_do_not_fit(indices, out, match):
    with pytest.raises(ValueError, match=match):
        np.onehot_encode(onp.array(indices), out)


def test_softmax_output_is_a_row_softmax_with_minpys_loss_gradient():
    x, onehot = rng.normal(size=(4, 3)), onp.eye(3)[[0, 1, 2, 0]]
    p = np.softmax_output(x, onehot)
    expected = onp.exp(x) / onp.exp(x).sum(axis=1, keepdims=True)
    onp.testing.assert_allclose(p, expected, rtol=1e-12)
    # MinPy's softmax_loss: softmax_output then cross-entropy; its gradient is (p - onehot) / N
    dx = grad(lambda x: -np.sum(np.log(np.softmax_output(x, onehot)) * onehot) / 4)(x)
    onp.testing.assert_allclose(dx, (expected - onehot) / 4, rtol=1e-10, atol=1e-12)


def test_softmax_output_matches_finite_differences_and_keeps_float32():
    x, onehot = rng.normal(size=(3, 4)), onp.eye(4)[[1, 2, 3]]
    weights = rng.normal(size=(3, 4))  # a head gradient other than ones: MinPy ignored it
    check_grad(lambda x: np.softmax_output(x, onehot) * weights, x)
    check_grad(lambda x: np.softmax_output(x, onehot), rng.normal(size=(2, 3, 2)))
    assert np.softmax_output(x.astype(onp.float32), onehot).dtype == onp.float32
    assert onp.isfinite(np.softmax_output(onp.array([[1000.0, 0.0]]), onp.eye(2)[:1])).all()


def test_softmax_output_refuses_a_vector():
    with pytest.raises(ValueError, match=r"numpy\.softmax_output argument 0 'x': expected an "
                                         r"array of 2 or more dimensions"):
        np.softmax_output(onp.zeros(3), onp.zeros(3))


def test_slice_axis_as_the_numpy_under_minpy_tutorial_uses_it():
    a = np.arange(12.0).reshape(3, 4)
    onp.testing.assert_array_equal(np.slice_axis(a, axis=1, begin=1, end=2), [[1], [5], [9]])
    onp.testing.assert_array_equal(np.slice_axis(a, axis=0, begin=-2, end=None), a[1:])
    onp.testing.assert_array_equal(np.slice_axis(a, -1, 0, 3), a[:, :3])
    check_grad(lambda a: np.slice_axis(a, axis=1, begin=1, end=3) ** 2, rng.normal(size=(2, 4)))


@pytest.mark.parametrize("axis", [2, -3, 1.0, True])
def test_slice_axis_refuses_an_axis_the_array_lacks(axis):
    with pytest.raises(ValueError, match=r"numpy\.slice_axis argument 'axis': expected an int "
                                         r"in -2\.\.1 for an array of 2 dimensions"):
        np.slice_axis(np.zeros((2, 3)), axis, 0, 1)


def test_set_policy_is_minpys_deprecated_module_setter():
    before = policy.get_global_policy()
    try:
        np.set_policy("only_numpy")
        assert policy.get_global_policy().name == "only_numpy"
    finally:
        policy.set_global_policy(before)


def test_extras_run_under_prefer_mxnet():
    need_mxnet()
    x, onehot = rng.normal(size=(4, 3)), onp.eye(3)[[0, 1, 2, 0]]
    with policy.wrap_policy("prefer_mxnet"):
        onp.testing.assert_allclose(np.slice_axis(np.array(x), 1, 1, 2), x[:, 1:2])
        dx = grad(lambda x: -np.sum(np.log(np.softmax_output(x, onehot)) * onehot) / 4)(x)
        out = np.onehot_encode(np.array([2, 0]), np.zeros((2, 3)))
    p = onp.exp(x) / onp.exp(x).sum(axis=1, keepdims=True)
    onp.testing.assert_allclose(dx, (p - onehot) / 4, rtol=1e-5, atol=1e-7)
    onp.testing.assert_array_equal(out, [[0, 0, 1], [1, 0, 0]])


# ---- §3 minpy.primitive -------------------------------------------------------------------
def test_no_gradient_error_is_importable_from_primitive_as_in_minpy():
    from minpy_compat.primitive import NoGradientFuncError

    @customop("numpy")
    def doubled(x):
        return x * 2

    assert issubclass(NoGradientFuncError, ValueError)
    with pytest.raises(NoGradientFuncError, match=r"doubled argument 0 'x'"):
        grad(lambda x: np.sum(doubled(x)))(onp.ones(2))


def test_def_grad_kw_registers_the_gradient_of_a_named_parameter():
    @customop("numpy")
    def scaled(x, alpha):
        return x * alpha

    scaled.def_grad(lambda ans, x, alpha: lambda g: g * alpha)
    # a deliberately different gradient (3x) shows the keyword's rule is the one used
    assert scaled.def_grad_kw(lambda ans, x, alpha: lambda g: 3 * g * x, "alpha") is scaled
    x, alpha = onp.array([1.0, 2.0]), onp.array([5.0, 7.0])
    by_keyword = grad(lambda x, a: np.sum(scaled(x, alpha=a)), [0, 1])(x, alpha)
    by_position = grad(lambda x, a: np.sum(scaled(x, a)), [0, 1])(x, alpha)
    for got in (by_keyword, by_position):
        onp.testing.assert_array_equal(got[0], alpha)
        onp.testing.assert_array_equal(got[1], 3 * x)


def test_def_grad_kw_refuses_a_name_the_op_has_no_argnum_for():
    @customop("numpy")
    def scaled(x, *, alpha=2.0):
        return x * alpha

    with pytest.raises(ArgnumError, match=r"scaled\.def_grad_kw: expected the name of a "
                                          r"positional parameter \('x'\), got 'alpha'\. 'alpha' "
                                          r"is keyword-only"):
        scaled.def_grad_kw(lambda ans, x: lambda g: g, "alpha")
    with pytest.raises(ArgnumError, match=r"scaled\.def_grad_kw: .* got 'beta'\. Name one"):
        scaled.def_grad_kw(lambda ans, x: lambda g: g, "beta")


# ---- §5 dispatch policies -----------------------------------------------------------------
def test_primitive_policy_error_is_minpys_name_and_a_value_error():
    assert policy.PrimitivePolicyError is minpy_compat.errors.PolicyError
    assert issubclass(policy.PrimitivePolicyError, ValueError)
    assert issubclass(policy.PrimitivePolicyError, RuntimeError)  # as before


def test_only_mxnet_refusal_is_caught_as_minpys_value_error():
    need_mxnet()
    with policy.wrap_policy("only_mxnet"):
        with pytest.raises(ValueError, match=r"numpy\.count_nonzero under the only_mxnet policy"):
            np.count_nonzero(np.ones(3))


@pytest.mark.parametrize("bad", [3, None, 1.5, ["only_numpy"]])
def test_a_policy_that_is_neither_name_nor_object_is_a_type_error(bad):
    match = (r"policy: expected one of \['auto_blacklist', .*\] or a Policy object, got "
             r".*\. Pass a name such as 'only_numpy'")
    for call in (policy.create, policy.set_global_policy, policy.wrap_policy):
        with pytest.raises(TypeError, match=match):
            call(bad)
    with pytest.raises(ValueError, match=match):  # still the ValueError it was
        policy.create(bad)


def test_an_unknown_policy_name_stays_a_value_error_only():
    with pytest.raises(ValueError, match=r"policy: expected one of .* got 'fastest'") as info:
        policy.create("fastest")
    assert not isinstance(info.value, TypeError)


# ---- §6 minpy.context ---------------------------------------------------------------------
def test_context_has_minpys_numeric_device_types():
    assert (cpu().device_typeid, gpu(1).device_typeid) == (1, 2)
    assert Context.devtype2str == {1: "cpu", 2: "gpu"}
    assert Context.devstr2type == {"cpu": 1, "gpu": 2}


def test_set_context_gpu_is_the_one_line_switch_and_labels_context():
    previous = minpy_compat.current_context()
    try:
        minpy_compat.context.set_context(gpu(0))
        assert minpy_compat.current_context() == gpu(0)
    finally:
        minpy_compat.context.set_context(previous)
    assert minpy_compat.current_context() == previous


# ---- §4 core.Function ---------------------------------------------------------------------
def _softmax_function():
    mx = need_mxnet()
    from minpy_compat.core import Function
    data, label = mx.sym.Variable("x"), mx.sym.Variable("softmax_label")
    return Function(mx.sym.SoftmaxOutput(data=data, label=label, name="softmax"))


def test_softmax_output_function_takes_integer_labels():
    f = _softmax_function()
    x, y = rng.normal(size=(4, 3)), onp.array([0, 1, 2, 0])
    p = onp.exp(x) / onp.exp(x).sum(axis=1, keepdims=True)
    onp.testing.assert_allclose(f(x=x, softmax_label=y), p, rtol=1e-10)
    # SoftmaxOutput's backward is the cross-entropy gradient (MinPy's demo notebook)
    onp.testing.assert_allclose(grad(lambda x: f(x=x, softmax_label=y))(x),
                                p - onp.eye(3)[y], rtol=1e-10, atol=1e-12)


def test_function_binds_mixed_float_arguments_in_the_widest_dtype():
    mx = need_mxnet()
    from minpy_compat.core import Function
    f = Function(mx.sym.FullyConnected(data=mx.sym.Variable("x"), num_hidden=2, name="fc"))
    x, w, b = onp.ones((3, 4)), onp.ones((2, 4), onp.float32), onp.zeros(2, onp.float32)
    out = f(x=x, fc_weight=w, fc_bias=b)
    assert out.dtype == onp.float64
    onp.testing.assert_array_equal(out, onp.full((3, 2), 4.0))
    dw, db = grad(lambda w, b: np.sum(f(x=x, fc_weight=w, fc_bias=b)), [0, 1])(w, b)
    assert (dw.dtype, db.dtype) == (onp.float32, onp.float32)  # float32 stays float32
    onp.testing.assert_array_equal(dw, onp.full((2, 4), 3.0))
    f32 = Function(mx.sym.FullyConnected(data=mx.sym.Variable("x"), num_hidden=2, name="fc"))
    assert f32(x=onp.ones((3, 4), onp.int64), fc_weight=w, fc_bias=b).dtype == onp.float32


# ---- §7 nn: ModelBase --------------------------------------------------------------------
def test_forward_batch_and_loss_batch_use_the_first_data_and_label():
    net = Linear()
    net.params.update(w=onp.eye(2), b=onp.zeros(2))
    X, y = onp.array([[1.0, 0.0], [0.0, 1.0]]), onp.array([0, 1])
    batch = io.DataBatch([X, X * 0], [y, y * 0], 0, None)
    out = net.forward_batch(batch, "test")
    onp.testing.assert_array_equal(out, X)
    assert float(net.loss_batch(batch, out)) == pytest.approx(float(layers.softmax_loss(X, y)))
