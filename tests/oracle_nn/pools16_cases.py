"""Pools with ``ceil_mode``, ``dilation``, ``divisor_override`` and the other window options,
and bicubic resizing, recorded from MindSpore 2.10 (``make_pools16_fixture.py``) and replayed
in ``tests/test_pools16_oracle.py``. Plain data and one runner both sides share.

A case: (id, target, constructor kwargs or None for a function, call kwargs, input shape).
The input is float32 normal noise seeded by the case's position; the gradient is that of
``sum(out * cotangent)`` (the first output when there are two), cotangent seeded likewise.
"""
import numpy as onp

C2 = (1, 2, 7, 6)
C1 = (2, 3, 7)
C3 = (1, 2, 5, 6, 5)

CEIL = [
    ("mp1_ceil", "nn.MaxPool1d", {"kernel_size": 3, "stride": 2, "ceil_mode": True}, {}, C1),
    ("mp1_ceil_pad", "nn.MaxPool1d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                      "padding": 1, "ceil_mode": True}, {}, C1),
    ("mp1_dil", "nn.MaxPool1d", {"kernel_size": 2, "stride": 1, "pad_mode": "pad",
                                 "dilation": 2}, {}, C1),
    ("mp1_dil_ceil_idx", "nn.MaxPool1d", {"kernel_size": 2, "stride": 2, "pad_mode": "pad",
                                          "dilation": 2, "ceil_mode": True,
                                          "return_indices": True}, {}, C1),
    ("mp2_ceil", "nn.MaxPool2d", {"kernel_size": 3, "stride": 2, "ceil_mode": True}, {}, C2),
    ("mp2_ceil_pad", "nn.MaxPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                      "padding": 1, "ceil_mode": True}, {}, C2),
    ("mp2_dil", "nn.MaxPool2d", {"kernel_size": 2, "stride": 1, "pad_mode": "pad",
                                 "dilation": 2}, {}, C2),
    ("mp2_dil_asym", "nn.MaxPool2d", {"kernel_size": (2, 3), "stride": (2, 1), "pad_mode": "pad",
                                      "padding": (1, 0), "dilation": (2, 1)}, {}, C2),
    ("mp2_dil_ceil_idx", "nn.MaxPool2d", {"kernel_size": 2, "stride": 2, "pad_mode": "pad",
                                          "padding": 1, "dilation": 2, "ceil_mode": True,
                                          "return_indices": True}, {}, C2),
    ("mp3_ceil", "nn.MaxPool3d", {"kernel_size": 2, "stride": 2, "ceil_mode": True}, {}, C3),
    ("mp3_dil_ceil_idx", "nn.MaxPool3d", {"kernel_size": 2, "stride": 2, "pad_mode": "pad",
                                          "padding": 1, "dilation": (1, 2, 2), "ceil_mode": True,
                                          "return_indices": True}, {}, C3),
    ("ap1_ceil", "nn.AvgPool1d", {"kernel_size": 3, "stride": 2, "ceil_mode": True}, {}, C1),
    ("ap1_ceil_pad", "nn.AvgPool1d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                      "padding": 1, "ceil_mode": True}, {}, C1),
    ("ap1_ceil_pad_nocount", "nn.AvgPool1d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                              "padding": 1, "ceil_mode": True,
                                              "count_include_pad": False}, {}, C1),
    ("ap2_ceil", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "ceil_mode": True}, {}, C2),
    ("ap2_ceil_pad", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                      "padding": 1, "ceil_mode": True}, {}, C2),
    ("ap2_ceil_pad_nocount", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                              "padding": 1, "ceil_mode": True,
                                              "count_include_pad": False}, {}, C2),
    ("ap2_divisor", "nn.AvgPool2d", {"kernel_size": 2, "stride": 2, "pad_mode": "pad",
                                     "divisor_override": 3}, {}, C2),
    ("ap2_divisor_ceil", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                          "padding": 1, "ceil_mode": True,
                                          "divisor_override": 5}, {}, C2),
    ("ap3_ceil", "nn.AvgPool3d", {"kernel_size": 2, "stride": 2, "ceil_mode": True}, {}, C3),
    ("ap3_ceil_pad_nocount", "nn.AvgPool3d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                              "padding": 1, "ceil_mode": True,
                                              "count_include_pad": False}, {}, C3),
    ("lp1_ceil", "nn.LPPool1d", {"norm_type": 2, "kernel_size": 3, "stride": 2,
                                 "ceil_mode": True}, {}, C1),
    ("lp2_ceil", "nn.LPPool2d", {"norm_type": 2, "kernel_size": 3, "stride": 2,
                                 "ceil_mode": True}, {}, C2),
    ("lp2_ceil_p4", "nn.LPPool2d", {"norm_type": 4, "kernel_size": (2, 3), "stride": (2, 2),
                                    "ceil_mode": True}, {}, C2),
    ("f_lp1_ceil", "ops.lp_pool1d", None, {"norm_type": 2, "kernel_size": 2, "stride": 2,
                                           "ceil_mode": True}, C1),
    ("f_lp2_ceil", "ops.lp_pool2d", None, {"norm_type": 1, "kernel_size": 3, "stride": 2,
                                           "ceil_mode": True}, C2),
    ("f_mp2_ceil", "ops.max_pool2d", None, {"kernel_size": 3, "stride": 2, "padding": 1,
                                            "ceil_mode": True}, C2),
    ("f_mp2_dil_idx", "ops.max_pool2d", None, {"kernel_size": 2, "stride": 1, "dilation": 2,
                                               "return_indices": True}, C2),
    ("f_mp3_ceil_dil", "ops.max_pool3d", None, {"kernel_size": 2, "stride": 2, "dilation": 2,
                                                "ceil_mode": True}, C3),
    ("f_ap1_ceil", "ops.avg_pool1d", None, {"kernel_size": 3, "stride": 2, "padding": 1,
                                            "ceil_mode": True}, C1),
    ("f_ap2_ceil", "ops.avg_pool2d", None, {"kernel_size": 3, "stride": 2, "padding": 1,
                                            "ceil_mode": True, "count_include_pad": False}, C2),
    ("f_ap2_div_ceil", "ops.avg_pool2d", None, {"kernel_size": 3, "stride": 2, "ceil_mode": True,
                                                "divisor_override": 4}, C2),
    ("f_ap3_ceil", "ops.avg_pool3d", None, {"kernel_size": 2, "stride": 2, "ceil_mode": True},
     C3),
    ("m_mp2_ceil_dil", "mint.nn.functional.max_pool2d", None,
     {"kernel_size": 2, "stride": 2, "padding": 1, "dilation": 2, "ceil_mode": True}, C2),
    ("m_ap2_ceil", "mint.nn.functional.avg_pool2d", None,
     {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True}, C2),
    ("m_ap1_ceil", "mint.nn.functional.avg_pool1d", None,
     {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True}, C1),
    ("m_ap3_ceil", "mint.nn.functional.avg_pool3d", None,
     {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True,
      "count_include_pad": False}, C3),
    ("mp2_dil3_ceil_idx", "nn.MaxPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                           "dilation": 2, "ceil_mode": True,
                                           "return_indices": True}, {}, C2),
    ("mc_mp2_dil", "mint.nn.MaxPool2d", {"kernel_size": 3, "stride": 2, "dilation": 2,
                                         "ceil_mode": True, "return_indices": True}, {}, C2),
    ("mc_ap2_ceil", "mint.nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "padding": 1,
                                          "ceil_mode": True, "count_include_pad": False},
     {}, C2),
]

I4 = (1, 2, 5, 6)
BICUBIC = [
    ("bc_size", "ops.interpolate", None, {"size": (7, 9), "mode": "bicubic"}, I4),
    ("bc_size_ac", "ops.interpolate", None, {"size": (8, 4), "mode": "bicubic",
                                             "align_corners": True}, I4),
    ("bc_scale", "ops.interpolate", None, {"scale_factor": (2.0, 1.5), "mode": "bicubic",
                                           "recompute_scale_factor": True}, I4),
    ("bc_down", "ops.interpolate", None, {"size": (3, 2), "mode": "bicubic"}, I4),
    ("bc_up_nn", "nn.Upsample", {"scale_factor": 2.0, "mode": "bicubic"}, {}, I4),
    ("bc_up_nn_ac", "nn.Upsample", {"size": (6, 11), "mode": "bicubic",
                                    "align_corners": True}, {}, I4),
    ("bc_up_nn_recompute", "nn.Upsample", {"scale_factor": (2.0, 1.5), "mode": "bicubic",
                                           "recompute_scale_factor": True}, {}, I4),
    ("bc_mint_fn", "mint.nn.functional.interpolate", None, {"size": (7, 9), "mode": "bicubic"},
     I4),
    ("bc_mint_fn_scale", "mint.nn.functional.interpolate", None,
     {"scale_factor": (2.0, 1.5), "mode": "bicubic", "align_corners": False}, I4),
    ("bc_mint_up", "mint.nn.Upsample", {"size": (8, 4), "mode": "bicubic",
                                        "align_corners": True}, {}, I4),
    ("bc_one_pixel", "ops.interpolate", None, {"size": (3, 4), "mode": "bicubic"}, (1, 1, 1, 2)),
    ("rb_legacy", "ops.ResizeBicubic", {}, {"size": (7, 9)}, I4),
    ("rb_align", "ops.ResizeBicubic", {"align_corners": True}, {"size": (3, 8)}, I4),
    ("rb_half", "ops.ResizeBicubic", {"half_pixel_centers": True}, {"size": (8, 4)}, I4),
    ("rb_both", "ops.ResizeBicubic", {"align_corners": True, "half_pixel_centers": True},
     {"size": (8, 4)}, I4),
]

B1 = (1, 1, 5, 5)
OPTIONS = [
    ("o_mp2_same", "nn.MaxPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"}, {}, C2),
    ("o_mp2_same_upper", "nn.MaxPool2d", {"kernel_size": 2, "stride": 2, "pad_mode": "SAME"},
     {}, B1),
    ("o_mp2_asym", "nn.MaxPool2d", {"kernel_size": (3, 2), "stride": (2, 1)}, {}, C2),
    ("o_mp2_pad_tuple", "nn.MaxPool2d", {"kernel_size": 3, "stride": (1, 2), "pad_mode": "pad",
                                         "padding": (1, 0)}, {}, B1),
    ("o_mp1_same", "nn.MaxPool1d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"}, {}, C1),
    ("o_ap1_same", "nn.AvgPool1d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"}, {}, C1),
    ("o_ap1_pad_nocount", "nn.AvgPool1d", {"kernel_size": 3, "stride": 1, "pad_mode": "pad",
                                           "padding": 1, "count_include_pad": False}, {}, C1),
    ("o_ap2_same", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "same"}, {}, C2),
    ("o_ap2_same_asym", "nn.AvgPool2d", {"kernel_size": (2, 3), "stride": (1, 2),
                                         "pad_mode": "same"}, {}, B1),
    ("o_ap2_pad_tuple", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                         "padding": (1, 0), "count_include_pad": False}, {}, C2),
    ("o_ap2_pad_count", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                         "padding": 1}, {}, C2),
    ("o_ap2_div_valid", "nn.AvgPool2d", {"kernel_size": 2, "stride": 1,
                                         "divisor_override": 2}, {}, B1),
    ("o_ap2_div_same", "nn.AvgPool2d", {"kernel_size": 3, "stride": 2, "pad_mode": "same",
                                        "divisor_override": 2}, {}, C2),
    ("o_ap3_same", "nn.AvgPool3d", {"kernel_size": (2, 3, 2), "stride": (1, 2, 2),
                                    "pad_mode": "same"}, {}, C3),
    ("o_ap3_pad_nocount", "nn.AvgPool3d", {"kernel_size": 3, "stride": 2, "pad_mode": "pad",
                                           "padding": (1, 0, 1), "count_include_pad": False},
     {}, C3),
    ("o_ap3_div_pad", "nn.AvgPool3d", {"kernel_size": 2, "stride": 2, "pad_mode": "pad",
                                       "padding": 1, "divisor_override": 3}, {}, C3),
    ("o_mp3_same", "nn.MaxPool3d", {"kernel_size": (3, 2, 2), "stride": 2, "pad_mode": "same"},
     {}, C3),
    ("o_mp3_pad_tuple", "nn.MaxPool3d", {"kernel_size": 2, "stride": (2, 1, 2), "pad_mode": "pad",
                                         "padding": (1, 0, 1)}, {}, C3),
    ("o_f_ap1_nocount", "ops.avg_pool1d", None, {"kernel_size": 3, "stride": 2, "padding": 1,
                                                 "count_include_pad": False}, C1),
    ("o_f_ap2_tuple", "ops.avg_pool2d", None, {"kernel_size": (3, 2), "stride": (2, 1),
                                               "padding": (1, 0)}, C2),
    ("o_f_ap2_tuple4", "ops.avg_pool2d", None, {"kernel_size": 3, "stride": 2,
                                                "padding": (1, 1, 0, 0)}, C2),
    ("o_f_ap2_tuple4_asym", "ops.avg_pool2d", None, {"kernel_size": 3, "stride": 2,
                                                     "padding": (1, 0, 0, 1),
                                                     "count_include_pad": False}, C2),
    ("o_f_mp2_tuple", "ops.max_pool2d", None, {"kernel_size": (3, 2), "stride": (2, 1),
                                               "padding": (1, 1)}, C2),
    ("o_f_ap3_div", "ops.avg_pool3d", None, {"kernel_size": 2, "stride": 1, "padding": 1,
                                             "divisor_override": 5}, C3),
    ("o_f_mp3_tuple", "ops.max_pool3d", None, {"kernel_size": (2, 3, 2), "stride": (1, 2, 2),
                                               "padding": (1, 1, 0)}, C3),
    ("o_prim_maxpool_same", "ops.MaxPool", {"kernel_size": 3, "strides": 2, "pad_mode": "SAME"},
     {}, C2),
    ("o_prim_avgpool_same", "ops.AvgPool", {"kernel_size": 3, "strides": 2, "pad_mode": "SAME"},
     {}, C2),
    ("o_prim_avgpool3d_ceil", "ops.AvgPool3D", {"kernel_size": 3, "strides": 2, "pad_mode": "pad",
                                                "pad": 1, "ceil_mode": True,
                                                "count_include_pad": False}, {}, C3),
    ("o_prim_maxpool3d_ceil", "ops.MaxPool3D", {"kernel_size": 2, "strides": 2, "pad_mode": "pad",
                                                "pad_list": 1, "ceil_mode": True}, {}, C3),
]

CASES = CEIL + BICUBIC + OPTIONS


def _lookup(lib, target):
    obj = lib
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def make_fn(lib, case):
    """The callable of one case: a Cell (or a primitive given a ``size`` Tensor) built from
    its kwargs, or a function with them."""
    _, target, init, call, _ = case
    thing = _lookup(lib, target)
    if init is not None:
        cell = thing(**{k: tuple(v) if isinstance(v, list) else v for k, v in init.items()})
        if "size" in call:
            return lambda x: cell(x, lib.Tensor(onp.array(call["size"], onp.int32)))
        return cell
    call = {k: tuple(v) if isinstance(v, list) else v for k, v in call.items()}
    return lambda x: thing(x, **call)


def inputs(case):
    """The same input for every case of one shape (so that equivalent cases compare)."""
    return onp.random.RandomState(0).normal(size=case[4]).astype(onp.float32)


def cotangent(shape):
    return onp.random.RandomState(1).normal(size=shape).astype(onp.float32)


def first(out):
    return out[0] if isinstance(out, tuple) else out


def keys_weight(d, a=-0.75):
    """Keys' cubic convolution kernel at distance ``d`` (PyTorch's a = -0.75)."""
    d = abs(d)
    if d <= 1:
        return (a + 2) * d ** 3 - (a + 3) * d ** 2 + 1
    return a * d ** 3 - 5 * a * d ** 2 + 8 * a * d - 4 * a if d < 2 else 0.0


def torch_bicubic(x, size, align_corners):
    """PyTorch's bicubic resize of an (N, C, H, W) array, one output pixel at a time (16 taps,
    indices clamped to the edge): the reference for mint, whose kernel MindSpore's CPU lacks."""
    n, c, h, w = x.shape
    out = onp.zeros((n, c) + tuple(size))

    def source(i, length, wanted):
        if align_corners:
            return i * (length - 1) / (wanted - 1) if wanted > 1 else 0.0
        return (i + 0.5) * length / wanted - 0.5

    for i in range(size[0]):
        y = source(i, h, size[0])
        for j in range(size[1]):
            z = source(j, w, size[1])
            for p in range(int(onp.floor(y)) - 1, int(onp.floor(y)) + 3):
                for q in range(int(onp.floor(z)) - 1, int(onp.floor(z)) + 3):
                    out[:, :, i, j] += keys_weight(y - p) * keys_weight(z - q) * x[
                        :, :, min(max(p, 0), h - 1), min(max(q, 0), w - 1)]
    return out
