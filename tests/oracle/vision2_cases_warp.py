"""``Rotate``, ``RandomRotation``, ``Affine`` and ``RandomAffine`` (nearest pixel), for
the MindSpore 2.10 oracle (the shape of ``vision_cases.py``); ``make_vision2_fixture.py``
records them too."""
import numpy as np

from vision_cases import GRAY, IMG, on
from vision_cases_random import draws
from vision2_cases import BIG

DETERMINISTIC = {
    "rotate_30": lambda V, T, ds: on(V.Rotate(30), IMG),
    "rotate_minus_45": lambda V, T, ds: on(V.Rotate(-45.5), BIG),
    "rotate_100_gray": lambda V, T, ds: on(V.Rotate(100, fill_value=9), GRAY),
    "rotate_fill_rgb": lambda V, T, ds: on(V.Rotate(60, fill_value=(1, 2, 3)), BIG),
    "rotate_float": lambda V, T, ds: on(V.Rotate(33.3), BIG.astype(np.float32) / 3),
    "rotate_center": lambda V, T, ds: on(V.Rotate(20, center=(1, 2)), BIG),
    "rotate_center_float": lambda V, T, ds: on(V.Rotate(-75, center=(3.5, 0.5)), BIG),
    "rotate_small": lambda V, T, ds: on(V.Rotate(0.01), BIG),
    "rotate_expand_30": lambda V, T, ds: on(V.Rotate(30, expand=True), IMG),
    "rotate_expand_45": lambda V, T, ds: on(V.Rotate(45, expand=True), BIG),
    "rotate_expand_gray": lambda V, T, ds: on(V.Rotate(-110, expand=True), GRAY),
}

RANDOM = {
    "random_rotation_range": lambda V, T, ds: draws(ds, V.RandomRotation((-40, 40)),
                                                    GRAY[:3, :3]),
    "random_rotation_number": lambda V, T, ds: draws(ds, V.RandomRotation(60), GRAY[:2, :3]),
}

ERRORS = {
    "rotate_center_str": lambda V, T, ds: V.Rotate(30, center="a"),
    "rotate_expand_int": lambda V, T, ds: V.Rotate(30, expand=1),
    "random_rotation_negative": lambda V, T, ds: V.RandomRotation(-5),
    "random_rotation_order": lambda V, T, ds: V.RandomRotation((40, -40)),
}

AFFINE = {
    "affine_identity": lambda V, T, ds: on(V.Affine(0, (0, 0), 1.0, 0), BIG),
    "affine_rotate": lambda V, T, ds: on(V.Affine(30, (0, 0), 1.0, 0), BIG),
    "affine_translate": lambda V, T, ds: on(V.Affine(0, (0.25, -0.5), 1.0, 0), BIG),
    "affine_translate_frac": lambda V, T, ds: on(V.Affine(0, (0.07, 0.9), 1.0, 0), BIG),
    "affine_scale": lambda V, T, ds: on(V.Affine(0, (0, 0), 1.7, 0), BIG),
    "affine_shear_x": lambda V, T, ds: on(V.Affine(0, (0, 0), 1.0, 20), BIG),
    "affine_shear_xy": lambda V, T, ds: on(V.Affine(0, (0, 0), 1.0, (10, 25)), BIG),
    "affine_all": lambda V, T, ds: on(V.Affine(-35, (0.1, 0.3), 0.8, (12, -7),
                                               fill_value=(9, 9, 9)), BIG),
    "affine_gray": lambda V, T, ds: on(V.Affine(50, (0.5, 0), 1.3, 5, fill_value=7), GRAY),
    "affine_float": lambda V, T, ds: on(V.Affine(15, (-0.2, 0.1), 0.9, 3),
                                        BIG.astype(np.float32) / 3),
}
AFFINE_RANDOM = {
    "random_affine_degrees": lambda V, T, ds: draws(ds, V.RandomAffine(45), GRAY[:3, :3]),
    "random_affine_translate": lambda V, T, ds: draws(ds, V.RandomAffine(
        0, translate=(0.3, 0.5)), GRAY[:3, :4]),
    "random_affine_scale": lambda V, T, ds: draws(ds, V.RandomAffine(
        0, scale=(0.5, 1.5)), GRAY[:3, :3]),
    "random_affine_shear": lambda V, T, ds: draws(ds, V.RandomAffine(
        0, shear=(-30, 30, -20, 20)), GRAY[:3, :3]),
}
AFFINE_ERRORS = {
    "affine_scale_zero": lambda V, T, ds: V.Affine(0, (0, 0), 0, 0),
    "affine_translate_one": lambda V, T, ds: V.Affine(0, 1, 1.0, 0),
    "affine_translate_big": lambda V, T, ds: V.Affine(0, (2, -1), 1.0, 0),
    "affine_shear_three": lambda V, T, ds: V.Affine(0, (0, 0), 1.0, (1, 2, 3)),
    "random_affine_translate_big": lambda V, T, ds: V.RandomAffine(0, translate=(2, 0)),
    "random_affine_scale_order": lambda V, T, ds: V.RandomAffine(0, scale=(2, 1)),
    "random_affine_degrees_negative": lambda V, T, ds: V.RandomAffine(-3),
}
DETERMINISTIC.update(AFFINE)
RANDOM.update(AFFINE_RANDOM)
ERRORS.update(AFFINE_ERRORS)
