"""A VAE step on nn.probability.distribution (reparameterized Normal, -Bernoulli.log_prob,
Normal.kl_loss to N(0, 1), a Categorical log_prob head) with Adam through
ms.value_and_grad, then log_prob/cdf/entropy/kl_loss/prob of fixed distributions and the
shapes of seeded samples, against MindSpore 2.10
(``tests/oracle_zoo/loss_vae_distribution.py``).

Accepted difference: sample values are not compared (MindSpore's and our random
generators differ); their shapes and dtypes are."""
import pytest

from loop_replay import assert_parts_match, assert_runs_match, replay

FIXTURE = "loss_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("loss_vae_distribution", fixture=FIXTURE)


def test_training_losses_and_weights_match_mindspore(both):
    assert_runs_match(both, 6, "sums")


def test_distribution_methods_match_mindspore(both):
    assert_parts_match(both)


def test_sample_shapes_and_dtypes_match_mindspore(both):
    ours, theirs = both
    assert ours["sample_shapes"] == theirs["sample_shapes"]
    assert ours["sample_float32"] == theirs["sample_float32"]
