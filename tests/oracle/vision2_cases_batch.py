"""``MixUpBatch`` for the MindSpore 2.10 oracle: mixed batches (each checked against the
mix its labels show: the weight ``lam`` and the partner of each row) and a sample of
``lam``; ``make_vision2_fixture.py`` records them too."""
import numpy as np

from vision_cases import arr

_rng = np.random.RandomState(3)
BATCH = _rng.randint(0, 256, (4, 2, 3, 3)).astype(np.uint8)
ONE_HOT = np.eye(4, dtype=np.int32)
SAMPLE = 400


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


DETERMINISTIC = {
    "mixup_uint8": lambda V, T, ds: mixed(V, ds, BATCH, ONE_HOT),
    "mixup_float": lambda V, T, ds: mixed(V, ds, BATCH.astype(np.float32) / 7, ONE_HOT, 0.4),
    "mixup_chw": lambda V, T, ds: mixed(V, ds, BATCH.transpose(0, 3, 1, 2), ONE_HOT, 2.0),
    "mixup_float_labels": lambda V, T, ds: mixed(V, ds, BATCH, ONE_HOT.astype(np.float32) / 2),
}
SAMPLES = {
    "mixup_lam_1": lambda V, T, ds: lam_sample(V, ds, 1.0),
    "mixup_lam_04": lambda V, T, ds: lam_sample(V, ds, 0.4),
}
ERRORS = {
    "mixup_alpha_zero": lambda V, T, ds: V.MixUpBatch(0),
    "mixup_alpha_str": lambda V, T, ds: V.MixUpBatch("a"),
    "mixup_rank3": lambda V, T, ds: V.MixUpBatch()(BATCH[0], ONE_HOT),
    "mixup_labels_1d": lambda V, T, ds: V.MixUpBatch()(BATCH, np.arange(4)),
    "mixup_labels_count": lambda V, T, ds: V.MixUpBatch()(BATCH, ONE_HOT[:3]),
}
