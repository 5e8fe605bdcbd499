"""A train-step Cell with ops.GradOperation(get_all=True, get_by_list=True,
sens_param=True), a fixed loss scale as the sensitivity divided out by ops.HyperMap, and
Momentum, against MindSpore 2.10 (``tests/oracle_zoo/func_grad_operation_sens.py``).

Accepted difference: a dtype prints as NumPy's name (``float32``) where MindSpore prints
its own (``Float32``); compared without case.
"""
import pytest

from loop_replay import close, replay

FIXTURE = "func_fixture.json"


@pytest.fixture(scope="module")
def both():
    return replay("func_grad_operation_sens", fixture=FIXTURE)


def test_losses_and_input_gradients_match_mindspore(both):
    ours, theirs = both
    assert len(ours["losses"]) == 4
    for key in ("losses", "x_grad_norms", "y_grad_sums"):
        close(ours[key], theirs[key])
    assert ours["x_grad_dtype"].lower() == theirs["x_grad_dtype"].lower()


def test_unscaled_updates_match_mindspore(both):
    """Weights and moments show the scale (1024) was divided out of every weight gradient."""
    ours, theirs = both
    assert ours["n_weights"] == theirs["n_weights"] == 4
    for got, want in zip(ours["weights"], theirs["weights"]):
        close(got, want)
    close(ours["moments"], theirs["moments"])
