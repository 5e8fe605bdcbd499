"""Properties of ``dataset.vision`` and ``dataset.transforms`` for all images: dtypes kept,
identities (same-size resize, pad then crop, four quarter turns), random crops are windows
of the image, seeded draws repeat, Unique's indices rebuild its input; and Decode."""
import io

import hypothesis.extra.numpy as hnp
import numpy as onp
import pytest
from hypothesis import given, settings, strategies as st

from minpy_compat.dataset import config
from minpy_compat.dataset import transforms as T
from minpy_compat.dataset import vision as V

SHAPES = st.tuples(st.integers(1, 7), st.integers(1, 7), st.sampled_from([(), (1,), (3,)])) \
    .map(lambda s: s[:2] + s[2])
UINT8 = hnp.arrays(onp.uint8, SHAPES)
FLOAT32 = hnp.arrays(onp.float32, SHAPES, elements=st.floats(-1e3, 1e3, width=32))
KEEP_DTYPE = [V.Resize((3, 4)), V.Resize((5, 2), V.Inter.NEAREST), V.CenterCrop(2),
              V.Pad((1, 2, 0, 1), padding_mode=V.Border.REFLECT), V.HorizontalFlip(),
              V.VerticalFlip(), V.Rotate(90), V.Rotate(270, expand=True),
              V.RandomCrop(2, pad_if_needed=True), V.RandomHorizontalFlip(1.0)]


pytestmark = pytest.mark.usefixtures("keep_dataset_seed")  # (conftest)


@settings(max_examples=30, deadline=None)
@given(UINT8, FLOAT32)
def test_geometry_keeps_uint8_and_float32(img, fimg):
    for op in KEEP_DTYPE:
        assert op(img).dtype == onp.uint8 and op(fimg).dtype == onp.float32, op
    assert V.Rescale(0.5, 1)(img).dtype == V.ToTensor()(fimg).dtype \
        == onp.float32


@settings(max_examples=30, deadline=None)
@given(st.one_of(UINT8, FLOAT32), st.sampled_from([V.Inter.NEAREST, V.Inter.BILINEAR]))
def test_resize_to_the_same_size_is_the_image(img, inter):
    onp.testing.assert_array_equal(V.Resize(img.shape[:2], inter)(img), img)


@settings(max_examples=30, deadline=None)
@given(UINT8, st.tuples(*[st.integers(0, 3)] * 4), st.sampled_from(list(V.Border)))
def test_pad_then_crop_gives_the_image_back(img, padding, mode):
    if mode == V.Border.REFLECT and min(img.shape[:2]) == 1:
        return  # reflecting a side of one pixel is NumPy's edge case, not an image
    left, top = padding[:2]
    out = V.Crop((top, left), img.shape[:2])(V.Pad(padding, padding_mode=mode)(img))
    onp.testing.assert_array_equal(out, img)


@settings(max_examples=30, deadline=None)
@given(UINT8)
def test_quarter_turns_come_back(img):
    back = V.Rotate(270, expand=True)(V.Rotate(90, expand=True)(img))
    onp.testing.assert_array_equal(back, img)
    onp.testing.assert_array_equal(V.Rotate(180)(V.Rotate(-180)(img)), img)
    if img.shape[0] == img.shape[1]:
        turned = img
        for _ in range(4):
            turned = V.Rotate(90)(turned)
        onp.testing.assert_array_equal(turned, img)


@settings(max_examples=20, deadline=None)
@given(UINT8)
def test_random_crops_are_windows_of_the_image(img):
    height, width = (max(1, n - 1) for n in img.shape[:2])
    crop = V.RandomCrop((height, width))
    for _ in range(5):
        out = crop(img)
        windows = [img[i:i + height, j:j + width] for i in range(img.shape[0] - height + 1)
                   for j in range(img.shape[1] - width + 1)]
        assert any(onp.array_equal(out, w) for w in windows)


def _draws(make):
    config.set_seed(11)
    op = make()
    return [op(onp.arange(60, dtype=onp.uint8).reshape(4, 5, 3)).tolist() for _ in range(8)]


@pytest.mark.parametrize("make", [lambda: V.RandomCrop(3), lambda: V.CutOut(2),
                                  lambda: V.RandomHorizontalFlip(),
                                  lambda: T.RandomChoice([V.Invert(), V.VerticalFlip()])])
def test_seeded_draws_repeat_and_vary(make):
    first = _draws(make)
    assert first == _draws(make)
    assert len({str(x) for x in first}) > 1


@given(hnp.arrays(onp.int64, hnp.array_shapes(min_dims=2, max_dims=3, max_side=4),
                  elements=st.integers(-3, 3)))
def test_unique_indices_rebuild_the_input(data):
    values, index, counts = T.Unique()(data)
    onp.testing.assert_array_equal(values[index], data.ravel())
    assert counts.sum() == data.size and index.dtype == counts.dtype == onp.int32
    assert len(set(values.tolist())) == values.size


def test_decode_reads_what_pillow_wrote():
    image = pytest.importorskip("PIL.Image", reason="Pillow is not installed: Decode refuses")
    pixels = onp.arange(24, dtype=onp.uint8).reshape(2, 4, 3)
    buffer = io.BytesIO()
    image.fromarray(pixels).save(buffer, format="PNG")
    onp.testing.assert_array_equal(V.Decode()(onp.frombuffer(buffer.getvalue(), onp.uint8)),
                                   pixels)
    with pytest.raises(RuntimeError, match=r"Decode: the input: expected an encoded image"):
        V.Decode()(onp.frombuffer(b"not an image", onp.uint8))


def test_decode_without_pillow_says_what_to_install(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(RuntimeError, match=r"Decode: expected Pillow to decode images, got "
                                           r"no module named PIL\. Install it with: pip"):
        V.Decode()


class _FakeImage:
    """Stands in for ``PIL.Image`` where Pillow is missing: 'decodes' bytes b'WxH'."""

    @staticmethod
    def open(stream):
        text = stream.read().decode()
        if "x" not in text:
            raise OSError("cannot identify image file")
        width, height = map(int, text.split("x"))
        return _FakeImage.Picture(onp.full((height, width, 3), 7, onp.uint8))

    class Picture:
        def __init__(self, pixels):
            self.pixels = pixels

        def convert(self, mode):
            assert mode == "RGB"
            return self.pixels


def test_decode_asks_pillow_for_rgb(monkeypatch):
    import sys
    import types
    monkeypatch.setitem(sys.modules, "PIL", types.SimpleNamespace(Image=_FakeImage))
    out = V.Decode()(onp.frombuffer(b"4x2", onp.uint8))
    assert out.shape == (2, 4, 3) and out.dtype == onp.uint8
    with pytest.raises(RuntimeError, match=r"Decode: the input: expected 1-d uint8 encoded "):
        V.Decode()(onp.zeros((2, 2), onp.uint8))
    with pytest.raises(RuntimeError, match=r"expected an encoded image, got bytes Pillow"):
        V.Decode()(onp.frombuffer(b"junk", onp.uint8))
