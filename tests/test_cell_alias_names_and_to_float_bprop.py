"""A Parameter keeps the name it was first registered under (a later alias attribute does not
rename it), and a Cell with ``bprop`` under ``to_float`` gets its inputs as given. Expected
values are MindSpore 2.10's (PyNative, CPU)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import Parameter, Tensor, nn, ops

F16, F32, F64, I32 = onp.float16, onp.float32, onp.float64, onp.int32


def _param():
    return Parameter(Tensor(onp.array([1.0, 2.0], F32)))


# ---- the first registration names a Parameter --------------------------------------------
class Sub(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = _param()

    def construct(self, x):
        return (x * self.w).sum()


class AliasTop(nn.Cell):
    """``w_beta`` aliases ``a.w``: a name the default weight-decay filter would skip."""

    def __init__(self):
        super().__init__()
        self.a = Sub()
        self.w_beta = self.a.w

    def construct(self, x):
        return self.a(x) * 0.0


def test_alias_attribute_keeps_the_sub_cells_name():
    """MindSpore: trainable_params names ['a.w']; parameters_and_names yields the Parameter
    once, at the top Cell's own path ('w_beta', name 'a.w'); parameters_dict keys ['a.w']."""
    net = AliasTop()
    assert net.w_beta is net.a.w
    assert [p.name for p in net.trainable_params()] == ["a.w"]
    assert [(path, p.name) for path, p in net.parameters_and_names()] == [("w_beta", "a.w")]
    assert list(net.parameters_dict()) == ["a.w"]
    assert [p.name for p in net.trainable_params(recurse=False)] == ["a.w"]
    assert [(path, p.name) for path, p in net.a.parameters_and_names()] == [("w", "a.w")]


def test_alias_attribute_does_not_change_weight_decay():
    """MindSpore: one SGD step (lr 0.1, weight_decay 0.5, zero loss gradient) decays a.w to
    [0.95 1.9]; the alias name (w_beta) would have left it at [1. 2.]."""
    net = AliasTop()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1, weight_decay=0.5)
    nn.TrainOneStepCell(net, opt)(Tensor(onp.array([1.0, 1.0], F32)))
    onp.testing.assert_allclose(net.a.w.asnumpy(), [0.95, 1.9], rtol=1e-6)
    assert net.a.w.name == "a.w"


def test_alias_in_the_same_cell_keeps_the_first_name():
    """MindSpore: self.p = Parameter(...); self.q_gamma = self.p -> named 'p'."""
    class Same(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = _param()
            self.q_gamma = self.p

    net = Same()
    assert [(path, p.name) for path, p in net.parameters_and_names()] == [("p", "p")]
    assert list(net.parameters_dict()) == ["p"]


def test_alias_of_a_nested_parameter_and_a_cell_held_twice():
    """MindSpore: an alias keeps 'top.a.w'; a Cell assigned twice still takes the newer
    prefix ('b.w'); a Parameter put in two Cells keeps the first Cell's name; without
    auto_prefix the sub-cell's 'w' is kept."""
    class Twice(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Sub()
            self.b = self.a

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.top = Twice()
            self.extra = self.top.a.w

    class NoPrefix(nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)
            self.a = Sub()
            self.alias = self.a.w

    assert [p.name for p in Twice().get_parameters()] == ["b.w"]
    assert [(path, p.name) for path, p in Outer().parameters_and_names()] == \
        [("extra", "top.a.w")]
    assert [(path, p.name) for path, p in NoPrefix().parameters_and_names()] == \
        [("alias", "w")]
    shared, first, second = _param(), nn.Cell(), nn.Cell()
    first.insert_param_to_cell("first", shared)
    second.insert_param_to_cell("second", shared)
    assert shared.name == "first"


def test_update_parameters_name_then_alias_keeps_the_updated_name():
    """MindSpore: after update_parameters_name('') the name 'w' is no longer automatic."""
    sub, other = Sub(), nn.Cell()
    sub.update_parameters_name("")
    other.v = sub.w
    assert sub.w.name == "w"


# ---- bprop under to_float gets the inputs as given ---------------------------------------
class Square(nn.Cell):
    def __init__(self, seen):
        super().__init__()
        self.seen = seen

    def construct(self, x):
        return x * x

    def bprop(self, x, out, dout):
        self.seen.append((x.dtype, out.dtype, dout.dtype))
        return (2 * x * ops.cast(dout, x.dtype),)


def _grad_of_square(cell, x):
    return ms.grad(lambda v: cell(v).astype(ms.float32).sum())(x)


@pytest.mark.parametrize("input_dtype, float_type, seen, grad, grad_dtype", [
    (F32, F16, (F32, F16, F16), 6.6666, F32),
    (F64, F16, (F64, F16, F16), 6.6666, F64),
    (F16, F32, (F16, F32, F32), 6.668, F16),
])
def test_bprop_under_to_float_sees_the_inputs_as_given(input_dtype, float_type, seen, grad,
                                                       grad_dtype):
    """MindSpore: bprop's x keeps the caller's dtype; out and dout are in the to_float type;
    the gradient (2*x*dout, in x's dtype) comes back in the input's dtype:
    Float32 [6.6666], Float64 [6.6666], Float16 [6.668]."""
    seen_dtypes = []
    cell = Square(seen_dtypes)
    cell.to_float(float_type)
    x = Tensor(onp.array([3.3333], input_dtype))
    result = _grad_of_square(cell, x)
    assert seen_dtypes == [seen]
    assert result.dtype == grad_dtype
    onp.testing.assert_allclose(result.asnumpy(), [grad], rtol=1e-3 if grad_dtype == F16
                                else 1e-6)


def test_bprop_under_to_float_forward_stays_in_the_float_type():
    """MindSpore: the forward result is Float16 [11.12]."""
    cell = Square([])
    cell.to_float(ms.float16)
    out = cell(Tensor(onp.array([3.3333], F32)))
    assert out.dtype == F16
    onp.testing.assert_allclose(out.asnumpy(), [11.11], rtol=1e-3)


def test_bprop_under_to_float_float16_gradient_is_cast_to_the_input_dtype():
    """MindSpore: bprop sees Float32 x; its Float16 gradient comes back Float32 [6.6679688]."""
    class Square16(nn.Cell):
        def construct(self, x):
            return x * x

        def bprop(self, x, out, dout):
            assert x.dtype == F32
            return (ops.cast(2 * x, ms.float16) * dout,)

    cell = Square16()
    cell.to_float(ms.float16)
    result = _grad_of_square(cell, Tensor(onp.array([3.3333], F32)))
    assert result.dtype == F32
    onp.testing.assert_allclose(result.asnumpy(), [6.6679688], rtol=1e-6)


def test_bprop_under_to_float_int_input_and_widened_out():
    """MindSpore: x Float32, n Int32 reach bprop; out = x * n * w (w a Float32 Parameter)
    and dout are Float16 (NumPy would widen the int to float64); the gradient is [2.]."""
    seen = []

    class Mixed(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(onp.array([1.5], F32)), name="w")

        def construct(self, x, n):
            return x * n * self.w

        def bprop(self, x, n, out, dout):
            seen.append((x.dtype, n.dtype, out.dtype, dout.dtype))
            return (dout * 2, ops.zeros_like(n))

    cell = Mixed()
    cell.to_float(ms.float16)
    n = Tensor(onp.array([2], I32))
    result = ms.grad(lambda v: cell(v, n).astype(ms.float32).sum())(
        Tensor(onp.array([3.3333], F32)))
    assert seen == [(F32, I32, F16, F16)]
    assert result.dtype == F32
    onp.testing.assert_allclose(result.asnumpy(), [2.0])
