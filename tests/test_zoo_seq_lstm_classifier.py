"""A sentiment-LSTM model-zoo script (nn.Embedding, bidirectional batch_first nn.LSTM,
mean pooling, nn.Adam with ops.clip_by_global_norm in an @ms.jit value_and_grad step,
ms.load_param_into_net) against MindSpore 2.10 (``tests/oracle_zoo/seq_lstm_classifier.py``)."""
import pytest

from loop_replay import assert_runs_match, replay


@pytest.fixture(scope="module")
def both():
    return replay("seq_lstm_classifier", fixture="seq_fixture.json")


def test_losses_and_logits_match_mindspore(both):
    assert_runs_match(both, 5, "logits", "h_n_sum")


def test_names_shapes_and_predictions_match_mindspore(both):
    ours, theirs = both
    for key in ("names", "shapes", "not_loaded", "h_n_shape", "c_n_shape", "output_shape",
                "pred", "is_f32"):
        assert ours[key] == theirs[key], key
