"""Each round-2 layer primitive refuses a bad constructor or call argument with an error
naming the op and the argument (MindSpore 2.10's exception class)."""
import numpy as onp
import pytest

import minpy_compat as ms
from minpy_compat import ops

X4 = ms.Tensor(onp.ones((1, 2, 4, 4), onp.float32))
X5 = ms.Tensor(onp.ones((1, 2, 4, 4, 4), onp.float32))
W = ms.Tensor(onp.ones((2, 3, 3, 3), onp.float32))
C3 = ms.Tensor(onp.ones(3, onp.float32))
I64 = ms.Tensor(onp.array([[1, 1], [0, 0]], onp.int64))


@pytest.mark.parametrize("call, error, match", [
    (lambda: ops.Conv2DBackpropInput(2, 3, pad=1), ValueError,
     "Conv2DBackpropInput pad: expected 0 with pad_mode"),
    (lambda: ops.Conv2DTranspose(2, 3, "full"), ValueError, "Conv2DTranspose pad_mode"),
    (lambda: ops.Conv2DBackpropInput(2, 3)(X4, W, (1, 4, 6, 6)), ValueError,
     "Conv2DBackpropInput weight"),
    (lambda: ops.Conv2DBackpropInput(2, 3)(X4, W, 6), TypeError,
     "Conv2DBackpropInput input_size"),
    (lambda: ops.Conv2DBackpropInput(2, 3)(X4, W, (1, 3, 9, 9)), ValueError,
     "Conv2DBackpropInput dout: expected the output size of Conv2D"),
    (lambda: ops.Conv3D(3, 2, data_format="NDHWC"), ValueError, "Conv3D data_format"),
    (lambda: ops.Conv3D(3, 2, pad_mode="pad", pad=(1, 1)), ValueError, "Conv3D pad"),
    (lambda: ops.Conv3D(4, 2)(X5, ms.Tensor(onp.ones((3, 2, 2, 2, 2), onp.float32))),
     ValueError, r"Conv3D weight: expected shape \(4, 2, 2, 2, 2\)"),
    (lambda: ops.MaxPool3D(2, 2, "VALID", 1), ValueError, "MaxPool3D pad: expected 0"),
    (lambda: ops.MaxPool3D(2, ceil_mode=1.5), TypeError, "MaxPool3D ceil_mode"),
    (lambda: ops.MaxPool3D(2)(X4), ValueError, "MaxPool3D x: expected a 5-D"),
    (lambda: ops.AvgPool3D(0), ValueError, "AvgPool3D kernel_size"),
    (lambda: ops.AvgPool3D(2, divisor_override=-1), ValueError,
     "AvgPool3D divisor_override"),
    (lambda: ops.AvgPool3D(2, count_include_pad=1), TypeError,
     "AvgPool3D count_include_pad"),
    (lambda: ops.AvgPool3D(5)(X5), ValueError, "AvgPool3D x: expected at least 5"),
    (lambda: ops.MaxPoolWithArgmax(2, 2, "pad"), ValueError, "MaxPoolWithArgmax pad_mode"),
    (lambda: ops.MaxPoolWithArgmax(2)(X4.astype(onp.int32)), TypeError,
     "MaxPoolWithArgmax x"),
    (lambda: ops.AdaptiveMaxPool2D(2), TypeError, "AdaptiveMaxPool2D output_size"),
    (lambda: ops.AdaptiveMaxPool2D((2, 0)), ValueError, "AdaptiveMaxPool2D output_size"),
    (lambda: ops.AdaptiveMaxPool2D((2, 2))(C3), ValueError, "AdaptiveMaxPool2D input"),
    (lambda: ops.MirrorPad("EDGE"), ValueError, "MirrorPad mode"),
    (lambda: ops.MirrorPad()(ms.Tensor(onp.ones((3, 3))), I64 * 3), ValueError,
     "MirrorPad paddings: expected values in"),
    (lambda: ops.MirrorPad()(ms.Tensor(onp.ones((3, 3))), I64[:1]), ValueError,
     r"MirrorPad paddings: expected shape \(2, 2\)"),
    (lambda: ops.MirrorPad()(ms.Tensor(onp.ones((3, 3))), I64.astype(onp.float32)),
     TypeError, "MirrorPad paddings"),
    (lambda: ops.ResizeNearestNeighbor(6), TypeError, "ResizeNearestNeighbor size"),
    (lambda: ops.ResizeNearestNeighbor((6, 3), 1), TypeError,
     "ResizeNearestNeighbor align_corners"),
    (lambda: ops.ResizeNearestNeighbor((6, 3))(X5), ValueError,
     "ResizeNearestNeighbor input_x"),
    (lambda: ops.ResizeBilinearV2(True, True), ValueError,
     "ResizeBilinearV2 half_pixel_centers"),
    (lambda: ops.ResizeBilinearV2()(X4, (0, 3)), ValueError, "ResizeBilinearV2 size"),
    (lambda: ops.ResizeBilinearV2()(X4.astype(onp.int32), (2, 3)), TypeError,
     "ResizeBilinearV2 image"),
    (lambda: ops.LRN(2, 1), TypeError, "LRN bias"),
    (lambda: ops.LRN(norm_region="WITHIN"), ValueError, "LRN norm_region"),
    (lambda: ops.LRN(1.5), TypeError, "LRN depth_radius"),
    (lambda: ops.BatchNorm(1), TypeError, "BatchNorm is_training"),
    (lambda: ops.BatchNorm(True, 0.0), ValueError, "BatchNorm epsilon"),
    (lambda: ops.BatchNorm(True, 1e-5, 1.5), ValueError, "BatchNorm momentum"),
    (lambda: ops.BatchNorm(data_format="NCDHW"), ValueError, "BatchNorm data_format"),
    (lambda: ops.BatchNorm()(X4, C3, C3, C3, C3), ValueError,
     r"BatchNorm scale: expected shape \(2,\)"),
    (lambda: ops.BatchNorm()(C3, C3, C3, C3, C3), ValueError, "BatchNorm input_x"),
    (lambda: ops.MultiMarginLoss(3), ValueError, "MultiMarginLoss p"),
    (lambda: ops.MultiMarginLoss(1, "a"), TypeError, "MultiMarginLoss margin"),
    (lambda: ops.MultiMarginLoss(1, 1.0, "avg"), ValueError, "MultiMarginLoss reduction"),
    (lambda: ops.MultiMarginLoss()(ms.Tensor(onp.ones((3, 4), onp.float32)),
                                   ms.Tensor(onp.array([1, 0, 3], onp.int32))), TypeError,
     "MultiMarginLoss target: expected an int64"),
])
def test_bad_arguments_name_the_op_and_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


ROUND2 = ("prims_scatter2", "prims_apply", "prims_conv2", "prims_pool2", "prims_image2",
          "prims_misc2")


def test_each_round2_name_is_an_exported_primitive_with_a_docstring():
    from minpy_compat.ops import _LAZY
    from minpy_compat.ops.primitives import Primitive
    names = [n for module in ROUND2 for n in _LAZY[module]]
    assert len(names) == 30 and set(names) <= set(ops.__all__)
    for name in names:
        cls = getattr(ops, name)
        assert issubclass(cls, Primitive) and cls.__doc__.strip(), name
