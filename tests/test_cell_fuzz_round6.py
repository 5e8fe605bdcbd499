"""Cell layer against MindSpore 2.10, sixth round: all-or-nothing Parameter writes (a custom
optimizer that stops half-way, BatchNorm statistics before a later layer fails),
``to_float`` with int inputs, ``nn.Dropout``, ``SequentialCell`` built from an OrderedDict,
``set_grad`` on containers, ``ops.clip_by_value`` and ``ops.clip_by_global_norm``.

Each expected value was printed by real MindSpore 2.10 (CPU, PyNative) running the same
code; the comment or docstring quotes it. Rolling writes back is the house rule, not
MindSpore's: MindSpore leaves whatever its ops wrote before the failure.
"""
from collections import OrderedDict

import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError

F16, F32, F64, I32 = onp.float16, onp.float32, onp.float64, onp.int32
T = ms.Tensor


def same(got, expected, dtype, atol=1e-6):
    assert onp.asarray(got).dtype == onp.dtype(dtype), f"{onp.asarray(got).dtype} != {dtype}"
    onp.testing.assert_allclose(onp.asarray(got, F64), onp.array(expected), rtol=0, atol=atol)


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


# ---- to_float with int inputs ------------------------------------------------------------
class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T(onp.array([0.5, 1.5, 2.5], F32)), name="w")

    def construct(self, x):
        return (x * self.w).sum(), x + 1


@pytest.mark.parametrize("dtype", [F16, F32])
def test_to_float_int_input_meeting_a_weight_gives_the_float_type(dtype):
    """MindSpore: to_float(float16) -> (Float16 11.0, Int32 [2 3 4]); to_float(float32) ->
    (Float32 11.0, Int32 [2 3 4]); the weight's gradient Float32 [1. 2. 3.] in both."""
    net = Scale().to_float(dtype)
    x = T(onp.array([1, 2, 3], I32))
    total, shifted = net(x)
    same(total, 11.0, dtype)
    same(shifted, [2, 3, 4], I32)
    (grad_w,) = ms.grad(net, grad_position=None, weights=net.trainable_params())(x)
    same(grad_w, [1.0, 2.0, 3.0], F32)


def test_to_float_int_input_in_a_sub_cell_and_in_a_list_output():
    """MindSpore: an int32 input times a float64 Tensor in a to_float(float16) Cell ->
    Float16 (without to_float: Float64); list outputs are cast item by item."""
    class Mixed(nn.Cell):
        def construct(self, x):
            return [x * T(onp.ones(3, F64)), x]

    outer = nn.SequentialCell([Mixed()]).to_float(F16)
    got = outer(T(onp.array([1, 2, 3], I32)))
    assert type(got) is list
    same(got[0], [1, 2, 3], F16)
    same(got[1], [1, 2, 3], I32)
    same(Mixed()(T(onp.array([1, 2, 3], I32)))[0], [1, 2, 3], F64)


# ---- nn.Dropout --------------------------------------------------------------------------
def test_dropout_keep_prob_zero_is_refused_by_its_own_name():
    """MindSpore: ValueError "For 'Dropout', the 'keep_prob' must be a number in range
    (0, 1], but got 0.0." (p=1.0: "the 'p' must be a number in range [0, 1)")."""
    with pytest.raises(CellArgumentError, match=r"Dropout keep_prob: expected a number in "
                                                r"\(0, 1\], got 0.0\. keep_prob is the "
                                                r"probability of keeping"):
        nn.Dropout(keep_prob=0.0)
    with pytest.raises(CellArgumentError, match=r"Dropout p: expected a number in \[0, 1\), "
                                                r"got -0.1"):
        nn.Dropout(p=-0.1)
    assert repr(nn.Dropout(keep_prob=1.0)) == "Dropout(keep_prob=1.0)"
    assert nn.Dropout(keep_prob=1.0).p == 0.0


def test_dropout_in_training_refuses_an_int_tensor():
    """MindSpore: TypeError "For primitive[Dropout], the input argument[x] must be a type of
    {Tensor[BFloat16], Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got
    Tensor[Int32]" (it was float64 NaN/inf here: 1 / int32(0.5))."""
    drop = nn.Dropout(p=0.5).set_train()
    with pytest.raises(CellTypeError, match=r"Dropout input: expected a Tensor of float16, "
                                            r"float32, float64, got int32"):
        drop(T(onp.ones((4, 4), I32)))
    # MindSpore: Int32 passes through in eval mode and with p=0; Float16 -> Float16 and
    # Float64 -> Float64 in training, the kept values x / (1 - p)
    assert nn.Dropout(p=0.5)(T(onp.ones(2, I32))).dtype == I32
    assert nn.Dropout(p=0.0).set_train()(T(onp.ones(2, I32))).dtype == I32
    for dtype in (F16, F32, F64):
        out = drop(T(onp.ones((8, 8), dtype)))
        assert out.dtype == dtype and set(onp.unique(out.asnumpy()).tolist()) <= {0.0, 2.0}


def test_dropout_in_training_refuses_a_python_number():
    """MindSpore: TypeError 'Failed calling Dropout with ... (x=float)' (AttributeError here)."""
    with pytest.raises(CellTypeError, match=r"Dropout input: expected a Tensor, got float 2.0"):
        nn.Dropout(p=0.5).set_train()(2.0)


# ---- SequentialCell from an OrderedDict, set_grad on containers --------------------------
def names(cell):
    return [n for n, _ in cell.cells_and_names()], [p.name for p in cell.trainable_params()]


def test_sequentialcell_deleting_keeps_the_names_an_ordereddict_gave():
    """MindSpore: OrderedDict a, b, c; del s[1] -> cells ['', 'a', 'c'], Parameters
    ['a.weight', 'a.bias', 'c.weight', 'c.bias'] (not re-keyed '0', '1')."""
    s = nn.SequentialCell(OrderedDict([("a", nn.Dense(2, 3)), ("b", nn.ReLU()),
                                       ("c", nn.Dense(3, 1))]))
    del s[1]
    assert names(s) == (["", "a", "c"], ["a.weight", "a.bias", "c.weight", "c.bias"])
    assert s(T(onp.ones((1, 2), F32))).shape == (1, 1)
    listed = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 1)])
    del listed[0]  # MindSpore: from a list, re-keyed -> ['', '0', '1'], ['1.weight', '1.bias']
    assert names(listed) == (["", "0", "1"], ["1.weight", "1.bias"])


def test_sequentialcell_appended_items_are_rekeyed_the_named_ones_kept():
    """MindSpore: OrderedDict a, b + append x2; del s[0] -> ['', 'b', '1', '2'] with
    ['b.weight', 'b.bias', '1.weight', '1.bias']; del s[1:2] -> ['', 'b', '1'];
    a slice's keys are all kept: s[0:] then del [0] -> ['', '1']."""
    s = nn.SequentialCell(OrderedDict([("a", nn.Dense(2, 3)), ("b", nn.Dense(3, 3))]))
    s.append(nn.Dense(3, 1))
    s.append(nn.ReLU())
    del s[0]
    assert names(s) == (["", "b", "1", "2"], ["b.weight", "b.bias", "1.weight", "1.bias"])
    del s[1:2]
    assert names(s) == (["", "b", "1"], ["b.weight", "b.bias"])
    sliced = s[0:]
    del sliced[0]
    assert names(sliced)[0] == ["", "1"]


@pytest.mark.parametrize("make", [lambda cells: nn.SequentialCell(cells), nn.CellList],
                         ids=["SequentialCell", "CellList"])
def test_set_grad_on_a_container_reaches_its_cells(make):
    """MindSpore: CellList([Dense, SequentialCell([Dense])]).set_grad() -> True for all
    four; set_grad(False) -> False for all (a plain Cell's set_grad stays its own)."""
    inner = nn.SequentialCell([nn.Dense(1, 1)])
    box = make([nn.Dense(1, 1), inner])
    assert box.set_grad() is box
    assert [box.requires_grad, box[0].requires_grad, inner.requires_grad,
            inner[0].requires_grad] == [True] * 4
    box.set_grad(False)
    assert [box.requires_grad, box[0].requires_grad, inner[0].requires_grad] == [False] * 3
    # MindSpore: a plain Cell's set_grad() stays its own (Outer True, its sub-cells False)
    plain = nn.Dense(1, 1)
    outer = nn.WithLossCell(plain, nn.MSELoss()).set_grad()
    assert outer.requires_grad and not plain.requires_grad


@pytest.mark.parametrize("module", ["minpy_compat.nn.containers", "minpy_compat.write_journal",
                                    "minpy_compat.ops.clipping"])
def test_new_modules_docstring_examples_run(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed


# ---- ops.clip_by_value and ops.clip_by_global_norm ---------------------------------------
X3 = onp.array([-2.0, 0.5, 3.0], F32)


def test_clip_by_value_casts_its_bounds_to_the_input_dtype():
    """MindSpore: int32 [-2 0 3] with bounds -1.5, 1.5 -> Int32 [-1 0 1]; float16 x with
    float32 Tensor bounds -> Float16; a float64 Tensor bound on float32 x -> Float32."""
    same(ops.clip_by_value(T(onp.array([-2, 0, 3], I32)), -1.5, 1.5), [-1, 0, 1], I32)
    same(ops.clip_by_value(T(X3.astype(F16)), T(-1.5), T(1.5)), [-1.5, 0.5, 1.5], F16)
    same(ops.clip_by_value(T(X3), T(onp.float64(-1.0)), 1.0), [-1.0, 0.5, 1.0], F32)


def test_clip_by_value_takes_the_maximum_first_so_min_above_max_gives_max():
    """MindSpore: clip_by_value(x, 1.0, -1.0) -> [-1. -1. -1.]; its gradient [0 0 0 0 0]."""
    same(ops.clip_by_value(T(X3), 1.0, -1.0), [-1.0, -1.0, -1.0], F32)
    grid = T(onp.array([-2.0, -1.0, 0.0, 1.0, 2.0], F32))
    same(ms.grad(lambda a: ops.clip_by_value(a, 1.0, -1.0).sum())(grid), [0] * 5, F32)


def test_clip_by_value_clips_each_of_a_list_or_tuple():
    """MindSpore: a list [x, 2x] or a tuple gives a tuple: ([-1. 0.5 1.], [-1. 1. 1.])."""
    for box in (list, tuple):
        got = ops.clip_by_value(box([T(X3), T(X3 * 2)]), -1.0, 1.0)
        assert type(got) is tuple and len(got) == 2
        same(got[0], [-1.0, 0.5, 1.0], F32)
        same(got[1], [-1.0, 1.0, 1.0], F32)


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.clip_by_value(T(X3)), CellArgumentError,
     r"ops.clip_by_value: expected clip_value_min or clip_value_max, got None for both"),
    (lambda: ops.clip_by_value(3.0, -1.0, 1.0), CellTypeError,
     r"ops.clip_by_value x: expected a Tensor or a tuple or list of Tensors, got float 3.0"),
    (lambda: ops.clip_by_value([T(X3), 2.0], -1.0, 1.0), CellTypeError,
     r"ops.clip_by_value x: expected a Tensor or a tuple or list of Tensors"),
    (lambda: ops.clip_by_value(T(X3), "1", 1.0), CellTypeError,
     r"ops.clip_by_value clip_value_min: expected None, a Tensor or a number, got str '1'"),
    (lambda: ops.clip_by_global_norm([T(X3)], 0.0), CellArgumentError,
     r"ops.clip_by_global_norm clip_norm: expected a number > 0, got 0.0"),
    (lambda: ops.clip_by_global_norm([T(X3)], 2.0, 1.0), CellArgumentError,
     r"ops.clip_by_global_norm use_norm: expected None"),
    (lambda: ops.clip_by_global_norm([T(X3), "x"]), CellTypeError,
     r"ops.clip_by_global_norm x: expected a Tensor or a tuple or list of Tensors"),
])
def test_clipping_errors_name_the_op_and_argument(call, error, match):
    """MindSpore: ValueError 'at least one of clip_value_min or clip_value_max must not be
    None'; TypeError 'the type of argument x must be Tensor or tuple[Tensor] or list[Tensor]'
    (and for clip_value_min); ValueError "the argument 'clip_norm' must > 0.0, but got 0.0";
    ValueError "input 'use_norm' only supports None currently"."""
    with pytest.raises(error, match=match):
        call()


def test_clip_by_global_norm_matches_mindspore():
    """MindSpore: (x, 2x) with clip_norm 1.0 -> ([-0.24571806 0.06142952 0.3685771],
    [-0.49143612 0.12285903 0.7371542]) as a tuple (from a list too); one Tensor ->
    one Tensor [-0.54944223 0.13736056 0.8241634]; clip_norm 100 leaves x alone; clip_norm=2
    (an int) -> [-1.0988845 0.27472112 1.6483268]; float16 with float32 -> Float16 and
    Float32; int32 [3 4] -> Int32 [0 0]; the gradient of sum(first) -> [0.15067616
    0.11590474 0.08113332]."""
    x = T(X3)
    got = ops.clip_by_global_norm([x, x * 2], 1.0)
    assert type(got) is tuple
    same(got[0], [-0.24571806, 0.06142952, 0.3685771], F32)
    same(got[1], [-0.49143612, 0.12285903, 0.7371542], F32)
    same(ops.clip_by_global_norm(x, 1.0), [-0.54944223, 0.13736056, 0.8241634], F32)
    same(ops.clip_by_global_norm((x,), 100.0)[0], X3, F32)
    same(ops.clip_by_global_norm((x,), 2)[0], [-1.0988845, 0.27472112, 1.6483268], F32)
    assert [t.dtype for t in ops.clip_by_global_norm([x.astype(F16), x])] == [F16, F32]
    same(ops.clip_by_global_norm([T(onp.array([3, 4], I32))])[0], [0, 0], I32)
    grad = ms.grad(lambda a: ops.clip_by_global_norm([a, a * 2], 1.0)[0].sum())(x)
    same(grad, [0.15067616, 0.11590474, 0.08113332], F32, atol=1e-7)


def test_clipping_gradients_match_float64_references():
    from autograd.test_util import check_grads
    rng = onp.random.default_rng(6)
    a, b = rng.normal(size=(2, 3)), rng.normal(size=4) * 3
    weights = onp.arange(1.0, 5.0)

    def clipped(u):
        first, second = ops.clip_by_global_norm((u, b), 1.5)
        return first.sum() + (second * weights).sum()

    # The norm is taken in float32 (as MindSpore does), too coarse for finite differences:
    # the closed form instead. f = 1.5 / N * K, N = |(u, b)|, K = sum(u) + sum(b * weights)
    norm = onp.sqrt((a * a).sum() + (b * b).sum())
    total = a.sum() + (b * weights).sum()
    expected = 1.5 / norm - 1.5 * total * a / norm ** 3
    got = ms.grad(clipped)(a)
    assert got.dtype == F64
    onp.testing.assert_allclose(got, expected, rtol=1e-6)
    # Tensor bounds are differentiable too (MindSpore: x grad [0. 1. 0.], low's grad 1.)
    check_grads(lambda u, low: ops.clip_by_value(u, low, 0.8).sum(), modes=["rev"],
                order=1)(a, onp.float64(-0.3))
