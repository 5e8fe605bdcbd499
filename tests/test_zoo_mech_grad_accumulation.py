"""Gradient accumulation in a TrainOneStepCell subclass (self.grad with F.fill sens,
accu_grads cloned from self.weights, HyperMap + P.AssignAdd, clip_by_global_norm on the
sums every third call, F.assign to clear them) against MindSpore 2.10
(``tests/oracle_zoo/mech_grad_accumulation.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_grad_accumulation", fixture=FIXTURE)


def test_losses_and_accumulated_norms_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 6
    close(ours["losses"], theirs["losses"])
    close(ours["accu_norms"], theirs["accu_norms"])
    assert ours["accu_norms"][2] == ours["accu_norms"][5] == 0.0  # cleared after each update


def test_weights_move_only_on_every_third_call(both):
    ours, theirs = both
    close(ours["weight_rows"], theirs["weight_rows"])
    rows = ours["weight_rows"]
    assert rows[0] == rows[1] and rows[3] == rows[4] and rows[2] != rows[1]
    close(ours["bias"], theirs["bias"])


def test_counters_and_names_match_mindspore(both):
    ours, theirs = both
    for key in ("counter", "global_step", "accu_names"):
        assert ours[key] == theirs[key], key
