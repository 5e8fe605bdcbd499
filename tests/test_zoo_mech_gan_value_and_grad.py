"""A GAN trained as in MindSpore 2.x's DCGAN tutorial (forward functions, value_and_grad
over each optimizer's parameters with has_aux, ops.depend), with BatchNorm1d in the
generator and a bprop Cell holding a Parameter in the discriminator, against MindSpore
2.10 (``tests/oracle_zoo/mech_gan_value_and_grad.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_gan_value_and_grad", fixture=FIXTURE)


def test_losses_per_step_match_mindspore(both):
    ours, theirs = both
    assert len(ours["g_losses"]) == len(ours["d_losses"]) == 4
    close(ours["g_losses"], theirs["g_losses"])
    close(ours["d_losses"], theirs["d_losses"])


def test_the_bprop_cells_parameter_gets_a_zero_gradient_and_stays(both):
    ours, theirs = both
    assert ours["scale_grads"] == theirs["scale_grads"] == [0.0] * 4
    assert ours["scale"] == theirs["scale"] == 1.5


def test_names_statistics_and_samples_match_mindspore(both):
    ours, theirs = both
    assert ours["d_names"] == theirs["d_names"]
    assert ours["g_names"] == theirs["g_names"]
    for key in ("moving_mean", "moving_variance", "fake"):
        close(ours[key], theirs[key])
