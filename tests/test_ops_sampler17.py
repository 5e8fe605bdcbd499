"""Area random17's candidate samplers (``UniformCandidateSampler``,
``LogUniformCandidateSampler`` and their functions) and ``nn.SampledSoftmaxLoss``:
supports, frequencies on large fixed-seed samples, the expected-count formulas, seeded
reproducibility, float64 finite differences, float32 staying float32 and errors."""
import math

import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops
from minpy_compat.errors import CellArgumentError, CellTypeError, ReductionError

IDS = ms.Tensor(onp.array([[1, 3], [2, 4]]))


def _log_p(ids, range_max):
    ids = onp.asarray(ids, onp.float64)
    return onp.log((ids + 2) / (ids + 1)) / math.log(range_max + 1)


@pytest.mark.parametrize("unique", [False, True])
def test_uniform_sampler_support_counts_and_seed(unique):
    op = ops.UniformCandidateSampler(2, 6, unique, 10, seed=3)
    ids, true_count, sampled_count = op(IDS)
    assert ids.dtype == onp.int64 and ids.shape == (6,) and true_count.shape == (2, 2)
    assert true_count.dtype == sampled_count.dtype == onp.float32
    drawn = ids.asnumpy()
    assert ((0 <= drawn) & (drawn < 10)).all()
    if unique:
        assert len(set(drawn.tolist())) == 6
        assert 0.6 - 1e-6 <= true_count.asnumpy()[0, 0] < 1  # 1 - 0.9 ** tries, tries >= 6
    else:
        assert onp.allclose(true_count.asnumpy(), 0.6)
    assert onp.allclose(sampled_count.asnumpy(), true_count.asnumpy()[0, 0])
    again = ops.UniformCandidateSampler(2, 6, unique, 10, seed=3)(IDS)[0].asnumpy()
    assert (again == drawn).all()
    same = ops.uniform_candidate_sampler(IDS, 2, 6, unique, 10, seed=3)[0].asnumpy()
    assert (same == drawn).all()


def test_uniform_sampler_removes_true_classes_and_keeps_int32():
    ids = ms.Tensor(onp.array([[1, 3], [2, 4]], onp.int32))
    op = ops.UniformCandidateSampler(2, 6, True, 10, seed=5, remove_accidental_hits=True)
    for _ in range(20):
        drawn = op(ids)[0]
        assert drawn.dtype == onp.int32 and not set(drawn.asnumpy().tolist()) & {1, 2, 3, 4}
    with pytest.raises(CellArgumentError, match="UniformCandidateSampler true_classes"):
        ops.UniformCandidateSampler(2, 7, True, 10, remove_accidental_hits=True)(ids)


def test_uniform_sampler_frequencies():
    drawn = ops.UniformCandidateSampler(1, 50000, False, 8, seed=1)(
        ms.Tensor(onp.array([[0]])))[0].asnumpy()
    assert onp.allclose(onp.bincount(drawn, minlength=8) / 50000, 1 / 8, atol=0.01)


def test_log_uniform_sampler_frequencies_and_counts():
    op = ops.LogUniformCandidateSampler(1, 60000, False, 20, seed=2)
    true_ids = ms.Tensor(onp.array([[0], [7]]))
    drawn, true_count, sampled_count = op(true_ids)
    frequencies = onp.bincount(drawn.asnumpy(), minlength=20) / 60000
    assert onp.allclose(frequencies, _log_p(onp.arange(20), 20), atol=0.01)
    assert onp.allclose(true_count.asnumpy(), 60000 * _log_p([[0], [7]], 20), rtol=1e-6)
    assert onp.allclose(sampled_count.asnumpy(), 60000 * _log_p(drawn.asnumpy(), 20),
                        rtol=1e-6)


def test_log_uniform_unique_counts_follow_one_tries_number():
    drawn, true_count, sampled_count = ops.log_uniform_candidate_sampler(
        ms.Tensor(onp.array([[0, 5]])), 2, 6, True, 12, seed=9)
    assert len(set(drawn.asnumpy().tolist())) == 6
    p = _log_p(drawn.asnumpy(), 12)
    tries = onp.log1p(-sampled_count.asnumpy().astype(onp.float64)) / onp.log1p(-p)
    assert onp.allclose(tries, round(float(tries[0])), rtol=1e-3) and tries[0] >= 6
    want = -onp.expm1(round(float(tries[0])) * onp.log1p(-_log_p([[0, 5]], 12)))
    assert onp.allclose(true_count.asnumpy(), want, rtol=1e-5)


@pytest.mark.parametrize("make, error, match", [
    (lambda: ops.UniformCandidateSampler(0, 5, True, 10), CellArgumentError,
     "UniformCandidateSampler num_true: expected an int >= 1, got 0"),
    (lambda: ops.UniformCandidateSampler(1, 5, 1, 10), CellTypeError,
     "UniformCandidateSampler unique: expected a bool"),
    (lambda: ops.UniformCandidateSampler(1, 11, True, 10), CellArgumentError,
     "UniformCandidateSampler num_sampled: expected at most range_max 10 when unique"),
    (lambda: ops.UniformCandidateSampler(1, 5, True, 10, 0, 1), CellTypeError,
     "UniformCandidateSampler remove_accidental_hits"),
    (lambda: ops.LogUniformCandidateSampler(1, 5, True, 10, seed=-1), CellArgumentError,
     "LogUniformCandidateSampler seed"),
    (lambda: ops.LogUniformCandidateSampler(1.0), CellTypeError,
     "LogUniformCandidateSampler num_true"),
    (lambda: ops.LogUniformCandidateSampler(2, 5, True, 10)(
        ms.Tensor(onp.array([[1, 2]], onp.int32))), CellTypeError,
     "LogUniformCandidateSampler true_classes: expected an int64 Tensor"),
    (lambda: ops.uniform_candidate_sampler(ms.Tensor(onp.array([1, 2])), 2, 5, True, 10),
     CellArgumentError, r"UniformCandidateSampler true_classes: expected shape \(batch, "
     r"num_true=2\)"),
    (lambda: ops.log_uniform_candidate_sampler(IDS, 3), CellArgumentError,
     "LogUniformCandidateSampler true_classes"),
])
def test_sampler_errors(make, error, match):
    with pytest.raises(error, match=match):
        make()


# ---- nn.SampledSoftmaxLoss ------------------------------------------------------------------
def _inputs(dtype):
    rng = onp.random.RandomState(0)
    return [ms.Tensor(rng.randn(*shape).astype(dtype)) for shape in ((6, 4), (6,), (2, 4))]


def _fixed(dtype, sampled=(1, 2, 4)):
    return (ms.Tensor(onp.array(sampled, onp.int32)),
            ms.Tensor(onp.array([[0.5], [0.25]], dtype)),
            ms.Tensor(onp.array([0.5, 0.4, 0.3], dtype)))


def _by_hand(weights, biases, logits, labels, sampled, true_count, sampled_count, drop):
    true = (logits * weights[labels]).sum(1) + biases[labels] - onp.log(true_count)
    rows = []
    for row in range(len(labels)):
        keep = [k for k, s in enumerate(sampled) if not (drop and s == labels[row])]
        others = logits[row] @ weights[sampled[keep]].T + biases[sampled[keep]] \
            - onp.log(sampled_count[keep])
        both = onp.concatenate([[true[row]], others])
        rows.append(-(both[0] - both.max()) + onp.log(onp.exp(both - both.max()).sum()))
    return onp.array(rows)


@pytest.mark.parametrize("drop", [False, True])
def test_sampled_softmax_matches_the_formula(drop):
    weights, biases, logits = _inputs(onp.float64)
    labels = ms.Tensor(onp.array([[0], [2]]))
    fixed = _fixed(onp.float64)
    loss = nn.SampledSoftmaxLoss(3, 6, sampled_values=fixed, remove_accidental_hits=drop)
    got = loss(weights, biases, labels, logits)
    want = _by_hand(weights.asnumpy(), biases.asnumpy(), logits.asnumpy(), onp.array([0, 2]),
                    onp.array([1, 2, 4]), onp.array([0.5, 0.25]),
                    onp.array([0.5, 0.4, 0.3]), drop)
    assert got.dtype == onp.float64 and onp.allclose(got.asnumpy(), want)


def test_sampled_softmax_gradients_float64():
    weights, biases, logits = [t.asnumpy() for t in _inputs(onp.float64)]
    labels = ms.Tensor(onp.array([[0, 1], [2, 3]]))
    fixed = (ms.Tensor(onp.array([4, 5, 2])), ms.Tensor(onp.array([[0.5, 0.5], [0.2, 0.3]])),
             ms.Tensor(onp.array([0.5, 0.5, 0.5])))
    loss = nn.SampledSoftmaxLoss(3, 6, num_true=2, sampled_values=fixed, reduction="sum")
    check_grads(lambda w, b, x: loss(w, b, labels, x), modes=["rev"], order=1)(
        weights, biases, logits)


@pytest.mark.parametrize("reduction, shape", [("none", (2,)), ("mean", ()), ("sum", ())])
def test_sampled_softmax_float32_reduction_and_seed(reduction, shape):
    data, labels = _inputs(onp.float32), ms.Tensor(onp.array([[0], [2]], onp.int32))
    first = nn.SampledSoftmaxLoss(3, 6, seed=4, reduction=reduction)(*data[:2], labels, data[2])
    again = nn.SampledSoftmaxLoss(3, 6, seed=4, reduction=reduction)(*data[:2], labels, data[2])
    assert first.dtype == onp.float32 and first.shape == shape
    assert onp.array_equal(first.asnumpy(), again.asnumpy())
    ms.ops.grad(lambda w: nn.SampledSoftmaxLoss(3, 6, seed=4, reduction="sum")(
        w, data[1], labels, data[2]))(data[0])


@pytest.mark.parametrize("kwargs, error, match", [
    ({"num_sampled": 7}, CellArgumentError,
     "SampledSoftmaxLoss num_sampled: expected at most num_classes 6, got 7"),
    ({"num_true": 0}, CellArgumentError, "SampledSoftmaxLoss num_true: expected an int >= 1"),
    ({"seed": -1}, CellArgumentError, "SampledSoftmaxLoss seed"),
    ({"reduction": "foo"}, ReductionError, "SampledSoftmaxLoss reduction"),
    ({"sampled_values": [1, 2]}, CellArgumentError,
     "SampledSoftmaxLoss sampled_values: expected 3 items, got 2"),
    ({"sampled_values": 3}, CellTypeError, "SampledSoftmaxLoss sampled_values"),
    ({"remove_accidental_hits": 1}, CellTypeError,
     "SampledSoftmaxLoss remove_accidental_hits: expected a bool"),
])
def test_sampled_softmax_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        nn.SampledSoftmaxLoss(**dict({"num_sampled": 3, "num_classes": 6}, **kwargs))


def test_sampled_softmax_label_dtype_error():
    data = _inputs(onp.float32)
    with pytest.raises(CellTypeError, match="SampledSoftmaxLoss labels: expected an int32"):
        nn.SampledSoftmaxLoss(3, 6)(*data[:2], ms.Tensor(onp.zeros((2, 1), onp.float32)),
                                    data[2])


@pytest.mark.parametrize("name", ["minpy_compat.ops.prims_rand3",
                                  "minpy_compat.ops.prims_samplers",
                                  "minpy_compat.nn.loss_sampled"])
def test_docstring_examples_run(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
