"""WGAN-GP in functional MindSpore 2.x (a gradient penalty from ms.grad inside the loss
that ms.value_and_grad differentiates again, has_aux, two Adams called on the gradients)
against MindSpore 2.10 (``tests/oracle_zoo/func_gradient_penalty.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_gradient_penalty", fixture=FIXTURE)


def test_losses_and_penalties_per_step_match_mindspore(both):
    ours, theirs = both
    assert len(ours["critic_losses"]) == len(ours["generator_losses"]) == 3
    for key in ("critic_losses", "penalties", "generator_losses"):
        close(ours[key], theirs[key])


def test_second_order_critic_gradients_match_mindspore(both):
    """The first critic gradients hold the penalty's gradient of a gradient; the output
    bias gets none from it (the critic's input gradient does not depend on it)."""
    ours, theirs = both
    for got, want in zip(ours["first_critic_grads"], theirs["first_critic_grads"]):
        close(got, want)
    assert theirs["first_critic_grads"][-1] == [0.0]


def test_trained_weights_and_input_slopes_match_mindspore(both):
    ours, theirs = both
    close(ours["slopes_at_probe"], theirs["slopes_at_probe"])
    close(ours["critic_sums"], theirs["critic_sums"])
    close(ours["generator_sums"], theirs["generator_sums"])
