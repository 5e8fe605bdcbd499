"""A BYOL-style step: online net and predictor trained by ms.value_and_grad(has_aux=True),
a target net behind ops.stop_gradient following them by an ops.assign EMA over
ParameterTuples, against MindSpore 2.10 (``tests/oracle_zoo/func_byol_target.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_byol_target", fixture=FIXTURE)


def test_only_the_online_side_gets_gradients_as_in_mindspore(both):
    ours, theirs = both
    assert ours["n_grads"] == theirs["n_grads"] == 6
    assert ours["online_names"] == theirs["online_names"]
    assert ours["target_trainable"] == theirs["target_trainable"] == 0


def test_losses_targets_and_weights_match_mindspore(both):
    ours, theirs = both
    for key in ("losses", "projected_norms", "online_sums"):
        close(ours[key], theirs[key])
    for got, want in zip(ours["target_sums"], theirs["target_sums"]):
        close(got, want)
