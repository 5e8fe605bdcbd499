"""The image-quality Cells (``nn.PSNR``, ``nn.SSIM``, ``nn.MSSSIM``): float64 finite
differences, dtypes, argument errors; and the later metrics' error messages."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import nn, train

_RNG = onp.random.RandomState(7)
A64 = _RNG.uniform(0, 1, size=(1, 2, 8, 8))
B64 = onp.clip(A64 + _RNG.normal(0, 0.2, size=A64.shape), 0, 1)


@pytest.mark.parametrize("cell", [nn.SSIM(filter_size=3, filter_sigma=1.0), nn.PSNR(),
                                  nn.MSSSIM(filter_size=2, power_factors=(0.5, 0.3, 0.2))])
def test_finite_differences_float64(cell):
    check_grads(lambda a, b: cell(a, b), modes=["rev"], order=1)(A64, B64)
    assert onp.asarray(cell(ms.Tensor(A64), ms.Tensor(B64))).dtype == onp.float64


@pytest.mark.parametrize("cell", [nn.SSIM(filter_size=3), nn.PSNR(),
                                  nn.MSSSIM(filter_size=2, power_factors=(0.5, 0.5))])
def test_float32_stays_float32(cell):
    a, b = A64.astype(onp.float32), B64.astype(onp.float32)
    assert onp.asarray(cell(ms.Tensor(a), ms.Tensor(b))).dtype == onp.float32


def test_identical_images():
    x = ms.Tensor(A64.astype(onp.float32))
    onp.testing.assert_allclose(onp.asarray(nn.SSIM(filter_size=5)(x, x)), [1.0], rtol=1e-6)
    assert onp.isinf(onp.asarray(nn.PSNR()(x, x))).all()


@pytest.mark.parametrize("make, error, match", [
    (lambda: nn.PSNR(max_val=0), ValueError, "PSNR max_val"),
    (lambda: nn.PSNR(max_val="1"), TypeError, "PSNR max_val"),
    (lambda: nn.SSIM(filter_size=0), ValueError, "SSIM filter_size"),
    (lambda: nn.SSIM(filter_sigma=1), TypeError, "SSIM filter_sigma"),
    (lambda: nn.SSIM(k1=1), TypeError, "SSIM k1"),
    (lambda: nn.MSSSIM(power_factors=0.5), TypeError, "MSSSIM power_factors"),
    (lambda: nn.SSIM()(ms.Tensor(A64[0]), ms.Tensor(B64[0])), ValueError, "SSIM img1"),
    (lambda: nn.SSIM()(ms.Tensor(A64), ms.Tensor(B64)), ValueError, "filter_size 11"),
    (lambda: nn.SSIM(filter_size=3)(ms.Tensor(A64), ms.Tensor(B64[:, :1])), ValueError,
     "SSIM img2"),
    (lambda: nn.SSIM(filter_size=3)(ms.Tensor((A64 * 9).astype(onp.int32)),
                                    ms.Tensor((A64 * 9).astype(onp.int32))), TypeError,
     "SSIM img1"),
    (lambda: nn.MSSSIM()(ms.Tensor(A64), ms.Tensor(B64)), ValueError, "MSSSIM img1"),
])
def test_bad_arguments_name_the_cell(make, error, match):
    with pytest.raises(error, match=match):
        make()


@pytest.mark.parametrize("make, error, match", [
    (lambda: train.BleuScore(n_gram=0), ValueError, "BleuScore 'n_gram'"),
    (lambda: train.BleuScore().update([["a"]]), ValueError, "BleuScore.update"),
    (lambda: train.ConfusionMatrixMetric(metric_name="nope"), ValueError,
     "ConfusionMatrixMetric 'metric_name'"),
    (lambda: train.ConfusionMatrixMetric(metric_name=3), TypeError, "'metric_name'"),
    (lambda: train.HausdorffDistance(percentile=101.0), ValueError,
     "HausdorffDistance 'percentile'"),
    (lambda: train.HausdorffDistance(crop=None), TypeError, "HausdorffDistance 'crop'"),
    (lambda: train.MeanSurfaceDistance().update(onp.ones(3), onp.ones(3), "x"), ValueError,
     r"MeanSurfaceDistance.update label index \(input\[2\]\)"),
    (lambda: train.OcclusionSensitivity(margin=-1), ValueError, "OcclusionSensitivity 'margin'"),
    (lambda: train.OcclusionSensitivity().update(nn.Flatten(), onp.ones((2, 3)), 0),
     ValueError, r"OcclusionSensitivity.update predicted value \(input\[1\]\)"),
    (lambda: train.OcclusionSensitivity().update(3, onp.ones((1, 3)), 0), TypeError,
     "OcclusionSensitivity.update model"),
    (lambda: train.OcclusionSensitivity(b_box=[0, 5]).update(nn.Flatten(), onp.ones((1, 3)), 0),
     ValueError, "OcclusionSensitivity 'b_box'"),
])
def test_metric_errors_name_the_metric_and_argument(make, error, match):
    with pytest.raises(error, match=match):
        make()


def test_confusion_matrix_metric_batch_decrease_and_shapes():
    y = onp.eye(3)[[0, 1, 2, 1]][:, :, None].repeat(2, axis=2)
    metric = train.ConfusionMatrixMetric(metric_name="tpr", calculation_method=True,
                                         decrease="mean_batch")
    metric.update(y, y)  # MindSpore fails here: its 'mean_batch' entry is never called
    onp.testing.assert_allclose(metric.eval(), [1.0, 1.0, 1.0])
    metric = train.ConfusionMatrixMetric(calculation_method=True, decrease="none")
    metric.update(y, y)
    with pytest.raises(ValueError, match="ConfusionMatrixMetric.update"):
        metric.update(y[:2], y[:2])


def test_surface_metrics_ignore_crop_and_take_bool_masks():
    a = onp.zeros((7, 7), bool)
    a[2:4, 1:6] = True
    b = onp.roll(a, 2, axis=0)
    results = []
    for crop in (True, False):
        metric = train.HausdorffDistance(crop=crop)
        metric.update(a, b, 1)
        results.append(metric.eval())
    assert results == [2.0, 2.0]
    metric = train.RootMeanSquareDistance(distance_metric="chessboard")
    metric.update(a, a, 1)
    assert metric.eval() == 0.0
