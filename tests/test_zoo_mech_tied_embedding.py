"""Weight tying in a tiny language model (the output projection holds the embedding
table), trained with Momentum, saved and reloaded into a fresh bare net, against
MindSpore 2.10 (``tests/oracle_zoo/mech_tied_embedding.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_tied_embedding", fixture=FIXTURE)


def test_losses_and_the_tied_table_match_mindspore(both):
    assert_runs_match(both, 5, "table", "logits")


def test_the_tied_parameter_is_listed_once(both):
    ours, theirs = both
    assert ours["tied"] is theirs["tied"] is True
    for key in ("trainable", "opt_names", "moment_names", "saved_names"):
        assert ours[key] == theirs[key], key


def test_a_checkpoint_from_the_wrapper_loads_into_a_bare_net(both):
    """The checkpoint's names carry the loss Cell's ``net.`` prefix; the fresh net's do not."""
    ours, theirs = both
    assert ours["not_loaded"] == theirs["not_loaded"]
    assert ours["fresh_tied"] is theirs["fresh_tied"] is True
    close(ours["fresh_logits"], theirs["fresh_logits"])
