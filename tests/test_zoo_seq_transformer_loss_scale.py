"""nn.TransformerEncoder (batch_first, key-padding mask) trained by
nn.TrainOneStepWithLossScaleCell with a DynamicLossScaleUpdateCell, one batch
overflowing, against MindSpore 2.10 (``tests/oracle_zoo/seq_transformer_loss_scale.py``;
the fixture's MindSpore used the overflow check of make_loop_fixture, its CPU build
lacking the kernels of its own)."""
import pytest

from loop_replay import close, replay


@pytest.fixture(scope="module")
def both():
    return replay("seq_transformer_loss_scale", fixture="seq_fixture.json")


def test_losses_scales_and_overflows_match_mindspore(both):
    ours, theirs = both
    assert ours["overflows"] == theirs["overflows"] and any(ours["overflows"])
    assert ours["scales"] == theirs["scales"]
    close(ours["losses"], theirs["losses"])   # NaN on the overflowing batch, in both
    close(ours["logits"], theirs["logits"])


def test_names_and_steps_match_mindspore(both):
    ours, theirs = both
    for key in ("names", "global_step", "is_f32"):
        assert ours[key] == theirs[key], key
