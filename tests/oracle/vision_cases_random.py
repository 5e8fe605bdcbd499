"""Random vision transforms, the rest of ``dataset.transforms``, a pipeline and the bad
calls (see ``vision_cases.py`` for the shape). A random case returns how often each
output came out of ``DRAWS`` rows run through ``Dataset.map`` under ``set_seed(5)``."""
import collections
import importlib
import json

import numpy as np

from vision_cases import GRAY, IMG, arr, on

DRAWS = 400


def library(ds):
    """The top package (``mindspore`` or ``minpy_compat``) of a ``dataset`` module."""
    return importlib.import_module(ds.__name__.split(".")[0])


def draws(ds, op, img, n=DRAWS):
    """``{output as JSON: share of the n rows}``, the rows mapped through ``op``."""
    ds.config.set_seed(5)
    data = ds.NumpySlicesDataset({"x": np.stack([img] * n)}, shuffle=False).map(op, ["x"])
    counts = collections.Counter(json.dumps(row[0].tolist())
                                 for row in data.create_tuple_iterator(output_numpy=True))
    return {key: count / n for key, count in sorted(counts.items())}


def erased_boxes(ds, op, n=DRAWS):
    """RandomErasing's (top, left, height, width) shares, read off a <1,4,5> of ones."""
    out = collections.Counter()
    for key, share in draws(ds, op, np.ones((1, 4, 5), np.float32), n).items():
        zero = np.argwhere(np.array(json.loads(key))[0] == 0)
        box = [0, 0, 0, 0] if zero.size == 0 else \
            zero.min(0).tolist() + (zero.max(0) - zero.min(0) + 1).tolist()
        out[json.dumps(box)] += share
    return dict(sorted(out.items()))


def pipeline(ds, V, T):
    """A CIFAR-like input pipeline as a MindSpore script writes it."""
    images = np.stack([np.roll(IMG, i, axis=1) for i in range(6)])

    def source():
        for i in range(6):
            yield images[i], np.array(i % 3, np.int32)
    data = ds.GeneratorDataset(source, ["image", "label"], shuffle=False)
    data = data.map([V.Resize((6, 6)), V.CenterCrop(4), V.Rescale(1 / 255, 0),
                     V.Normalize([0.5, 0.4, 0.3], [0.2, 0.2, 0.2]), V.HWC2CHW()], "image")
    data = data.map(T.TypeCast(np.int32), "label").batch(4)
    return [arr(batch) for row in data.create_tuple_iterator(output_numpy=True)
            for batch in row]


RANDOM = {
    "randomcrop": lambda V, T, ds: draws(ds, V.RandomCrop(3), GRAY),
    "randomcrop_padding": lambda V, T, ds: draws(ds, V.RandomCrop(4, padding=1), GRAY[:3, :3]),
    "randomcrop_if_needed": lambda V, T, ds: draws(
        ds, V.RandomCrop((3, 6), pad_if_needed=True, fill_value=9), GRAY[:2, :2]),
    "random_hflip": lambda V, T, ds: draws(ds, V.RandomHorizontalFlip(0.3), GRAY[:1, :3]),
    "random_vflip": lambda V, T, ds: draws(ds, V.RandomVerticalFlip(), GRAY[:2, :1]),
    "random_rotation": lambda V, T, ds: draws(ds, V.RandomRotation((90, 90), expand=True),
                                              GRAY[:2, :3]),
    "cutout": lambda V, T, ds: draws(ds, V.CutOut(2), GRAY[..., None] + 1),
    "cutout_chw": lambda V, T, ds: draws(ds, V.CutOut(3, is_hwc=False), GRAY[None, :3] + 1),
    "cutout_two": lambda V, T, ds: draws(ds, V.CutOut(1, 2), GRAY[:2, :2, None] + 1),
    "erasing": lambda V, T, ds: erased_boxes(ds, V.RandomErasing(prob=1.0)),
    "erasing_half": lambda V, T, ds: erased_boxes(ds, V.RandomErasing(
        prob=0.5, scale=(0.1, 0.2), ratio=(0.5, 2.0))),
    "random_apply": lambda V, T, ds: draws(ds, T.RandomApply([V.Invert()], 0.25), IMG[:1, :2]),
    "random_choice": lambda V, T, ds: draws(ds, T.RandomChoice(
        [V.Invert(), V.HorizontalFlip(), V.VerticalFlip()]), IMG[:2, :2]),
    "random_order": lambda V, T, ds: draws(ds, T.RandomOrder([V.Posterize(1), V.Invert()]),
                                           np.array([[[100, 200, 30]]], np.uint8)),
}

X = np.array([1, 2, 3, 2])
TRANSFORMS = {
    "concatenate": lambda V, T, ds: arr(T.Concatenate(0, np.array([9]), np.array([8, 7]))(X)),
    "concatenate_last": lambda V, T, ds: arr(T.Concatenate(-1, np.array([9]))(X)),
    "concatenate_str": lambda V, T, ds: arr(T.Concatenate(0, np.array(["a"]))(np.array(["b"]))),
    "duplicate": lambda V, T, ds: arr(T.Duplicate()(X)),
    "mask": lambda V, T, ds: arr(T.Mask(T.Relational.EQ, 2)(X)),
    "mask_all": lambda V, T, ds: [arr(T.Mask(getattr(T.Relational, r), 2)(X))
                                  for r in ("EQ", "NE", "GT", "GE", "LT", "LE")],
    "mask_int32": lambda V, T, ds: arr(T.Mask(T.Relational.LE, 1.5, library(ds).int32)(
        np.array([1.0, 2.0]))),
    "mask_str": lambda V, T, ds: arr(T.Mask(T.Relational.NE, "a")(np.array(["a", "b"]))),
    "padend": lambda V, T, ds: arr(T.PadEnd([6], -1)(X)),
    "padend_cut": lambda V, T, ds: arr(T.PadEnd([2], -1)(X)),
    "padend_2d": lambda V, T, ds: arr(T.PadEnd([3, 1], 0)(np.ones((2, 2), np.int32))),
    "padend_default": lambda V, T, ds: arr(T.PadEnd([5])(X)),
    "padend_str": lambda V, T, ds: arr(T.PadEnd([3], "z")(np.array(["a"]))),
    "slice": lambda V, T, ds: arr(T.Slice(slice(1, 3))(X)),
    "slice_list": lambda V, T, ds: arr(T.Slice([0, 2])(X)),
    "slice_int": lambda V, T, ds: arr(T.Slice(1)(X)),
    "slice_negative": lambda V, T, ds: arr(T.Slice(-1)(X)),
    "slice_none": lambda V, T, ds: arr(T.Slice(None)(X)),
    "slice_2d": lambda V, T, ds: arr(T.Slice(slice(0, 2), [1])(np.arange(9).reshape(3, 3))),
    "slice_ellipsis": lambda V, T, ds: arr(T.Slice(Ellipsis, 1)(np.arange(9).reshape(3, 3))),
    "slice_step": lambda V, T, ds: arr(T.Slice(slice(0, 4, 2))(X)),
    "unique": lambda V, T, ds: arr(T.Unique()(np.array([[5, 3], [5, 1]]))),
    "unique_float": lambda V, T, ds: arr(T.Unique()(np.array([[2.5, 1.0, 2.5]], np.float32))),
    "pipeline": lambda V, T, ds: pipeline(ds, V, T),
}

F32 = np.zeros((2, 2, 3), np.float32)
ERRORS = {
    "rescale_str": lambda V, T, ds: V.Rescale("a", 0),
    "normalize_lengths": lambda V, T, ds: V.Normalize([1, 2], [1, 2, 3]),
    "normalize_std_zero": lambda V, T, ds: V.Normalize([1, 2, 3], [0, 1, 1]),
    "normalize_mean_big": lambda V, T, ds: V.Normalize([300, 2, 3], [1, 1, 1]),
    "normalize_channels": lambda V, T, ds: V.Normalize([1, 2, 3], [1, 1, 1])(
        np.zeros((2, 2, 4), np.uint8)),
    "resize_negative": lambda V, T, ds: V.Resize(-1),
    "resize_str": lambda V, T, ds: V.Resize("a"),
    "resize_three": lambda V, T, ds: V.Resize((1, 2, 3)),
    "resize_interpolation": lambda V, T, ds: V.Resize(2, "x"),
    "resize_1d": lambda V, T, ds: V.Resize(2)(np.zeros(3, np.uint8)),
    "crop_negative": lambda V, T, ds: V.Crop((-1, 0), 2),
    "crop_outside": lambda V, T, ds: V.Crop((3, 2), (2, 2))(IMG),
    "centercrop_zero": lambda V, T, ds: V.CenterCrop(0),
    "pad_negative": lambda V, T, ds: V.Pad(-1),
    "pad_three": lambda V, T, ds: V.Pad((1, 2, 3)),
    "pad_mode_str": lambda V, T, ds: V.Pad(1, padding_mode="edge"),
    "pad_fill_big": lambda V, T, ds: V.Pad(1, fill_value=300),
    "randomcrop_too_big": lambda V, T, ds: V.RandomCrop(9)(IMG),
    "randomcrop_padding_negative": lambda V, T, ds: V.RandomCrop(2, padding=-1),
    "hflip_prob": lambda V, T, ds: V.RandomHorizontalFlip(2),
    "rotate_str": lambda V, T, ds: V.Rotate("a"),
    "posterize_bits": lambda V, T, ds: V.Posterize(9),
    "posterize_float": lambda V, T, ds: V.Posterize(1)(F32),
    "invert_four": lambda V, T, ds: V.Invert()(np.zeros((2, 2, 4), np.uint8)),
    "invert_gray": lambda V, T, ds: V.Invert()(GRAY),
    "autocontrast_cutoff_big": lambda V, T, ds: V.AutoContrast(cutoff=60),
    "cutout_zero": lambda V, T, ds: V.CutOut(0),
    "hwc2chw_4d": lambda V, T, ds: V.HWC2CHW()(np.zeros((1, 2, 2, 3))),
    "hwc2chw_1d": lambda V, T, ds: V.HWC2CHW()(np.zeros(3)),
    "flip_1d": lambda V, T, ds: V.HorizontalFlip()(np.zeros(3, np.uint8)),
    "rescale_strings": lambda V, T, ds: V.Rescale(1.0, 0)(np.array(["a"])),
    "concatenate_axis": lambda V, T, ds: T.Concatenate(1),
    "concatenate_2d": lambda V, T, ds: T.Concatenate(0, np.array([9]))(np.array([[1, 2]])),
    "concatenate_dtypes": lambda V, T, ds: T.Concatenate(0, np.array([9.5]))(X),
    "padend_negative": lambda V, T, ds: T.PadEnd([-1]),
    "padend_rank": lambda V, T, ds: T.PadEnd([1, 1])(np.ones(3)),
    "random_apply_prob": lambda V, T, ds: T.RandomApply([V.Invert()], 2),
    "random_apply_empty": lambda V, T, ds: T.RandomApply([]),
    "random_choice_not_list": lambda V, T, ds: T.RandomChoice(V.Invert()),
    "slice_str": lambda V, T, ds: T.Slice("a"),
    "slice_reversed": lambda V, T, ds: T.Slice(slice(None, None, -1))(X),
    "slice_outside": lambda V, T, ds: T.Slice([5])(X),
    "mask_operator": lambda V, T, ds: T.Mask("x", 1),
    "unique_1d": lambda V, T, ds: T.Unique()(X),
}
