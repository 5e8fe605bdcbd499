"""A tutorial-style functional train step (ms.jit, ms.value_and_grad with has_aux,
ParameterTuple, ops.depend, Adam) and a float16 evaluation, against MindSpore 2.10
(``tests/oracle_zoo/jit_value_and_grad.py``)."""
import pytest

from loop_replay import assert_runs_match, close, replay


@pytest.fixture(scope="module")
def both():
    return replay("jit_value_and_grad")


def test_losses_per_step_match_mindspore(both):
    assert_runs_match(both, 8)


def test_accuracy_per_step_is_mindspore_s(both):
    ours, theirs = both
    assert ours["accuracy"] == theirs["accuracy"]


def test_shapes_counts_and_float16_eval_match_mindspore(both):
    ours, theirs = both
    for key in ("logits_shape", "eval_is_f16", "grad_count"):
        assert ours[key] == theirs[key], key
    close(ours["eval_sum"], theirs["eval_sum"], rtol=1e-3, atol=1e-2)
