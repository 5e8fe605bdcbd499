"""The cases of ``ops.upsample`` (MindSpore 2.10's alias of ``ops.interpolate``, the one name
of the nn-style ``ops`` batch with a CPU kernel) that ``make_ops_opsnn_fixture.py`` runs
through real MindSpore: the modes and arguments ``ops_nnf_cases.interpolate_cases`` leaves
out ('trilinear', 'area', 'nearest-exact', 5-D nearest with ``scale_factor``), the shared
ones once, and the bad calls. Encoded as in ``ops_cases.py``."""
from ops_cases import T, _case

# the batch's other names: MindSpore 2.10 has no CPU kernel for them (the generator records
# each one's error under "no_cpu_kernel"), so they are not in minpy_compat.ops
NO_CPU_KERNEL = (
    "SoftMarginLoss", "TripletMarginLoss", "MultilabelMarginLoss", "RmsNorm", "rms_norm",
    "add_rms_norm", "layer_norm", "add_layer_norm", "embedding", "mse_loss_ext", "swiglu",
    "rotary_position_embedding", "ApplyRotaryPosEmb", "LogSoftmaxExt",
    "adaptive_avg_pool2d_ext", "BasicLSTMCell", "DynamicRNN", "DynamicGRUV2", "Dilation2D",
    "ExtractImagePatches", "DepthwiseConv2dNative", "SpaceToBatch", "BatchToSpace",
    "BatchToSpaceNDV2", "DropoutGenMask", "DropoutDoMask", "SplitV")


def _up(*args, **kwargs):
    return _case("upsample", *args, **kwargs)


def mode_cases():
    x3, x4, x5 = T((2, 3, 5)), T((1, 2, 3, 4)), T((1, 2, 2, 3, 4))
    return [
        _up(x3, size=8, grad=True), _up(x4, size=[5, 7], mode="bilinear", grad=True),
        _up(x3, size=8, mode="linear", align_corners=True, grad=True),
        _up(x4, size=[5, 6], mode="bicubic", grad=True),
        _up(x5, size=[3, 4, 6], mode="trilinear", grad=True),
        _up(x5, size=[3, 2, 7], mode="trilinear", align_corners=True, grad=True),
        _up(x5, size=[1, 1, 5], mode="trilinear", align_corners=True, grad=True),
        _up(x5, scale_factor=1.7, mode="trilinear", grad=True),
        _up(x5, scale_factor=[2.0, 1.5, 0.6], mode="trilinear", grad=True),
        _up(x5, scale_factor=[2.0, 1.5, 0.6], mode="trilinear", align_corners=True, grad=True),
        _up(x5, scale_factor=1.7, mode="trilinear", recompute_scale_factor=True, grad=True),
        _up(T((1, 1, 2, 2, 3), "float64"), size=[3, 3, 4], mode="trilinear", grad=True),
        _up(x5, scale_factor=1.7, grad=True), _up(x5, scale_factor=[2.0, 0.5, 1.5], grad=True),
        _up(T((2, 3, 7)), size=3, mode="area"), _up(T((2, 3, 6)), size=3, mode="area", grad=True),
        _up(T((1, 2, 5, 7)), size=[2, 3], mode="area", grad=True),
        _up(T((1, 2, 5, 7)), size=[8, 9], mode="area", grad=True),
        _up(T((1, 1, 4, 5, 6)), size=[2, 3, 4], mode="area", grad=True),
        _up(T((1, 2, 5, 7)), scale_factor=0.6, mode="area", grad=True),
        _up(T((2, 3, 4), "float64"), size=2, mode="area", grad=True),
        _up(x3, size=8, mode="nearest-exact", grad=True),
        _up(x3, size=3, mode="nearest-exact", grad=True),
        _up(x4, size=[5, 3], mode="nearest-exact", grad=True),
        _up(T((1, 2, 3, 4), "float64"), size=[7, 2], mode="nearest-exact", grad=True),
    ]


def bad_cases():
    x3, x4, x5 = T((2, 3, 5)), T((1, 2, 3, 4)), T((1, 2, 2, 3, 4))
    return [
        _up(x4, size=[3, 3, 3], mode="trilinear"), _up(x5, size=[3, 3], mode="trilinear"),
        _up(x5, size=[3, 3, 3], mode="area", align_corners=True),
        _up(x5, size=[3, 3, 3], mode="nearest-exact"),
        _up(x3, scale_factor=2.0, mode="nearest-exact"),
        _up(x3, size=4, mode="nearest-exact", align_corners=True),
        _up(x5, scale_factor=[2.0, 1.5], mode="trilinear"),
        _up(x5, scale_factor=-1.0, mode="trilinear"),
        _up(x5, size=[3, 3, 3], scale_factor=2.0, mode="trilinear"),
        _up(x4, size=[3, 3], mode="cubic"), _up(x3, size=0, mode="area"),
        _up(T((1, 2, 6), "int32"), size=3, mode="area"),
        _up(x5, size=[3, 3, 3], mode="trilinear", align_corners=1),
        _up(x5, scale_factor=1.5, mode="trilinear", recompute_scale_factor=1),
    ]


def opsnn_cases():
    return mode_cases() + bad_cases()
