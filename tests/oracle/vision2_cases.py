"""More ``dataset.vision`` cases for the MindSpore 2.10 oracle (the shape of
``vision_cases.py``): colour adjustments, blurs, AREA resizes, the random tone
transforms and RandomResizedCrop. ``make_vision2_fixture.py`` records them,
``tests/test_dataset_vision2_oracle.py`` replays them."""
import numpy as np

from vision_cases import DARK, GRAY, IMG, WIDE, on
from vision_cases_random import draws

FLOAT = IMG.astype(np.float32) / 255
BIG = np.random.RandomState(1).randint(0, 256, (7, 9, 3)).astype(np.uint8)


def _both(name, make, images=(("", IMG), ("_float", FLOAT), ("_big", BIG))):
    return {f"{name}{label}": (lambda V, T, ds, img=img: on(make(V), img))
            for label, img in images}


DETERMINISTIC = {
    **_both("brightness", lambda V: V.AdjustBrightness(1.5)),
    **_both("brightness_dim", lambda V: V.AdjustBrightness(0.3)),
    **_both("contrast", lambda V: V.AdjustContrast(1.7)),
    **_both("contrast_low", lambda V: V.AdjustContrast(0.4)),
    **_both("contrast_zero", lambda V: V.AdjustContrast(0.0)),
    **_both("saturation", lambda V: V.AdjustSaturation(1.8)),
    **_both("saturation_low", lambda V: V.AdjustSaturation(0.3)),
    **_both("gamma", lambda V: V.AdjustGamma(0.5, 2)),
    **_both("gamma_dark", lambda V: V.AdjustGamma(2.2)),
    **_both("sharpness", lambda V: V.AdjustSharpness(2.0)),
    **_both("sharpness_blur", lambda V: V.AdjustSharpness(0.2)),
    **_both("blur", lambda V: V.GaussianBlur(3, 1.0)),
    **_both("blur_rect", lambda V: V.GaussianBlur((3, 5), (0.8, 1.5))),
    **_both("blur_auto", lambda V: V.GaussianBlur(5)),
    **_both("solarize", lambda V: V.Solarize(100), (("", IMG), ("_big", BIG))),
    **_both("solarize_range", lambda V: V.Solarize((50, 150)), (("", IMG), ("_big", BIG))),
    **_both("area_down", lambda V: V.Resize((3, 3), V.Inter.AREA),
            (("", IMG), ("_float", FLOAT), ("_big", BIG))),
    **_both("area_up", lambda V: V.Resize((6, 7), V.Inter.AREA), (("", IMG), ("_float", FLOAT))),
    **_both("area_mixed", lambda V: V.Resize((3, 11), V.Inter.AREA),
            (("", WIDE), ("_float", WIDE.astype(np.float32) / 7))),
    **_both("area_third", lambda V: V.Resize((3, 3), V.Inter.AREA), (("", BIG[:6]),)),
    "solarize_float": lambda V, T, ds: on(V.Solarize(0.5), FLOAT),
    "area_float64": lambda V, T, ds: on(V.Resize((2, 2), V.Inter.AREA), WIDE.astype(float)),
    "brightness_gray": lambda V, T, ds: on(V.AdjustBrightness(1.5), GRAY * 9),
    "linear_transformation": lambda V, T, ds: on(V.LinearTransformation(
        np.arange(36.0).reshape(6, 6) / 40, np.arange(6.0)), FLOAT[:1, :2]),
    "linear_transformation_chw": lambda V, T, ds: on(V.LinearTransformation(
        np.eye(12)[::-1], np.ones(12)), IMG[:2, :2].transpose(2, 0, 1)),
    "color_brightness": lambda V, T, ds: on(V.RandomColorAdjust((1.3, 1.3)), BIG),
    "color_contrast": lambda V, T, ds: on(V.RandomColorAdjust(contrast=(0.6, 0.6)), BIG),
    "color_saturation": lambda V, T, ds: on(V.RandomColorAdjust(saturation=(1.4, 1.4)), BIG),
    "color_adjust_identity": lambda V, T, ds: on(V.RandomColorAdjust(), BIG),
    "sharpness_fixed": lambda V, T, ds: on(V.RandomSharpness((1.6, 1.6)), BIG),
    "posterize_fixed": lambda V, T, ds: on(V.RandomPosterize((3, 3)), BIG),
    "solarize_fixed": lambda V, T, ds: on(V.RandomSolarize((40, 40)), BIG),
}

PIXEL = np.array([[[100, 200, 30]]], np.uint8)
RANDOM = {
    "random_invert": lambda V, T, ds: draws(ds, V.RandomInvert(0.3), PIXEL),
    "random_equalize": lambda V, T, ds: draws(ds, V.RandomEqualize(0.7), DARK[:1, :2]),
    "random_autocontrast": lambda V, T, ds: draws(ds, V.RandomAutoContrast(prob=0.4),
                                                  DARK[:1, :2]),
    "random_posterize": lambda V, T, ds: draws(ds, V.RandomPosterize((1, 8)), PIXEL),
    "random_posterize_int": lambda V, T, ds: draws(ds, V.RandomPosterize(4), PIXEL),
    "random_solarize": lambda V, T, ds: draws(ds, V.RandomSolarize((0, 255)), PIXEL),
    "color_adjust_order": lambda V, T, ds: draws(ds, V.RandomColorAdjust(
        (1.3, 1.3), (0.5, 0.5), (1.9, 1.9)), BIG[:1, :3]),
    "resized_crop": lambda V, T, ds: draws(ds, V.RandomResizedCrop(
        2, interpolation=V.Inter.NEAREST), GRAY),
    "resized_crop_wide": lambda V, T, ds: draws(ds, V.RandomResizedCrop(
        (1, 2), scale=(0.2, 0.6), ratio=(0.5, 4.0), interpolation=V.Inter.NEAREST),
        GRAY[:2, :5]),
    "resized_crop_fallback": lambda V, T, ds: draws(ds, V.RandomResizedCrop(
        (2, 2), scale=(0.9, 1.0), ratio=(3.0, 4.0), interpolation=V.Inter.NEAREST), GRAY),
    "resized_crop_one_attempt": lambda V, T, ds: draws(ds, V.RandomResizedCrop(
        3, max_attempts=1, interpolation=V.Inter.NEAREST), GRAY),
}

ERRORS = {
    "brightness_negative": lambda V, T, ds: V.AdjustBrightness(-1),
    "brightness_str": lambda V, T, ds: V.AdjustBrightness("a"),
    "brightness_four": lambda V, T, ds: V.AdjustBrightness(1.2)(np.zeros((2, 2, 4), np.uint8)),
    "contrast_negative": lambda V, T, ds: V.AdjustContrast(-0.5),
    "saturation_negative": lambda V, T, ds: V.AdjustSaturation(-0.5),
    "saturation_gray": lambda V, T, ds: V.AdjustSaturation(1.5)(GRAY),
    "gamma_negative": lambda V, T, ds: V.AdjustGamma(-1),
    "gamma_gain_str": lambda V, T, ds: V.AdjustGamma(1, "a"),
    "sharpness_negative": lambda V, T, ds: V.AdjustSharpness(-1),
    "blur_even": lambda V, T, ds: V.GaussianBlur(4),
    "blur_zero": lambda V, T, ds: V.GaussianBlur(0),
    "blur_sigma_negative": lambda V, T, ds: V.GaussianBlur(3, -1.0),
    "blur_str": lambda V, T, ds: V.GaussianBlur("a"),
    "solarize_too_big": lambda V, T, ds: V.Solarize(300),
    "solarize_order": lambda V, T, ds: V.Solarize((150, 50)),
    "random_invert_prob": lambda V, T, ds: V.RandomInvert(1.5),
    "random_equalize_prob": lambda V, T, ds: V.RandomEqualize(-0.1),
    "random_autocontrast_prob": lambda V, T, ds: V.RandomAutoContrast(prob=2),
    "random_posterize_big": lambda V, T, ds: V.RandomPosterize((1, 9)),
    "random_posterize_order": lambda V, T, ds: V.RandomPosterize((5, 2)),
    "random_sharpness_order": lambda V, T, ds: V.RandomSharpness((1.5, 0.5)),
    "random_sharpness_negative": lambda V, T, ds: V.RandomSharpness((-1, 0.5)),
    "color_adjust_hue_big": lambda V, T, ds: V.RandomColorAdjust(hue=(0, 0.7)),
    "color_adjust_negative": lambda V, T, ds: V.RandomColorAdjust(brightness=-1),
    "resized_crop_scale_order": lambda V, T, ds: V.RandomResizedCrop(2, scale=(0.9, 0.1)),
    "resized_crop_ratio_order": lambda V, T, ds: V.RandomResizedCrop(2, ratio=(2.0, 1.0)),
    "resized_crop_attempts": lambda V, T, ds: V.RandomResizedCrop(2, max_attempts=0),
    "resized_crop_size": lambda V, T, ds: V.RandomResizedCrop(0),
    "linear_transformation_shape": lambda V, T, ds: V.LinearTransformation(
        np.eye(3), np.zeros(2)),
    "linear_transformation_image": lambda V, T, ds: V.LinearTransformation(
        np.eye(6), np.zeros(6))(IMG),
}
