"""More ``dataset.vision`` cases for the MindSpore 2.10 oracle, third set (the shape of
``vision_cases.py``): Erase, PadToSize, ResizedCrop, RandomAdjustSharpness, RandomColor,
RandomResize, get_image_num_channels, get_image_size, RgbToHsv, HsvToRgb, SlicePatches,
UniformAugment, RandomSelectSubpolicy and the two random flips with bounding boxes.
``make_vision3_fixture.py`` records them,
``tests/test_dataset_vision3_more.py`` replays them."""
import json

import numpy as np

from vision_cases import arr, on
from vision_cases_random import draws
from vision3_cases import EVEN, FLOAT, GRAY, ODD, RAMP

SMALL = ODD[:3, :4]

DETERMINISTIC = {
    "erase_rgb": lambda V, T, ds: on(V.Erase(1, 2, 3, 4, (9, 8, 7)), ODD),
    "erase_int": lambda V, T, ds: on(V.Erase(0, 0, 2, 2, 5), ODD),
    "erase_float": lambda V, T, ds: on(V.Erase(2, 1, 5, 8, (0.5, 2, 3)), FLOAT),
    "erase_inplace": lambda V, T, ds: on(V.Erase(1, 1, 1, 1, 3, True), EVEN),
    "pad_to_size_centre": lambda V, T, ds: on(V.PadToSize((10, 12)), ODD),
    "pad_to_size_odd": lambda V, T, ds: on(V.PadToSize(10), EVEN),
    "pad_to_size_offset": lambda V, T, ds: on(V.PadToSize((9, 11), (1, 2), (9, 8, 7)), ODD),
    "pad_to_size_offset_int": lambda V, T, ds: on(V.PadToSize((11, 11), 1, 4), GRAY),
    "pad_to_size_edge": lambda V, T, ds: on(V.PadToSize((9, 10), None, 0,
                                                        V.Border.EDGE), ODD),
    "pad_to_size_reflect": lambda V, T, ds: on(V.PadToSize((9, 12), (2, 1), 0,
                                                           V.Border.REFLECT), ODD),
    "pad_to_size_symmetric": lambda V, T, ds: on(V.PadToSize((10, 10), (1, 0), 0,
                                                             V.Border.SYMMETRIC), EVEN),
    "pad_to_size_float": lambda V, T, ds: on(V.PadToSize((8, 9)), FLOAT),
    "resized_crop": lambda V, T, ds: on(V.ResizedCrop(1, 2, 4, 5, (7, 3)), ODD),
    "resized_crop_int": lambda V, T, ds: on(V.ResizedCrop(0, 0, 6, 4, 3), EVEN),
    "resized_crop_bicubic": lambda V, T, ds: on(V.ResizedCrop(2, 1, 5, 3, (8, 8),
                                                              V.Inter.BICUBIC), GRAY),
    "resized_crop_nearest": lambda V, T, ds: on(V.ResizedCrop(1, 1, 5, 5, (3, 4),
                                                              V.Inter.NEAREST), FLOAT),
    "num_channels": lambda V, T, ds: [V.get_image_num_channels(ODD),
                                      V.get_image_num_channels(GRAY),
                                      V.get_image_num_channels(np.zeros((2, 3, 4)))],
    "image_size": lambda V, T, ds: [V.get_image_size(ODD), V.get_image_size(GRAY)],
    "rgb_to_hsv_hwc": lambda V, T, ds: on(V.RgbToHsv(True), FLOAT),
    "rgb_to_hsv_chw": lambda V, T, ds: on(V.RgbToHsv(), FLOAT.transpose(2, 0, 1)),
    "rgb_to_hsv_uint8": lambda V, T, ds: on(V.RgbToHsv(True), RAMP),
    "rgb_to_hsv_batch": lambda V, T, ds: on(V.RgbToHsv(True), np.stack([FLOAT, FLOAT[::-1]])),
    "hsv_to_rgb_hwc": lambda V, T, ds: on(V.HsvToRgb(True), FLOAT),
    "hsv_to_rgb_chw": lambda V, T, ds: on(V.HsvToRgb(), FLOAT.transpose(2, 0, 1)),
    "hsv_to_rgb_edges": lambda V, T, ds: on(V.HsvToRgb(True), RAMP.astype(np.float64) / 255),
    "slice_patches": lambda V, T, ds: arr(V.SlicePatches(2, 3)(EVEN)),
    "slice_patches_pad": lambda V, T, ds: arr(V.SlicePatches(3, 2, V.SliceMode.PAD, 9)(ODD)),
    "slice_patches_drop": lambda V, T, ds: arr(V.SlicePatches(2, 4, V.SliceMode.DROP)(ODD)),
    "slice_patches_gray": lambda V, T, ds: arr(V.SlicePatches(4, 1, fill_value=3)(GRAY)),
    "slice_patches_one": lambda V, T, ds: arr(V.SlicePatches()(FLOAT)),
}

RANDOM = {
    "random_adjust_sharpness": lambda V, T, ds: draws(
        ds, V.RandomAdjustSharpness(2.0, 0.3), SMALL),
    "random_color_fixed": lambda V, T, ds: draws(ds, V.RandomColor((0.4, 0.4)), SMALL, 50),
    "random_color_one": lambda V, T, ds: draws(ds, V.RandomColor((1.0, 1.0)), SMALL, 50),
    "random_resize": lambda V, T, ds: draws(ds, V.RandomResize((3, 5)), SMALL),
    "random_resize_int": lambda V, T, ds: draws(ds, V.RandomResize(2), GRAY[:3, :4]),
}

ERRORS = {
    "erase_outside": lambda V, T, ds: V.Erase(5, 5, 3, 3)(ODD[:4, :4]),
    "erase_negative": lambda V, T, ds: V.Erase(-1, 0, 2, 2),
    "erase_zero_height": lambda V, T, ds: V.Erase(0, 0, 0, 2),
    "erase_value_float_rgb": lambda V, T, ds: V.Erase(0, 0, 1, 1, (1.5, 2, 3)),
    "erase_inplace_int": lambda V, T, ds: V.Erase(0, 0, 1, 1, 0, 1),
    "pad_to_size_small": lambda V, T, ds: V.PadToSize((3, 3))(ODD),
    "pad_to_size_offset_int_big": lambda V, T, ds: V.PadToSize((9, 11), 1, 4)(GRAY),
    "pad_to_size_offset_too_big": lambda V, T, ds: V.PadToSize((8, 9), (3, 0))(ODD),
    "pad_to_size_zero": lambda V, T, ds: V.PadToSize(0),
    "pad_to_size_fill": lambda V, T, ds: V.PadToSize(9, fill_value=300),
    "resized_crop_outside": lambda V, T, ds: V.ResizedCrop(5, 5, 4, 4, 3)(ODD),
    "resized_crop_negative": lambda V, T, ds: V.ResizedCrop(-1, 0, 2, 2, 3),
    "resized_crop_zero": lambda V, T, ds: V.ResizedCrop(0, 0, 0, 2, 3),
    "random_adjust_sharpness_negative": lambda V, T, ds: V.RandomAdjustSharpness(-1.0),
    "random_adjust_sharpness_prob": lambda V, T, ds: V.RandomAdjustSharpness(1.0, 1.5),
    "random_color_order": lambda V, T, ds: V.RandomColor((1.5, 0.5)),
    "random_color_negative": lambda V, T, ds: V.RandomColor((-0.5, 0.5)),
    "random_color_gray": lambda V, T, ds: V.RandomColor((0.5, 0.5))(GRAY),
    "random_resize_zero": lambda V, T, ds: V.RandomResize(0),
    "num_channels_list": lambda V, T, ds: V.get_image_num_channels([1, 2]),
    "image_size_1d": lambda V, T, ds: V.get_image_size(np.zeros(3)),
    "rgb_to_hsv_rank": lambda V, T, ds: V.RgbToHsv(True)(GRAY),
    "rgb_to_hsv_channels": lambda V, T, ds: V.RgbToHsv(True)(np.zeros((2, 2, 4))),
    "rgb_to_hsv_list": lambda V, T, ds: V.RgbToHsv(True)([[1, 2, 3]]),
    "hsv_to_rgb_is_hwc": lambda V, T, ds: V.HsvToRgb(1),
    "slice_patches_zero": lambda V, T, ds: V.SlicePatches(0),
    "slice_patches_mode": lambda V, T, ds: V.SlicePatches(2, 2, 1),
    "slice_patches_fill": lambda V, T, ds: V.SlicePatches(2, 2, fill_value=256),
}

TINY = ODD[:2, :2]
RANDOM.update({
    "uniform_augment": lambda V, T, ds: draws(
        ds, V.UniformAugment([V.Invert(), V.HorizontalFlip(), V.VerticalFlip()], 2), TINY),
    "uniform_augment_all": lambda V, T, ds: draws(
        ds, V.UniformAugment([V.Invert(), V.Rotate(90), V.HorizontalFlip()], 3), TINY),
    "select_subpolicy": lambda V, T, ds: draws(ds, V.RandomSelectSubpolicy(
        [[(V.Invert(), 0.5), (V.HorizontalFlip(), 1.0)], [(V.VerticalFlip(), 0.3)]]), TINY),
})
ERRORS.update({
    "uniform_augment_too_many": lambda V, T, ds: V.UniformAugment([V.Invert()], 2),
    "uniform_augment_not_list": lambda V, T, ds: V.UniformAugment(V.Invert(), 1),
    "uniform_augment_zero": lambda V, T, ds: V.UniformAugment([V.Invert()], 0),
    "select_subpolicy_empty": lambda V, T, ds: V.RandomSelectSubpolicy([]),
    "select_subpolicy_prob": lambda V, T, ds: V.RandomSelectSubpolicy([[(V.Invert(), 1.5)]]),
    "select_subpolicy_pair": lambda V, T, ds: V.RandomSelectSubpolicy([[V.Invert()]]),
})


# MindSpore's eager flips write the moved boxes into the array passed in: pass copies
BOXES = np.array([[1, 0, 2, 3, 7], [0.5, 1.5, 3, 2, 9]], np.float32)


def box_draws(ds, op, n=200):
    """How often each (image, boxes) pair comes out of ``op`` over ``n`` rows."""
    ds.config.set_seed(5)
    data = ds.NumpySlicesDataset({"x": np.stack([ODD[:4, :6]] * n), "b": np.stack([BOXES] * n)},
                                 shuffle=False).map(op, ["x", "b"])
    keys = [json.dumps([row[0].tolist(), row[1].tolist()])
            for row in data.create_tuple_iterator(output_numpy=True)]
    return {key: keys.count(key) / n for key in sorted(set(keys))}


DETERMINISTIC.update({
    "hflip_bbox": lambda V, T, ds: arr(V.RandomHorizontalFlipWithBBox(1.0)(
        ODD[:4, :6], BOXES.copy())),
    "vflip_bbox": lambda V, T, ds: arr(V.RandomVerticalFlipWithBBox(1.0)(
        ODD[:4, :6], BOXES[:, :4].copy())),
    "hflip_bbox_never": lambda V, T, ds: arr(V.RandomHorizontalFlipWithBBox(0.0)(
        ODD[:4, :6], BOXES.copy())),
})
RANDOM.update({
    "hflip_bbox_half": lambda V, T, ds: box_draws(ds, V.RandomHorizontalFlipWithBBox(0.5)),
    "vflip_bbox_third": lambda V, T, ds: box_draws(ds, V.RandomVerticalFlipWithBBox(0.3)),
})
ERRORS.update({
    "hflip_bbox_outside": lambda V, T, ds: V.RandomHorizontalFlipWithBBox(1.0)(
        ODD[:2, :2], BOXES),
    "hflip_bbox_int": lambda V, T, ds: V.RandomHorizontalFlipWithBBox(1.0)(
        ODD[:4, :6], BOXES.astype(np.int32)),
    "vflip_bbox_three": lambda V, T, ds: V.RandomVerticalFlipWithBBox(1.0)(
        ODD[:4, :6], BOXES[:, :3]),
    "vflip_bbox_prob": lambda V, T, ds: V.RandomVerticalFlipWithBBox(2.0),
})
