"""Parameter groups with their own weight decay and rate plus ``order_params`` against
MindSpore 2.10 (``tests/oracle_zoo/train_weight_decay_groups.py``), on AdamWeightDecay,
Adam (nesterov), SGD (nesterov) and a plain list on Momentum (BatchNorm's beta and gamma
not decayed)."""
import pytest

from loop_replay import close, replay

FIXTURE = "train_fixture.json"
KINDS = ("adamw", "adam", "sgd", "plain_momentum")


@pytest.fixture(scope="module")
def both():
    return replay("train_weight_decay_groups", fixture=FIXTURE)


@pytest.mark.parametrize("kind", KINDS)
def test_losses_and_every_parameter_match_mindspore(both, kind):
    ours, theirs = both[0][kind], both[1][kind]
    close(ours["losses"], theirs["losses"])
    assert sorted(ours["state"]) == sorted(theirs["state"])
    for name, value in theirs["state"].items():
        close(ours["state"][name], value, atol=1e-4)


@pytest.mark.parametrize("kind", KINDS)
def test_order_params_orders_the_parameters_and_their_rates(both, kind):
    """With order_params the optimizer lists the net's order, each with its group's rate
    (fc.weight's group: 0.02)."""
    ours, theirs = both[0][kind], both[1][kind]
    assert ours["order"] == theirs["order"]
    close(ours["group_lr"], theirs["group_lr"], rtol=1e-7, atol=0)
    if kind != "plain_momentum":
        assert ours["group_lr"][ours["order"].index("fc.weight")] == pytest.approx(0.02)
