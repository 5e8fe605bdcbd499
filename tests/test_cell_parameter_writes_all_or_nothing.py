"""All-or-nothing Parameter writes against MindSpore 2.10: a Cell call that raises (a custom
optimizer that stops half-way, BatchNorm statistics before a later layer fails) puts back the
Parameters it wrote.

Each expected value was printed by real MindSpore 2.10 (CPU, PyNative) running the same code;
the comment or docstring quotes it."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError
from cell_write_helpers import F32, T, same


# ---- all or nothing: a Cell call that raises puts back the Parameters it wrote -----------
class LoopSGD(nn.Optimizer):
    """Seed 000's custom optimizer: one ops.assign per Parameter, in a loop."""

    def construct(self, gradients):
        lr = self.get_lr()
        for param, grad in zip(self.parameters, gradients):
            ops.assign(param, param - lr * grad)
        return True


class WritingSGD(nn.Optimizer):
    """The same update written with set_data, item assignment and an in-place operator."""

    def __init__(self, how, *args):
        super().__init__(*args)
        self.how = how

    def construct(self, gradients):
        for param, grad in zip(self.parameters, gradients):
            step = grad * self.get_lr()
            if self.how == "set_data":
                param.set_data(param - step)
            elif self.how == "setitem":
                param[...] = param - step
            else:
                param -= step
        return True


def params():
    return (ms.Parameter(T([1.0, 2.0]), name="a"), ms.Parameter(T([3.0]), name="b"),
            ms.Parameter(T([4.0, 5.0]), name="c"))


def values(ps):
    return [p.tolist() for p in ps]


def test_custom_optimizer_whose_second_assign_fails_updates_nothing():
    ps = params()
    opt = LoopSGD(0.5, ps)
    with pytest.raises(CellArgumentError, match=r"ops.assign to Parameter 'b': expected a "
                                                r"value of shape \(1,\), got shape \(2,\)"):
        opt((T([2.0, 2.0]), T([1.0, 1.0]), T([2.0, 2.0])))
    assert values(ps) == [[1.0, 2.0], [3.0], [4.0, 5.0]]
    opt((T([2.0, 2.0]), T([2.0]), T([2.0, 2.0])))  # a good step still updates all three
    assert values(ps) == [[0.0, 1.0], [2.0], [3.0, 4.0]]


def test_custom_optimizer_failing_in_its_own_arithmetic_updates_nothing():
    ps = params()
    with pytest.raises(ValueError, match="broadcast"):
        LoopSGD(0.5, ps)((T([2.0, 2.0]), T([1.0]), T([[1.0, 1.0, 1.0]])))
    assert values(ps) == [[1.0, 2.0], [3.0], [4.0, 5.0]]


def test_custom_optimizer_refused_a_string_value_updates_nothing():
    ps = params()

    class Strings(nn.Optimizer):
        def construct(self, gradients):
            ops.assign(self.parameters[0], gradients[0])
            ops.assign(self.parameters[1], onp.array(["x"]))
            return True

    with pytest.raises(CellTypeError, match="ops.assign to Parameter 'b': expected numbers"):
        Strings(0.5, ps)((T([9.0, 9.0]), T([9.0]), T([9.0, 9.0])))
    assert values(ps) == [[1.0, 2.0], [3.0], [4.0, 5.0]]


@pytest.mark.parametrize("how", ["set_data", "setitem", "in_place"])
def test_every_way_of_writing_a_parameter_is_put_back(how):
    ps = params()
    with pytest.raises((ValueError, CellArgumentError)):
        WritingSGD(how, 0.5, ps)((T([2.0, 2.0]), T([2.0]), T([1.0, 1.0, 1.0])))
    assert values(ps) == [[1.0, 2.0], [3.0], [4.0, 5.0]]
    WritingSGD(how, 0.5, ps)((T([2.0, 2.0]), T([2.0]), T([2.0, 2.0])))
    assert values(ps) == [[0.0, 1.0], [2.0], [3.0, 4.0]]


def test_optimizer_failing_inside_an_outer_cell_that_catches_keeps_the_outer_writes():
    ps = params()
    counter = ms.Parameter(T([0.0]), name="counter")

    class Trainer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.opt = LoopSGD(0.5, ps)
            self.counter = counter

        def construct(self, grads):
            ops.assign(self.counter, self.counter + 1)
            try:
                self.opt(grads)
            except CellArgumentError:
                return False
            return True

    assert Trainer()((T([2.0, 2.0]), T([1.0, 1.0]), T([2.0, 2.0]))) is False
    assert values(ps) == [[1.0, 2.0], [3.0], [4.0, 5.0]] and counter.tolist() == [1.0]


def test_outer_cell_failing_after_its_optimizer_puts_the_step_back():
    ps = params()

    class Trainer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.opt = nn.Momentum(ps, 0.5, 0.9)

        def construct(self, grads):
            self.opt(grads)
            raise RuntimeError("metric failed")

    trainer = Trainer()
    with pytest.raises(RuntimeError, match="metric failed"):
        trainer((T([2.0, 2.0]), T([2.0]), T([2.0, 2.0])))
    assert values(ps) == [[1.0, 2.0], [3.0], [4.0, 5.0]]
    assert [m.tolist() for m in trainer.opt.moments] == [[0.0, 0.0], [0.0], [0.0, 0.0]]
    assert trainer.opt.global_step.tolist() == [0]


def batchnorm_then_dense():
    return nn.SequentialCell([nn.BatchNorm1d(2), nn.Dense(3, 1)]).set_train()


def test_batchnorm_statistics_stay_when_a_later_layer_fails():
    net = batchnorm_then_dense()
    with pytest.raises(CellArgumentError, match="Dense '1' input: expected a last dimension of 3"):
        net(T(onp.arange(8, dtype=F32).reshape(4, 2)))
    assert net[0].moving_mean.tolist() == [0.0, 0.0]
    assert net[0].moving_variance.tolist() == [1.0, 1.0]


def test_batchnorm_statistics_stay_when_the_backward_pass_fails():
    class BadGrad(nn.Cell):
        def construct(self, x):
            return x * 2

        def bprop(self, x, out, dout):
            raise ZeroDivisionError("bprop failed")

    net = nn.SequentialCell([nn.BatchNorm1d(2), BadGrad()]).set_train()
    with pytest.raises(ZeroDivisionError, match="bprop failed"):
        ms.grad(net)(T(onp.arange(8, dtype=F32).reshape(4, 2)))
    assert net[0].moving_mean.tolist() == [0.0, 0.0]
    net(T(onp.arange(8, dtype=F32).reshape(4, 2)))  # a pass that works still moves them
    same(net[0].moving_mean, [0.3, 0.4], F32)
