"""Gradients of a tied-weight autoencoder (one Parameter used twice): GradOperation with
get_all and get_by_list, ms.value_and_grad / ms.grad with grad_position=(0, 1), weights
and has_aux, ops.vmap per-example gradients, then TrainOneStepCell steps, against
MindSpore 2.10 (``tests/oracle_zoo/mech_tied_grads.py``)."""
import pytest

from loop_replay import close, replay

FIXTURE = "mech_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("mech_tied_grads", fixture=FIXTURE)


def test_grad_operation_results_match_mindspore(both):
    ours, theirs = both
    assert ours["grad_all_count"] == theirs["grad_all_count"] == 2
    for key in ("grad_x", "grad_scale", "grad_weight", "grad_bias"):
        close(ours[key], theirs[key])
    assert ours["names"] == theirs["names"]


def test_value_and_grad_with_positions_weights_and_aux_match_mindspore(both):
    ours, theirs = both
    close([ours["loss"], ours["aux"]], [theirs["loss"], theirs["aux"]])
    close(ours["vg_input_grads"][0], theirs["vg_input_grads"][0])
    close(ours["vg_input_grads"][1], theirs["vg_input_grads"][1])
    assert len(ours["vg_weight_grads"]) == len(theirs["vg_weight_grads"]) == 2
    for mine, recorded in zip(ours["vg_weight_grads"], theirs["vg_weight_grads"]):
        close(mine, recorded)
    assert ours["grad_only_structure"] == theirs["grad_only_structure"]
    assert ours["grad_only_aux_type"] == theirs["grad_only_aux_type"]


def test_per_example_gradients_and_training_match_mindspore(both):
    ours, theirs = both
    for key in ("per_sample_grads", "per_sample_losses", "losses", "tied_weight"):
        close(ours[key], theirs[key])
