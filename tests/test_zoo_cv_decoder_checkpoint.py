"""A Conv2d encoder with nn.Conv2dTranspose and nn.Upsample decoder trained with nn.Adam on
nn.BCEWithLogitsLoss(pos_weight=...), saved mid-train with save_checkpoint(append_dict=...),
loaded into a fresh training cell with load_checkpoint/load_param_into_net, and trained on
in both copies, against MindSpore 2.10 (``tests/oracle_zoo/cv_decoder_checkpoint.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "cv_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("cv_decoder_checkpoint", fixture=FIXTURE)


def test_losses_before_and_after_the_checkpoint_match_mindspore(both):
    ours, theirs = both
    close(ours["losses"], theirs["losses"])
    close(ours["resumed"], theirs["resumed"])
    close(ours["going_on"], theirs["going_on"])
    assert ours["resumed"] == ours["going_on"]  # the resumed copy goes on exactly


def test_checkpoint_names_and_load_report_match_mindspore(both):
    """The names include Adam's beta1_power and beta2_power, and the appended entries."""
    ours, theirs = both
    for key in ("saved", "epoch", "not_loaded", "adam_names"):
        assert ours[key] == theirs[key], key


def test_decoder_shapes_and_output_match_mindspore(both):
    ours, theirs = both
    for key in ("shapes", "names", "out_shape"):
        assert ours[key] == theirs[key], key
    close(ours["out_sum"], theirs["out_sum"])
