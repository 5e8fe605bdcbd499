"""Cell hooks (forward pre / forward / backward / backward pre), HookBackward, InsertGradientOf."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import HookError, HookShapeError, OpInputError

X, Y = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])


class Mul(nn.Cell):
    def construct(self, x, y):
        return x * y


def test_reference_example_pre_forward_and_backward_hooks():
    m = Mul()
    seen = []
    m.register_forward_pre_hook(lambda cell, args: (args[0] * 2, args[1]))
    m.register_forward_hook(lambda cell, args, output: output + 1000)

    def backward(cell, grad_input, grad_output):
        seen.append((grad_input, grad_output))
        return grad_input[0] * 10, grad_input[1] * 100
    handle = m.register_backward_hook(backward)
    onp.testing.assert_array_equal(m(X, Y), [1006, 1016])
    gx, gy = ms.grad(lambda x, y: 3 * m(x, y), grad_position=(0, 1))(X, Y)
    (gi_x, gi_y), (go,) = seen[0]
    onp.testing.assert_array_equal(gi_x, [9, 12])
    onp.testing.assert_array_equal(gi_y, [6, 12])
    onp.testing.assert_array_equal(go, [3, 3])
    onp.testing.assert_array_equal(gx, [180, 240])
    onp.testing.assert_array_equal(gy, [600, 1200])
    handle.remove()
    gx, gy = ms.grad(lambda x, y: 3 * m(x, y), grad_position=(0, 1))(X, Y)
    onp.testing.assert_array_equal(gx, [18, 24])
    assert len(seen) == 1


def test_pre_hook_return_values():
    m = Mul()
    m.register_forward_pre_hook(lambda cell, args: None)  # keep
    onp.testing.assert_array_equal(m(X, Y), [3, 8])
    single = nn.ReLU()
    single.register_forward_pre_hook(lambda cell, args: args[0] - 5)  # a single value is wrapped
    onp.testing.assert_array_equal(single(ms.Tensor([6.0, 1.0])), [1, 0])


def test_hooks_with_kwargs_and_prepend():
    class Scale(nn.Cell):
        def construct(self, x, factor=1.0):
            return x * factor
    order = []
    s = Scale()
    s.register_forward_pre_hook(lambda cell, args, kwargs: (args, {"factor": 3.0}),
                                with_kwargs=True)
    s.register_forward_pre_hook(lambda cell, args: order.append("first"), prepend=True)
    s.register_forward_hook(lambda cell, args, kwargs, out: out + kwargs["factor"],
                            with_kwargs=True)
    onp.testing.assert_array_equal(s(X), [6, 9])
    assert order == ["first"]
    bad = Scale()
    bad.register_forward_pre_hook(lambda cell, args, kwargs: 3, with_kwargs=True)
    with pytest.raises(HookError, match="Scale hook <lambda>: expected None or \\(args, kwargs\\)"):
        bad(X)


def test_hook_changes_are_differentiated_and_fresh_tensors_cut_the_gradient():
    m = Mul()
    m.register_forward_hook(lambda cell, args, out: out * out)
    onp.testing.assert_array_equal(ms.grad(m)(X, Y), 2 * (X * Y) * Y)
    cut = Mul()
    cut.register_forward_hook(lambda cell, args, out: ms.Tensor(out.asnumpy()))
    onp.testing.assert_array_equal(ms.grad(cut)(X, Y), [0, 0])


def test_nested_order():
    order = []

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a, self.b = nn.ReLU(), nn.Tanh()

        def construct(self, x):
            return self.b(self.a(x))
    outer = Outer()
    for name, cell in (("outer", outer), ("a", outer.a), ("b", outer.b)):
        cell.register_forward_hook(lambda c, args, out, n=name: order.append("fwd " + n))
        cell.register_backward_hook(lambda c, gi, go, n=name: order.append("bwd " + n))
    outer.register_forward_pre_hook(lambda c, args: order.append("pre outer"))
    outer.a.register_forward_pre_hook(lambda c, args: order.append("pre a"))
    ms.grad(outer)(ms.Tensor([1.0]))
    assert order == ["pre outer", "pre a", "fwd a", "fwd b", "fwd outer", "bwd b", "bwd a",
                     "bwd outer"]


def test_backward_hooks_chain_and_bare_tensor_for_one_input():
    relu = nn.ReLU()
    relu.register_backward_hook(lambda cell, gi, go: gi[0] * 2)
    seen = []
    relu.register_backward_hook(lambda cell, gi, go: seen.append(gi))
    onp.testing.assert_array_equal(ms.grad(relu)(ms.Tensor([1.0, -1.0])), [2, 0])
    onp.testing.assert_array_equal(seen[0][0], [2, 0])


def test_backward_pre_hook_replaces_grad_output():
    m = Mul()
    m.register_backward_pre_hook(lambda cell, grad_output: (grad_output[0] * 5,))
    onp.testing.assert_array_equal(ms.grad(m)(X, Y), [15, 20])


def test_backward_hook_wrong_count_and_shape():
    m = Mul()
    m.register_backward_hook(lambda cell, gi, go: gi[0])
    with pytest.raises(HookError, match=r"Mul hook <lambda>: expected 2 gradient\(s\), one per "
                                        r"input, got 1"):
        ms.grad(m)(X, Y)
    shaped = Mul()
    shaped.register_backward_hook(lambda cell, gi, go: (ms.Tensor([1.0, 1.0, 1.0]), gi[1]))
    with pytest.raises(HookShapeError, match=r"Mul hook <lambda> gradient 0: expected a gradient "
                                             r"of shape \(2,\).*got shape \(3,\)"):
        ms.grad(shaped)(X, Y)
    assert issubclass(HookError, TypeError) and issubclass(HookShapeError, ValueError)


def test_non_callable_hooks_are_refused():
    for register in ("register_forward_pre_hook", "register_forward_hook",
                     "register_backward_hook", "register_backward_pre_hook"):
        with pytest.raises(TypeError, match="Mul.register_hook: expected a callable hook "
                                            "function, got int 3"):
            getattr(Mul(), register)(3)


def test_every_handle_removes_its_hook():
    m = Mul()
    calls = []
    handles = [m.register_forward_pre_hook(lambda c, a: calls.append(1)),
               m.register_forward_hook(lambda c, a, o: calls.append(2)),
               m.register_backward_hook(lambda c, gi, go: calls.append(3)),
               m.register_backward_pre_hook(lambda c, go: calls.append(4))]
    ms.grad(m)(X, Y)
    assert sorted(calls) == [1, 2, 3, 4]
    for handle in handles:
        handle.remove()
    handles[0].remove()  # twice is harmless
    calls.clear()
    ms.grad(m)(X, Y)
    assert calls == []


def test_hooks_on_a_bprop_cell():
    class Fake(nn.Cell):
        def construct(self, x):
            return x * 2

        def bprop(self, x, out, dout):
            return (dout * 7,)
    seen = []
    fake = Fake()
    fake.register_backward_hook(lambda cell, gi, go: seen.append(gi[0]))
    fake.register_forward_pre_hook(lambda cell, args: (args[0] + 1,))
    # MindSpore 2.10 silently skips forward hooks on bprop Cells; here they run.
    fake.register_forward_hook(lambda cell, args, out: out * 10)
    onp.testing.assert_array_equal(fake(X), [40, 60])
    onp.testing.assert_array_equal(ms.grad(fake)(X), [70, 70])
    onp.testing.assert_array_equal(seen[0], [70, 70])


def test_hook_backward_sees_a_tuple_and_may_replace_it():
    seen = []

    def hook_fn(grad):
        seen.append(grad)
    hook = ops.HookBackward(hook_fn)

    def f(x, y):
        z = hook(x * y)
        return z * y
    gx, gy = ms.grad(f, grad_position=(0, 1))(ms.Tensor(1.0), ms.Tensor(2.0))
    assert (float(gx), float(gy)) == (4.0, 4.0)
    assert type(seen[0]) is tuple and float(seen[0][0]) == 2.0
    doubled = ops.HookBackward(lambda grads: (grads[0] * 2, grads[1] * 3))
    a, b = doubled(X, Y)
    onp.testing.assert_array_equal(a, X)
    gx, gy = ms.grad(lambda x, y: sum(o.sum() for o in doubled(x, y)),
                     grad_position=(0, 1))(X, Y)
    onp.testing.assert_array_equal(gx, [2, 2])
    onp.testing.assert_array_equal(gy, [3, 3])
    with pytest.raises(TypeError, match="HookBackward: expected a callable hook function"):
        ops.HookBackward(3)


def test_insert_gradient_of_clips():
    def clip(dx):
        return ops.clip_by_value(dx, -0.5, 0.5)
    insert = ops.InsertGradientOf(clip)
    gx, gy = ms.grad(lambda x, y: insert(x * y) * y, grad_position=(0, 1))(X, Y)
    onp.testing.assert_array_equal(gx, [1.5, 2.0])
    onp.testing.assert_array_equal(gy, [3.5, 9.0])
    keep = ops.InsertGradientOf(lambda dx: None)
    onp.testing.assert_array_equal(ms.grad(lambda x: keep(x * 3))(X), [3, 3])
    with pytest.raises(OpInputError, match="InsertGradientOf: expected 1 input, got 2"):
        insert(X, Y)
    assert issubclass(OpInputError, RuntimeError)


def test_always_call_forward_hooks_run_when_construct_raises():
    class Broken(nn.Cell):
        def construct(self, x):
            raise ArithmeticError("broken")
    seen = []
    broken = Broken()
    broken.register_forward_hook(lambda cell, args, out: seen.append(("always", out)),
                                 always_call=True)
    broken.register_forward_hook(lambda cell, args, out: seen.append(("normal", out)))
    with pytest.raises(ArithmeticError, match="broken"):
        broken(X)
    assert seen == [("always", None)]
