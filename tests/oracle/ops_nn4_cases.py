"""The function forms of area nn4's Cells (3-d adaptive pools, max_unpool1d/2d/3d,
conv3d_transpose, lrn, fractional_max_pool2d) that ``make_ops_nn4_fixture.py`` runs
through real MindSpore; encoded as in ``ops_cases.py``."""
from ops_cases import T, V, _case

SAMPLES = V([[[0.3, 0.7], [0.1, 0.9]]])


def nn4_cases():
    x5, x4 = T((1, 2, 4, 4, 5)), T((1, 4, 3, 3))
    return [
        _case("adaptive_avg_pool3d", x5, (2, 2, 3), grad=True),
        _case("adaptive_avg_pool3d", T((2, 3, 4, 4)), 2, grad=True),
        _case("adaptive_avg_pool3d", T((1, 1, 3, 4, 5), "float64"), (1, 2, 3), grad=True),
        _case("adaptive_avg_pool3d", T((3, 4)), 2),
        _case("adaptive_max_pool3d", x5, (2, 3, 2), grad=True),
        _case("adaptive_max_pool3d", x5, (2, 3, 2), True),
        _case("max_unpool1d", T((1, 2, 3)), V([[[0, 3, 5], [1, 2, 4]]], "int64"), 2, grad=True),
        _case("max_unpool2d", T((1, 2, 2, 2)),
              V([[[[0, 3], [9, 14]], [[5, 6], [8, 15]]]], "int64"), 2, grad=True),
        _case("max_unpool2d", T((1, 1, 2, 2)), V([[[[0, 8], [12, 24]]]], "int64"), 2,
              output_size=(1, 1, 5, 5), grad=True),
        _case("max_unpool2d", T((1, 1, 2, 2)), V([[[[0, 8], [12, 16]]]], "int64"), 2),
        _case("max_unpool3d", T((1, 1, 2, 1, 2)), V([[[[[0, 7]], [[9, 12]]]]], "int64"),
              2, 2, grad=True),
        _case("conv3d_transpose", T((1, 2, 2, 3, 2)), T((2, 3, 2, 2, 2)), grad=True),
        _case("conv3d_transpose", T((1, 2, 2, 2, 3)), T((2, 2, 3, 3, 3)), "pad", 1, 2,
              output_padding=1, grad=True),
        _case("conv3d_transpose", T((1, 4, 2, 2, 2)), T((4, 1, 2, 2, 2)), "same", stride=2,
              group=2, grad=True),
        _case("lrn", x4, grad=True),
        _case("lrn", x4, 2, 2.0, 0.5, 0.75, grad=True),
        _case("lrn", x4, norm_region="WITHIN_CHANNEL"),
        _case("lrn", T((4, 3, 3)), 1),
        _case("fractional_max_pool2d", T((1, 2, 8, 9)), 2, (4, 5), None, True, SAMPLES),
        _case("fractional_max_pool2d", T((1, 2, 8, 9)), 3, None, (0.5, 0.5), False, SAMPLES),
    ]
