"""ms.grad(return_ids=True) with ms.get_grad by Parameter and position, AdamWeightDecay
groups filtered by Parameter name, and a sub-cell frozen mid-training, against MindSpore
2.10 (``tests/oracle_zoo/func_grad_return_ids.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_grad_return_ids", fixture=FIXTURE)


def test_gradients_found_by_id_match_mindspore(both):
    ours, theirs = both
    assert ours["param_names"] == theirs["param_names"]
    assert ours["id_kinds"] == theirs["id_kinds"]
    assert sorted(ours["by_param"]) == sorted(theirs["by_param"])
    for name, grad in theirs["by_param"].items():
        close(ours["by_param"][name], grad)
    for got, want in zip(ours["by_position"], theirs["by_position"]):
        close(got, want)


def test_grouped_training_with_a_frozen_tower_matches_mindspore(both):
    ours, theirs = both
    assert ours["decay_names"] == theirs["decay_names"]
    assert ours["trained_counts"] == theirs["trained_counts"] == [6, 6, 6, 4, 4, 4]
    assert ours["requires_grad"] == theirs["requires_grad"]
    close(ours["losses"], theirs["losses"])
    for name, weight in theirs["weights"].items():
        close(ours["weights"][name], weight)
