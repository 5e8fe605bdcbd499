"""The nn3 Cells on their own: float64 finite-difference checks of every input and
Parameter, float32 (and the activations' float16) kept, and values checked against NumPy
where MindSpore 2.10's CPU build cannot run them (Roll, Unfold) or is wrong (ClipByNorm
with an axis, SeLU's gradient)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, ops

RNG = onp.random.default_rng(11)


def _x(*shape):
    """float64 values at least 0.1 away from 0 and +-0.5 (the shrink kinks)."""
    x = RNG.uniform(-2, 2, shape)
    for kink in (0.0, 0.5, -0.5):
        x = onp.where(onp.abs(x - kink) < 0.1, kink + 0.2, x)
    return x


def _total(out):
    parts = out if isinstance(out, tuple) else (out,)
    total = 0
    for part in parts:
        total = total + ops.reduce_sum(part * part * part)  # cubes: norms stay informative
    return total


CELLS = [  # (id, Cell, input shapes)
    ("celu", nn.CELU(0.7), [(2, 3)]), ("glu", nn.GLU(0), [(4, 3)]),
    ("hshrink", nn.HShrink(0.5), [(2, 3)]), ("softshrink", nn.SoftShrink(0.5), [(2, 3)]),
    ("threshold", nn.Threshold(0.5, -2.0), [(2, 3)]), ("selu", nn.SeLU(), [(2, 3)]),
    ("fastgelu", nn.FastGelu(), [(2, 3)]), ("softmax2d", nn.Softmax2d(), [(2, 3, 2, 2)]),
    ("rrelu_eval", nn.RReLU(0.1, 0.3), [(2, 3)]),
    ("tril", nn.Tril(), [(3, 4)]), ("triu", nn.Triu(), [(2, 3, 3)]),
    ("roll", nn.Roll((1, -2), (0, 1)), [(3, 4)]),
    ("pad_constant", nn.Pad(((1, 0), (2, 1))), [(2, 3)]),
    ("pad_reflect", nn.Pad(((1, 2), (2, 1)), "REFLECT"), [(3, 4)]),
    ("pad_symmetric", nn.Pad(((0, 0), (2, 3)), "SYMMETRIC"), [(2, 3)]),
    ("norm", nn.Norm(), [(2, 3)]), ("norm_axis", nn.Norm(1), [(2, 3)]),
    ("clipbynorm", nn.ClipByNorm(), [(2, 3), ()]),
    ("clipbynorm_axis", nn.ClipByNorm(1), [(2, 3), ()]),
    ("moments", nn.Moments(0), [(3, 2)]), ("matmul", nn.MatMul(True), [(4, 3), (4, 2)]),
    ("rlse", nn.ReduceLogSumExp(1), [(2, 3)]),
    ("unfold", nn.Unfold([1, 2, 2, 1], [1, 1, 2, 1], [1, 1, 1, 1], "same"), [(1, 2, 3, 4)]),
    ("upsample", nn.Upsample((5, 3), mode="bilinear"), [(1, 1, 3, 2)]),
    ("pixelshuffle", nn.PixelShuffle(2), [(1, 4, 2, 1)]),
    ("pixelunshuffle", nn.PixelUnshuffle(2), [(1, 1, 2, 4)]),
    ("channelshuffle", nn.ChannelShuffle(2), [(1, 4, 2)]),
    ("centralcrop", nn.CentralCrop(0.5), [(1, 4, 4)]),
    ("imagegradients", nn.ImageGradients(), [(1, 1, 3, 3)]),
    ("l1reg", nn.L1Regularizer(0.5), [(2, 3)]),
    ("linear", nn.Linear(3, 2, dtype=ms.float64), [(4, 3)]),
    ("bidense", nn.BiDense(3, 2, 2, dtype=ms.float64), [(4, 3), (4, 2)]),
    ("timedist", nn.TimeDistributed(nn.Dense(3, 2, dtype=ms.float64), 1), [(2, 4, 3)]),
]
IDS = [c[0] for c in CELLS]


@pytest.mark.parametrize("case_id, cell, shapes", CELLS, ids=IDS)
def test_input_gradients_match_finite_differences(case_id, cell, shapes):
    arrays = [_x(*s) if s else onp.array(1.5) for s in shapes]
    for i in range(len(arrays)):
        def partial(x, i=i):
            args = list(arrays)
            args[i] = x
            return _total(cell(*args))
        check_grads(partial, modes=["rev"], order=1)(arrays[i])


@pytest.mark.parametrize("case_id, cell, shapes", [c for c in CELLS if c[1].trainable_params()],
                         ids=[c[0] for c in CELLS if c[1].trainable_params()])
def test_parameter_gradients_match_finite_differences(case_id, cell, shapes):
    inputs = [ms.Tensor(_x(*s)) for s in shapes]
    weights = ms.ParameterTuple(cell.trainable_params())
    grads = ops.GradOperation(get_by_list=True)(lambda *a: _total(cell(*a)), weights)(*inputs)
    for param, grad in zip(weights, grads):
        base = onp.asarray(param).copy()
        flat = onp.zeros(base.size)
        for k in range(base.size):
            step = onp.zeros(base.size)
            step[k] = 1e-6
            values = []
            for sign in (1, -1):
                param.set_data(base + sign * step.reshape(base.shape))
                values.append(float(_total(cell(*inputs))))
            flat[k] = (values[0] - values[1]) / 2e-6
        param.set_data(base)
        onp.testing.assert_allclose(onp.asarray(grad).ravel(), flat, rtol=1e-5, atol=1e-7,
                                    err_msg=param.name)


F32_CELLS = [c for c in CELLS if c[0] not in ("linear", "bidense", "timedist")] + [
    ("linear32", nn.Linear(3, 2), [(4, 3)]), ("bidense32", nn.BiDense(3, 2, 2), [(4, 3), (4, 2)])]


@pytest.mark.parametrize("case_id, cell, shapes", F32_CELLS, ids=[c[0] for c in F32_CELLS])
def test_float32_stays_float32(case_id, cell, shapes):
    inputs = [ms.Tensor(_x(*s).astype(onp.float32)) for s in shapes]
    outs = cell(*inputs)
    for out in outs if isinstance(outs, tuple) else (outs,):
        assert out.dtype == onp.float32
    grads = ops.GradOperation(get_all=True)(lambda *a: _total(cell(*a)))(*inputs)
    assert all(g.dtype == onp.float32 for g in grads)


@pytest.mark.parametrize("cell", [nn.CELU(), nn.HShrink(), nn.SoftShrink(), nn.SeLU(),
                                  nn.FastGelu(), nn.Threshold(0.1, 1.0), nn.GLU()])
def test_activations_keep_float16(cell):
    assert cell(ms.Tensor(_x(2, 4).astype(onp.float16))).dtype == onp.float16
