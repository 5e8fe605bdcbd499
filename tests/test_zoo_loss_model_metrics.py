"""ms.train.Model with uncommon losses (SmoothL1Loss(beta, 'mean'), CrossEntropyLoss with
label smoothing) evaluated with metric objects (nn.Loss, nn.MAE, nn.MSE, nn.Accuracy,
nn.F1, nn.Precision, nn.TopKCategoricalAccuracy) against MindSpore 2.10
(``tests/oracle_zoo/loss_model_metrics.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_model_metrics", fixture=FIXTURE)


def test_per_step_losses_match_mindspore(both):
    ours, theirs = both
    assert len(ours["reg_losses"]) == 8 and len(ours["cls_losses"]) == 12
    close(ours["reg_losses"], theirs["reg_losses"])
    close(ours["cls_losses"], theirs["cls_losses"])


def test_eval_metrics_match_mindspore(both):
    ours, theirs = both
    for key in ("reg_eval", "cls_eval"):
        assert sorted(ours[key]) == sorted(theirs[key]), key
        for name, value in theirs[key].items():
            close(ours[key][name], value)
    # F1 and Precision give one value per class
    assert len(ours["cls_eval"]["f1"]) == len(ours["cls_eval"]["precision"]) == 3
