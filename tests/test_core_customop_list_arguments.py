"""customop fixes from the fuzzing pass: traced values inside list/tuple arguments."""
import numpy
import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import customop, grad, nn
from minpy_compat.errors import BpropError, BpropTypeError, GradientShapeError, TracedValueError

from conftest import check_grad, needs_mxnet
from customop_fix_helpers import W, X


@customop('numpy')
def product(xs):
    return xs[0] * xs[1]


product.def_grad(lambda ans, xs: lambda g: [g * xs[1], g * xs[0]])  # written with our ops


# ---- 2. traced values inside list/tuple arguments --------------------------------------------
def test_list_argument_gets_a_list_of_gradients():
    check_grad(lambda x, y: product([x, y]), X, W)
    check_grad(lambda x, y: product((x, y)), X, W)
    check_grad(lambda x: product([x, np.sin(x)]), X, order=2)


def test_constant_items_in_a_list_argument_need_no_gradient():
    @customop('numpy')
    def pick(xs):
        values, index = xs
        return values[index]
    pick.def_grad(lambda ans, xs: lambda g: [numpy.eye(3)[xs[1]] * g, None])
    onp.testing.assert_array_equal(grad(lambda x: pick([x, 2]))(onp.ones(3)), [0, 0, 1])


def test_registered_list_gradient_is_used():
    @customop('numpy')
    def both(xs):
        return xs[0] + xs[1]
    both.def_grad(lambda ans, xs: lambda g: [3 * g, 5 * g])  # deliberately not the derivative
    gx, gy = grad(lambda x, y: np.sum(both([x, y])), [0, 1])(X, W)
    onp.testing.assert_array_equal(gx, onp.full_like(X, 3))
    onp.testing.assert_array_equal(gy, onp.full_like(W, 5))


@pytest.mark.parametrize("maker, match", [
    (lambda ans, xs: lambda g: g, r"argument 0 'xs': expected a list of 2 gradients, one per "
                                  r"item, got ndarray of shape \(2, 3\)"),
    (lambda ans, xs: lambda g: [g, g[0]], r"argument 0 'xs' item 1: expected shape \(2, 3\) "
                                          r"float64, got shape \(3,\) float64"),
])
def test_wrong_gradient_for_a_list_argument_is_reported(maker, match):
    @customop('numpy')
    def sloppy(xs):
        return xs[0] * xs[1]
    sloppy.def_grad(maker)
    with pytest.raises(GradientShapeError, match=r"sloppy gradient for " + match):
        grad(lambda x: np.sum(sloppy([x, x])))(X)


@pytest.mark.parametrize("wrap_x, got", [
    (lambda x: [[x, x]], r"nested list/tuple or dict"),
    (lambda x: [{"x": x}], r"nested list/tuple or dict"),
    (lambda x: {"x": x}, r"dict"),
])
def test_traced_value_nested_deeper_than_a_flat_list_is_refused(wrap_x, got):
    with pytest.raises(TracedValueError, match=r"product argument 0 'xs': expected an array or "
                                               r"a flat list/tuple of arrays, got a traced value "
                                               rf"inside a {got}\. Pass the arrays as separate"):
        grad(lambda x: np.sum(product(wrap_x(x))))(X)


class Prod(nn.Cell):
    calls = 0

    def construct(self, xs):
        return xs[0] * xs[1]

    def bprop(self, xs, out, dout):
        Prod.calls += 1
        assert type(xs) is tuple
        return ((dout * xs[1], dout * xs[0]),)


def test_cell_with_bprop_and_a_tuple_input_gets_a_tuple_of_gradients():
    before = Prod.calls
    ga, gb = ms.ops.grad(lambda a, b: Prod()((a, b)).sum(), (0, 1))(ms.Tensor(X), ms.Tensor(W))
    assert Prod.calls == before + 1
    onp.testing.assert_allclose(ga, W.astype(onp.float32))
    onp.testing.assert_allclose(gb, X.astype(onp.float32))
    check_grad(lambda a: np.sum(Prod()((a, np.sin(a)))), X, order=2)


def test_cell_tuple_input_gradient_none_means_zeros_and_a_bare_tensor_is_refused():
    class Half(Prod):
        def bprop(self, xs, out, dout):
            return ((dout * xs[1], None),)
    gx, gy = grad(lambda x, y: np.sum(Half()((x, y))), [0, 1])(X, W)
    onp.testing.assert_array_equal(gx, W)
    onp.testing.assert_array_equal(gy, onp.zeros_like(W))

    class Bare(Prod):
        def bprop(self, xs, out, dout):
            return (dout,)
    with pytest.raises(BpropTypeError, match=r"Bare.bprop gradient 0 for 'xs': expected a tuple "
                                             r"of 2 gradients \(one per item of the tuple "
                                             r"input\), got"):
        grad(lambda x: np.sum(Bare()((x, x))))(X)

    class Wrong(Prod):
        def bprop(self, xs, out, dout):
            return ((dout, dout[0]),)
    with pytest.raises(BpropError, match=r"Wrong.bprop gradient 0 for 'xs'\[1\]"):
        grad(lambda x: np.sum(Wrong()((x, x))))(X)


def test_cell_with_bprop_refuses_a_nested_tuple_input():
    class Nested(nn.Cell):
        def construct(self, xs):
            return xs[0][0]

        def bprop(self, xs, out, dout):
            return (((dout,),),)
    with pytest.raises(TracedValueError, match=r"Nested.construct input 0 'xs': expected a "
                                               r"Tensor or a flat tuple of Tensors, got a traced "
                                               r"value inside a nested tuple"):
        grad(lambda x: np.sum(Nested()(((x,),))))(X)


def test_cell_with_bprop_keeps_a_list_input_a_list():
    seen = []

    class Sum(nn.Cell):
        def construct(self, xs):
            return xs[0] + xs[1]

        def bprop(self, xs, out, dout):
            seen.append(type(xs))
            return ([dout, 2 * dout],)
    gx, gy = grad(lambda x, y: np.sum(Sum()([x, y])), [0, 1])(X, W)
    onp.testing.assert_array_equal(gy, 2 * onp.ones_like(W))
    gg = grad(lambda x: np.sum(grad(lambda x: np.sum(Sum()([x, x * x])))(x)))(X)
    onp.testing.assert_allclose(gg, onp.full_like(X, 4.0))
    assert seen == [list, list]


@needs_mxnet
def test_mxnet_customop_list_argument():
    import mxnet as mx

    @customop('mxnet')
    def add_all(xs):
        return mx.nd.add_n(*xs)
    add_all.def_grad(lambda ans, xs: lambda g: [g * (i + 1) for i in range(len(xs))])
    gx, gy = grad(lambda x, y: np.sum(add_all([x, y])), [0, 1])(X, W)
    onp.testing.assert_array_equal(gx, onp.ones_like(X))
    onp.testing.assert_array_equal(gy, 2 * onp.ones_like(W))
