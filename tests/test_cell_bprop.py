"""Cell.bprop: one op whose gradient is the user's bprop (MindSpore 2.10 PyNative rules)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import BpropError, BpropTypeError, CellTypeError

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


# ---- Parameters: internal_params ---------------------------------------------------------------
class WithParams(nn.Cell):
    def __init__(self, make_grads, listed=True):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([2.0]), name="w")
        self.b = ms.Parameter(ms.Tensor([0.5]), name="b")
        if listed:
            self.internal_params = [self.w, self.b]
        self.make_grads = make_grads

    def construct(self, x):
        return self.w * x + self.b

    def bprop(self, x, out, dout):
        return self.make_grads(self, x, dout)


def test_parameter_gradients_are_matched_by_key_not_by_dict_order():
    # MindSpore 2.10 maps the dict's values by position (a bug); we match the keys.
    net = WithParams(lambda self, x, dout: ((self.w * dout,), {self.b: dout * 7, self.w: x * dout}))
    gx, (gw, gb) = ms.grad(net, 0, net.trainable_params())(ms.Tensor([3.0]))
    onp.testing.assert_array_equal(gx, [2.0])
    onp.testing.assert_array_equal(gw, [3.0])
    onp.testing.assert_array_equal(gb, [7.0])


def test_missing_none_and_unknown_parameter_gradients():
    x = ms.Tensor([3.0])
    net = WithParams(lambda self, x, dout: ((dout,), {self.w: dout, self.b: None}))
    onp.testing.assert_array_equal(ms.grad(net, None, net.b)(x), [0.0])
    missing = WithParams(lambda self, x, dout: ((dout,), {self.w: dout}))
    with pytest.raises(BpropError, match=r"WithParams.bprop Parameter gradients: expected one "
                                         r"for every internal param \(b missing\)"):
        ms.grad(missing, None, missing.trainable_params())(x)
    stranger = ms.Parameter(ms.Tensor([1.0]), name="stranger")
    unknown = WithParams(lambda self, x, dout: ((dout,), {self.w: dout, self.b: dout,
                                                          stranger: dout}))
    with pytest.raises(RuntimeError, match="expected keys from internal_params .*got a key "
                                           "'stranger'"):
        ms.grad(unknown, None, unknown.trainable_params())(x)


def test_internal_params_need_the_dict():
    net = WithParams(lambda self, x, dout: (dout,))
    with pytest.raises(BpropError, match=r"WithParams.bprop: expected \(input_grads, \{param: "
                                         r"grad\}\) because the Cell sets internal_params"):
        ms.grad(net)(ms.Tensor([3.0]))


def test_internal_params_must_be_parameters():
    net = WithParams(lambda self, x, dout: (dout,), listed=False)
    net.internal_params = [ms.Tensor([1.0])]
    with pytest.raises(CellTypeError, match=r"WithParams.internal_params\[0\]: expected a "
                                            "Parameter"):
        ms.grad(net)(ms.Tensor([3.0]))


def test_parameters_without_internal_params_get_zero_gradients():
    net = WithParams(lambda self, x, dout: (self.w * dout,), listed=False)
    gw, gb = ms.grad(net, None, net.trainable_params())(ms.Tensor([3.0]))
    onp.testing.assert_array_equal(gw, [0.0])
    onp.testing.assert_array_equal(gb, [0.0])


def test_sub_cell_parameters_inside_a_bprop_cell_get_zero_gradients():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(1, 1)

        def construct(self, x):
            return self.dense(x)

        def bprop(self, x, out, dout):
            return (dout,)
    net = Outer()
    grads = ms.grad(net, None, net.trainable_params())(ms.Tensor([[3.0]]))
    assert all(not onp.any(g) for g in grads)


def test_bprop_reads_the_current_parameter_value():
    net = WithParams(lambda self, x, dout: ((self.w * dout,), {self.w: x, self.b: dout}))
    net.w.set_data(ms.Tensor([5.0]))
    onp.testing.assert_array_equal(ms.grad(net)(ms.Tensor([3.0])), [5.0])


def test_parameters_upstream_of_a_bprop_cell_get_gradients():
    class Hundred(nn.Cell):
        def construct(self, x):
            return x

        def bprop(self, x, out, dout):
            return (dout * 100,)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor([1.0, 1.0]), name="w")
            self.inner = Hundred()

        def construct(self, x):
            return self.inner(self.w * x)
    net = Net()
    onp.testing.assert_array_equal(ms.grad(net, None, net.w)(ms.Tensor([1.0, 1.0])), [100, 100])


def test_a_bprop_cell_called_twice_accumulates():
    net = cell_with(lambda self, x, out, dout: (dout * 3,), lambda self, x: x * 2)
    grad = ms.grad(lambda x: net(x) + net(x * x))(X)
    onp.testing.assert_array_equal(grad, 3 + 3 * 2 * onp.array([1.0, 2.0]))


# ---- higher order --------------------------------------------------------------------------------
def test_bprop_is_differentiated_including_out():
    exp_cell = cell_with(lambda self, x, out, dout: (dout * out,), lambda self, x: ops.exp(x))
    x = ms.Tensor([0.5, 1.0])
    onp.testing.assert_allclose(ops.grad(exp_cell)(x), onp.exp([0.5, 1.0]), rtol=1e-6)
    onp.testing.assert_allclose(ops.grad(ops.grad(exp_cell))(x), onp.exp([0.5, 1.0]), rtol=1e-6)


def test_third_order_through_bprop():
    cube = cell_with(lambda self, x, out, dout: (3 * x * x * dout,), lambda self, x: x * x * x)
    x = ms.Tensor([1.0, 2.0])
    onp.testing.assert_array_equal(ops.grad(ops.grad(cube))(x), [6, 12])
    onp.testing.assert_array_equal(ops.grad(ops.grad(ops.grad(cube)))(x), [6, 6])


def test_bprop_cell_under_minpy_grad_of_python_float():
    net = cell_with(lambda self, x, out, dout: (dout * 4,), lambda self, x: x * 2)
    assert float(ms.core.grad(lambda x: net(x))(3.0)) == 4.0


def test_construct_of_a_bprop_cell_must_not_return_outside_traced_values():
    holder = {}

    class Leaky(nn.Cell):
        def construct(self, x):
            return holder["traced"]

        def bprop(self, x, out, dout):
            return (dout,)

    def f(x):
        holder["traced"] = x * 2
        return Leaky()(ms.Tensor([1.0, 1.0]))
    with pytest.raises(TypeError, match="Leaky.construct \\(a Cell with bprop\\): expected a "
                                        "result computed from its inputs"):
        ms.grad(f)(X)


# ---- compositions (MindSpore's own cell-bprop system tests, graph-mode values) ----------------
ONES = ms.Tensor(onp.ones((2, 2), onp.float32))


def test_mixed_bprop_plain_and_parameter_cells_add_up():
    class Fake(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return 5 * x, 8 * y

    class Plain(nn.Cell):
        def construct(self, x, y):
            return x * y

    class Shifted(nn.Cell):
        def __init__(self):
            super().__init__()
            self.shift = ms.Parameter(ms.Tensor(onp.ones((2, 2), onp.float32)), name="shift")

        def construct(self, x, y):
            return (self.shift + x) * y

    class Mix(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a, self.b, self.c, self.d = Fake(), Plain(), Shifted(), Fake()

        def construct(self, x, y):
            return self.a(x, y) + self.b(x, y) + self.c(x, y) + self.d(x, y)
    gx, gy = ops.GradOperation(get_all=True)(Mix())(ONES, ONES)
    onp.testing.assert_array_equal(gx, onp.full((2, 2), 12))
    onp.testing.assert_array_equal(gy, onp.full((2, 2), 19))


def test_inputs_and_parameters_through_a_bprop_sub_cell():
    class MulAdd(nn.Cell):
        def construct(self, x, y):
            return 2 * x + y

        def bprop(self, x, y, out, dout):
            return 2 * dout, 2 * y

    class WithParam(nn.Cell):
        def __init__(self):
            super().__init__()
            self.mul_add = MulAdd()
            self.param = ms.Parameter(ms.Tensor(onp.array([[3, 2]], onp.float32)), "param")

        def construct(self, x):
            return self.mul_add(self.param, x)
    net = WithParam()
    inputs, weights = ops.GradOperation(get_all=True, get_by_list=True)(
        net, ms.ParameterTuple(net.trainable_params()))(ms.Tensor([2.0, 2.0]))
    onp.testing.assert_array_equal(inputs[0], [4, 4])
    onp.testing.assert_array_equal(weights[0], [[2, 2]])


def _gradient_in_construct(inner_bprop=None, outer_bprop=None):
    grad_all = ops.GradOperation(get_all=True)

    class Inner(nn.Cell):
        def construct(self, x, y):
            return ops.relu(x)
    if inner_bprop:
        Inner.bprop = inner_bprop

    class Middle(nn.Cell):
        def __init__(self):
            super().__init__()
            self.f = Inner()

        def construct(self, x, y):
            return self.f(x, y), grad_all(self.f)(x, y)

        def bprop(self, x, y, out, dout):
            return out[1][0], grad_all(self.f)(x, y)[1]

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.f = Middle()

        def construct(self, x, y):
            return self.f(x, y)
    if outer_bprop:
        Outer.bprop = outer_bprop
    return grad_all(Outer())(ONES, ONES)


@pytest.mark.parametrize("inner_bprop, outer_bprop, want_x, want_y", [
    (None, None, 1, 0),
    (lambda self, x, y, out, dout: (x * y, y + x), None, 1, 2),
    (None, lambda self, x, y, out, dout: (x + y + y + out[0], x + x + y + y + dout[0]), 4, 5),
])
def test_gradients_taken_inside_a_bprop_cells_construct(inner_bprop, outer_bprop, want_x,
                                                        want_y):
    # MindSpore 2.10 PyNative refuses this ("In no_grad context"); its graph mode gives these.
    gx, gy = _gradient_in_construct(inner_bprop, outer_bprop)
    onp.testing.assert_array_equal(gx, onp.full((2, 2), want_x))
    onp.testing.assert_array_equal(gy, onp.full((2, 2), want_y))


def test_nested_tuple_outputs_are_seeded_with_ones():
    class Nested(nn.Cell):
        def construct(self, x):
            return x, (x * 2, (x * 3,))
    onp.testing.assert_array_equal(ms.grad(Nested())(X), [6, 6])


def test_second_order_through_a_multi_output_bprop_whose_dout_is_traced():
    class ExpAndSquare(nn.Cell):
        def construct(self, x):
            return ops.exp(x), x * x

        def bprop(self, x, out, dout):
            return (out[0] * dout[0] + 2 * x * dout[1],)
    net = ExpAndSquare()
    x = ms.Tensor(onp.array([0.3, 1.1]))
    first = ops.grad(lambda x: (net(x)[0] * x).sum())  # d/dx x e^x = e^x + x e^x
    onp.testing.assert_allclose(first(x), onp.exp(x) * (1 + x), rtol=1e-12)
    onp.testing.assert_allclose(ops.grad(first)(x), onp.exp(x) * (2 + x), rtol=1e-12)


def test_cells_copy_and_pickle_with_their_parameters():
    import copy
    import pickle
    dense = nn.Dense(2, 3)
    for twin in (copy.deepcopy(dense), pickle.loads(pickle.dumps(dense))):
        assert twin.weight is not dense.weight and isinstance(twin.weight, ms.Parameter)
        assert [p.name for p in twin.trainable_params()] == ["weight", "bias"]
        onp.testing.assert_array_equal(twin.weight, dense.weight)
        gw, gb = ms.grad(twin, None, twin.trainable_params())(ms.Tensor([[1.0, 2.0]]))
        assert gw.shape == (3, 2)


def test_traced_multi_output_out_and_dout_arrive_as_tuples():
    kinds = []

    class Pair(nn.Cell):
        def construct(self, x):
            return x * 2, x * 3

        def bprop(self, x, out, dout):
            kinds.append((type(out), type(dout)))
            return (dout[0] * 2 + dout[1] * 3,)
    net = Pair()
    ops.grad(ops.grad(lambda x: (net(x)[0] * x).sum()))(X)
    assert kinds and all(k == (tuple, tuple) for k in kinds)
