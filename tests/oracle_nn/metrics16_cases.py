"""The metric cases recorded from MindSpore 2.10 (``make_metrics16_fixture.py``) and replayed
by ``tests/test_metrics16_oracle.py``: each is a constructor, its kwargs and the batches
given to ``update`` (each followed by an ``eval``)."""
import numpy as onp

_RNG = onp.random.RandomState(16)


def _onehot(shape, classes):
    labels = _RNG.randint(0, classes, size=shape)
    return onp.moveaxis(onp.eye(classes)[labels], -1, 1)


def _blobs(seed, shape=(9, 10), labels=2):
    rng = onp.random.RandomState(seed)
    out = onp.zeros(shape)
    for label in range(1, labels + 1):
        r, c = rng.randint(0, shape[0] - 3), rng.randint(0, shape[1] - 3)
        out[r:r + rng.randint(2, 4), c:c + rng.randint(2, 4)] = label
    return out


_CANDIDATES = [[["i", "have", "a", "pen", "on", "my", "desk"]],
               [["the", "cat", "is", "on", "the", "mat"], ["a", "b", "c"]]]
_REFERENCES = [[[["i", "have", "a", "pen", "in", "my", "desk"],
                 ["there", "is", "a", "pen", "on", "the", "desk"]]],
               [[["the", "cat", "sat", "on", "the", "mat"]], [["a", "b", "c", "d"]]]]
BLEU_BATCHES = [[_CANDIDATES[0], _REFERENCES[0]], [_CANDIDATES[1], _REFERENCES[1]]]

CM_BATCHES = [[_onehot((3, 4, 5), 3), _onehot((3, 4, 5), 3)] for _ in range(2)]
CM_BATCHES_2D = [[_onehot((6,), 3), _onehot((6,), 3)] for _ in range(2)]
SURFACE_BATCHES = [[_blobs(1), _blobs(2), 1], [_blobs(3), _blobs(4), 2]]
NAMES = ["sensitivity", "specificity", "precision", "negative predictive value", "miss rate",
         "fall out", "false discovery rate", "false omission rate", "prevalence threshold",
         "threat score", "accuracy", "balanced accuracy", "f1 score",
         "matthews correlation coefficient", "fowlkes mallows index", "informedness",
         "markedness"]

CASES = [["BleuScore", {}, BLEU_BATCHES], ["BleuScore", {"n_gram": 2, "smooth": True},
                                           BLEU_BATCHES],
         ["BleuScore", {"n_gram": 4, "smooth": True}, BLEU_BATCHES[1:]]]
CASES += [["ConfusionMatrixMetric", {"metric_name": name}, CM_BATCHES] for name in NAMES]
CASES += [["ConfusionMatrixMetric", {"metric_name": name, "calculation_method": True,
                                     "decrease": decrease}, CM_BATCHES]
          for name in ("sensitivity", "f1 score", "mcc", "precision")
          for decrease in ("mean", "sum")]
CASES += [["ConfusionMatrixMetric", {"metric_name": "tnr", "skip_channel": False},
           CM_BATCHES],
          ["ConfusionMatrixMetric", {"metric_name": "ppv"}, CM_BATCHES_2D]]
CASES += [["HausdorffDistance", {"distance_metric": metric, "directed": directed},
           SURFACE_BATCHES] for metric in ("euclidean", "chessboard", "taxicab")
          for directed in (False, True)]
CASES += [["HausdorffDistance", {"percentile": 75.0, "crop": False}, SURFACE_BATCHES]]
CASES += [[name, {"distance_metric": metric, "symmetric": symmetric}, SURFACE_BATCHES]
          for name in ("MeanSurfaceDistance", "RootMeanSquareDistance")
          for metric in ("euclidean", "taxicab") for symmetric in (False, True)]

OCCLUSION_WEIGHT = _RNG.uniform(-1, 1, size=(3, 2 * 3 * 4)).astype(onp.float32)
OCCLUSION_X = _RNG.uniform(0, 1, size=(1, 2, 3, 4)).astype(onp.float32)
OCCLUSION_CASES = [{}, {"margin": 1, "pad_val": 0.5, "n_batch": 5},
                   {"b_box": [0, 1, -1, 2, 1, -1]}]

# bad arguments: (class, kwargs or None, update inputs or None) -> MindSpore's exception
BAD = [["BleuScore", {"n_gram": 5}, None], ["BleuScore", {"n_gram": 2.0}, None],
       ["BleuScore", {"smooth": 1}, None], ["BleuScore", {}, [["a"], []]],
       ["ConfusionMatrixMetric", {"decrease": "avg"}, None],
       ["ConfusionMatrixMetric", {"skip_channel": 1}, None],
       ["ConfusionMatrixMetric", {}, [onp.ones((2, 2)), onp.full((2, 2), 0.5)]],
       ["ConfusionMatrixMetric", {}, [onp.ones((2, 2, 2)), onp.ones((2, 3, 2))]],
       ["HausdorffDistance", {"distance_metric": "manhattan"}, None],
       ["HausdorffDistance", {"percentile": 50}, None],
       ["HausdorffDistance", {}, [onp.ones((3, 3)), onp.ones((3, 3)), 7]],
       ["HausdorffDistance", {}, [onp.ones((3, 3)), onp.ones((3, 4)), 1]],
       ["MeanSurfaceDistance", {"symmetric": 1}, None],
       ["RootMeanSquareDistance", {}, [onp.ones((3, 3)), onp.ones((3, 3)), "1"]],
       ["OcclusionSensitivity", {"pad_val": 0}, None],
       ["OcclusionSensitivity", {"b_box": (0, 1)}, None]]
