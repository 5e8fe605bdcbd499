"""A GAN step (generator and discriminator Cells, two Adams, two TrainOneStepCells,
ops.stop_gradient on the generator's output in the discriminator's loss) against
MindSpore 2.10 (``tests/oracle_zoo/mech_gan_step.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_gan_step", fixture=FIXTURE)


def test_losses_per_step_match_mindspore(both):
    ours, theirs = both
    assert len(ours["d_losses"]) == len(ours["g_losses"]) == 4
    close(ours["d_losses"], theirs["d_losses"])
    close(ours["g_losses"], theirs["g_losses"])


def test_each_step_moves_only_its_own_network(both):
    ours, theirs = both
    for key in ("generator_frozen_on_d_step", "discriminator_frozen_on_g_step"):
        assert ours[key] == theirs[key] == [True] * 4, key


def test_weights_and_sample_match_mindspore(both):
    ours, theirs = both
    close(ours["g_sums"], theirs["g_sums"])
    close(ours["d_sums"], theirs["d_sums"])
    assert ours["sample_shape"] == theirs["sample_shape"]
    close(ours["sample"], theirs["sample"])


def test_parameter_names_after_the_first_calls_match_mindspore(both):
    """Both loss Cells hold both networks: the first TrainOneStepCell called renames the
    network outside its optimizer to paths (network.generator.fc1.weight)."""
    ours, theirs = both
    for key in ("d_param_names", "g_param_names", "d_network_names", "g_network_names"):
        assert ours[key] == theirs[key], key
