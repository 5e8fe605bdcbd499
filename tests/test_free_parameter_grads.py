"""Gradients with respect to Parameters that a free function uses directly.

MindSpore differentiates ``ms.grad(lambda x: (x * w).sum(), 0, [w])`` with respect to
``w`` although no Cell holds it; so do we (``substitution.stand_ins`` and the Parameter
methods of ``parameter_reads``). The expected values below were recorded from
MindSpore 2.10 (CPU, PyNative); every other check compares the weight's gradient with
the gradient of the same code taking the value as an ordinary traced argument.
"""
import threading

import numpy
import pytest

import minpy_compat as ms
import minpy_compat.numpy as mnp
from minpy_compat import ops
from minpy_compat.array import Array
from minpy_compat.substitution import OPEN

W = numpy.array([[1., 2.], [3., 4.]], numpy.float32)
B = numpy.array([0.5, -1.], numpy.float32)
X = numpy.array([[1., -1.], [2., 0.5]], numpy.float32)


def _params():
    return ms.Parameter(ms.Tensor(W), name='w'), ms.Parameter(ms.Tensor(B), name='b')


# name -> (function of (x, w, b), MindSpore's gradient for w, for b)
RECORDED = {
    "mul": (lambda x, w, b: (x * w).sum(), [[1, -1], [2, .5]], [0, 0]),
    "constant_product": (lambda x, w, b: (w * 2).sum() + x.sum(), [[2, 2], [2, 2]], [0, 0]),
    "matmul": (lambda x, w, b: ops.matmul(x, w).sum(), [[3, 3], [-.5, -.5]], [0, 0]),
    "transpose": (lambda x, w, b: ops.matmul(x, w.T).sum(), [[3, -.5], [3, -.5]], [0, 0]),
    "index": (lambda x, w, b: (x[0] * w[1]).sum(), [[0, 0], [1, -1]], [0, 0]),
    "sum_method": (lambda x, w, b: w.sum() * x.sum(), [[2.5, 2.5], [2.5, 2.5]], [0, 0]),
    "bias": (lambda x, w, b: (ops.matmul(x, w) + b).sum(), [[3, 3], [-.5, -.5]], [2, 2]),
    "reshape": (lambda x, w, b: (w.reshape(4) * x.reshape(4)).sum(), [[1, -1], [2, .5]],
                [0, 0]),
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_recorded_mindspore_gradients(name):
    fn, want_w, want_b = RECORDED[name]
    w, b = _params()
    grad_x, (grad_w, grad_b) = ms.grad(lambda x: fn(x, w, b), 0, [w, b])(ms.Tensor(X))
    numpy.testing.assert_allclose(grad_w, want_w, rtol=1e-6)
    numpy.testing.assert_allclose(grad_b, want_b, rtol=1e-6)
    assert grad_w.dtype == numpy.float32 and type(grad_w) is Array
    # the input's gradient is what it was before weights took part
    numpy.testing.assert_allclose(grad_x, ms.grad(lambda x: fn(x, W, B))(ms.Tensor(X)),
                                  rtol=1e-6)


# Every way a value reaches computation: the facade, NumPy's own functions and ufuncs,
# operators (both sides), methods, views, indexing, iteration, MindSpore's ops and methods.
USES = {
    "facade_exp": lambda w: mnp.exp(w),
    "numpy_ufunc": lambda w: numpy.sin(w),
    "numpy_function": lambda w: numpy.sum(w * w, axis=0),
    "numpy_stack": lambda w: numpy.stack([w, 2 * w]),
    "facade_stack": lambda w: mnp.stack([w, w ** 2]),
    "left_operand": lambda w: w * 3.0 - w / 2.0,
    "right_operand": lambda w: 3.0 * w + 1.0 / (w + 4.0),
    "matmul_operator": lambda w: w @ w,
    "negative_abs": lambda w: -abs(w),
    "power": lambda w: w ** 3,
    "T": lambda w: w.T * numpy.arange(4.0).reshape(2, 2),
    "reshape": lambda w: w.reshape(4) * numpy.arange(4.0),
    "transpose_method": lambda w: w.transpose() * numpy.arange(4.0).reshape(2, 2),
    "ravel_flatten": lambda w: w.ravel() + w.flatten() ** 2,
    "astype": lambda w: w.astype(numpy.float64) ** 2,
    "dot_method": lambda w: w.dot(numpy.array([1.0, -2.0])),
    "reductions": lambda w: w.sum(axis=1) * w.mean() + w.max(0) - w.min() + w.prod(),
    "spread": lambda w: w.std() + w.var(axis=0),
    "cumulative": lambda w: w.cumsum(axis=0) * w.cumprod(axis=1),
    "clip_round_trace": lambda w: w.clip(1.5, 3.5) * w.trace(),
    "index": lambda w: w[0] * w[1, ::-1],
    "iterate": lambda w: sum(row * k for k, row in enumerate(w, 1)),
    "ops_functions": lambda w: ops.tanh(w) + ops.square(w) * ops.sigmoid(w),
    "ops_matmul_right": lambda w: ops.matmul(numpy.ones((3, 2)), w),
    "tensor_methods": lambda w: w.exp() + w.abs().sqrt(),
    "squeeze_swap": lambda w: w.reshape(1, 2, 2).squeeze(0).swapaxes(0, 1) * [[1.0, 2.0]],
}


@pytest.mark.parametrize("name", sorted(USES))
def test_every_use_of_a_parameter_is_differentiated(name):
    use = USES[name]
    value = numpy.array([[1.5, -0.5], [2.0, 0.25]])
    w = ms.Parameter(ms.Tensor(value.copy()), name='w')
    (grad_w,) = ms.grad(lambda: mnp.sum(use(w)), None, [w])()
    expected = ms.grad(lambda v: mnp.sum(use(v)))(ms.Tensor(value))
    assert numpy.any(expected != 0)
    numpy.testing.assert_allclose(grad_w, expected, rtol=1e-12)
    numpy.testing.assert_array_equal(w, value)  # the Parameter itself is untouched


def test_weight_gradient_matches_finite_differences_in_float64():
    value = numpy.array([[0.3, -1.2, 0.7], [1.1, 0.4, -0.6]])
    w = ms.Parameter(ms.Tensor(value.copy()), name='w')
    x = numpy.array([[0.5, 1.0], [-1.5, 2.0], [0.25, -0.75]])

    def loss():
        return mnp.sum(mnp.tanh(ops.matmul(x, w)) ** 2) + (w.T * w.T).sum()
    (grad_w,) = ms.grad(loss, None, [w])()
    assert grad_w.dtype == numpy.float64
    step, numeric = 1e-6, numpy.zeros_like(value)
    for index in numpy.ndindex(value.shape):
        for sign in (1, -1):
            w.set_data(value + sign * step * (numpy.arange(value.size).reshape(value.shape)
                                              == numpy.ravel_multi_index(index, value.shape)))
            numeric[index] += sign * float(loss()) / (2 * step)
    w.set_data(value)
    numpy.testing.assert_allclose(grad_w, numeric, rtol=1e-6, atol=1e-9)


def test_value_and_grad_and_grad_operation_see_the_weight():
    w, _ = _params()
    value, (grad_w,) = ms.value_and_grad(lambda x: (x * w).sum(), None, [w])(ms.Tensor(X))
    assert float(value) == pytest.approx(7.0)
    numpy.testing.assert_allclose(grad_w, X)
    grads = ops.GradOperation(get_by_list=True)(lambda x: (x * w).sum(),
                                                ms.ParameterTuple([w]))(ms.Tensor(X))
    numpy.testing.assert_allclose(grads[0], X)


def test_a_frozen_parameter_gets_zeros_as_in_mindspore():
    w = ms.Parameter(ms.Tensor(numpy.ones((2, 2), numpy.float32)), name='w2',
                     requires_grad=False)
    (grad_w,) = ms.grad(lambda x: (x * w).sum(), None, [w])(ms.Tensor(X))
    numpy.testing.assert_array_equal(grad_w, numpy.zeros((2, 2), numpy.float32))


def test_outside_a_gradient_a_parameter_still_computes_plain_arrays():
    w, _ = _params()
    for result in (w * 2, numpy.exp(w), w.T, w.sum(), w[0], w.reshape(4), mnp.exp(w)):
        assert type(result) in (Array, numpy.float32), type(result)
    assert OPEN[0] == 0


def test_an_error_inside_the_function_closes_the_substitution():
    w, _ = _params()

    def broken(x):
        (x * w).sum()
        raise KeyError("inside")
    with pytest.raises(KeyError, match="inside"):
        ms.grad(broken, 0, [w])(ms.Tensor(X))
    assert OPEN[0] == 0
    assert type(w * 2) is Array
    (grad_w,) = ms.grad(lambda x: (x * w).sum(), None, [w])(ms.Tensor(X))
    numpy.testing.assert_allclose(grad_w, X)


def test_another_thread_sees_its_own_plain_parameter():
    w, _ = _params()
    entered, release, seen = threading.Event(), threading.Event(), []

    def slow(x):
        entered.set()
        release.wait(10)
        return (x * w).sum()

    worker = threading.Thread(target=lambda: seen.append(
        ms.grad(slow, None, [w])(ms.Tensor(X))))
    worker.start()
    assert entered.wait(10)
    try:
        assert OPEN[0] == 1
        here = w * 2  # this thread has no substitution open: a plain Array
        assert type(here) is Array
        numpy.testing.assert_allclose(here, W * 2)
    finally:
        release.set()
        worker.join(10)
    numpy.testing.assert_allclose(seen[0][0], X)


def _unary_ops():
    return sorted(name for name in ops.__all__
                  if name[0].islower() and callable(getattr(ops, name))
                  and not isinstance(getattr(ops, name), type))


def test_every_differentiable_unary_op_sees_a_free_parameter():
    """Each ``ops`` function that differentiates a (2, 2) float64 argument (by the gradient
    of the same call on a traced argument) differentiates a Parameter used directly."""
    value = numpy.array([[0.3, 0.6], [0.2, 0.45]])
    checked, wrong = 0, []
    for name in _unary_ops():
        op = getattr(ops, name)
        try:
            ms.set_seed(7)
            expected = ms.grad(lambda v: mnp.sum(op(v)))(ms.Tensor(value))
        except Exception:  # noqa: BLE001 (not a one-argument differentiable op: not checked)
            continue
        if not (numpy.all(numpy.isfinite(expected)) and numpy.any(expected != 0)):
            continue
        w = ms.Parameter(ms.Tensor(value.copy()), name='w')
        ms.set_seed(7)
        (grad_w,) = ms.grad(lambda: mnp.sum(op(w)), None, [w])()
        checked += 1
        if not numpy.allclose(grad_w, expected, rtol=1e-10):
            wrong.append(name)
        numpy.testing.assert_array_equal(w, value, err_msg=name)
    assert wrong == []
    assert checked >= 150


def test_in_place_methods_write_into_the_stand_in_as_in_a_cell():
    """MindSpore 2.10 (CPU): ``w.add_(1.0)`` under grad gives ones and leaves ``w`` as it
    was; ours write into the traced stand-in, so the Parameter keeps its data too."""
    w, _ = _params()
    (grad_w,) = ms.grad(lambda: w.add_(1.0).sum(), None, [w])()
    numpy.testing.assert_array_equal(grad_w, numpy.ones((2, 2), numpy.float32))
    numpy.testing.assert_array_equal(w, W)

    def overwrite_row(x):
        w[0] = x[1]  # the first row now comes from x: w's own row gets no gradient
        return (w * w).sum()
    grad_x, (grad_w,) = ms.grad(overwrite_row, 0, [w])(ms.Tensor(X))
    numpy.testing.assert_allclose(grad_w, [[0, 0], [6, 8]])
    numpy.testing.assert_allclose(grad_x, [[0, 0], [4, 1]])
    numpy.testing.assert_array_equal(w, W)
    w[0] = 9.0  # outside a gradient: a write into the Parameter itself
    numpy.testing.assert_array_equal(w[0], [9.0, 9.0])


def test_every_differentiable_tensor_method_sees_a_free_parameter():
    """The same over MindSpore's Tensor methods and NumPy's reductions called without
    arguments (``w.exp()``, ``w.logsumexp()``, ``w.sum()``, ``w.value()``...). ``clone``
    makes a new Parameter, a constant, as in MindSpore."""
    from minpy_compat.ops.tensor_methods import FORWARDED, MODULES
    value = numpy.array([[0.3, 0.6], [0.2, 0.45]])
    names = set(FORWARDED) | {name for listed in MODULES.values() for name in listed}
    names |= {"sum", "mean", "max", "min", "prod", "std", "var", "cumsum", "value"}
    checked, wrong = 0, []
    for name in sorted(names - {"clone"}):
        def call(t, name=name):
            return mnp.sum(getattr(t, name)())
        try:
            ms.set_seed(3)
            expected = ms.grad(call)(ms.Parameter(ms.Tensor(value.copy())).value())
        except Exception:  # noqa: BLE001 (needs arguments, or has no gradient: not checked)
            continue
        if not (numpy.all(numpy.isfinite(expected)) and numpy.any(expected != 0)):
            continue
        w = ms.Parameter(ms.Tensor(value.copy()), name='w')
        ms.set_seed(3)
        (grad_w,) = ms.grad(lambda: call(w), None, [w])()
        checked += 1
        if not numpy.allclose(grad_w, expected, rtol=1e-10):
            wrong.append(name)
    assert wrong == []
    assert checked >= 95
