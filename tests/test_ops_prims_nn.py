"""The neural-network primitives (``ops.Conv2D``, ``ops.LayerNorm``, the loss, random and
Parameter-writing primitives): float64 finite-difference checks, float32 kept, random
statistics, all-or-nothing writes, and an error naming the op and argument for each."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

rng = onp.random.RandomState(5)


def _r(*shape, low=-2.0, high=2.0):
    return rng.uniform(low, high, size=shape)


LABELS = onp.array([1, 0, 3])
ONEHOT = onp.eye(4)[LABELS]
# (name, primitive, float inputs, fixed trailing inputs)
GRAD_CASES = [
    ("Conv2D", ops.Conv2D(3, 3), [_r(1, 2, 5, 5), _r(3, 2, 3, 3)], []),
    ("Conv2D-same", ops.Conv2D(3, 3, 1, "same", 0, 2), [_r(1, 2, 5, 5), _r(3, 2, 3, 3)], []),
    ("BiasAdd", ops.BiasAdd(), [_r(2, 3, 2), _r(3)], []),
    ("Dense", ops.Dense(), [_r(3, 4), _r(2, 4), _r(2)], []),
    ("MaxPool", ops.MaxPool(2, 2), [_r(1, 2, 4, 4)], []),
    ("AvgPool", ops.AvgPool(3, 2, "same"), [_r(1, 2, 5, 5)], []),
    ("AdaptiveAvgPool2D", ops.AdaptiveAvgPool2D(2), [_r(1, 2, 4, 4)], []),
    ("FastGeLU", ops.FastGeLU(), [_r(2, 3)], []),
    ("PReLU", ops.PReLU(), [_r(2, 3, 4), _r(3, low=0.1, high=0.5)], []),
    ("CeLU", ops.CeLU(0.5), [_r(2, 3)], []),
    ("HShrink", ops.HShrink(), [_r(2, 3)], []),
    ("SoftShrink", ops.SoftShrink(0.3), [_r(2, 3)], []),
    ("Softsign", ops.Softsign(), [_r(2, 3)], []),
    ("GLU", ops.GLU(), [_r(2, 6)], []),
    ("L2Loss", ops.L2Loss(), [_r(2, 3)], []),
    ("LayerNorm", ops.LayerNorm(), [_r(2, 3, 4), _r(3, 4), _r(3, 4)], []),
    ("Pad", ops.Pad(((1, 0), (0, 2))), [_r(2, 3)], []),
    ("DepthToSpace", ops.DepthToSpace(2), [_r(1, 8, 2, 3)], []),
    ("SpaceToDepth", ops.SpaceToDepth(2), [_r(1, 2, 4, 6)], []),
    ("SoftmaxCrossEntropyWithLogits", ops.SoftmaxCrossEntropyWithLogits(), [_r(3, 4)],
     [ONEHOT]),
    ("SparseSoftmaxCrossEntropyWithLogits", ops.SparseSoftmaxCrossEntropyWithLogits(),
     [_r(3, 4)], [LABELS]),
    ("SigmoidCrossEntropyWithLogits", ops.SigmoidCrossEntropyWithLogits(), [_r(3, 4)],
     [_r(3, 4, low=0, high=1)]),
    ("BCEWithLogitsLoss", ops.BCEWithLogitsLoss(), [_r(3, 4)],
     [_r(3, 4, low=0, high=1), _r(3, 4, low=0.5, high=1.5), _r(4, low=0.5, high=2)]),
    ("BinaryCrossEntropy", ops.BinaryCrossEntropy("sum"), [_r(3, 4, low=0.1, high=0.9)],
     [_r(3, 4, low=0, high=1)]),
    ("SmoothL1Loss", ops.SmoothL1Loss(0.5, "mean"), [_r(3, 4)], [_r(3, 4)]),
    ("KLDivLoss", ops.KLDivLoss("batchmean"), [_r(3, 4)], [_r(3, 4, low=0.1, high=0.9)]),
    ("NLLLoss", ops.NLLLoss(), [_r(3, 4)], [LABELS, _r(4, low=0.5, high=2)]),
]


def _total(out):
    parts = out if isinstance(out, tuple) else (out,)
    return sum(ms.numpy.sum(p * (i + 1.0)) for i, p in enumerate(parts))


@pytest.mark.parametrize("name, prim, floats, fixed", GRAD_CASES,
                         ids=[c[0] for c in GRAD_CASES])
def test_matches_finite_differences_in_float64(name, prim, floats, fixed):
    def fn(*xs):
        out = prim(*[ms.Tensor(x) if onp.ndim(x) else x for x in xs], *fixed)
        # LayerNorm's mean and variance outputs carry no gradient (MindSpore's bprop)
        return _total(out[0] if name == "LayerNorm" else out)
    check_grads(fn, modes=["rev"], order=1)(*floats)


@pytest.mark.parametrize("name, prim, floats, fixed", GRAD_CASES,
                         ids=[c[0] for c in GRAD_CASES])
def test_float32_stays_float32(name, prim, floats, fixed):
    def f32(x):
        return ms.Tensor(onp.asarray(x, onp.float32)) if onp.asarray(x).dtype.kind == "f" \
            else ms.Tensor(onp.asarray(x, onp.int32))
    out = prim(*[f32(x) for x in floats + fixed])
    for part in out if isinstance(out, tuple) else (out,):
        assert part.dtype == onp.float32


def test_layer_norm_returns_the_variance_as_mindspore_does():
    x = _r(2, 3, 4)
    _, mean, var = ops.LayerNorm()(ms.Tensor(x), ms.Tensor(onp.ones((3, 4))),
                                   ms.Tensor(onp.zeros((3, 4))))
    onp.testing.assert_allclose(var.reshape(-1), x.reshape(2, -1).var(axis=1))
    onp.testing.assert_allclose(mean.reshape(-1), x.reshape(2, -1).mean(axis=1))


def test_softmax_cross_entropy_returns_its_gradient():
    logits = _r(3, 4)
    loss, dlogits = ops.SoftmaxCrossEntropyWithLogits()(ms.Tensor(logits), ms.Tensor(ONEHOT))
    grad = ops.grad(lambda z: ms.numpy.sum(
        ops.SoftmaxCrossEntropyWithLogits()(z, ms.Tensor(ONEHOT))[0]))(ms.Tensor(logits))
    onp.testing.assert_allclose(dlogits, grad)
    assert loss.shape == (3,)


@pytest.mark.parametrize("prim, args", [
    (ops.UniformReal(seed=3), ((4000,),)), (ops.StandardNormal(seed=3), ((4000,),)),
    (ops.UniformInt(seed=3), ((4000,), ms.Tensor(onp.int32(-2)), ms.Tensor(onp.int32(3))))])
def test_random_shapes_dtypes_and_statistics(prim, args):
    out = onp.asarray(prim(*args))
    assert out.shape == (4000,)
    if isinstance(prim, ops.UniformInt):
        assert out.dtype == onp.int32 and set(out.tolist()) == {-2, -1, 0, 1, 2}
    elif isinstance(prim, ops.UniformReal):
        assert out.dtype == onp.float32 and 0 <= out.min() and out.max() < 1
        assert abs(out.mean() - 0.5) < 0.03
    else:
        assert out.dtype == onp.float32 and abs(out.mean()) < 0.06 and abs(out.std() - 1) < 0.06


def test_nonzero_seeds_repeat():
    assert ops.UniformReal(7, 1)((5,)).tolist() == ops.UniformReal(7, 1)((5,)).tolist()


def _param(values, name="p"):
    return ms.Parameter(ms.Tensor(onp.asarray(values, onp.float32)), name=name)


def test_writes_change_the_parameter_in_place():
    p = _param([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
    idx = ms.Tensor(onp.array([0, 0, 2], onp.int32))
    assert ops.ScatterAdd()(p, idx, ms.Tensor(onp.ones((3, 2), onp.float32))) is p
    assert p.tolist() == [[2.0, 2.0], [1.0, 1.0], [3.0, 3.0]]
    ops.ScatterSub()(p, idx[:1], ms.Tensor(onp.ones((1, 2), onp.float32)))
    ops.ScatterUpdate()(p, idx[2:], ms.Tensor(onp.zeros((1, 2), onp.float32)))
    assert p.tolist() == [[1.0, 1.0], [1.0, 1.0], [0.0, 0.0]]
    ops.AssignSub()(p, ms.Tensor([[1.0, 0.0]] * 3))  # MindSpore wants the variable's shape
    ops.AssignAdd()(p, ms.Tensor([[0.0, 2.0]] * 3))
    ones = ms.Tensor(onp.ones((3, 2), onp.float32))
    ops.ApplyGradientDescent()(p, ms.Tensor(onp.float32(0.5)), ones)
    assert p.tolist() == [[-0.5, 2.5], [-0.5, 2.5], [-1.5, 1.5]]
    assert p.dtype == onp.float32


@pytest.mark.parametrize("nesterov", [False, True])
def test_apply_momentum_matches_the_formula(nesterov):
    w, acc, g = _param([1.0, 2.0], "w"), _param([0.5, -0.5], "acc"), onp.array([0.2, 0.4])
    ops.ApplyMomentum(use_nesterov=nesterov)(w, acc, ms.Tensor(onp.float32(0.1)),
                                             ms.Tensor(g.astype(onp.float32)),
                                             ms.Tensor(onp.float32(0.9)))
    new_acc = 0.9 * onp.array([0.5, -0.5]) + g
    step = 0.1 * (g + 0.9 * new_acc) if nesterov else 0.1 * new_acc
    onp.testing.assert_allclose(acc, new_acc, rtol=1e-6)
    onp.testing.assert_allclose(w, onp.array([1.0, 2.0]) - step, rtol=1e-6)


def test_a_bad_write_leaves_every_parameter_as_it_was():
    w, acc = _param([1.0, 2.0], "w"), _param([0.5, -0.5], "acc")
    with pytest.raises(ValueError, match="ApplyMomentum gradient"):
        ops.ApplyMomentum()(w, acc, ms.Tensor(onp.float32(0.1)),
                            ms.Tensor(onp.ones(3, onp.float32)), ms.Tensor(onp.float32(0.9)))
    assert w.tolist() == [1.0, 2.0] and acc.tolist() == [0.5, -0.5]
    with pytest.raises(ValueError, match="ScatterAdd indices"):
        ops.ScatterAdd()(w, ms.Tensor(onp.array([5], onp.int32)), ms.Tensor([1.0]))
    assert w.tolist() == [1.0, 2.0]


X4 = ms.Tensor(onp.ones((1, 2, 4, 4), onp.float32))


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.Conv2D(3, 3, pad=1), ValueError, "Conv2D pad: expected 0 with pad_mode"),
    (lambda: ops.Conv2D(3, 3, pad_mode="full"), ValueError, "Conv2D pad_mode"),
    (lambda: ops.Conv2D(4, 3)(X4, ms.Tensor(onp.ones((3, 2, 3, 3), onp.float32))),
     ValueError, r"Conv2D weight: expected shape \(4, 2, 3, 3\)"),
    (lambda: ops.BiasAdd()(X4, ms.Tensor([1.0])), ValueError, "BiasAdd bias"),
    (lambda: ops.Dense()(X4, ms.Tensor(onp.ones((2, 3)))), ValueError, "Dense w"),
    (lambda: ops.MaxPool(0), ValueError, "MaxPool kernel_size"),
    (lambda: ops.AvgPool(2, 2, "pad"), ValueError, "AvgPool pad_mode"),
    (lambda: ops.AdaptiveAvgPool2D(-1), ValueError, "AdaptiveAvgPool2D output_size"),
    (lambda: ops.CeLU(0.0), ValueError, "CeLU alpha"),
    (lambda: ops.HShrink("a"), TypeError, "HShrink lambd"),
    (lambda: ops.SoftShrink(-1.0), ValueError, "SoftShrink lambd"),
    (lambda: ops.GLU(1.5), TypeError, "GLU axis"),
    (lambda: ops.L2Loss()(ms.Tensor(onp.array([1, 2], onp.int32))), TypeError,
     "L2Loss input_x"),
    (lambda: ops.LayerNorm()(X4, X4, X4), ValueError, "LayerNorm gamma"),
    (lambda: ops.Pad(((1, 2),))(X4), ValueError, "Pad paddings"),
    (lambda: ops.DepthToSpace(1), ValueError, "DepthToSpace block_size"),
    (lambda: ops.SpaceToDepth(3)(X4), ValueError, "SpaceToDepth x"),
    (lambda: ops.SoftmaxCrossEntropyWithLogits()(X4, X4[:1]), ValueError,
     "SoftmaxCrossEntropyWithLogits"),
    (lambda: ops.SparseSoftmaxCrossEntropyWithLogits(1), TypeError, "is_grad"),
    (lambda: ops.SigmoidCrossEntropyWithLogits()(X4, X4.astype(onp.float64)), TypeError,
     "SigmoidCrossEntropyWithLogits labels"),
    (lambda: ops.BinaryCrossEntropy("avg"), ValueError, "BinaryCrossEntropy reduction"),
    (lambda: ops.SmoothL1Loss(0.0), ValueError, "SmoothL1Loss beta"),
    (lambda: ops.KLDivLoss("avg"), ValueError, "KLDivLoss reduction"),
    (lambda: ops.NLLLoss()(X4[0, 0], ms.Tensor([1.0, 0.0, 0.0, 0.0]), X4[0, 0, 0]),
     TypeError, "NLLLoss labels"),
    (lambda: ops.UniformReal(-1), ValueError, "UniformReal seed"),
    (lambda: ops.StandardNormal()("a"), TypeError, "StandardNormal shape"),
    (lambda: ops.UniformInt()((2,), ms.Tensor(onp.int32(3)), ms.Tensor(onp.int32(1))),
     ValueError, "UniformInt minval"),
    (lambda: ops.AssignAdd()(X4, X4), TypeError, "AssignAdd variable: expected a Parameter"),
    (lambda: ops.ScatterUpdate(None), TypeError, "ScatterUpdate use_locking"),
    (lambda: ops.ApplyMomentum(gradient_scale="a"), TypeError, "ApplyMomentum gradient_scale"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
