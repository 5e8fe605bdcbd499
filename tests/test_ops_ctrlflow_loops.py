"""ops.ForiLoop, WhileLoop, Scan and get_grad (with grad's return_ids): structures,
gradients (finite differences in float64), float32 kept, errors."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

X64 = onp.array([0.3, -0.7, 1.1])


def test_fori_loop_carries_any_structure_and_passes_python_ints():
    seen = []

    def body(i, v):
        seen.append(type(i))
        return (v[0] + 1, [v[1][0] * v[0]], {"k": v[2]["k"] + i})
    out = ops.ForiLoop()(0, 3, body, (ms.Tensor(1.0), [ms.Tensor([1.0, 2.0])], {"k": 0}))
    assert out[2] == {"k": 3} and type(out[1]) is list and seen == [int] * 3
    onp.testing.assert_allclose(out[1][0], [6.0, 12.0])
    assert ops.ForiLoop()(4, 1, body, "untouched") == "untouched"
    assert ops.ForiLoop()(ms.Tensor(onp.int32(0)), ms.Tensor(onp.int32(4)),
                          lambda i, t: i + t, 0) == 6


def test_loops_differentiate_in_float64_and_keep_float32():
    check_grads(lambda x: ops.ForiLoop()(0, 3, lambda i, v: ops.sin(v) * v + i, x),
                modes=["rev"], order=1)(X64)
    check_grads(lambda x: ops.WhileLoop()(lambda v: v[0] < 3,
                                          lambda v: (v[0] + 1, v[1] * ops.cos(v[1])),
                                          (0, x))[1], modes=["rev"], order=1)(X64)
    check_grads(lambda x: ops.Scan()(lambda c, e: (c * e + ops.sin(c), c * e), x,
                                     [x, 2 * x])[1][1], modes=["rev"], order=1)(X64)
    out = ops.ForiLoop()(0, 2, lambda i, v: v * 2, ms.Tensor([1.0]))
    assert out.dtype == onp.float32
    g = ms.grad(lambda x: ops.Scan()(lambda c, e: (c * e, c), x, [ms.Tensor(2.0)])[0].sum())(
        ms.Tensor([1.0, 3.0]))
    assert g.dtype == onp.float32 and onp.allclose(g, [2.0, 2.0])


def test_scan_builds_ys_and_takes_none_with_length():
    carry, ys = ops.Scan()(lambda c, x: (c + x, c), 0, [1, 2, 3, 4])
    assert (carry, ys) == (10, [0, 1, 3, 6])
    carry, ys = ops.Scan()(lambda c, x: (c * 2, x), 1, None, 3)
    assert (carry, ys) == (8, [None, None, None])
    assert ops.Scan()(lambda c, x: (c, x), 5, []) == (5, [])


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.ForiLoop()(0.5, 3, lambda i, v: v, 1), TypeError,
     "ForiLoop argument 'lower': expected an int or a Tensor"),
    (lambda: ops.ForiLoop()(0, "3", lambda i, v: v, 1), TypeError,
     "ForiLoop argument 'upper'"),
    (lambda: ops.ForiLoop()(0, 3, 3, 1), TypeError, "ForiLoop argument 'loop_func'"),
    (lambda: ops.WhileLoop()(3, lambda v: v, 1), TypeError, "WhileLoop argument 'cond_func'"),
    (lambda: ops.WhileLoop()(lambda v: v, nn.ReLU(), 1), TypeError,
     "WhileLoop argument 'loop_func'"),
    (lambda: ops.Scan()(3, 0, [1]), TypeError, "Scan argument 'loop_func'"),
    (lambda: ops.Scan()(lambda c, x: (c, x), 0, ms.Tensor([1.0])), TypeError,
     "Scan argument 'xs': expected a tuple, a list or None"),
    (lambda: ops.Scan()(lambda c, x: (c, x), 0, None, 2.0), TypeError,
     "Scan argument 'length'"),
    (lambda: ops.Scan()(lambda c, x: c + x, 0, [1]), ValueError,
     r"Scan loop_func \(step 0\): expected a pair"),
])
def test_loop_errors_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([2.0, 3.0]), name="w")
        self.b = ms.Parameter(ms.Tensor([1.0]), name="b")

    def construct(self, a, c):
        return (a * self.w * c + self.b).sum()


def test_get_grad_finds_positions_and_parameters():
    net, a, c = _Net(), ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])
    grads = ms.grad(net, (0, 1), net.trainable_params(), return_ids=True)(a, c)
    onp.testing.assert_allclose(ms.get_grad(grads, 0), [6.0, 12.0])
    onp.testing.assert_allclose(ops.get_grad(grads, 1), [2.0, 6.0])
    onp.testing.assert_allclose(ms.get_grad(grads, net.w), [3.0, 8.0])
    onp.testing.assert_allclose(ms.get_grad(grads, net.b), [2.0])
    value, grads = ms.value_and_grad(net, 0, net.w, return_ids=True)(a, c)
    assert grads[1][0] == "w"
    onp.testing.assert_allclose(ms.get_grad(grads, net.w), [3.0, 8.0])
    assert ms.get_grad(ms.grad(net, 1, return_ids=True)(a, c), 1).shape == (2,)


@pytest.mark.parametrize("identifier, error, match", [
    (5, RuntimeError, "get_grad: expected a gradient for position 5"),
    ("w", TypeError, "get_grad argument 'identifier': expected an int position or a "
     "Parameter"),
    (1.0, TypeError, "get_grad argument 'identifier'"),
])
def test_get_grad_errors(identifier, error, match):
    net = _Net()
    grads = ms.grad(net, 0, return_ids=True)(ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]))
    with pytest.raises(error, match=match):
        ms.get_grad(grads, identifier)
    with pytest.raises(RuntimeError, match="get_grad: expected a gradient for Parameter 'b'"):
        ms.get_grad(grads, net.b)
