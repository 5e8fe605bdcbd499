"""customop fixes from the fuzzing pass: a traced value passed by keyword."""
import numpy
import numpy as onp
import pytest

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import customop, grad, nn
from minpy_compat.errors import TracedValueError

from conftest import check_grad, needs_mxnet
from customop_fix_helpers import W, X, mul


@customop('numpy')
def shifted(x, scale=2.0, shift=0.0):
    return scale * x + shift


shifted.def_grad(lambda ans, x, scale=2.0, shift=0.0: lambda g: g * scale, argnum=0)
shifted.def_grad(lambda ans, x, scale=2.0, shift=0.0: lambda g: numpy.sum(g * x), argnum=1)
shifted.def_grad(lambda ans, x, scale=2.0, shift=0.0: lambda g: g, argnum=2)


# ---- 1. a traced value passed by keyword ---------------------------------------------------
def test_traced_keyword_argument_gets_the_gradient_of_its_position():
    positional = grad(lambda w: np.sum(mul(X, w)))(W)
    onp.testing.assert_array_equal(grad(lambda w: np.sum(mul(X, w=w)))(W), positional)
    onp.testing.assert_array_equal(positional, X)
    check_grad(lambda x, w: mul(x=x, w=w), X, W)


def test_keyword_after_a_defaulted_parameter_keeps_argnum_order():
    # shift is argnum 2 even though scale (argnum 1) is left to its default
    check_grad(lambda x, shift: shifted(x, shift=shift), X, W)
    check_grad(lambda scale: shifted(X, scale=scale), onp.array(3.0))


@pytest.mark.parametrize("define, where", [
    (lambda x, *, factor: x * factor, "keyword argument 'factor'"),
    (lambda x, **extra: x * extra["factor"], "keyword argument 'factor'"),
])
def test_traced_value_in_a_keyword_only_parameter_is_refused(define, where):
    op = customop('numpy')(define)
    op.def_grad(lambda ans, x, **kwargs: lambda g: g)
    with pytest.raises(TracedValueError, match=rf"<lambda> {where}: expected a constant \(a "
                                               r"keyword-only parameter has no argnum.*got a "
                                               r"traced value\. Make 'factor' a positional "
                                               r"parameter of <lambda>"):
        grad(lambda w: np.sum(op(X, factor=w)))(W)
    onp.testing.assert_array_equal(op(X, factor=2.0), X * 2)  # a constant is fine


def test_cell_with_bprop_refuses_a_traced_keyword_only_input():
    class Scaled(nn.Cell):
        def construct(self, x, *, factor):
            return x * factor

        def bprop(self, x, out, dout, *, factor):
            return (dout * factor,)
    with pytest.raises(TracedValueError, match=r"Scaled.construct keyword-only input 'factor': "
                                               r"expected a constant.*got a traced value"):
        grad(lambda w: np.sum(Scaled()(ms.Tensor(X), factor=w)))(W)


@needs_mxnet
def test_mxnet_customop_traced_keyword_argument():
    @customop('mxnet')
    def mx_mul(x, w):
        return x * w
    mx_mul.def_grad(lambda ans, x, w: lambda g: g * x, argnum=1)
    onp.testing.assert_allclose(grad(lambda w: np.sum(mx_mul(X, w=w)))(W), X)
