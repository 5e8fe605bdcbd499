"""``dataset.vision`` cases for the MindSpore 2.10 oracle: each takes ``(V, T, ds)``
(``dataset.vision``, ``dataset.transforms``, ``dataset`` of one library) and returns JSON:
an array as ``{"dtype", "shape", "v"}``. ``make_vision_fixture.py`` records them,
``tests/test_dataset_vision_oracle.py`` replays them."""
import numpy as np

_rng = np.random.RandomState(0)
IMG = _rng.randint(0, 256, (4, 5, 3)).astype(np.uint8)
WIDE = _rng.randint(0, 256, (5, 8, 3)).astype(np.uint8)
GRAY = np.arange(20, dtype=np.uint8).reshape(4, 5)
SQUARE = np.arange(9, dtype=np.uint8).reshape(3, 3)
DARK = (IMG // 3 + 40).astype(np.uint8)


def arr(value):
    """An array (or a tuple of them) as JSON."""
    if isinstance(value, (tuple, list)):
        return [arr(v) for v in value]
    value = np.asarray(value)
    return {"dtype": str(value.dtype), "shape": list(value.shape), "v": value.tolist()}


def on(op, img=IMG):
    return arr(op(img.copy()))


def _resize_cases():
    cases = {}
    for inter in ("NEAREST", "LINEAR", "BILINEAR"):
        for label, size, img in (("down", (3, 3), IMG), ("up", (6, 7), IMG),
                                 ("half", (2, 4), np.concatenate([WIDE[:4]] * 1)),
                                 ("odd", (3, 11), WIDE), ("gray", (7, 4), GRAY),
                                 ("float", (3, 6), WIDE.astype(np.float32) / 7)):
            cases[f"resize_{label}_{inter}"] = (
                lambda V, T, ds, inter=inter, size=size, img=img:
                on(V.Resize(size, getattr(V.Inter, inter)), img))
    cases["resize_int_short"] = lambda V, T, ds: on(V.Resize(3), WIDE)
    cases["resize_int_tall"] = lambda V, T, ds: on(V.Resize(2), WIDE.transpose(1, 0, 2))
    return cases


DETERMINISTIC = {
    "rescale": lambda V, T, ds: on(V.Rescale(1 / 255, 0)),
    "rescale_float64": lambda V, T, ds: on(V.Rescale(2.0, 1), IMG.astype(np.float64)),
    "normalize": lambda V, T, ds: on(V.Normalize([1, 2, 3], [2, 3, 4])),
    "normalize_chw": lambda V, T, ds: on(V.Normalize([1, 2, 3], [2, 3, 4], is_hwc=False),
                                         IMG.transpose(2, 0, 1)),
    "normalize_gray": lambda V, T, ds: on(V.Normalize([1], [2]), GRAY),
    "normalizepad": lambda V, T, ds: on(V.NormalizePad([1, 2, 3], [2, 3, 4])),
    "normalizepad_f16": lambda V, T, ds: on(V.NormalizePad([1, 2, 3], [2, 3, 4], "float16")),
    "hwc2chw": lambda V, T, ds: on(V.HWC2CHW()),
    "hwc2chw_gray": lambda V, T, ds: on(V.HWC2CHW(), GRAY),
    "totensor": lambda V, T, ds: on(V.ToTensor()),
    "totensor_gray": lambda V, T, ds: on(V.ToTensor(), GRAY),
    "totensor_float": lambda V, T, ds: on(V.ToTensor(), IMG.astype(np.float32)),
    "totype": lambda V, T, ds: on(V.ToType(np.int16), IMG.astype(np.float32) / 2),
    "centercrop": lambda V, T, ds: on(V.CenterCrop((2, 3))),
    "centercrop_odd": lambda V, T, ds: on(V.CenterCrop(3)),
    "centercrop_pad_even": lambda V, T, ds: on(V.CenterCrop((6, 8)), GRAY),
    "centercrop_pad_odd": lambda V, T, ds: on(V.CenterCrop((7, 9)), GRAY),
    "centercrop_mixed": lambda V, T, ds: on(V.CenterCrop((2, 8)), GRAY),
    "crop": lambda V, T, ds: on(V.Crop((1, 2), (2, 2))),
    "crop_int": lambda V, T, ds: on(V.Crop((0, 1), 3)),
    "pad_int": lambda V, T, ds: on(V.Pad(1, fill_value=5), IMG[:2, :3]),
    "pad_pair": lambda V, T, ds: on(V.Pad((1, 2)), IMG[:2, :3]),
    "pad_gray": lambda V, T, ds: on(V.Pad((2, 1, 0, 3), fill_value=9), GRAY),
    "hflip": lambda V, T, ds: on(V.HorizontalFlip()),
    "vflip": lambda V, T, ds: on(V.VerticalFlip(), GRAY),
    "rotate_square_90": lambda V, T, ds: on(V.Rotate(90), SQUARE),
    "rotate_square_270": lambda V, T, ds: on(V.Rotate(270), SQUARE),
    "rotate_180": lambda V, T, ds: on(V.Rotate(180)),
    "rotate_90": lambda V, T, ds: on(V.Rotate(90), GRAY),
    "rotate_270": lambda V, T, ds: on(V.Rotate(-90), GRAY),
    "rotate_90_rgb_fill": lambda V, T, ds: on(V.Rotate(90, fill_value=(1, 2, 3))),
    "rotate_expand_90": lambda V, T, ds: on(V.Rotate(90, expand=True)),
    "rotate_expand_270": lambda V, T, ds: on(V.Rotate(270, expand=True), GRAY),
    "rotate_float": lambda V, T, ds: on(V.Rotate(90, expand=True), GRAY.astype(np.float32)),
    "invert": lambda V, T, ds: on(V.Invert()),
    "invert_float": lambda V, T, ds: on(V.Invert(), IMG.astype(np.float32) / 3),
    "posterize": lambda V, T, ds: on(V.Posterize(3)),
    "posterize_0": lambda V, T, ds: on(V.Posterize(0)),
    "posterize_gray": lambda V, T, ds: on(V.Posterize(5), GRAY * 11),
    "autocontrast": lambda V, T, ds: on(V.AutoContrast()),
    "autocontrast_dark": lambda V, T, ds: on(V.AutoContrast(), DARK),
    "autocontrast_cutoff": lambda V, T, ds: on(V.AutoContrast(cutoff=10.0)),
    "autocontrast_cutoff_wide": lambda V, T, ds: on(V.AutoContrast(cutoff=20.0), WIDE),
    "autocontrast_ignore": lambda V, T, ds: on(V.AutoContrast(ignore=[9, 254])),
    "autocontrast_gray": lambda V, T, ds: on(V.AutoContrast(), GRAY + 30),
    "autocontrast_flat": lambda V, T, ds: on(V.AutoContrast(), np.full((2, 2, 3), 7, np.uint8)),
    "equalize": lambda V, T, ds: on(V.Equalize()),
    "equalize_wide": lambda V, T, ds: on(V.Equalize(), WIDE),
    "equalize_dark": lambda V, T, ds: on(V.Equalize(), DARK),
    "equalize_gray": lambda V, T, ds: on(V.Equalize(), GRAY),
    "equalize_flat": lambda V, T, ds: on(V.Equalize(), np.full((2, 2, 3), 7, np.uint8)),
    **{f"convert_{mode}": (lambda V, T, ds, mode=mode: on(
        V.ConvertColor(getattr(V.ConvertMode, mode)),
        GRAY if "GRAY2" in mode else np.concatenate([IMG, DARK[..., :1]], -1)
        if mode.startswith(("COLOR_BGRA", "COLOR_RGBA")) else IMG))
       for mode in ("COLOR_BGR2BGRA", "COLOR_BGRA2BGR", "COLOR_BGR2RGBA", "COLOR_RGBA2BGR",
                    "COLOR_BGR2RGB", "COLOR_BGRA2RGBA", "COLOR_BGR2GRAY", "COLOR_RGB2GRAY",
                    "COLOR_GRAY2BGR", "COLOR_GRAY2BGRA", "COLOR_BGRA2GRAY",
                    "COLOR_RGBA2GRAY")},
    "convert_float_gray": lambda V, T, ds: on(V.ConvertColor(V.ConvertMode.COLOR_RGB2GRAY),
                                              IMG.astype(np.float32) / 255),
    "enums": lambda V, T, ds: [[[m.name, m.value] for m in getattr(V, e)] for e in (
        "Inter", "Border", "ImageBatchFormat", "ConvertMode", "SliceMode")] +
    [[[m.name, m.value] for m in T.Relational]],
    "paths": lambda V, T, ds: [V.transforms.Resize is V.Resize, V.utils.Inter is V.Inter,
                               T.vision is V],
    **_resize_cases(),
}
for _mode in ("CONSTANT", "EDGE", "REFLECT", "SYMMETRIC"):
    for _label, _img, _pad in (("small", IMG[:2, :2], (1, 2, 3, 0)), ("big", IMG, (2, 1, 3, 2))):
        DETERMINISTIC[f"pad_{_mode}_{_label}"] = (
            lambda V, T, ds, m=_mode, img=_img, pad=_pad: on(
                V.Pad(pad, fill_value=(7, 8, 9), padding_mode=getattr(V.Border, m)), img))
        DETERMINISTIC[f"randomcrop_pad_{_mode}_{_label}"] = (
            lambda V, T, ds, m=_mode, img=_img, pad=_pad: on(V.RandomCrop(
                (img.shape[0] + pad[1] + pad[3], img.shape[1] + pad[0] + pad[2]), pad,
                fill_value=(7, 8, 9), padding_mode=getattr(V.Border, m)), img))
