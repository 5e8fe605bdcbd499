"""``dataset.vision`` cases for the MindSpore 2.10 oracle, fourth set (the shape of
``vision_cases.py``): AutoAugment (its three policies), RandAugment, TrivialAugmentWide,
RandomLighting and MixUp. ``make_vision4_fixture.py`` records them,
``tests/test_dataset_vision4_oracle.py`` replays them."""
import numpy as np

from vision_cases import arr, on
from vision_cases_random import draws

_rng = np.random.RandomState(0)
SMALL = _rng.randint(0, 256, (6, 8, 3)).astype(np.uint8)
TINY = _rng.randint(0, 256, (3, 4, 3)).astype(np.uint8)
PIXEL = np.full((1, 1, 3), 128, np.uint8)
BATCH = _rng.randint(0, 256, (4, 2, 3, 3)).astype(np.uint8)
ONE_HOT = np.eye(3)[[0, 2, 1, 1]]


def mix_up_rows(V, batch_size, alpha, is_single, calls=1):
    """MixUp's last output: dtypes, shapes, and each row's weight read off its label,
    checked against the image it mixed (``lam * row + (1 - lam) * next row``)."""
    op = V.MixUp(batch_size, alpha, is_single)
    for _ in range(calls):
        images, labels = op(BATCH.copy(), ONE_HOT.copy())
    images, labels = np.asarray(images), np.asarray(labels)
    out = {"dtypes": [images.dtype.str, labels.dtype.str],
           "shapes": [list(images.shape), list(labels.shape)]}
    if is_single:  # row 0 (class 0) mixes with row 1 (class 2): its weight is label[0, 0]
        lam = labels[0, 0]
        out["row0_is_the_mix"] = bool(np.allclose(images[0], lam * BATCH[0] +
                                                  (1 - lam) * BATCH[1]))
        out["labels_sum_to_one"] = bool(np.allclose(labels.sum(1), 1))
    else:
        out["value"] = arr(images)["v"] if calls == 1 else None
    return out


DETERMINISTIC = {
    "rand_augment_no_ops": lambda V, T, ds: on(V.RandAugment(0), SMALL),
    "lighting_zero": lambda V, T, ds: on(V.RandomLighting(0.0), SMALL),
    "lighting_zero_int_alpha": lambda V, T, ds: on(V.RandomLighting(0), SMALL),
    "mix_up_single": lambda V, T, ds: mix_up_rows(V, 4, 0.4, True),
    "mix_up_first_batch_passes": lambda V, T, ds: mix_up_rows(V, 4, 0.4, False),
    "mix_up_second_batch": lambda V, T, ds: mix_up_rows(V, 4, 0.4, False, 2),
}

RANDOM = {
    "rand_augment_one_op": lambda V, T, ds: draws(ds, V.RandAugment(1, 9, 31), SMALL),
    "rand_augment_two_ops_bin0": lambda V, T, ds: draws(ds, V.RandAugment(2, 0, 2), TINY),
    "rand_augment_last_bin": lambda V, T, ds: draws(ds, V.RandAugment(1, 4, 5), TINY),
    "rand_augment_bilinear_fill": lambda V, T, ds: draws(
        ds, V.RandAugment(1, 20, 31, V.Inter.BILINEAR, (10, 20, 30)), SMALL),
    "trivial_three_bins": lambda V, T, ds: draws(ds, V.TrivialAugmentWide(3), SMALL),
    "trivial_two_bins_bicubic": lambda V, T, ds: draws(
        ds, V.TrivialAugmentWide(2, V.Inter.BICUBIC, 99), TINY),
    "auto_augment_imagenet": lambda V, T, ds: draws(ds, V.AutoAugment(), SMALL),
    "auto_augment_cifar10": lambda V, T, ds: draws(
        ds, V.AutoAugment(V.AutoAugmentPolicy.CIFAR10), SMALL),
    "auto_augment_svhn": lambda V, T, ds: draws(
        ds, V.AutoAugment(V.AutoAugmentPolicy.SVHN, V.Inter.BILINEAR, (5, 6, 7)), SMALL),
    "auto_augment_imagenet_tiny": lambda V, T, ds: draws(ds, V.AutoAugment(), TINY),
    "lighting_pixel": lambda V, T, ds: draws(ds, V.RandomLighting(0.05), PIXEL),
    "lighting_pixel_wide": lambda V, T, ds: draws(ds, V.RandomLighting(0.3), PIXEL),
}

# many draws, for the shares of the ops and the signs (``MANY`` rows each)
MANY = 2000
RANDOM_MANY = {
    "many_rand_augment": lambda V, T, ds: draws(ds, V.RandAugment(1, 1, 3), SMALL, MANY),
    "many_trivial": lambda V, T, ds: draws(ds, V.TrivialAugmentWide(2), SMALL, MANY),
    "many_auto_augment_svhn": lambda V, T, ds: draws(
        ds, V.AutoAugment(V.AutoAugmentPolicy.SVHN), SMALL, MANY),
}

ERRORS = {
    "auto_policy_str": lambda V, T, ds: V.AutoAugment("imagenet"),
    "auto_interpolation_int": lambda V, T, ds: V.AutoAugment(interpolation=1),
    "auto_fill_too_big": lambda V, T, ds: V.AutoAugment(fill_value=300),
    "auto_fill_pair": lambda V, T, ds: V.AutoAugment(fill_value=(1, 2)),
    "auto_gray_image": lambda V, T, ds: V.AutoAugment()(SMALL[..., 0]),
    "auto_four_channels": lambda V, T, ds: V.AutoAugment()(
        np.concatenate([SMALL, SMALL[..., :1]], -1)),
    "rand_num_ops_negative": lambda V, T, ds: V.RandAugment(num_ops=-1),
    "rand_num_ops_float": lambda V, T, ds: V.RandAugment(num_ops=2.0),
    "rand_magnitude_at_bins": lambda V, T, ds: V.RandAugment(magnitude=31),
    "rand_magnitude_negative": lambda V, T, ds: V.RandAugment(magnitude=-1),
    "rand_one_bin": lambda V, T, ds: V.RandAugment(magnitude=0, num_magnitude_bins=1),
    "rand_gray_image": lambda V, T, ds: V.RandAugment()(SMALL[..., 0]),
    "rand_fill_str": lambda V, T, ds: V.RandAugment(fill_value="0"),
    "trivial_one_bin": lambda V, T, ds: V.TrivialAugmentWide(1),
    "trivial_bins_float": lambda V, T, ds: V.TrivialAugmentWide(2.0),
    "trivial_gray_image": lambda V, T, ds: V.TrivialAugmentWide()(SMALL[..., 0]),
    "lighting_negative": lambda V, T, ds: V.RandomLighting(-0.1),
    "lighting_str": lambda V, T, ds: V.RandomLighting("a"),
    "lighting_gray_image": lambda V, T, ds: V.RandomLighting()(SMALL[..., 0]),
    "mix_up_batch_zero": lambda V, T, ds: V.MixUp(0, 0.2),
    "mix_up_batch_float": lambda V, T, ds: V.MixUp(2.0, 0.2),
    "mix_up_alpha_negative": lambda V, T, ds: V.MixUp(2, -0.2),
    "mix_up_alpha_zero": lambda V, T, ds: V.MixUp(2, 0.0),
    "mix_up_single_int": lambda V, T, ds: V.MixUp(2, 0.2, 1),
}
