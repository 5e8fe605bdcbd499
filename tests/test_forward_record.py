"""A set_grad Cell's recorded forward (``ops/forward_record``): gradients served from it
match finite differences (float64), the record dies at the Cell's next call, a record that
cannot serve the gradient asked runs the forward again, and errors leave no record behind.
MindSpore's behaviour itself is replayed in ``test_forward_record_oracle.py``."""
import copy
import gc
import pickle
import types
import weakref

import numpy as onp
import pytest
from autograd.core import VJPNode
from autograd.tracer import Box

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError

RECORD = "_forward_record"


class Curve(nn.Cell):
    """sum(tanh(w * x) * x + b), float64; counts its construct runs. ``extra`` is a
    Parameter held in a plain list: construct uses it, trainable_params() does not list it."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(onp.array([0.3, -0.7, 1.1])), name="w")
        self.b = ms.Parameter(ms.Tensor(onp.array([0.5])), name="b")
        self.extra = [ms.Parameter(ms.Tensor(onp.array([2.0])), name="extra")]
        self.runs = 0

    def construct(self, x):
        self.runs += 1
        return (ops.tanh(self.w * x) * x * self.extra[0] + self.b).sum()


def _value(net, x):
    return float((onp.tanh(net.w.asnumpy() * x) * x * net.extra[0].asnumpy()
                  + net.b.asnumpy()).sum())


def _numeric(net, x, param=None, eps=1e-6):
    """Central differences of ``net`` at ``x`` for ``x`` itself or for ``param``'s data."""
    target = x if param is None else param.asnumpy()
    grad = onp.zeros_like(target)
    for i in onp.ndindex(target.shape):
        values = []
        for step in (eps, -eps):
            moved = target.copy()
            moved[i] += step
            if param is None:
                values.append(_value(net, moved))
            else:
                old = param.asnumpy().copy()
                param.set_data(ms.Tensor(moved))
                values.append(_value(net, x))
                param.set_data(ms.Tensor(old))
        grad[i] = (values[0] - values[1]) / (2 * eps)
    return grad


X = onp.array([0.2, -1.3, 0.8])


def _graph_arrays(record):
    """The plain arrays a record's graph holds: through containers, boxes, nodes and the
    closures of their gradient functions (not through modules or Cells)."""
    seen, stack, found = set(), [record], []
    walk = (tuple, list, dict, types.CellType, types.FunctionType, Box, VJPNode,
            type(record))
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if type(obj) is onp.ndarray:
            found.append(obj)
        elif isinstance(obj, types.FunctionType):
            stack.extend(obj.__closure__ or ())
        elif isinstance(obj, walk):
            stack.extend(gc.get_referents(obj))
    return found


def test_reused_gradients_match_finite_differences_float64():
    net, x = Curve().set_grad(), ms.Tensor(X)
    sens = ms.Tensor(onp.float64(3.0))
    loss = net(x)
    grads = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)(
        net, net.trainable_params())(x, sens)
    assert net.runs == 1 and RECORD not in net.__dict__
    assert grads[0][0].dtype == onp.float64
    onp.testing.assert_allclose(float(loss), _value(net, X), rtol=1e-12)
    onp.testing.assert_allclose(grads[0][0], 3 * _numeric(net, X), rtol=1e-6)
    onp.testing.assert_allclose(grads[1][0], 3 * _numeric(net, X, net.w), rtol=1e-6)
    onp.testing.assert_allclose(grads[1][1], 3 * _numeric(net, X, net.b), rtol=1e-6)


def test_value_and_grad_with_aux_reuses_the_forward():
    class Pair(nn.Cell):
        def __init__(self):
            super().__init__()
            self.runs = 0

        def construct(self, x):
            self.runs += 1
            return (x ** 3).sum(), x * 2

    net, x = Pair().set_grad(), ms.Tensor(X)
    net(x)
    (loss, aux), grad = ms.value_and_grad(net, has_aux=True)(x)
    assert net.runs == 1
    onp.testing.assert_allclose(grad, 3 * X ** 2, rtol=1e-12)
    onp.testing.assert_allclose(aux, 2 * X)
    onp.testing.assert_allclose(float(loss), (X ** 3).sum())


def test_the_record_dies_at_the_next_call():
    net, x = Curve().set_grad(), ms.Tensor(X)
    net(x)
    record = weakref.ref(net.__dict__[RECORD])
    arrays = [weakref.ref(a) for a in _graph_arrays(record())]
    assert len(arrays) > 3  # the inputs' views and the intermediates the backward needs
    net(ms.Tensor(X))  # the next call: a new record, the old graph is free
    gc.collect()
    assert record() is None and all(a() is None for a in arrays)


def test_a_gradient_or_a_call_inside_one_ends_the_record():
    net, x = Curve().set_grad(), ms.Tensor(X)
    net(x)
    record = weakref.ref(net.__dict__[RECORD])
    ms.grad(lambda a: net(a))(x)  # net runs inside this pass: the record ends there
    gc.collect()
    assert record() is None and net.runs == 2
    net(x)
    ms.grad(net)(x)
    ms.grad(net)(x)  # a record serves one gradient: this one runs the forward again
    assert net.runs == 4 and RECORD not in net.__dict__


def test_a_parameter_the_record_did_not_trace_runs_the_forward_again():
    net, x = Curve().set_grad(), ms.Tensor(X)
    net(x)
    extra = net.extra[0]
    grad = ms.grad(net, None, [extra])(x)
    assert net.runs == 2  # served by a new forward, with the right gradient
    onp.testing.assert_allclose(grad[0], _numeric(net, X, extra), rtol=1e-6)


def test_an_int_input_is_not_recorded_and_its_gradient_runs_the_forward():
    class Mixed(nn.Cell):
        runs = 0

        def construct(self, x, n):
            Mixed.runs += 1
            return (x * n).sum()

    net = Mixed().set_grad()
    x, n = ms.Tensor(X), ms.Tensor(onp.array([1, 2, 3], onp.int32))
    net(x, n)
    grads = ms.grad(net, (0, 1))(x, n)
    assert Mixed.runs == 2
    onp.testing.assert_allclose(grads[0], [1.0, 2.0, 3.0])
    net(x, n)
    onp.testing.assert_allclose(ms.grad(net)(x, n), [1.0, 2.0, 3.0])
    assert Mixed.runs == 3  # input 0 alone: served by the record


def test_a_bad_sens_from_a_record_names_the_operation_and_drops_the_record():
    net, x = Curve().set_grad(), ms.Tensor(X)
    net(x)
    grad_fn = ops.GradOperation(sens_param=True)(net)
    with pytest.raises(CellArgumentError, match=r"GradOperation\(Curve\) sens.*shape \(\)"):
        grad_fn(x, ms.Tensor(onp.ones(2)))
    assert RECORD not in net.__dict__ and net.runs == 1
    onp.testing.assert_allclose(grad_fn(x, ms.Tensor(onp.float64(1.0))), _numeric(net, X),
                                rtol=1e-6)


def test_without_set_grad_nothing_is_recorded():
    net, x = Curve(), ms.Tensor(X)
    net(x)
    ms.grad(net)(x)
    assert RECORD not in net.__dict__ and net.runs == 2


def test_copies_and_pickles_leave_the_record_behind():
    net, x = Curve().set_grad(), ms.Tensor(X)
    net(x)
    for copied in (copy.deepcopy(net), pickle.loads(pickle.dumps(net))):
        assert RECORD not in copied.__dict__ and copied.requires_grad
        onp.testing.assert_allclose(ms.grad(copied)(x), _numeric(net, X), rtol=1e-6)
    assert RECORD in net.__dict__  # the original keeps its own


def test_a_cell_taking_its_own_gradients_runs_plainly_under_set_grad():
    class GradWrap(nn.Cell):  # MindSpore's idiom; set_grad on it is common in its tests
        def __init__(self, net):
            super().__init__()
            self.network, self.weights = net, ms.ParameterTuple(net.trainable_params())

        def construct(self, x):
            return ops.GradOperation(get_by_list=True)(self.network, self.weights)(x)

    inner, x = Curve(), ms.Tensor(X)
    wrap = GradWrap(inner).set_grad()
    for runs in (1, 2):  # the first call's traced attempt fails before inner runs
        grads = wrap(x)
        assert inner.runs == runs and RECORD not in wrap.__dict__
        onp.testing.assert_allclose(grads[0], _numeric(inner, X, inner.w), rtol=1e-6)


def test_a_construct_error_under_set_grad_is_raised_and_the_cell_still_records():
    net = Curve().set_grad()
    with pytest.raises(ValueError):
        net(ms.Tensor(onp.ones(4)))  # (3,) weights against 4 inputs
    net(ms.Tensor(X))
    assert RECORD in net.__dict__
