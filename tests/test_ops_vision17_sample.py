"""ops.SampleDistortedBoundingBoxV2: MindSpore's generator cannot be matched, so these test
what holds for every draw (the crop lies in the image with a ratio and area in range and
covers enough of a box; begin, size and box agree), the seeding (a seeded primitive repeats
its sequence; calls advance it), the whole-image fallback and the errors. The fallback and
the errors are replayed against MindSpore in test_cell_oracle_ops_vision17.py."""
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

import minpy_compat as ms
from minpy_compat import ops
from minpy_compat.errors import CellArgumentError, CellTypeError

OP = ops.SampleDistortedBoundingBoxV2


def _call(op, size=(100, 80, 3), boxes=((0.1, 0.1, 0.5, 0.9),), least=0.5, dtype=onp.int32):
    out = op(ms.Tensor(onp.asarray(size, dtype)),
             ms.Tensor(onp.asarray(boxes, onp.float32).reshape(1, -1, 4)),
             ms.Tensor(onp.float32([least])))
    return [t.asnumpy() for t in out]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 2 ** 31 - 1), st.integers(20, 120), st.integers(20, 120),
       st.floats(0.0, 0.9), st.sampled_from([(0.75, 1.33), (0.5, 2.0), (1.0, 1.5)]),
       st.sampled_from([(0.05, 1.0), (0.3, 0.6), (0.1, 0.2)]))
def test_every_draw_is_a_valid_crop(seed, height, width, least, ratios, areas):
    op = OP(seed=seed, aspect_ratio_range=ratios, area_range=areas)
    box = (0.2, 0.1, 0.7, 0.6)
    begin, size, crop = _call(op, (height, width, 3), (box,), least)
    (y, x, zero), (h, w, minus) = begin.tolist(), size.tolist()
    assert begin.dtype == size.dtype == onp.int32 and crop.dtype == onp.float32
    assert (zero, minus) == (0, -1) and 0 <= y and 0 <= x and y + h <= height
    assert x + w <= width and h > 0 and w > 0
    assert onp.allclose(crop, [[[y / height, x / width, (y + h) / height, (x + w) / width]]])
    if (h, w) != (height, width):  # a drawn crop, not the fallback
        slack = 1e-9 * height * width  # 0.05 * 63 * 20 is 63.00000000000001 in floats
        assert areas[0] * height * width - slack <= h * w <= areas[1] * height * width + slack
        inner = max(min(y + h, box[2] * height) - max(y, box[0] * height), 0) * \
            max(min(x + w, box[3] * width) - max(x, box[1] * width), 0)
        assert inner >= least * (box[2] - box[0]) * height * (box[3] - box[1]) * width - 1e-6


def test_a_seeded_primitive_repeats_its_sequence():
    first, second = OP(seed=3, seed2=4), OP(seed=3, seed2=4)
    draws = [_call(first)[0].tolist() for _ in range(4)]
    assert draws == [_call(second)[0].tolist() for _ in range(4)]
    assert len({str(d) for d in draws}) > 1  # each call advances the generator


def test_whole_image_when_no_attempt_covers_a_box():
    op = OP(seed=1, area_range=(0.05, 0.1), max_attempts=5)
    begin, size, crop = _call(op, least=1.0, dtype=onp.uint8)
    assert begin.tolist() == [0, 0, 0] and size.tolist() == [100, 80, 255]  # -1 as uint8
    assert crop.tolist() == [[[0, 0, 1, 1]]] and begin.dtype == onp.uint8


def test_no_boxes_needs_the_whole_image_flag():
    empty = onp.zeros((1, 0, 4), onp.float32)
    args = (ms.Tensor(onp.int32([10, 10, 3])), ms.Tensor(empty), ms.Tensor(onp.float32([0.5])))
    with pytest.raises(CellArgumentError, match="SampleDistortedBoundingBoxV2 bounding_boxes: "
                       "expected at least one box"):
        OP(seed=1)(*args)
    begin, size, _ = OP(seed=1, use_image_if_no_bounding_boxes=True)(*args)
    assert size.asnumpy()[2] == -1 and (begin.asnumpy() + size.asnumpy())[:2].max() <= 10


@pytest.mark.parametrize("kwargs, error, match", [
    ({"aspect_ratio_range": (2.0, 1.0)}, CellArgumentError, "aspect_ratio_range"),
    ({"area_range": (0, 1)}, CellTypeError, "area_range: expected a tuple of two floats"),
    ({"area_range": (0.5, 1.5)}, CellArgumentError, "area_range"),
    ({"max_attempts": 0}, CellArgumentError, "max_attempts"),
    ({"seed": 1.5}, CellTypeError, "seed"),
    ({"use_image_if_no_bounding_boxes": 1}, CellTypeError, "use_image_if_no_bounding_boxes"),
])
def test_init_errors_name_the_argument(kwargs, error, match):
    with pytest.raises(error, match="SampleDistortedBoundingBoxV2 " + match):
        OP(**kwargs)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"size": (100, 80)}, CellArgumentError, "image_size"),
    ({"dtype": onp.float32}, CellTypeError, "image_size"),
    ({"boxes": ((0.1, 0.1, 1.5, 0.9),)}, CellArgumentError, "bounding_boxes: expected "
     "coordinates in"),
    ({"least": 1.5}, CellArgumentError, "min_object_covered"),
])
def test_call_errors_name_the_argument(kwargs, error, match):
    with pytest.raises(error, match="SampleDistortedBoundingBoxV2 " + match):
        _call(OP(seed=1), **kwargs)


def test_exported_and_documented():
    assert "SampleDistortedBoundingBoxV2" in ops.__all__ and OP.__doc__.strip()
