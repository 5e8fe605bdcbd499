"""The benchmarks' candidates do the same work: one training step of each, from the same
weights, gives the same weights (so a ratio between two of them compares speed only).

``bench_core.py`` times minpy_compat against hand-written backprop (with NumPy's ReLU and
max, and with the facade's), HIPS autograd and a customop loss; ``bench_floor.py`` against
a minimal tracer and against minpy_compat's own NumPy calls run untraced. Batches of 8 and
of 256 (from 128 rows, max and row sums take the transposed path). Speed is never tested here.
"""
import functools
import os
import sys

import numpy as onp
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))
import bench_core  # noqa: E402
import bench_floor  # noqa: E402

_TWO_LAYERS = [20, 16, 5]
_FOUR_LAYERS = [20, 16, 16, 16, 5]  # (b)'s shape, smaller


def _stepped(step, sizes, batch=8):
    params, data, _, onehot = bench_core.make_mlp(sizes, batch=batch, seed=3)
    step(params, data, onehot)
    return params


def _candidates():
    same_kernels = functools.partial(bench_core.numpy_step, maximum=bench_core._ROW_MAXIMUM,
                                     largest=bench_core._SHORT_ROW_MAX)
    return {"hand-written, facade kernels": lambda: same_kernels,
            "HIPS autograd": bench_core.autograd_step_fn,
            "minimal tracer": bench_floor.minimal_step_fn,
            "untraced calls": lambda: bench_floor.untraced_step,
            "customop loss": bench_core.customop_step_fn}


@pytest.mark.parametrize("batch", [8, 256])
@pytest.mark.parametrize("name", sorted(_candidates()))
def test_a_step_updates_the_weights_as_minpy_compat_does(name, batch):
    ours = _stepped(bench_core.minpy_step_fn(), _TWO_LAYERS, batch)
    theirs = _stepped(_candidates()[name](), _TWO_LAYERS, batch)
    for (w_ours, b_ours), (w_theirs, b_theirs) in zip(ours, theirs):
        for mine, other in ((w_ours, w_theirs), (b_ours, b_theirs)):
            assert mine.dtype == other.dtype == onp.float32
            onp.testing.assert_allclose(mine, other, rtol=1e-5, atol=1e-6)


def test_the_steps_move_the_weights_and_agree_with_hand_written_backprop():
    start = _stepped(lambda *args: None, _TWO_LAYERS)
    hand = _stepped(bench_core.numpy_step, _TWO_LAYERS)
    ours = _stepped(bench_core.minpy_step_fn(), _TWO_LAYERS)
    for (w0, _), (w_hand, _), (w_ours, _) in zip(start, hand, ours):
        assert not onp.allclose(w0, w_hand)  # a step that does nothing would agree too
        onp.testing.assert_allclose(w_ours, w_hand, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("make", [bench_core.autograd_step_fn, bench_floor.minimal_step_fn,
                                  lambda: bench_core.numpy_step],
                         ids=["HIPS autograd", "minimal tracer", "hand-written"])
def test_deeper_models_too(make):
    ours = _stepped(bench_core.minpy_step_fn(), _FOUR_LAYERS)
    theirs = _stepped(make(), _FOUR_LAYERS)
    for (w_ours, b_ours), (w_theirs, b_theirs) in zip(ours, theirs):
        onp.testing.assert_allclose(w_ours, w_theirs, rtol=1e-5, atol=1e-6)
        onp.testing.assert_allclose(b_ours, b_theirs, rtol=1e-5, atol=1e-6)
