"""Cell.bprop: one op whose gradient is the user's bprop (MindSpore 2.10 PyNative rules);
Parameters and higher order in ``test_cell_bprop_params.py``, compositions in
``test_cell_bprop_compose.py``."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn
from minpy_compat.errors import BpropError, BpropTypeError

X = ms.Tensor([1.0, 2.0])
Y = ms.Tensor([3.0, 4.0])


def cell_with(bprop, construct=lambda self, x: x * 2, name="Custom"):
    return type(name, (nn.Cell,), {"construct": construct, "bprop": bprop})()


# ---- which gradient comes out ------------------------------------------------------------
def test_bprop_replaces_autodiff_and_is_called_once_per_backward_pass():
    calls = []

    def bprop(self, x, y, out, dout):
        calls.append((x, y, out, dout))
        return dout * 10, dout * 100  # deliberately not the true derivative (y, x)
    net = cell_with(bprop, lambda self, x, y: x * y)
    gx, gy = ms.grad(net, (0, 1))(X, Y)
    onp.testing.assert_array_equal(gx, [10, 10])
    onp.testing.assert_array_equal(gy, [100, 100])
    assert len(calls) == 1
    x, y, out, dout = calls[0]
    onp.testing.assert_array_equal(out, [3.0, 8.0])
    onp.testing.assert_array_equal(dout, [1.0, 1.0])
    assert isinstance(x, ms.Tensor) and isinstance(dout, ms.Tensor)


def test_plain_forward_never_runs_bprop():
    def bprop(self, x, out, dout):
        raise AssertionError("bprop ran in a forward call")
    net = cell_with(bprop)
    onp.testing.assert_array_equal(net(X), [2.0, 4.0])
    # traced, but its output does not reach the loss: still no bprop
    value, _ = ms.value_and_grad(lambda x: (net(x), x.sum())[1])(X)
    assert float(value) == 3.0


def test_star_args_bprop_gets_inputs_out_dout():
    seen = []

    def bprop(self, *args):
        seen.append(len(args))
        return (args[-1] * 7,)
    onp.testing.assert_array_equal(ms.grad(cell_with(bprop))(X), [7, 7])
    assert seen == [3]


def test_defaults_and_python_scalars_reach_bprop():
    seen = []

    def construct(self, x, k=3):
        return x * k

    def bprop(self, x, k, out, dout):
        seen.append(k)
        return dout * k, 0
    net = cell_with(bprop, construct)
    onp.testing.assert_array_equal(ms.grad(net)(X), [3, 3])
    onp.testing.assert_array_equal(ms.grad(net)(X, 5), [5, 5])
    assert seen == [3, 5]


def test_keyword_only_arguments_reach_construct_and_bprop():
    def construct(self, x, *, scale):
        return x * scale

    def bprop(self, x, out, dout, *, scale):
        return (dout * scale * 2,)
    onp.testing.assert_array_equal(ms.grad(cell_with(bprop, construct))(X, scale=3.0), [6, 6])


@pytest.mark.parametrize("returned, expected", [
    (lambda x, out, dout: dout * 10, [10, 10]),                      # bare Tensor, 1 input
    (lambda x, out, dout: [dout * 10], [10, 10]),                    # a list
    (lambda x, out, dout: (dout, dout * 5, dout * 9), [1, 1]),       # extras ignored
    (lambda x, out, dout: (ms.Tensor(onp.ones((3, 2))),), [3, 3]),  # summed down
    (lambda x, out, dout: (ms.Tensor(onp.array([1, 2], onp.int32)),), [1, 2]),  # cast
    (lambda x, out, dout: (None,), [0, 0]),                          # None is zeros
])
def test_accepted_bprop_returns(returned, expected):
    net = cell_with(lambda self, *args: returned(*args))
    grad = ms.grad(net)(X)
    onp.testing.assert_array_equal(grad, expected)
    assert grad.dtype == onp.float32


def test_gradient_slot_none_among_several_is_zeros():
    net = cell_with(lambda self, x, y, out, dout: (dout, None), lambda self, x, y: x * y)
    gx, gy = ms.grad(net, (0, 1))(X, Y)
    onp.testing.assert_array_equal(gy, [0, 0])


# ---- refused returns -------------------------------------------------------------------------
def two_input_cell(bprop, name="TooFew"):
    return cell_with(bprop, lambda self, x, y: x * y, name)


@pytest.mark.parametrize("returned", [lambda dout: dout, lambda dout: (dout,)])
def test_too_few_gradients(returned):
    net = two_input_cell(lambda self, x, y, out, dout: returned(dout))
    with pytest.raises(BpropError, match=r"TooFew.bprop: expected a tuple of 2 gradients "
                                         r"\(x, y\), got one gradient. Return \(dx, dy\)"):
        ms.grad(net, 0)(X, Y)
    assert issubclass(BpropError, RuntimeError)


@pytest.mark.parametrize("grad, got", [
    (ms.Tensor([1.0, 1.0, 1.0]), r"shape \(3,\)"),
    (ms.Tensor(1.0), r"shape \(\)"),
    (1.0, "the number 1.0"),
])
def test_gradient_that_does_not_fit_its_input(grad, got):
    net = cell_with(lambda self, x, out, dout: (grad,), name="Shaped")
    with pytest.raises(RuntimeError, match=rf"Shaped.bprop gradient 0 for 'x': expected .*"
                                           rf"shape \(2,\).*got {got}"):
        ms.grad(net)(X)


@pytest.mark.parametrize("returned, match", [
    (lambda dout: None, r"Bad.bprop: expected a tuple of 1 gradient \(x\), got None"),
    (lambda dout: (onp.ones(2),), r"Bad.bprop gradient 0 for 'x': expected a Tensor, got a "
                                  r"numpy.ndarray of shape \(2,\). Wrap it: ms.Tensor"),
    (lambda dout: {}, r"Bad.bprop: expected a tuple of 1 gradient \(x\), got a dict"),
    (lambda dout: ("a",), r"Bad.bprop gradient 0 for 'x': expected a Tensor of shape \(2,\), "
                          r"got str 'a'"),
])
def test_non_tensor_returns_are_type_errors(returned, match):
    net = cell_with(lambda self, x, out, dout: returned(dout), name="Bad")
    with pytest.raises(BpropTypeError, match=match):
        ms.grad(net)(X)
    assert issubclass(BpropTypeError, TypeError)


def test_bprop_with_the_wrong_parameters():
    net = two_input_cell(lambda self, x, dout: (dout,), name="Arity")
    with pytest.raises(BpropTypeError, match=r"Arity.bprop: expected parameters \(x, y, out, "
                                             r"dout\).*got \(x, dout\)"):
        ms.grad(net)(X, Y)


# ---- several outputs ---------------------------------------------------------------------------
class TwoOut(nn.Cell):
    def __init__(self):
        super().__init__()
        self.seen = []

    def construct(self, x):
        return x * 2, x > 1.5

    def bprop(self, x, out, dout):
        self.seen.append((out, dout))
        return (dout[0] * 3,)


def test_multi_output_out_and_dout_are_tuples_with_zero_for_unused_outputs():
    net = TwoOut()
    onp.testing.assert_array_equal(ms.grad(lambda x: net(x)[0])(X), [3, 3])
    (out, mask), (d_out, d_mask) = net.seen[0]
    onp.testing.assert_array_equal(out, [2, 4])
    onp.testing.assert_array_equal(mask, [False, True])
    onp.testing.assert_array_equal(d_out, [1, 1])
    assert d_mask.dtype == bool and not d_mask.any()


def test_bool_outputs_leave_the_trace_so_minpys_grad_can_sum_every_output():
    net = TwoOut()
    onp.testing.assert_array_equal(ms.core.grad(lambda x: net(x))(X), [3, 3])
    (_, d_mask), = [dout for _, dout in net.seen]
    assert d_mask.dtype == bool and not d_mask.any()


def test_multi_output_cell_returns_a_real_tuple_under_grad():
    net = TwoOut()
    kinds = []

    def f(x):
        result = net(x)
        kinds.append(type(result))
        return result[0]
    ms.grad(f)(X)
    net(X)
    assert kinds == [tuple]
    assert type(net(X)) is tuple
