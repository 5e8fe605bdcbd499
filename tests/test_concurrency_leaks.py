"""State that must not leak: between threads (the device), or over many calls (memory, tables).

The leak checks are not timed: they run many ``grad`` calls of a customop program, many
``TrainOneStepCell`` steps and many failing ``grad`` calls, and check that ``tracemalloc``
and the module-level tables end where they started (after a warm-up). CI runs a fifth of the
calls; ``MINPY_COMPAT_LEAK_CALLS=full`` runs them all (10,000 grads, 2,000 steps, ...).
"""
import gc
import os
import threading
import tracemalloc
import weakref

import numpy as onp
import pytest
from autograd.core import primitive_vjps

import minpy_compat as ms
import minpy_compat.numpy as np
from minpy_compat import customop, grad, nn, ops, registry
from minpy_compat.dispatch import _switch
from minpy_compat.nn import bprop
from minpy_compat.ops import int_inputs


_SHARE = 1 if os.environ.get("MINPY_COMPAT_LEAK_CALLS") == "full" else 5


def _tables():
    return {"custom ops": len(registry.all_ops()), "autograd VJPs": len(primitive_vjps),
            "dispatch reasons": len(_switch._reasons), "int stand-ins": len(int_inputs._stand_ins),
            "bprop ops": len(bprop._ops)}


def _growth(work, count, warm=50):
    """Bytes ``tracemalloc`` holds more after ``count`` calls of ``work`` (after a warm-up),
    and the tables before and after."""
    count //= _SHARE
    for _ in range(warm):
        work()
    gc.collect()
    before = _tables()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(count):
            work()
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    return grown, before, _tables()


# ---- custom ops made per call go when their users drop them ------------------------------------
def _custom_per_call():
    double = ops.Custom(lambda x: x * 2, out_shape=lambda s: s, out_dtype=lambda d: d,
                        func_type="pyfunc", bprop=lambda x, out, dout: (dout * 2,))
    found = ms.grad(lambda v: ops.sum(double(v)))(ms.Tensor(onp.ones(3)))
    onp.testing.assert_array_equal(found, [2, 2, 2])
    return double


def _customop_per_call():
    @customop('numpy')
    def scaled(x, y=3.0):
        return x * y
    scaled.def_grad(lambda ans, x, y: lambda g: g * y)
    onp.testing.assert_array_equal(grad(lambda a: np.sum(scaled(a)))(onp.ones(2)), [3, 3])
    return scaled


@pytest.mark.parametrize("make", [_custom_per_call, _customop_per_call],
                         ids=["ops.Custom", "customop"])
def test_an_op_made_per_call_is_freed_with_its_gradient_entry(make):
    # before: the registry, its maker tables and autograd's VJP table kept every op for good
    make()
    gc.collect()
    before = len(primitive_vjps), len(registry.all_ops())
    op = weakref.ref(make())
    for _ in range(20):
        make()
    gc.collect()
    assert op() is None
    assert (len(primitive_vjps), len(registry.all_ops())) == before


def test_a_live_op_keeps_its_gradients_and_stays_listed():
    op = _customop_per_call()
    gc.collect()
    assert op in registry.all_ops() and registry.registered_argnums(op) == [0]
    onp.testing.assert_array_equal(grad(lambda a: np.sum(op(a, 2.0)))(onp.ones(2)), [2, 2])


# ---- the device is the calling thread's --------------------------------------------------------
def test_get_context_device_is_the_calling_threads():
    # before: device_target/device_id were process-wide, though the device is per thread
    seen = {}

    def other():
        ms.set_context(device_target="CPU", device_id=3)
        seen["other"] = ms.get_context("device_id"), ms.current_context()
    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen["other"] == (3, ms.cpu(3))
    assert ms.get_context("device_id") == 0 and ms.current_context() == ms.cpu(0)
    ms.set_context(device_target="CPU")  # names no id: this thread's (0), not the other's
    assert ms.current_context() == ms.cpu(0)


def test_get_context_device_follows_a_context_set_any_way():
    # before: set_context(gpu(1)) and `with gpu(1):` left get_context saying 'CPU', 0
    try:
        ms.set_context(ms.gpu(1))
        assert (ms.get_context("device_target"), ms.get_context("device_id")) == ("GPU", 1)
    finally:
        ms.set_context(device_target="CPU", device_id=0)
    with ms.gpu(2):
        assert (ms.get_context("device_target"), ms.get_context("device_id")) == ("GPU", 2)
    assert (ms.get_context("device_target"), ms.get_context("device_id")) == ("CPU", 0)


def test_get_context_still_names_its_keys():
    with pytest.raises(RuntimeError, match=r"get_context: expected one of \[.*'device_id', "
                                           r"'device_target', 'mode'.*\], got 'nothing'"):
        ms.get_context("nothing")


# ---- many calls: no growth -----------------------------------------------------------------------
@customop('numpy')
def _cubed(x, k=1.0):
    return k * x ** 3


_cubed.def_grad(lambda ans, x, k: lambda g: 3 * k * g * x ** 2)


def test_ten_thousand_grads_of_a_customop_program_do_not_grow():
    x = onp.linspace(-1.0, 1.0, 3)
    grown, before, after = _growth(lambda: grad(lambda a: np.sum(_cubed(a, k=2.0) * a))(x),
                                   10000)
    assert after == before and grown < 64 * 1024, (grown, before, after)


class _FailingSGD(nn.SGD):
    def construct(self, grads):
        super().construct(grads)
        raise KeyError("the optimizer fails after its update")


def test_two_thousand_training_steps_do_not_grow_and_failed_ones_write_nothing():
    x, y = ms.Tensor(onp.ones((4, 3), onp.float32)), ms.Tensor(onp.zeros((4, 2), onp.float32))
    net = nn.Dense(3, 2)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               nn.SGD(net.trainable_params(), 0.01))
    grown, before, after = _growth(lambda: step(x, y), 1500)  # 1500 + 500 failed
    assert after == before and grown < 128 * 1024, (grown, before, after)
    failing = nn.Dense(3, 2)
    kept = failing.weight.asnumpy().copy()
    bad = nn.TrainOneStepCell(nn.WithLossCell(failing, nn.MSELoss()),
                              _FailingSGD(failing.trainable_params(), 0.01))

    def failed_step():
        with pytest.raises(KeyError):
            bad(x, y)
    grown, before, after = _growth(failed_step, 500)
    assert after == before and grown < 128 * 1024, (grown, before, after)
    onp.testing.assert_array_equal(failing.weight.asnumpy(), kept)


def test_two_thousand_failed_grads_do_not_grow_and_the_next_call_works():
    def broken(a):
        np.sum(_cubed(a) * 2)
        raise KeyError("user bug")

    def failed():
        with pytest.raises(KeyError):
            grad(broken)(onp.ones(3))
    grown, before, after = _growth(failed, 2000)
    assert after == before and grown < 64 * 1024, (grown, before, after)
    onp.testing.assert_array_equal(grad(lambda a: np.sum(_cubed(a)))(onp.ones(2)), [3, 3])
