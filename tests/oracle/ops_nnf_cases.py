"""The neural-network function cases (activations, losses, convolutions, pools, padding)
that ``make_ops_nnf_fixture.py`` runs through real MindSpore; encoded as in
``ops_cases.py``. Random ops appear only where a fixed input pins them down (``rrelu``
with ``lower == upper``, dropout not training, bad arguments)."""
from ops_cases import T, V, _case


def activation_cases():
    x, x16, x64 = T((2, 5)), T((2, 5), "float16"), T((3, 4), "float64")
    cases = []
    for op in ("celu", "hardshrink", "softshrink", "hardtanh", "softsign", "softmin",
               "tanhshrink", "fast_gelu"):
        cases += [_case(op, x, grad=True), _case(op, x16), _case(op, x64, grad=True),
                  _case(op, T((3,), "int32"))]
    cases += [
        _case("celu", x, alpha=0.5, grad=True), _case("celu", x, alpha=0.0),
        _case("hardshrink", x, lambd=1.0, grad=True), _case("softshrink", x, lambd=0.3),
        _case("softshrink", x, lambd=-1.0),
        _case("hardtanh", x, min_val=-0.5, max_val=1.5, grad=True),
        _case("hardtanh", x, 1.0, 0.0), _case("hardtanh", x, "a"),
        _case("softmin", T((2, 3, 4)), axis=1, grad=True),
        _case("glu", T((2, 6)), grad=True), _case("glu", T((4, 3)), axis=0, grad=True),
        _case("glu", T((2, 5))), _case("glu", T((2, 4), "float64"), grad=True),
        _case("prelu", T((2, 3, 4)), V([0.1, 0.2, 0.3]), grad=True),
        _case("prelu", T((2, 3)), V([0.25]), grad=True),
        _case("prelu", T((2, 3, 4)), V([0.1, 0.2])),
        _case("threshold", x, 0.1, 20.0, grad=True), _case("threshold", x16, -0.5, 0.0),
        _case("rrelu", x, 0.2, 0.2, grad=True), _case("rrelu", T((3,), "int32"), 0.2, 0.2),
        _case("gumbel_softmax", x, tau=-1.0), _case("gumbel_softmax", T((3,), "int32")),
    ]
    return cases


def _probs(shape, dtype="float32"):
    return T(shape, dtype, 0.05, 0.95)


def loss_cases():
    p, y, w = _probs((3, 4)), T((3, 4), "float32", 0, 1), T((3, 4), "float32", 0.5, 1.5)
    logits, labels = T((4, 5)), V([1, 0, 4, 2], "int32")
    pairs = [T((3, 4)), T((3, 4))]
    cases = [
        _case("binary_cross_entropy", p, y, grad=True),
        _case("binary_cross_entropy", p, y, w, reduction="sum", grad=True),
        _case("binary_cross_entropy", _probs((5,), "float64"), T((5,), "float64", 0, 1),
              reduction="none", grad=True),
        _case("binary_cross_entropy", p, y, reduction="avg"),
        _case("binary_cross_entropy_with_logits", T((3, 4)), y, grad=True),
        _case("binary_cross_entropy_with_logits", T((3, 4)), y, w, T((4,), "float32", 0.5, 2),
              reduction="none", grad=True),
        _case("cross_entropy", logits, labels, grad=True),
        _case("cross_entropy", logits, V([1, -100, 4, 2], "int32"), reduction="sum", grad=True),
        _case("cross_entropy", logits, labels, T((5,), "float32", 0.5, 2), label_smoothing=0.1,
              grad=True),
        _case("cross_entropy", logits, T((4, 5), "float32", 0, 1), grad=True),
        _case("cross_entropy", T((4, 5), "float64"), labels, reduction="none", grad=True),
        _case("nll_loss", logits, labels, grad=True),
        _case("nll_loss", logits, labels, T((5,), "float32", 0.5, 2), reduction="none",
              grad=True),
        _case("nll_loss", logits, V([1, 3, -100, 0], "int32"), label_smoothing=0.2, grad=True),
        _case("nll_loss", logits, labels, T((5,), "float32", 0.5, 2), label_smoothing=0.3,
              reduction="sum", grad=True),
        _case("nll_loss", logits, labels, reduction="bad"),
        _case("kl_div", T((3, 4)), _probs((3, 4)), grad=True),
        _case("kl_div", T((3, 4)), _probs((3, 4)), "batchmean", grad=True),
        _case("kl_div", T((3, 4), "float64"), _probs((3, 4), "float64"), "none", grad=True),
        _case("mse_loss", *pairs, grad=True), _case("mse_loss", *pairs, reduction="none"),
        _case("mse_loss", T((3,), "float64"), T((3,), "float64"), reduction="sum", grad=True),
        _case("l1_loss", *pairs, grad=True), _case("l1_loss", *pairs, reduction="sum"),
        _case("l1_loss", T((3,), "int32"), T((3,), "int32")),
        _case("mse_loss", T((3,), "int32"), T((3,), "int32")),
        _case("smooth_l1_loss", *pairs, grad=True),
        _case("smooth_l1_loss", *pairs, beta=0.5, reduction="mean", grad=True),
        _case("huber_loss", *pairs, grad=True),
        _case("huber_loss", *pairs, "sum", 0.5, grad=True),
        _case("margin_ranking_loss", T((5,)), T((5,)), V([1.0, -1.0, 1.0, -1.0, 1.0]),
              grad=True),
        _case("margin_ranking_loss", T((5,)), T((5,)), V([1.0, -1.0, 1.0, -1.0, 1.0]),
              margin=0.5, reduction="none", grad=True),
        _case("cosine_embedding_loss", T((3, 4)), T((3, 4)), V([1, -1, 1], "int32"),
              grad=True),
        _case("cosine_embedding_loss", T((3, 4)), T((3, 4)), V([1, -1, -1], "int32"),
              margin=0.2, reduction="sum", grad=True),
        _case("multi_margin_loss", logits, V([1, 0, 4, 2], "int64"), grad=True),
        _case("multi_margin_loss", logits, V([1, 0, 4, 2], "int64"), p=2, margin=2,
              reduction="none", grad=True),
        _case("gaussian_nll_loss", T((3, 4)), T((3, 4)), T((3, 4), "float32", 0.1, 1),
              grad=True),
        _case("gaussian_nll_loss", T((3, 4)), T((3, 4)), T((3, 4), "float32", 0.1, 1),
              full=True, reduction="sum", grad=True),
        _case("hinge_embedding_loss", T((3, 4)), V([[1.0, -1, 1, 1], [-1, -1, 1, -1],
                                                    [1, 1, -1, 1]]), grad=True),
        _case("hinge_embedding_loss", T((6,)), V([1.0, -1.0, 1.0, -1.0, -1.0, 1.0]),
              margin=0.5, reduction="none", grad=True),
        _case("hinge_embedding_loss", T((6,), "float64"), V([1.0, -1, 1, -1, -1, 1],
                                                            "float64"), reduction="sum",
              grad=True),
        _case("multilabel_soft_margin_loss", T((3, 4)), V([[0.0, 1, 1, 0], [1, 0, 0, 0],
                                                          [1, 1, 1, 0]]), grad=True),
        _case("multilabel_soft_margin_loss", T((3, 4)), y, T((4,), "float32", 0.5, 2),
              reduction="none", grad=True),
    ]
    return cases


def window_cases():
    x4, x3 = T((2, 4, 5, 6)), T((2, 4, 7))
    w4, w3 = T((4, 2, 3, 2)), T((6, 4, 3))
    return [
        _case("conv2d", x4, w4, T((4,)), groups=2, grad=True),
        _case("conv2d", x4, w4, stride=2, pad_mode="pad", padding=1, groups=2, grad=True),
        _case("conv2d", x4, w4, None, 1, "same", 0, 2, 2, grad=True),
        _case("conv2d", x4, w4, stride=[1, 2], pad_mode="pad", padding=[1, 2], groups=2),
        _case("conv2d", T((1, 2, 4, 4), "float64"), T((3, 2, 2, 2), "float64"), grad=True),
        _case("conv2d", x4, T((3, 4, 2, 2)), pad_mode="pad", padding=[1, 2, 0, 1]),
        _case("conv2d", x4, w4, pad_mode="valid", padding=1, groups=2),
        _case("conv1d", x3, w3, stride=2, pad_mode="pad", padding=1, grad=True),
        _case("conv1d", x3, w3, T((6,)), pad_mode="same", dilation=2, grad=True),
        _case("conv1d", x3, T((4, 2, 2)), groups=2, grad=True),
        _case("avg_pool1d", x3, 3, 2, 1, grad=True),
        _case("avg_pool1d", x3, 3, 2, 1, count_include_pad=False, grad=True),
        _case("avg_pool2d", x4, 2, 2, 1, grad=True),
        _case("avg_pool2d", x4, 3, 1, 1, divisor_override=2, grad=True),
        _case("avg_pool2d", x4, 3, 2, 1, count_include_pad=False, divisor_override=4),
        _case("max_pool2d", x4, 2, grad=True), _case("max_pool2d", x4, 3, 1, 1, grad=True),
        _case("adaptive_avg_pool1d", x3, 3),
        _case("adaptive_avg_pool1d", T((2, 3, 6)), 3, grad=True),
        _case("adaptive_max_pool1d", x3, 3),
        _case("adaptive_max_pool1d", T((2, 3, 6)), 2, grad=True),
        _case("adaptive_avg_pool2d", x4, [2, 4], grad=True),
        _case("adaptive_max_pool2d", x4, 3, grad=True),
        _case("pad", x3, [1, 2], grad=True), _case("pad", x3, [1, 2, 0, 1], value=3.0),
        _case("pad", x3, [2, 1], mode="reflect", grad=True),
        _case("pad", x4, [2, 1, 1, 0], mode="replicate", grad=True),
        _case("pad", x3, [2, 3], mode="circular", grad=True),
        _case("pad", x4, [2, 1, 1, 2], mode="circular"),
        _case("pad", x3, [1, 2], mode="reflect", value=1.0),
        _case("pad", x3, [1, 2], mode="wrap"),
        _case("pixel_shuffle", x4, 2, grad=True), _case("pixel_shuffle", x4, 3),
        _case("pixel_unshuffle", T((2, 3, 4, 6)), 2, grad=True),
        _case("pixel_unshuffle", T((2, 3, 5, 6)), 2),
        _case("dropout1d", x3, 0.5, False), _case("dropout1d", x3, 1, True),
        _case("dropout2d", x4, 0.5, False), _case("dropout2d", x4, 1.5),
        _case("dropout3d", T((2, 3, 2, 2, 2)), 0.3, False), _case("dropout3d", x4, 2.0),
        _case("multi_margin_loss", T((4, 5)), V([1, 0, 4, 2], "int64"), margin=0.5),
        _case("hinge_embedding_loss", T((3, 4)), T((3, 4), "int32", 0, 1)),
    ]


def norm_cases():
    x4, x3, g, b = T((2, 4, 5, 6)), T((2, 4, 7)), T((4,), "float32", 0.5, 2), T((4,))
    rm, rv = T((4,)), T((4,), "float32", 0.5, 2)
    x5, w5 = T((1, 2, 4, 4, 3)), T((3, 2, 2, 3, 2))
    pos3, pos4 = T((2, 4, 7), "float32", 0.1, 2), T((2, 4, 5, 6), "float32", 0.1, 2)
    return [
        _case("group_norm", x4, 2, grad=True), _case("group_norm", x4, 2, g, b, grad=True),
        _case("group_norm", x3, 4, g, b, 0.1, grad=True), _case("group_norm", x4, 3),
        _case("group_norm", T((2, 4, 3), "float64"), 1, grad=True),
        _case("batch_norm", x4, rm, rv, g, b, grad=True),
        _case("batch_norm", x3, rm, rv, g, b, eps=0.1, grad=True),
        _case("batch_norm", x4, rm, rv, g, b, True, grad=True),
        _case("batch_norm", x4, rm, rv, T((3,)), b),
        _case("lp_pool1d", x3, 2, 3, grad=True), _case("lp_pool1d", pos3, 1.5, 2, 1, grad=True),
        _case("lp_pool2d", x4, 2, 2, grad=True), _case("lp_pool2d", pos4, 3, [2, 3], [1, 2],
                                                       grad=True),
        _case("conv3d", x5, w5, grad=True),
        _case("conv3d", x5, w5, T((3,)), 2, "pad", 1, grad=True),
        _case("conv3d", x5, w5, None, 1, "same", 0, 2, grad=True),
        _case("conv3d", x5, w5, pad_mode="pad", padding=[1, 0, 1, 0, 1, 1]),
        _case("conv3d", x5, T((2, 1, 2, 2, 2)), groups=2, grad=True),
        _case("avg_pool3d", x5, 2, grad=True), _case("avg_pool3d", x5, 2, 1, 1, grad=True),
        _case("avg_pool3d", x5, 3, 2, 1, count_include_pad=False, grad=True),
        _case("avg_pool3d", x5, 2, 1, 1, divisor_override=3, grad=True),
        _case("max_pool3d", x5, 2, grad=True), _case("max_pool3d", x5, 3, 1, 1, grad=True),
    ]


def interpolate_cases():
    x3, x4 = T((2, 3, 5)), T((1, 2, 3, 4))
    return [
        _case("interpolate", x3, size=8, grad=True), _case("interpolate", x3, size=3),
        _case("interpolate", x3, size=8, mode="linear", grad=True),
        _case("interpolate", x3, size=3, mode="linear", grad=True),
        _case("interpolate", x3, size=8, mode="linear", align_corners=True, grad=True),
        _case("interpolate", x3, size=1, mode="linear", align_corners=True),
        _case("interpolate", x4, size=[5, 7], mode="bilinear", grad=True),
        _case("interpolate", x4, size=[2, 3], mode="bilinear", align_corners=True, grad=True),
        _case("interpolate", x4, size=[6, 8], grad=True),
        _case("interpolate", T((1, 1, 2, 3, 2)), size=[3, 4, 5], grad=True),
        _case("interpolate", x3, scale_factor=1.7, mode="linear",
              recompute_scale_factor=True, grad=True),
        _case("interpolate", x4, scale_factor=[2.0, 1.5], recompute_scale_factor=True),
        _case("interpolate", x3, scale_factor=2.0), _case("interpolate", x3),
        _case("interpolate", x3, size=8, scale_factor=2.0),
        _case("interpolate", x3, size=8, align_corners=True),
        _case("interpolate", x3, size=[5, 5], mode="bilinear"),
        _case("interpolate", T((1, 2, 5), "int32"), size=3),
        _case("interpolate", T((2, 5)), size=3),
    ]


def nnf_cases():
    return activation_cases() + loss_cases() + window_cases() + norm_cases() + \
        interpolate_cases()
