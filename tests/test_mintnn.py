"""``mint.nn`` Cells and ``mint.nn.functional``: float64 finite-difference checks of input
and Parameter gradients, float32 kept, and errors naming the Cell or function (the
MindSpore 2.10 CPU build cannot run most mint kernels: see test_cell_oracle_mintnn.py)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import mint, ops

F = mint.nn.functional
RNG = onp.random.default_rng(0)


def _fd(fn, x, eps=1e-6):
    grad = onp.zeros_like(x)
    for i in onp.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        grad[i] = (fn(up) - fn(down)) / (2 * eps)
    return grad


CELLS = [
    (lambda: mint.nn.Conv2d(2, 3, 2, padding=1, dtype=ms.float64), (1, 2, 3, 3)),
    (lambda: mint.nn.Conv1d(2, 2, 2, padding_mode="reflect", padding=1, dtype=ms.float64),
     (1, 2, 4)),
    (lambda: mint.nn.ConvTranspose2d(2, 2, 2, stride=2, dtype=ms.float64), (1, 2, 2, 2)),
    (lambda: mint.nn.GroupNorm(2, 4, dtype=ms.float64), (2, 4, 3)),
    (lambda: mint.nn.LayerNorm(3, dtype=ms.float64), (2, 3)),
    (lambda: mint.nn.BatchNorm1d(3, dtype=ms.float64), (4, 3)),
    (lambda: mint.nn.PReLU(3, dtype=ms.float64), (2, 3, 2)),
    (lambda: mint.nn.AvgPool2d(2, divisor_override=3), (1, 1, 4, 4)),
    (lambda: mint.nn.ReplicationPad2d(1), (1, 1, 2, 2)),
    (lambda: mint.nn.Softmax(), (2, 3, 2)),
    (lambda: mint.nn.Threshold(0.1, 2.0), (2, 3)),
    (lambda: mint.nn.UpsamplingBilinear2d(scale_factor=2), (1, 1, 2, 3)),
]


@pytest.mark.parametrize("make, shape", CELLS)
def test_cell_gradients_match_finite_differences(make, shape):
    cell = make()
    cell.set_train(False)
    x = RNG.standard_normal(shape)
    weights = ms.ParameterTuple(cell.trainable_params())
    total = lambda *a: ops.sum(cell(*a))  # noqa: E731
    if len(weights):
        (gx,), gws = ops.GradOperation(get_all=True, get_by_list=True)(cell, weights)(
            ms.Tensor(x))
    else:
        (gx,), gws = ops.GradOperation(get_all=True)(cell)(ms.Tensor(x)), ()
    onp.testing.assert_allclose(gx, _fd(lambda v: float(total(ms.Tensor(v))), x), atol=1e-5)
    for param, grad in zip(weights, gws):
        base = onp.array(param)

        def with_param(value, param=param):
            param.set_data(ms.Tensor(value))
            return float(total(ms.Tensor(x)))
        expected = _fd(with_param, base)
        param.set_data(ms.Tensor(base))
        onp.testing.assert_allclose(grad, expected, atol=1e-5, err_msg=param.name)


FUNCTIONS = [
    (lambda x: F.conv_transpose2d(x, ms.Tensor(onp.ones((2, 3, 3, 3))), stride=2, padding=1,
                                  output_padding=1), (1, 2, 2, 2)),
    (lambda x: F.grid_sample(x, ms.Tensor(onp.array([[[[0.3, -0.2], [0.9, 0.45]]]]))),
     (1, 2, 3, 3)),
    (lambda x: F.kl_div(x, ms.Tensor(onp.full((2, 2), 0.5)), "batchmean"), (2, 2)),
    (lambda x: F.normalize(x), (2, 3)),
    (lambda x: F.layer_norm(x, (3,)), (2, 3)),
    (lambda x: F.embedding(ms.Tensor([0, 2, 0]), x, padding_idx=1), (3, 2)),
    (lambda x: F.log_softmax(x), (2, 3)),
    (lambda x: F.leaky_relu(x, 0.2), (2, 3)),
]


@pytest.mark.parametrize("fn, shape", FUNCTIONS)
def test_function_gradients_match_finite_differences(fn, shape):
    x = RNG.standard_normal(shape)
    grad = ops.grad(lambda a: ops.sum(fn(a)))(ms.Tensor(x))
    onp.testing.assert_allclose(grad, _fd(lambda v: float(ops.sum(fn(ms.Tensor(v)))), x),
                                atol=1e-5)


def test_embedding_padding_row_gets_no_gradient():
    grad = ops.grad(lambda w: ops.sum(F.embedding(ms.Tensor([0, 2]), w, padding_idx=2)))(
        ms.Tensor(onp.ones((3, 2))))
    assert grad.tolist() == [[1.0, 1.0], [0.0, 0.0], [0.0, 0.0]]


def test_conv_transpose2d_is_the_gradient_of_conv2d():
    x, w = RNG.standard_normal((1, 2, 3, 3)), RNG.standard_normal((3, 2, 2, 2))
    y = RNG.standard_normal((1, 3, 2, 2))
    back = ops.grad(lambda a: ops.sum(F.conv2d(a, ms.Tensor(w), stride=2, padding=1) *
                                      ms.Tensor(y)))(ms.Tensor(x))
    onp.testing.assert_allclose(F.conv_transpose2d(ms.Tensor(y), ms.Tensor(w), stride=2,
                                                   padding=1, output_padding=1), back,
                                atol=1e-12)


FLOAT32_CELLS = CELLS[7:] + [(lambda: mint.nn.Conv2d(2, 2, 1), (1, 2, 2, 2))]


@pytest.mark.parametrize("make, shape", FLOAT32_CELLS)
def test_float32_stays_float32(make, shape):
    assert make()(ms.Tensor(RNG.standard_normal(shape).astype(onp.float32))).dtype == \
        onp.float32


def test_batchnorm_tracks_batches_and_running_stats():
    bn = mint.nn.BatchNorm1d(2, momentum=None)
    bn.set_train(True)
    bn(ms.Tensor([[1.0, 2.0], [3.0, 6.0]]))
    assert int(bn.num_batches_tracked) == 1
    onp.testing.assert_allclose(bn.running_mean, [2.0, 4.0])
    onp.testing.assert_allclose(bn.running_var, [2.0, 8.0])


def test_inplace_writes_into_input():
    x = ms.Tensor([-1.0, 2.0])
    assert F.relu_(x) is x and x.tolist() == [0.0, 2.0]


@pytest.mark.parametrize("call, match", [
    (lambda: F.softmax(ms.Tensor([1.0]), dim=3), "softmax dim"),
    (lambda: F.dropout(ms.Tensor([1.0]), p=2), "dropout p"),
    (lambda: F.kl_div(ms.Tensor([1.0]), ms.Tensor([1.0]), "avg"), "kl_div reduction"),
    (lambda: F.one_hot(ms.Tensor([1.5])), "one_hot tensor"),
    (lambda: F.conv2d(ms.Tensor(onp.ones((1, 1, 2, 2))), ms.Tensor(onp.ones((1, 1, 1, 1))),
                      padding="full"), "conv2d padding"),
    (lambda: F.grid_sample(ms.Tensor(onp.ones((1, 1, 2, 2))), ms.Tensor(onp.ones((1, 1, 1, 2))),
                           mode="bicubic"), "grid_sample mode"),
    (lambda: mint.nn.LayerNorm("3"), "LayerNorm normalized_shape"),
    (lambda: mint.nn.Hardtanh(1.0, 0.0), "Hardtanh max_val"),
    (lambda: mint.nn.Dropout(p=-0.1), "Dropout p"),
    (lambda: mint.nn.KLDivLoss(log_target=1), "KLDivLoss log_target"),
    (lambda: mint.nn.BatchNorm2d(3)(ms.Tensor(onp.ones((1, 2, 2, 2), onp.float32))),
     "BatchNorm2d input"),
])
def test_bad_arguments_name_the_cell_or_function(call, match):
    with pytest.raises((TypeError, ValueError), match=match):
        call()
