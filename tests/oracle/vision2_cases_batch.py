"""``MixUpBatch`` and ``CutMixBatch`` for the MindSpore 2.10 oracle: mixed batches (each
checked against the mix its labels and pixels show), a sample of MixUpBatch's ``lam`` and
how often each CutMixBatch box comes out; ``make_vision2_fixture.py`` records them too."""
import collections
import json

import numpy as np

from vision_cases import arr

_rng = np.random.RandomState(3)
BATCH = _rng.randint(0, 256, (4, 2, 3, 3)).astype(np.uint8)
ONE_HOT = np.eye(4, dtype=np.int32)
SAMPLE = 400
BOX_BATCHES = 300


def batches(ds, op, images, labels, count):
    """``op`` mapped over ``count`` batches of ``images`` and ``labels``, as a pipeline
    runs it (each batch its own draw), under ``set_seed(5)``."""
    ds.config.set_seed(5)
    data = ds.NumpySlicesDataset({"image": np.concatenate([images] * count),
                                  "label": np.concatenate([labels] * count)}, shuffle=False)
    data = data.batch(len(images)).map(op, ["image", "label"])
    return list(data.create_tuple_iterator(output_numpy=True))


def mixed(V, ds, images, labels, alpha=1.0, count=12):
    return [arr(tuple(row)) for row in batches(ds, V.MixUpBatch(alpha), images, labels, count)]


def lam_sample(V, ds, alpha):
    """``lam`` of ``SAMPLE`` batches, read off row 0 of the labels (when it was mixed)."""
    rows = batches(ds, V.MixUpBatch(alpha), BATCH, ONE_HOT, SAMPLE)
    return sorted(float(labels[0, 0]) for _, labels in rows if labels[0, 0] != 1.0)


UNIQUE = (np.arange(4)[:, None, None, None] * 1000 +
          np.arange(48).reshape(1, 6, 8, 1)).astype(np.float32)


def box_shares(ds, op, images, channels_last=True, count=BOX_BATCHES):
    """``{"top,left,h,w" of the pasted box (or "none"): share of the rows}``."""
    boxes = collections.Counter()
    for out, _ in batches(ds, op, images, ONE_HOT, count):
        changed = (out != images).any(axis=3 if channels_last else 1)
        for row in changed:
            where = np.argwhere(row)
            boxes["none" if where.size == 0 else ",".join(map(str, list(where.min(0)) + list(
                where.max(0) - where.min(0) + 1)))] += 1
    total = sum(boxes.values())
    return {key: boxes[key] / total for key in sorted(boxes)}


def cut(V, ds, images, fmt="NHWC", count=12):
    op = V.CutMixBatch(getattr(V.ImageBatchFormat, fmt), 1.0, 0.7)
    return [arr(tuple(row)) for row in batches(ds, op, images, ONE_HOT, count)]


DETERMINISTIC = {
    "cutmix_uint8": lambda V, T, ds: cut(V, ds, BATCH),
    "cutmix_nchw": lambda V, T, ds: cut(V, ds, UNIQUE.transpose(0, 3, 1, 2), "NCHW"),
    "mixup_uint8": lambda V, T, ds: mixed(V, ds, BATCH, ONE_HOT),
    "mixup_float": lambda V, T, ds: mixed(V, ds, BATCH.astype(np.float32) / 7, ONE_HOT, 0.4),
    "mixup_chw": lambda V, T, ds: mixed(V, ds, BATCH.transpose(0, 3, 1, 2), ONE_HOT, 2.0),
    "mixup_float_labels": lambda V, T, ds: mixed(V, ds, BATCH, ONE_HOT.astype(np.float32) / 2),
}
SAMPLES = {
    "cutmix_boxes": lambda V, T, ds: box_shares(ds, V.CutMixBatch(V.ImageBatchFormat.NHWC),
                                                UNIQUE),
    "cutmix_boxes_half": lambda V, T, ds: box_shares(ds, V.CutMixBatch(
        V.ImageBatchFormat.NCHW, 0.5, 0.5), np.repeat(UNIQUE, 3, 3).transpose(0, 3, 1, 2),
        False),
    "mixup_lam_1": lambda V, T, ds: lam_sample(V, ds, 1.0),
    "mixup_lam_04": lambda V, T, ds: lam_sample(V, ds, 0.4),
}
ERRORS = {
    "cutmix_format": lambda V, T, ds: V.CutMixBatch(V.ImageBatchFormat.NCHW)(BATCH, ONE_HOT),
    "cutmix_format_str": lambda V, T, ds: V.CutMixBatch("NHWC"),
    "cutmix_alpha_zero": lambda V, T, ds: V.CutMixBatch(V.ImageBatchFormat.NHWC, 0),
    "cutmix_prob": lambda V, T, ds: V.CutMixBatch(V.ImageBatchFormat.NHWC, 1.0, 2.0),
    "cutmix_rank3": lambda V, T, ds: V.CutMixBatch(V.ImageBatchFormat.NHWC)(BATCH[0], ONE_HOT),
    "mixup_alpha_zero": lambda V, T, ds: V.MixUpBatch(0),
    "mixup_alpha_str": lambda V, T, ds: V.MixUpBatch("a"),
    "mixup_rank3": lambda V, T, ds: V.MixUpBatch()(BATCH[0], ONE_HOT),
    "mixup_labels_1d": lambda V, T, ds: V.MixUpBatch()(BATCH, np.arange(4)),
    "mixup_labels_count": lambda V, T, ds: V.MixUpBatch()(BATCH, ONE_HOT[:3]),
}
