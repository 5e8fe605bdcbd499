"""Resize/CenterCrop/ToTensor and OneHot in a dataset pipeline, ms.train.Model on
SoftmaxCrossEntropyWithLogits(sparse=False) and nesterov SGD with ModelCheckpoint
(keep_checkpoint_max=2), model.eval with top-1/top-2 accuracy and nn.Loss, and
model.predict, against MindSpore 2.10 (``tests/oracle_zoo/cv_resize_topk_checkpoint.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "cv_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("cv_resize_topk_checkpoint", fixture=FIXTURE)


def test_pipeline_batch_matches_mindspore(both):
    ours, theirs = both
    assert ours["image"][:2] == theirs["image"][:2]
    close(ours["image"][2], theirs["image"][2])
    assert ours["label"] == theirs["label"]


def test_checkpoint_files_and_names_match_mindspore(both):
    """The names include SGD's momentum and stat.* Parameters, as MindSpore saves them."""
    ours, theirs = both
    for key in ("files", "latest", "saved"):
        assert ours[key] == theirs[key], key


def test_metrics_prediction_and_trained_weights_match_mindspore(both):
    ours, theirs = both
    assert sorted(ours["metrics"]) == sorted(theirs["metrics"]) == ["loss", "top1", "top2"]
    for key in ("top1", "top2", "loss"):
        close(ours["metrics"][key], theirs["metrics"][key])
    close(ours["pred"], theirs["pred"])
    close(ours["weight_sum"], theirs["weight_sum"])
