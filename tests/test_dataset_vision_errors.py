"""The words of ``dataset.vision`` and ``dataset.transforms`` errors: each names the
transform and the argument (or the input), with MindSpore's built-in class."""
import numpy as onp
import pytest

from minpy_compat.dataset import transforms as T
from minpy_compat.dataset import vision as V

IMG = onp.zeros((4, 5, 3), onp.uint8)
CASES = [  # (call, built-in class, words the message holds)
    (lambda: V.Rescale("a", 0), TypeError, r"Rescale 'rescale': expected a number, got str"),
    (lambda: V.Normalize([1, 2], [1, 2, 3]), ValueError,
     r"Normalize 'mean' and 'std': expected the same length, got 2 and 3"),
    (lambda: V.Normalize([1, 2, 3], [0, 1, 1]), ValueError,
     r"Normalize 'std\[0\]': expected a value in \(0, 255\], got 0"),
    (lambda: V.Normalize([1, 2, 3], [1, 1, 1])(onp.zeros((2, 2, 4))), RuntimeError,
     r"Normalize: the image: expected 3 channels \(one per mean and std\), got 4 channels"),
    (lambda: V.NormalizePad([1], [1], dtype="int8"), TypeError,
     r"NormalizePad 'dtype': expected 'float32' or 'float16'"),
    (lambda: V.Resize((1, 2, 3)), TypeError,
     r"Resize 'size': expected an int or a \(height, width\) pair of ints"),
    (lambda: V.Resize(0), ValueError, r"Resize 'size': expected a value in \[1, 16777216\]"),
    (lambda: V.Resize(2, "x"), TypeError, r"Resize 'interpolation': expected a member of Inter"),
    (lambda: V.Resize(2, V.Inter.PILCUBIC), ValueError,
     r"Resize 'interpolation': expected Inter.NEAREST, BILINEAR \(LINEAR\), BICUBIC or "
     r"AREA, got Inter.PILCUBIC"),
    (lambda: V.Resize(2)(onp.zeros(3)), RuntimeError,
     r"Resize: the image: expected an array of rank 2 or 3 .*Decode encoded images first"),
    (lambda: V.Crop((3, 2), (2, 2))(IMG), RuntimeError,
     r"Crop: expected a 2x2 region at \(3, 2\) inside the image, got an image of shape"),
    (lambda: V.Crop((-1, 0), 2), ValueError, r"Crop 'coordinates\[0\]': expected a value"),
    (lambda: V.Pad((1, 2, 3)), ValueError, r"Pad 'padding': expected 1, 2 or 4 values, got 3"),
    (lambda: V.Pad(1, fill_value=300), ValueError, r"Pad 'fill_value': expected a value in"),
    (lambda: V.Pad(1, padding_mode="edge"), TypeError,
     r"Pad 'padding_mode': expected a member of Border, got str"),
    (lambda: V.RandomCrop(9)(IMG), RuntimeError,
     r"RandomCrop: expected an image of at least 9x9 after padding, got shape \(4, 5, 3\)\. "
     r"Pass pad_if_needed=True"),
    (lambda: V.RandomHorizontalFlip(2), ValueError,
     r"RandomHorizontalFlip 'prob': expected a value in \[0.0, 1.0\], got 2"),
    (lambda: V.RandomVerticalFlip(-1), ValueError, r"RandomVerticalFlip 'prob'"),
    (lambda: V.Rotate(45, V.Inter.BILINEAR), ValueError,
     r"Rotate 'resample': expected Inter.NEAREST for angles other than quarter turns, "
     r"got Inter.BILINEAR. Other kernels are not implemented."),
    (lambda: V.Rotate(90, center="a"), ValueError,
     r"Rotate 'center': expected None or an \(x, y\) pair, got str"),
    (lambda: V.RandomRotation((40, -40)), ValueError,
     r"RandomRotation 'degrees': expected min <= max, got \(40, -40\)"),
    (lambda: V.RandomRotation(-5), ValueError,
     r"RandomRotation 'degrees': expected a value in \[0, 16777216\], got -5"),
    (lambda: V.Posterize(9), ValueError, r"Posterize 'bits': expected a value in \[0, 8\]"),
    (lambda: V.Posterize(1)(IMG.astype(onp.float32)), RuntimeError,
     r"Posterize: the image: expected dtype uint8 or int8, got float32"),
    (lambda: V.Invert()(IMG[..., 0]), RuntimeError, r"Invert: the image: expected an array "
     r"of rank 3"),
    (lambda: V.Invert()(onp.zeros((2, 2, 4))), RuntimeError,
     r"Invert: the image: expected 3 channels \(<H,W,3>\), got shape \(2, 2, 4\)"),
    (lambda: V.AutoContrast(cutoff=50), ValueError,
     r"AutoContrast 'cutoff': expected a value in \[0, 50\), got 50"),
    (lambda: V.ConvertColor(V.ConvertMode.COLOR_RGB2GRAY)(IMG[..., :2]), RuntimeError,
     r"ConvertColor: the image: expected 3 channel\(s\) for COLOR_RGB2GRAY"),
    (lambda: V.CutOut(0), ValueError, r"CutOut 'length': expected a value in \[1, "),
    (lambda: V.RandomErasing(scale=(0.5, 0.1)), ValueError,
     r"RandomErasing 'scale': expected min <= max"),
    (lambda: V.HWC2CHW()(onp.zeros((1, 2, 2, 3))), RuntimeError,
     r"HWC2CHW: the image: expected an array of rank 2 or 3 \(<H,W> or <H,W,C>\), got shape"),
    (lambda: V.Rescale(1.0, 0)(onp.array(["a"])), RuntimeError,
     r"Rescale: the image: expected an array of numbers, got dtype <U1"),
    (lambda: T.Concatenate(1), ValueError, r"Concatenate 'axis': expected 0 or -1"),
    (lambda: T.Concatenate(0, onp.array([9]))(onp.ones((1, 2), int)), RuntimeError,
     r"Concatenate: the input: expected a 1-d array, got shape \(1, 2\)"),
    (lambda: T.Concatenate(0, onp.array([9.5]))(onp.array([1])), RuntimeError,
     r"Concatenate: prepend and append: expected the input's dtype int\d+, got float64\. "
     r"Cast them"),
    (lambda: T.PadEnd([-1]), ValueError, r"PadEnd 'pad_shape': expected a value in \[1, "),
    (lambda: T.PadEnd([1, 1])(onp.ones(3)), RuntimeError,
     r"PadEnd: the input: expected rank 2 \(pad_shape's length\), got shape \(3,\)"),
    (lambda: T.RandomApply([V.Invert()], 2), ValueError, r"RandomApply 'prob'"),
    (lambda: T.RandomApply([]), ValueError,
     r"RandomApply 'transforms': expected at least one transform, got an empty list"),
    (lambda: T.RandomChoice(V.Invert()), TypeError,
     r"RandomChoice 'transforms': expected a list of transforms, got Invert"),
    (lambda: T.RandomOrder([1]), TypeError, r"RandomOrder 'transforms' item 0: expected a "
     r"transform or a callable, got int"),
    (lambda: T.Slice("a"), TypeError, r"Slice item 0: expected an int, a list of ints"),
    (lambda: T.Slice(slice(None, None, -1)), RuntimeError,
     r"Slice item 0: expected a slice with a positive step"),
    (lambda: T.Slice([5])(onp.arange(4)), RuntimeError,
     r"Slice axis 0: expected indices in \[-4, 4\), got \[5\]"),
    (lambda: T.Mask("x", 1), TypeError, r"Mask 'operator': expected a member of Relational"),
    (lambda: T.Unique()(onp.arange(3)), RuntimeError,
     r"Unique: the input: expected at least 2-d, got shape \(3,\)\. Reshape it first"),
]


@pytest.mark.parametrize("call, error, words", CASES, ids=[w[:40] for _, _, w in CASES])
def test_error_names_the_transform_and_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()
