"""``dataset.vision`` cases for the MindSpore 2.10 oracle, third set (the shape of
``vision_cases.py``): AdjustHue and RandomColorAdjust's hue, BICUBIC Resize and
RandomResizedCrop, BILINEAR/BICUBIC Rotate and Affine, Perspective, and RandomPerspective's
argument checks (MindSpore's runs on Pillow images only). ``make_vision3_fixture.py`` records them,
``tests/test_dataset_vision3_oracle.py`` replays them."""
import numpy as np

from vision_cases import on
from vision_cases_random import draws

_rng = np.random.RandomState(3)
ODD = _rng.randint(0, 256, (7, 9, 3)).astype(np.uint8)
EVEN = _rng.randint(0, 256, (8, 6, 3)).astype(np.uint8)
SQUARE = _rng.randint(0, 256, (12, 12, 3)).astype(np.uint8)
GRAY = _rng.randint(0, 256, (9, 5)).astype(np.uint8)
FLOAT = ODD.astype(np.float32) / 255
# every (r, g, b) corner and edge of the colour cube, for the hue rounding
RAMP = np.stack(np.meshgrid(*[np.array([0, 1, 63, 128, 200, 254, 255])] * 3),
                -1).reshape(-1, 7, 3).astype(np.uint8)

CORNERS = [[0, 0], [8, 0], [8, 6], [0, 6]]
MOVED = [[1, 1], [7, 0], [8, 5], [0, 6]]
FAR = [[-2, 1], [10, -1], [7, 9], [2, 5]]

DETERMINISTIC = {}
for _f in (0.0, 0.1, -0.25, 0.5, -0.5, 0.37, -0.013, 0.004):
    for _label, _img in (("odd", ODD), ("square", SQUARE), ("ramp", RAMP)):
        DETERMINISTIC[f"hue_{_label}_{_f}"] = (
            lambda V, T, ds, f=_f, img=_img: on(V.AdjustHue(f), img))

for _label, _img, _sizes in (("odd", ODD, [(12, 5), (3, 4), (7, 9), (20, 31)]),
                             ("even", EVEN, [(4, 3), (16, 12), (5, 11)]),
                             ("gray", GRAY, [(4, 8), (18, 10)]),
                             ("float", FLOAT, [(12, 5), (3, 4)])):
    for _size in _sizes:
        DETERMINISTIC[f"resize_cubic_{_label}_{_size[0]}x{_size[1]}"] = (
            lambda V, T, ds, img=_img, size=_size: on(V.Resize(size, V.Inter.BICUBIC), img))
DETERMINISTIC["resize_cubic_int"] = lambda V, T, ds: on(V.Resize(5, V.Inter.CUBIC), EVEN)
DETERMINISTIC["resized_crop_cubic"] = lambda V, T, ds: on(
    V.RandomResizedCrop((10, 4), (1, 1), (9 / 7, 9 / 7), V.Inter.BICUBIC), ODD)

for _inter in ("BILINEAR", "BICUBIC", "AREA"):
    for _label, _img in (("odd", ODD), ("even", EVEN), ("gray", GRAY), ("float", FLOAT)):
        for _deg, _expand, _center in ((30, False, None), (-45, True, None),
                                       (90, False, None), (12.5, False, (2, 3)),
                                       (200, True, None)):
            DETERMINISTIC[f"rotate_{_inter}_{_label}_{_deg}_{_expand}_{_center is None}"] = (
                lambda V, T, ds, inter=_inter, img=_img, deg=_deg, expand=_expand,
                center=_center: on(V.Rotate(deg, getattr(V.Inter, inter), expand, center,
                                            fill_value=7), img))
    for _label, _img in (("odd", ODD), ("even", EVEN), ("float", FLOAT)):
        for _i, _args in enumerate(((30, (0.1, -0.2), 1.2, (5, 3)), (-70, (0, 0), 0.7, 0),
                                    (0, (0.25, 0.5), 1.0, (-20, 10)))):
            DETERMINISTIC[f"affine_{_inter}_{_label}_{_i}"] = (
                lambda V, T, ds, inter=_inter, img=_img, args=_args:
                on(V.Affine(*args, getattr(V.Inter, inter), (10, 20, 30)), img))

for _inter in ("NEAREST", "BILINEAR", "BICUBIC", "AREA", "PILCUBIC"):
    for _label, _img in (("odd", ODD), ("gray", GRAY[:7, :9]), ("float", FLOAT)):
        for _name, _end in (("moved", MOVED), ("far", FAR), ("same", CORNERS)):
            DETERMINISTIC[f"perspective_{_inter}_{_label}_{_name}"] = (
                lambda V, T, ds, inter=_inter, img=_img, end=_end:
                on(V.Perspective(CORNERS, end, getattr(V.Inter, inter)), img))

RANDOM = {
    "color_adjust_hue_fixed": lambda V, T, ds: draws(
        ds, V.RandomColorAdjust(hue=(0.1, 0.1)), ODD[:2, :3], 100),
    "color_adjust_hue_and_brightness": lambda V, T, ds: draws(
        ds, V.RandomColorAdjust(brightness=(1.5, 1.5), hue=(0.2, 0.2)), ODD[:2, :3]),
    "color_adjust_hue_three": lambda V, T, ds: draws(
        ds, V.RandomColorAdjust((0.5, 0.5), (1.3, 1.3), hue=(-0.3, -0.3)), ODD[:2, :2]),
    "random_rotation_bilinear": lambda V, T, ds: draws(
        ds, V.RandomRotation((30, 30), V.Inter.BILINEAR), ODD, 50),
    "random_affine_bicubic": lambda V, T, ds: draws(
        ds, V.RandomAffine((20, 20), resample=V.Inter.BICUBIC), ODD, 50),
}

ERRORS = {
    "hue_too_big": lambda V, T, ds: V.AdjustHue(0.6),
    "hue_str": lambda V, T, ds: V.AdjustHue("1"),
    "hue_gray": lambda V, T, ds: V.AdjustHue(0.1)(GRAY),
    "hue_four_channels": lambda V, T, ds: V.AdjustHue(0.1)(np.zeros((2, 2, 4), np.uint8)),
    "color_adjust_hue_negative": lambda V, T, ds: V.RandomColorAdjust(hue=-0.1),
    "color_adjust_hue_big": lambda V, T, ds: V.RandomColorAdjust(hue=0.6),
    "perspective_float_point": lambda V, T, ds: V.Perspective([[0.5, 0]] + CORNERS[1:],
                                                              CORNERS),
    "perspective_three_points": lambda V, T, ds: V.Perspective(CORNERS[:3], CORNERS[:3]),
    "perspective_str": lambda V, T, ds: V.Perspective(CORNERS, CORNERS, "linear"),
    "random_perspective_scale": lambda V, T, ds: V.RandomPerspective(1.5),
    "random_perspective_prob": lambda V, T, ds: V.RandomPerspective(0.5, -1.0),
    "random_perspective_area": lambda V, T, ds: V.RandomPerspective(
        0.5, 1.0, V.Inter.AREA)(ODD),
}
