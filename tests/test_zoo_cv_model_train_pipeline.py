"""A LeNet-style net trained through ms.train.Model on a GeneratorDataset mapped with
vision transforms (Rescale, Normalize, HWC2CHW) and TypeCast, batched, with nn.Momentum
on a warmup_lr + cosine_decay_lr list and LossMonitor/TimeMonitor/custom callbacks, then
model.eval with {'acc', 'loss'}, against MindSpore 2.10
(``tests/oracle_zoo/cv_model_train_pipeline.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "cv_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("cv_model_train_pipeline", fixture=FIXTURE)


def test_training_losses_steps_and_rates_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 8
    close(ours["losses"], theirs["losses"])
    close(ours["lr"], theirs["lr"], rtol=1e-7, atol=0)
    for key in ("steps", "epochs", "sizes"):
        assert ours[key] == theirs[key], key


def test_eval_metrics_match_mindspore(both):
    ours, theirs = both
    assert ours["metric_keys"] == theirs["metric_keys"] == ["acc", "loss"]
    assert ours["acc"] == theirs["acc"]
    close(ours["loss"], theirs["loss"])


def test_pipeline_batches_match_mindspore(both):
    ours, theirs = both
    for key in ("image_shape", "image_dtype", "label_dtype"):
        assert ours[key] == theirs[key], key
    close(ours["image_sum"], theirs["image_sum"], rtol=1e-4, atol=1e-3)
