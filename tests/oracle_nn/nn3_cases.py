"""The activation, tensor-utility, image, dense and gradient-wrapper Cells of area nn3,
recorded from MindSpore 2.10 (``make_nn3_fixture.py``) and replayed in
``tests/test_cell_oracle_nn3.py``. Plain data only: both sides import it.

A case: (id, class name, constructor kwargs, training?, inputs). An input is
(shape, dtype) for seeded normal floats, ('ints', shape, high) for int32 indices,
('positive', shape) for floats in [0.5, 1.5), or ('values', list, dtype).
"""
F32 = "float32"
KINKS = ("values", [[-2.0, -0.5, 0.0, 0.5], [0.25, 1.0, -1.0, 2.0]], F32)
MATRIX = [((3, 4), F32)]
IMAGE = [((2, 4, 4, 4), F32)]

ACTIVATIONS = [
    ("celu", "CELU", {}, False, [KINKS]),
    ("celu_alpha", "CELU", {"alpha": 2.0}, False, MATRIX),
    ("celu_int_alpha", "CELU", {"alpha": 2}, False, MATRIX),
    ("glu", "GLU", {}, False, MATRIX),
    ("glu_axis0", "GLU", {"axis": 0}, False, [((4, 3), F32)]),
    ("hshrink", "HShrink", {}, False, [KINKS]),
    ("hshrink_lambd", "HShrink", {"lambd": 1.0}, False, MATRIX),
    ("softshrink", "SoftShrink", {}, False, [KINKS]),
    ("softshrink_lambd", "SoftShrink", {"lambd": 0.25}, False, MATRIX),
    ("threshold", "Threshold", {"threshold": 0.5, "value": 9.0}, False, [KINKS]),
    ("threshold_int", "Threshold", {"threshold": 0, "value": -3}, False, MATRIX),
    ("selu", "SeLU", {}, False, [KINKS]),
    ("fastgelu", "FastGelu", {}, False, [KINKS]),
    ("softmax2d", "Softmax2d", {}, False, [((2, 3, 2, 2), F32)]),
    ("softmax2d_3d", "Softmax2d", {}, False, [((3, 2, 2), F32)]),
]

UTILITIES = [
    ("tril", "Tril", {}, False, MATRIX),
    ("triu", "Triu", {}, False, [((2, 3, 3), F32)]),
    ("onehot", "OneHot", {"depth": 4}, False, [("ints", (5,), 6)]),
    ("onehot_axis0", "OneHot", {"axis": 0, "depth": 3, "on_value": 5.0, "off_value": -1.0},
     False, [("ints", (2, 2), 3)]),
    ("pad_constant", "Pad", {"paddings": ((1, 0), (0, 2))}, False, MATRIX),
    ("pad_reflect", "Pad", {"paddings": ((1, 2), (2, 1)), "mode": "REFLECT"}, False, MATRIX),
    ("pad_symmetric", "Pad", {"paddings": ((0, 0), (1, 1), (2, 3)), "mode": "SYMMETRIC"},
     False, [((2, 3, 4), F32)]),
    ("norm", "Norm", {}, False, MATRIX),
    ("norm_axis", "Norm", {"axis": 1, "keep_dims": True}, False, MATRIX),
    ("norm_axes", "Norm", {"axis": (0, 2)}, False, [((2, 3, 4), F32)]),
    ("norm_squeeze", "Norm", {}, False, [((3, 1, 2), F32)]),
    ("clipbynorm", "ClipByNorm", {}, False, [MATRIX[0], ("values", 1.0, F32)]),
    ("clipbynorm_noclip", "ClipByNorm", {}, False, [MATRIX[0], ("values", 50.0, F32)]),
    ("clipbynorm_axis", "ClipByNorm", {"axis": 1}, False, [MATRIX[0], ("values", 1.0, F32)]),
    ("moments", "Moments", {}, False, MATRIX),
    ("moments_axis", "Moments", {"axis": 0, "keep_dims": True}, False, MATRIX),
    ("moments_axes", "Moments", {"axis": (1, 2)}, False, [((2, 3, 4), F32)]),
    ("matmul", "MatMul", {}, False, [((3, 4), F32), ((4, 2), F32)]),
    ("matmul_t", "MatMul", {"transpose_x1": True, "transpose_x2": True}, False,
     [((4, 3), F32), ((2, 4), F32)]),
    ("matmul_batch", "MatMul", {}, False, [((2, 3, 4), F32), ((4, 5), F32)]),
    ("matmul_vec", "MatMul", {}, False, [((3,), F32), ((3,), F32)]),
    ("rlse", "ReduceLogSumExp", {"axis": 1}, False, MATRIX),
    ("rlse_keep", "ReduceLogSumExp", {"axis": (0, 1), "keep_dims": True}, False, MATRIX),
    ("rlse_all", "ReduceLogSumExp", {"axis": ()}, False, [((2, 3, 2), F32)]),
    ("roll", "Roll", {"shift": 1, "axis": 0}, False, MATRIX),
    ("l1reg", "L1Regularizer", {"scale": 0.5}, False, MATRIX),
    ("l1reg_int", "L1Regularizer", {"scale": 2}, False, [((2, 3, 2), F32)]),
]

IMAGES = [
    ("unfold", "Unfold", {"ksizes": [1, 2, 2, 1], "strides": [1, 1, 1, 1],
                          "rates": [1, 1, 1, 1]}, False, IMAGE),
    ("pixelshuffle", "PixelShuffle", {"upscale_factor": 2}, False, IMAGE),
    ("pixelunshuffle", "PixelUnshuffle", {"downscale_factor": 2}, False, IMAGE),
    ("channelshuffle", "ChannelShuffle", {"groups": 2}, False, IMAGE),
    ("centralcrop", "CentralCrop", {"central_fraction": 0.5}, False, IMAGE),
    ("centralcrop_3d", "CentralCrop", {"central_fraction": 0.6}, False, [((2, 5, 5), F32)]),
    ("centralcrop_one", "CentralCrop", {"central_fraction": 1.0}, False, [((2, 3, 3), F32)]),
    ("imagegradients", "ImageGradients", {}, False, [((2, 2, 3, 4), F32)]),
    ("upsample_size", "Upsample", {"size": (6, 5)}, False, IMAGE),
    ("upsample_bilinear", "Upsample", {"size": (6, 7), "mode": "bilinear",
                                       "align_corners": True}, False, IMAGE),
    ("upsample_linear", "Upsample", {"scale_factor": 2.0, "mode": "linear",
                                     "recompute_scale_factor": True}, False, [((2, 3, 4), F32)]),
]

LAYERS = [
    ("linear", "Linear", {"in_features": 4, "out_features": 3}, False, MATRIX),
    ("linear_nobias", "Linear", {"in_features": 4, "out_features": 2, "bias": False}, False,
     [((2, 5, 4), F32)]),
    ("bidense", "BiDense", {"in1_channels": 4, "in2_channels": 2, "out_channels": 3}, False,
     [((3, 4), F32), ((3, 2), F32)]),
    ("bidense_nobias", "BiDense", {"in1_channels": 2, "in2_channels": 3, "out_channels": 2,
                                   "has_bias": False}, False, [((2, 5, 2), F32), ((2, 5, 3), F32)]),
]

CASES = ACTIVATIONS + UTILITIES + IMAGES + LAYERS

# Ranges: (id, args); the result of nn.Range(*args)().
RANGES = [("range_int", (5,)), ("range_step", (1, 8, 2)), ("range_float", (1, 3.5, 0.5)),
          ("range_down", (5, -3, -2)), ("range_float_start", (0.5, 3))]

# Wrong constructor arguments: (id, class name, args, kwargs); compared by exception class
# (None where MindSpore takes them).
BAD_TYPES = [
    ("celu_str", "CELU", ("1",), {}),
    ("celu_zero", "CELU", (0.0,), {}),
    ("glu_axis_float", "GLU", (1.0,), {}),
    ("hshrink_str", "HShrink", ("a",), {}),
    ("softshrink_neg", "SoftShrink", (-1.0,), {}),
    ("threshold_str", "Threshold", ("a", 1.0), {}),
    ("rrelu_order", "RReLU", (0.5, 0.1), {}),
    ("rrelu_str", "RReLU", ("0.1",), {}),
    ("roll_float", "Roll", (1.5, 0), {}),
    ("roll_lengths", "Roll", ((1, 2), 0), {}),
    ("pad_list", "Pad", ([[1, 1], [1, 1]],), {}),
    ("pad_mode", "Pad", (((1, 1),), "reflect"), {}),
    ("norm_keep_int", "Norm", (1, 1), {}),
    ("norm_axis_float", "Norm", (1.0,), {}),
    ("moments_axis_float", "Moments", (1.0,), {}),
    ("moments_keep_int", "Moments", (0, 1), {}),
    ("matmul_int", "MatMul", (1,), {}),
    ("range_delta0", "Range", (1, 3, 0), {}),
    ("rlse_axis_float", "ReduceLogSumExp", (1.0,), {}),
    ("rlse_keep_int", "ReduceLogSumExp", (1, 1), {}),
    ("unfold_int", "Unfold", (2, [1, 1, 1, 1], [1, 1, 1, 1]), {}),
    ("unfold_format", "Unfold", ([1, 2, 2], [1, 1, 1, 1], [1, 1, 1, 1]), {}),
    ("unfold_zero", "Unfold", ([1, 0, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1]), {}),
    ("pixelshuffle_float", "PixelShuffle", (2.0,), {}),
    ("pixelunshuffle_float", "PixelUnshuffle", (2.0,), {}),
    ("channelshuffle_float", "ChannelShuffle", (2.0,), {}),
    ("channelshuffle_zero", "ChannelShuffle", (0,), {}),
    ("centralcrop_int", "CentralCrop", (1,), {}),
    ("centralcrop_zero", "CentralCrop", (0.0,), {}),
    ("centralcrop_big", "CentralCrop", (1.5,), {}),
    ("l1reg_str", "L1Regularizer", ("1",), {}),
    ("l1reg_neg", "L1Regularizer", (-1.0,), {}),
    ("l1reg_inf", "L1Regularizer", (float("inf"),), {}),
    ("linear_zero", "Linear", (0, 2), {}),
    ("linear_float", "Linear", (3.0, 2), {}),
    ("linear_bias_int", "Linear", (3, 2, 1), {}),
    ("bidense_zero", "BiDense", (3, 0, 2), {}),
    ("bidense_bias_int", "BiDense", (3, 2, 2), {"has_bias": 1}),
    ("gradaccu_float", "GradAccumulationCell", ("net", 2.0), {}),
    ("gradaccu_zero", "GradAccumulationCell", ("net", 0), {}),
    ("gradaccu_net", "GradAccumulationCell", (1, 2), {}),
    ("fvag_get_all", "ForwardValueAndGrad", ("net",), {"get_all": 1}),
    ("fvag_weights", "ForwardValueAndGrad", ("net",), {"get_by_list": True}),
    ("fvag_net", "ForwardValueAndGrad", (1,), {}),
    ("timedist_layer", "TimeDistributed", (1, 1), {}),
    ("timedist_axis", "TimeDistributed", ("net", 1.0), {}),
]

# Wrong inputs in the forward pass: (id, class name, kwargs, input shape).
BAD_INPUTS = [
    ("glu_odd", "GLU", {}, (2, 3)),
    ("softmax2d_rank", "Softmax2d", {}, (2, 3)),
    ("pad_rank", "Pad", {"paddings": ((1, 1),)}, (2, 3)),
    ("channelshuffle_channels", "ChannelShuffle", {"groups": 3}, (1, 4, 2, 2)),
    ("centralcrop_rank", "CentralCrop", {"central_fraction": 0.5}, (4, 4)),
    ("imagegradients_rank", "ImageGradients", {}, (3, 4, 4)),
    ("pixelshuffle_channels", "PixelShuffle", {"upscale_factor": 2}, (1, 3, 2, 2)),
    ("linear_width", "Linear", {"in_features": 3, "out_features": 2}, (2, 4)),
    ("timedist_rank", "TimeDistributed", {"layer": "net", "time_axis": 1}, (2, 3)),
    ("moments_int", "Moments", {}, "int32"),
]

SIGNATURE_CELLS = sorted({case[1] for case in CASES} | {
    "RReLU", "Range", "TimeDistributed", "ForwardValueAndGrad", "WithGradCell",
    "GradAccumulationCell"})
