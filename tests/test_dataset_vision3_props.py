"""Properties of the third set of ``dataset.vision`` transforms that the MindSpore fixture
cannot give: float AdjustHue against Python's ``colorsys``, RandomPerspective (MindSpore
2.10's takes Pillow images only) against ``Perspective`` and its corner ranges, and closed
forms of the cubic kernel and the warps."""
import colorsys

import numpy as onp
import pytest

from minpy_compat.dataset import config
from minpy_compat.dataset import vision as V
from minpy_compat.dataset.vision._cubic import cubic_coefficients

RNG = onp.random.default_rng(7)
IMG = RNG.integers(0, 256, (6, 7, 3)).astype(onp.uint8)
FLOAT = RNG.random((5, 4, 3)).astype(onp.float32)
CORNERS = [[0, 0], [6, 0], [6, 5], [0, 5]]


@pytest.mark.parametrize("factor", [0.0, 0.1, -0.3, 0.5])
def test_float_hue_turns_as_colorsys(factor):
    got = V.AdjustHue(factor)(FLOAT)
    assert got.dtype == onp.float32
    want = onp.array([colorsys.hsv_to_rgb((h + factor) % 1.0, s, v) for h, s, v in
                      (colorsys.rgb_to_hsv(*p) for p in FLOAT.reshape(-1, 3).tolist())])
    onp.testing.assert_allclose(got.reshape(-1, 3), want, atol=2e-6)


def test_uint8_grey_pixels_keep_their_value_whatever_the_hue():
    grey = onp.repeat(onp.arange(0, 256, 15, dtype=onp.uint8)[:, None, None], 3, axis=2)
    for factor in (-0.5, 0.2, 0.5):
        assert (V.AdjustHue(factor)(grey) == grey).all()


def test_keys_cubic_kernel():
    """a = -0.75: (a+2)|x|^3 - (a+3)|x|^2 + 1 inside 1, a|x|^3 - 5a|x|^2 + 8a|x| - 4a to 2."""
    x = onp.array([0.0, 0.25, 0.5, 0.9], onp.float32)
    near = lambda t: 1.25 * t ** 3 - 2.25 * t ** 2 + 1  # noqa: E731
    far = lambda t: -0.75 * (t ** 3 - 5 * t ** 2 + 8 * t - 4)  # noqa: E731
    want = onp.stack([far(1 + x), near(x), near(1 - x), far(2 - x)], -1)
    onp.testing.assert_allclose(cubic_coefficients(x), want, atol=1e-6)


@pytest.mark.parametrize("inter", ["NEAREST", "BILINEAR", "BICUBIC"])
def test_identity_warps_keep_the_image(inter):
    kernel = getattr(V.Inter, inter)
    assert (V.Perspective(CORNERS, CORNERS, kernel)(IMG) == IMG).all()
    assert (V.Rotate(0, kernel)(IMG) == IMG).all()
    assert (V.Resize(IMG.shape[:2], V.Inter.BICUBIC)(IMG) == IMG).all()
    flat = onp.full((5, 6, 3), 77, onp.uint8)
    assert (V.Resize((9, 4), V.Inter.BICUBIC)(flat) == 77).all()


def test_random_perspective_is_perspective_of_its_drawn_corners():
    config.set_seed(3)
    op, twin = V.RandomPerspective(0.8, 1.0), V.RandomPerspective(0.8, 1.0)
    for _ in range(5):
        got = op(IMG)
        twin._rng.random()
        corners = twin.end_points(*IMG.shape[:2])
        assert (got == V.Perspective(CORNERS, corners, V.Inter.BICUBIC)(IMG)).all()


def test_random_perspective_corner_ranges():
    """Each coordinate uniform over MindSpore's inclusive range: with width 7, height 6
    and scale 1, x moves by 0..3 and y by 0..3 from its corner."""
    config.set_seed(4)
    op = V.RandomPerspective(1.0, 1.0)
    draws = onp.array([op.end_points(6, 7) for _ in range(4000)])  # (n, corner, xy)
    want = {(0, 0): range(0, 4), (0, 1): range(0, 4), (1, 0): range(3, 7),
            (1, 1): range(0, 4), (2, 0): range(3, 7), (2, 1): range(2, 6),
            (3, 0): range(0, 4), (3, 1): range(2, 6)}
    for (corner, axis), values in want.items():
        seen, counts = onp.unique(draws[:, corner, axis], return_counts=True)
        assert seen.tolist() == list(values)
        assert onp.abs(counts / len(draws) - 0.25).max() < 0.04


def test_random_perspective_probability_and_flat_scale():
    config.set_seed(5)
    assert all((V.RandomPerspective(0.9, 0.0)(IMG) == IMG).all() for _ in range(20))
    assert all((V.RandomPerspective(0.0, 1.0, V.Inter.NEAREST)(IMG) == IMG).all()
               for _ in range(20))
    op = V.RandomPerspective(1.0, 0.5, V.Inter.NEAREST)
    changed = sum(not (op(IMG) == IMG).all() for _ in range(400)) / 400
    assert 0.4 < changed < 0.6
