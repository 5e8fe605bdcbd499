"""``Rotate`` and ``RandomRotation`` at any angle (nearest pixel), for the MindSpore 2.10
oracle (the shape of ``vision_cases.py``); ``make_vision2_fixture.py`` records them too."""
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
