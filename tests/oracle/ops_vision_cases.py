"""The image and detection cases (boxes, NMS, crops, grid sampling, colour, resizes) that
``make_ops_vision_fixture.py`` runs through real MindSpore 2.10; encoded as in
``ops_cases.py``. Boxes are built valid (x1 < x2, y1 < y2) with distinct scores, so no
sort meets a tie."""
import numpy as onp

from ops_cases import T, V, _case

_rng = onp.random.RandomState(23)


def _boxes(n, dtype="float32", scale=10.0):
    low = onp.round(_rng.uniform(0, scale, (n, 2)), 2)
    size = onp.round(_rng.uniform(0.5, scale / 2, (n, 2)), 2)
    return V(onp.concatenate([low, low + size], 1).tolist(), dtype)


def _scored(n, dtype="float32"):
    boxes = onp.array(_boxes(n)["t"])
    scores = _rng.permutation(n) / n + 0.05
    return V(onp.concatenate([boxes, scores[:, None]], 1).round(3).tolist(), dtype)


def _unit(values, dtype="float32"):
    return V(onp.round(onp.asarray(values), 3).tolist(), dtype)


def box_cases():
    a, g = _boxes(3), _boxes(4)
    cases = [_case("iou", a, g, grad=True), _case("iou", a, g, "iof"),
             _case("iou", _boxes(2, "float16"), _boxes(3, "float16")),
             _case("iou", _boxes(2, "float64"), _boxes(3, "float64")),
             _case("iou", _boxes(2), _boxes(3, "float16")), _case("iou", a, g, mode="x"),
             _case("iou", T((2, 5)), T((3, 5))), _case("iou", _boxes(0), g),
             _case("IOU", a, g, init=()), _case("IOU", a, g, init=("iof",), grad=True)]
    anchors, truths = _boxes(4), _boxes(4)
    deltas = T((4, 4), low=-1.5, high=1.5)
    for init in [(), ((0.1, 0.0, -0.1, 0.2), (1.0, 2.0, 0.5, 1.5))]:
        cases += [_case("BoundingBoxEncode", anchors, truths, init=init, grad=True),
                  _case("bounding_box_encode", anchors, truths, *init)]
    cases += [_case("bounding_box_encode", _boxes(3, "float16"), _boxes(3, "float16")),
              _case("bounding_box_encode", anchors, truths, stds=(1.0, 1.0, 1.0)),
              _case("bounding_box_encode", anchors, truths, stds=(1.0, 0.0, 1.0, 1.0)),
              _case("bounding_box_encode", anchors, _boxes(3)),
              _case("BoundingBoxDecode", anchors, deltas, init=((12, 14),), grad=True),
              _case("BoundingBoxDecode", anchors, deltas,
                    init=((6, 8), (0.1, 0.0, -0.1, 0.2), (1.0, 2.0, 0.5, 1.5), 0.5)),
              _case("bounding_box_decode", anchors, T((4, 4), low=-8, high=8), (30, 25)),
              _case("bounding_box_decode", anchors, deltas, (5, 5), wh_ratio_clip=0.2),
              _case("bounding_box_decode", _boxes(3, "float16"), T((3, 4), "float16"), (9, 9)),
              _case("bounding_box_decode", anchors, deltas, 5),
              _case("bounding_box_decode", anchors, deltas, (5, 5), wh_ratio_clip=2)]
    checks = V([[0, 0, 2, 2], [1, 1, 30, 4], [-1, 0, 1, 1], [0, 5, 19.5, 9.5], [0, 0, 20, 9],
               [0, 0, 19, 9], [0, 0, 9, 4], [0, 0, 9, 4.5], [0, 0, 15, 9]])
    for metas in ([10, 20, 1.0], [10, 20, 0.5], [5, 8, 2.0]):
        cases += [_case("check_valid", checks, V(metas)),
                  _case("CheckValid", checks, V(metas), init=())]
    cases += [_case("check_valid", V(checks["t"], "float16"), V([10, 20, 1], "float16")),
              _case("check_valid", V(checks["t"], "float64"), V([10, 20, 1], "float64")),
              _case("check_valid", V([[0, 0, 2, 2], [3, 3, 90, 4]], "int16"),
                    V([10, 20, 1], "int16")),
              _case("check_valid", V([[0, 0, 2, 2], [3, 3, 90, 4]], "uint8"),
                    V([10, 20, 1], "uint8"))]
    for threshold in (0.5, 0.1, 0.9, 0.0):
        cases.append(_case("NMSWithMask", _scored(7), init=(threshold,)))
    cases += [_case("NMSWithMask", _scored(5, "float16"), init=(0.3,)),
              _case("NMSWithMask", V([[0, 0, 2, 2, 0.5], [0, 0, 2, 2.1, 0.9],
                                      [5, 5, 6, 6, 0.7], [0.5, 0, 2, 2, 0.6]]), init=(0.5,)),
              _case("NMSWithMask", T((3, 4)), init=(0.5,)),
              _case("NMSWithMask", _scored(3, "float64"), init=(0.5,))]
    return cases


def crop_cases():
    image = T((2, 5, 6, 3), low=0.0, high=1.0)
    boxes = _unit([[0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1], [0.5, 0.5, 0.2, 0.1],
                   [-0.3, 0.1, 1.2, 0.7]])
    index = V([0, 1, 1, 0], "int32")
    smooth = _unit([[0.1, 0.2, 0.8, 0.9], [0.02, 0.01, 0.97, 0.99], [0.5, 0.5, 0.2, 0.1],
                    [-0.3, 0.1, 1.2, 0.7]])  # no sample on a pixel: the box gradient is defined
    cases = [_case("crop_and_resize", image, smooth, index, (3, 4), grad=True),
             _case("crop_and_resize", image, boxes, index, (1, 1), "bilinear", -1.0),
             _case("crop_and_resize", image, boxes, index, (3, 4), "nearest", 0.5),
             _case("crop_and_resize", image, boxes, index, (4, 2), method="bilinear_v2",
                   grad=True),
             _case("crop_and_resize", T((1, 4, 4, 2), "float64"), boxes, V([0] * 4, "int32"),
                   (3, 3)),
             _case("crop_and_resize", T((1, 4, 4, 1), "int32", 0, 9), boxes,
                   V([0] * 4, "int32"), (2, 3)),
             _case("crop_and_resize", image, boxes, index, (3, 4), "cubic"),
             _case("crop_and_resize", image, boxes, V([0, 2, 1, 0], "int32"), (3, 4)),
             _case("crop_and_resize", T((5, 6, 3)), boxes, index, (3, 4)),
             _case("CropAndResize", image, boxes, index, (3, 4), init=("nearest", 0.0)),
             _case("CropAndResize", image, smooth, index, (2, 5), init=(), grad=True)]
    features = T((2, 3, 6, 7), low=0.0, high=1.0)
    rois = V([[0, 1, 1, 4, 5], [1, 0.5, 0.2, 6, 5.5], [0, 3, 2, 3.5, 9]])
    for init in [(2, 2, 0.5, 2, 1), (3, 2, 1.0, 1, 0), (2, 3, 0.25, 0, 1), (2, 2, 1.0, 3, 0)]:
        cases.append(_case("ROIAlign", features, rois, init=init, grad=True))
    cases += [_case("ROIAlign", T((1, 2, 4, 4), "float16", 0, 1),
                    V([[0, 0.5, 0.5, 3, 3]], "float16"), init=(2, 2, 1.0)),
              _case("ROIAlign", T((1, 2, 4, 4), "float64"), V([[0, 0.5, 0.5, 3, 3]], "float64"),
                    init=(2, 2, 1.0)),
              _case("ROIAlign", features, V([[0, 1, 1, 4]]), init=(2, 2, 1.0))]
    return cases


def sample_cases():
    x, grid = T((2, 3, 4, 5)), T((2, 3, 6, 2), low=-1.2, high=1.2)
    cases = []
    for mode in ("bilinear", "nearest"):
        for pad in ("zeros", "border", "reflection"):
            for corners in (False, True):
                cases.append(_case("grid_sample", x, grid, mode, pad, corners,
                                   grad=mode == "bilinear"))
    x3, grid3 = T((1, 2, 3, 4, 5)), T((1, 2, 3, 2, 3), low=-1.2, high=1.2)
    for mode, pad, corners in [("bilinear", "zeros", False), ("bilinear", "border", True),
                               ("nearest", "reflection", False),
                               ("bilinear", "reflection", True)]:
        cases.append(_case("grid_sample", x3, grid3, mode, pad, corners,
                           grad=mode == "bilinear"))
    cases += [_case("GridSampler2D", x, grid, init=(), grad=True),
              _case("GridSampler2D", x, grid, init=("nearest", "border", True)),
              _case("GridSampler3D", x3, grid3, init=("bilinear", "reflection", False),
                    grad=True),
              _case("grid_sample", T((1, 2, 3, 3), "float64"), T((1, 2, 2, 2), "float64"),
                    grad=True),
              _case("grid_sample", T((1, 1, 3, 3), "float16"), T((1, 2, 2, 2), "float16")),
              _case("grid_sample", x, grid, "bicubic"), _case("grid_sample", x, grid, "bilinear",
                                                              "edge"),
              _case("grid_sample", x, T((2, 3, 6, 3))), _case("grid_sample", x, T((1, 3, 6, 2))),
              _case("grid_sample", x, T((2, 3, 6, 2), "float64"))]
    theta, theta3 = T((2, 2, 3)), T((1, 3, 4))
    cases += [_case("affine_grid", theta, (2, 3, 4, 5), grad=True),
              _case("affine_grid", theta, (2, 1, 1, 3), True, grad=True),
              _case("affine_grid", theta3, (1, 2, 3, 4, 2), grad=True),
              _case("affine_grid", theta3, (1, 2, 3, 1, 2), align_corners=True),
              _case("affine_grid", T((2, 2, 3), "float64"), (2, 3, 4, 5)),
              _case("affine_grid", theta, (3, 3, 4, 5)), _case("affine_grid", theta, (2, 3, 4)),
              _case("affine_grid", T((2, 3, 3)), (2, 3, 4, 5)),
              _case("AffineGrid", theta, (2, 3, 4, 5), init=(True,), grad=True),
              _case("AffineGrid", theta3, (1, 2, 3, 4, 2), init=())]
    return cases


def colour_cases():
    rgb = T((2, 3, 4, 3), low=0.0, high=1.0)
    rgb["t"][0][0][0] = [0.5, 0.5, 0.5]
    rgb["t"][0][0][1] = [0.0, 0.0, 0.0]
    rgb["t"][1][2][3] = [0.2, 0.9, 0.9]
    hsv = T((1, 3, 5, 3), low=0.0, high=0.999)
    cases = [_case("RGBToHSV", rgb, init=(), grad=True),
             _case("RGBToHSV", T((4, 3), "float64", 0.0, 1.0), init=(), grad=True),
             _case("RGBToHSV", T((2, 3), "float16", 0.0, 1.0), init=()),
             _case("RGBToHSV", T((2, 4), low=0.0, high=1.0), init=()),
             _case("RGBToHSV", T((2, 3), "int32", 0, 5), init=()),
             _case("HSVToRGB", hsv, init=(), grad=True),
             _case("HSVToRGB", T((1, 1, 4, 3), "float64", 0.0, 0.999), init=()),
             _case("HSVToRGB", T((1, 1, 2, 3), "float16", 0.0, 0.999), init=()),
             _case("HSVToRGB", V([[[[-0.25, 0.5, 0.5], [1.5, 0.5, 0.5]]]]), init=()),
             _case("HSVToRGB", T((1, 1, 2, 2)), init=()), _case("HSVToRGB", T((1, 2, 3)), init=())]
    for delta in (0.2, -0.35, 0.8):
        cases.append(_case("AdjustHue", rgb, V(delta), init=(), grad=True))
    for scale in (0.5, 1.7, 0.0):
        cases.append(_case("AdjustSaturation", rgb, V(scale), init=(), grad=True))
    cases += [_case("AdjustHue", T((1, 4, 3), "float64", 0.0, 1.0), V(0.3), init=()),
              _case("AdjustHue", T((1, 2, 3), "float16", 0.0, 1.0), V(0.3), init=()),
              _case("AdjustHue", T((1, 2, 3), "float32", 0.0, 1.0), V(0.3, "float16"), init=()),
              _case("AdjustHue", rgb, V([0.3]), init=()),
              _case("AdjustSaturation", T((1, 4, 3), "float64", 0.0, 1.0), V(1.3), init=()),
              _case("AdjustSaturation", T((2, 1, 3), "float16", 0.0, 1.0), V(0.3), init=()),
              _case("AdjustSaturation", T((2, 1, 3)), V([0.3]), init=()),
              _case("AdjustSaturation", T((1, 3, 2)), V(0.3), init=())]
    return cases


def resize_cases():
    image, size = T((2, 5, 6, 3)), V([3, 4], "int32")
    cases = [_case("ResizeArea", image, size, init=(), grad=True),
             _case("ResizeArea", image, size, init=(True,)),
             _case("ResizeArea", image, V([7, 9], "int32"), init=()),
             _case("ResizeArea", image, V([7, 4], "int32"), init=(True,)),
             _case("ResizeArea", T((1, 3, 3, 1), "float64"), size, init=()),
             _case("ResizeArea", T((1, 3, 3, 2), "int32", 0, 9), size, init=()),
             _case("ResizeArea", T((1, 3, 3, 1), "float16"), V([2, 2], "int32"), init=()),
             _case("ResizeArea", image, V([3, 4], "int64"), init=()),
             _case("ResizeArea", image, V([0, 4], "int32"), init=()),
             _case("ResizeArea", T((5, 6, 3)), size, init=())]
    x = T((2, 3, 5))
    for mode in ("align_corners", "half_pixel"):
        for width in (8, 3, 1, 5):
            cases.append(_case("ResizeLinear1D", x, V([width], "int64"), init=(mode,),
                               grad=True))
    cases += [_case("ResizeLinear1D", T((1, 2, 4), "float64"), V([7], "int64"), init=()),
              _case("ResizeLinear1D", T((1, 2, 1)), V([3], "int64"), init=()),
              _case("ResizeLinear1D", x, V([8], "int32"), init=()),
              _case("ResizeLinear1D", x, V([8], "int64"), init=("asymmetric",)),
              _case("ResizeLinear1D", T((2, 5)), V([8], "int64"), init=())]
    x4 = T((2, 3, 6, 7))
    for init in [(), (True, False), (False, True)]:
        for shape in ([3, 9], [6, 7], [13, 2]):
            cases.append(_case("ResizeNearestNeighborV2", x4, V(shape, "int32"), init=init,
                               grad=True))
    cases += [_case("ResizeNearestNeighborV2", T((1, 1, 3, 3), "float64"), V([5, 2], "int32"),
                    init=()),
              _case("ResizeNearestNeighborV2", T((1, 1, 3, 3), "int32", 0, 9),
                    V([5, 2], "int32"), init=()),
              _case("ResizeNearestNeighborV2", x4, V([3, 9], "int64"), init=()),
              _case("ResizeNearestNeighborV2", x4, V([3, 9], "int32"), init=(True, True))]
    return cases


def vision_cases():
    return box_cases() + crop_cases() + sample_cases() + colour_cases() + resize_cases()
