"""The image and detection ops: float64 finite-difference gradients, float32 kept, and
the errors for bad arguments (each names the op and the argument)."""
import numpy as onp
import pytest
from autograd.test_util import check_grads

import minpy_compat as ms
from minpy_compat import ops

rng = onp.random.RandomState(5)
BOXES = onp.array([[0.5, 1.0, 4.0, 3.5], [2.0, 0.2, 6.5, 5.0], [1.1, 2.2, 3.3, 6.4]])
TRUTH = onp.array([[0.7, 1.4, 4.6, 3.1], [2.5, 0.1, 5.5, 4.0], [0.3, 2.9, 4.1, 5.3]])


def _fd(fn, *args):
    check_grads(fn, modes=["rev"], order=1)(*args)


def _fd32(fn, x, eps=1e-2):
    """A float32-only op (MindSpore refuses float64 there): its gradient against a central
    difference with a step float32 resolves (these ops are linear in ``x``)."""
    x = onp.asarray(x, onp.float32)
    weights = rng.rand(*onp.shape(fn(ms.Tensor(x))))
    got = ops.grad(lambda t: (fn(t) * weights).sum())(ms.Tensor(x))
    want = onp.zeros(x.shape)
    for i in onp.ndindex(x.shape):
        step = onp.zeros_like(x)
        step[i] = eps
        want[i] = ((fn(ms.Tensor(x + step)) - fn(ms.Tensor(x - step))) * weights).sum() / (2 * eps)
    assert onp.allclose(got, want, atol=2e-3)


def test_box_gradients():
    _fd(lambda a, g: ops.iou(a, g), BOXES, TRUTH)
    _fd(lambda a, g: ops.bounding_box_encode(a, g, stds=(1.0, 2.0, 0.5, 1.0)), BOXES, TRUTH)
    deltas = rng.uniform(-0.5, 0.5, (3, 4))
    _fd(lambda a, d: ops.bounding_box_decode(a, d, (40, 40)), BOXES, deltas)


def test_sampling_gradients():
    x = rng.rand(2, 2, 4, 5)
    grid = rng.uniform(-0.9, 0.9, (2, 3, 2, 2))
    for pad in ("zeros", "border", "reflection"):
        _fd(lambda a, g: ops.grid_sample(a, g, "bilinear", pad, False), x, grid)
    x3, grid3 = rng.rand(1, 2, 3, 3, 4), rng.uniform(-0.9, 0.9, (1, 2, 2, 2, 3))
    _fd(lambda a, g: ops.grid_sample(a, g, align_corners=True), x3, grid3)
    theta = rng.rand(2, 2, 3).astype(onp.float32)
    _fd32(lambda t: ops.affine_grid(t, (2, 1, 3, 4)), theta)


def test_crop_and_roi_gradients():
    image = rng.rand(2, 5, 6, 3)
    boxes = onp.array([[0.1, 0.2, 0.8, 0.9], [0.05, 0.01, 0.97, 0.93]], onp.float32)
    index = ms.Tensor([0, 1], ms.int32)
    _fd32(lambda im: ops.crop_and_resize(im, ms.Tensor(boxes), index, (3, 4)), image)
    features = rng.rand(2, 3, 6, 7).astype(onp.float32)
    rois = ms.Tensor([[0, 1.1, 1.2, 4.3, 5.1], [1, 0.5, 0.2, 6.0, 5.5]], ms.float32)
    for init in [(2, 2, 0.5, 2, 1), (3, 2, 1.0, 1, 0)]:
        op = ops.ROIAlign(*init)
        g = ops.grad(lambda f: op(f, rois).sum())(ms.Tensor(features))
        eps, want = 1e-2, onp.zeros_like(features)
        for i in onp.ndindex(features.shape):
            step = onp.zeros_like(features)
            step[i] = eps
            want[i] = (op(ms.Tensor(features + step), rois).sum()
                       - op(ms.Tensor(features - step), rois).sum()) / (2 * eps)
        assert onp.allclose(g, want, atol=2e-3)


def test_colour_and_resize_gradients():
    rgb = rng.uniform(0.1, 0.9, (1, 2, 3, 3))
    _fd(lambda x: ops.RGBToHSV()(x), rgb)
    _fd(lambda x: ops.HSVToRGB()(x), rgb)
    delta, scale = ms.Tensor(0.2, ms.float32), ms.Tensor(0.7, ms.float32)
    _fd(lambda x: ops.AdjustHue()(x, delta), rgb)
    _fd(lambda x: ops.AdjustSaturation()(x, scale), rgb)
    _fd32(lambda x: ops.ResizeArea()(x, ms.Tensor([3, 2], ms.int32)), rgb)
    _fd(lambda x: ops.ResizeLinear1D("half_pixel")(x, ms.Tensor([7], ms.int64)),
        rng.rand(1, 2, 4))
    _fd(lambda x: ops.ResizeNearestNeighborV2()(x, ms.Tensor([3, 5], ms.int32)),
        rng.rand(1, 2, 4, 3))


def test_float32_stays_float32():
    f32 = onp.float32
    assert ops.iou(ms.Tensor(BOXES, f32), ms.Tensor(TRUTH, f32)).dtype == f32
    assert ops.bounding_box_decode(ms.Tensor(BOXES, f32), ms.Tensor(TRUTH, f32),
                                   (9, 9)).dtype == f32
    x, grid = ms.Tensor(rng.rand(1, 1, 3, 3), f32), ms.Tensor(rng.rand(1, 2, 2, 2), f32)
    assert ops.grid_sample(x, grid).dtype == f32
    assert ops.AdjustHue()(ms.Tensor(rng.rand(1, 2, 3), f32), ms.Tensor(0.1, f32)).dtype == f32
    assert ops.ResizeLinear1D()(ms.Tensor(rng.rand(1, 1, 3), f32),
                                ms.Tensor([5], ms.int64)).dtype == f32


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.iou(ms.Tensor(BOXES), ms.Tensor(TRUTH), "giou"), ValueError, "iou mode"),
    (lambda: ops.IOU("giou"), ValueError, "IOU mode"),
    (lambda: ops.bounding_box_encode(ms.Tensor(BOXES), ms.Tensor(TRUTH), stds=(1.0,)),
     ValueError, "bounding_box_encode stds"),
    (lambda: ops.bounding_box_decode(ms.Tensor(BOXES), ms.Tensor(TRUTH), 5), TypeError,
     "bounding_box_decode max_shape"),
    (lambda: ops.check_valid(ms.Tensor(BOXES), ms.Tensor([1.0, 2.0, 1.0])), TypeError,
     "check_valid bboxes"),
    (lambda: ops.NMSWithMask(1), TypeError, "NMSWithMask iou_threshold"),
    (lambda: ops.NMSWithMask()(ms.Tensor(BOXES, onp.float32)), ValueError,
     "NMSWithMask bboxes"),
    (lambda: ops.crop_and_resize(ms.Tensor(rng.rand(1, 3, 3, 1)), ms.Tensor(BOXES[:1, :4]),
                                 ms.Tensor([0], ms.int32), (2, 2), "cubic"), ValueError,
     "crop_and_resize method"),
    (lambda: ops.CropAndResize("cubic"), ValueError, "CropAndResize method"),
    (lambda: ops.ROIAlign(2, 2, 1), TypeError, "ROIAlign spatial_scale"),
    (lambda: ops.grid_sample(ms.Tensor(rng.rand(1, 1, 3, 3)), ms.Tensor(rng.rand(1, 2, 2, 2)),
                             padding_mode="edge"), ValueError, "grid_sample padding_mode"),
    (lambda: ops.GridSampler3D()(ms.Tensor(rng.rand(1, 1, 3, 3)),
                                 ms.Tensor(rng.rand(1, 2, 2, 2))), ValueError,
     "GridSampler3D input_x"),
    (lambda: ops.GridSampler2D("bicubic")(ms.Tensor(rng.rand(1, 1, 3, 3)),
                                          ms.Tensor(rng.rand(1, 2, 2, 2))), ValueError,
     "^GridSampler2D mode"),
    (lambda: ops.affine_grid(ms.Tensor(rng.rand(2, 2, 3), onp.float32), (3, 1, 2, 2)),
     ValueError, r"affine_grid size\[0\]"),
    (lambda: ops.AffineGrid(1), TypeError, "AffineGrid align_corners"),
    (lambda: ops.RGBToHSV()(ms.Tensor(rng.rand(2, 4))), ValueError, "RGBToHSV images"),
    (lambda: ops.HSVToRGB()(ms.Tensor(rng.rand(2, 3))), ValueError, "HSVToRGB x"),
    (lambda: ops.AdjustHue()(ms.Tensor(rng.rand(1, 2, 3)), ms.Tensor([0.1], onp.float32)),
     ValueError, "AdjustHue delta"),
    (lambda: ops.AdjustSaturation()(ms.Tensor(rng.rand(1, 2, 3)), ms.Tensor(0.1, ms.float64)),
     TypeError, "AdjustSaturation scale"),
    (lambda: ops.ResizeArea()(ms.Tensor(rng.rand(1, 2, 2, 1)), ms.Tensor([2, 2], ms.int64)),
     TypeError, "ResizeArea size"),
    (lambda: ops.ResizeLinear1D("asymmetric"), ValueError,
     "ResizeLinear1D coordinate_transformation_mode"),
    (lambda: ops.ResizeNearestNeighborV2(True, True), ValueError,
     "ResizeNearestNeighborV2 half_pixel_centers"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
