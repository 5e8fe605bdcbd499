"""The model zoo's TextCNN (Embedding after ExpandDims, Conv2d windows, ReduceMax, Concat)
trained by ms.train.Model around a TrainOneStepCell subclass that clips gradients through
a MultitypeFuncGraph and HyperMap, on NumpySlicesDataset batches with a step-loss
Callback, then evaluated with Accuracy and Loss metrics, against MindSpore 2.10
(``tests/oracle_zoo/seq_textcnn_model_train.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay


@pytest.fixture(scope="module")
def both():
    return replay("seq_textcnn_model_train", fixture="seq_fixture.json")


def test_step_losses_and_trained_head_match_mindspore(both):
    assert_runs_match(both, 6, "fc_weight")


def test_evaluation_and_counts_match_mindspore(both):
    ours, theirs = both
    close(ours["acc"], theirs["acc"])
    close(ours["eval_loss"], theirs["eval_loss"])
    for key in ("steps", "batches", "fc_is_f32"):
        assert ours[key] == theirs[key], key
